import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The selection highlight and the focus ring, checked on pixels.
@Suite struct SelectionDrawingTests {
    /// Several lines with 8 pt of spacing between them, a link on the second.
    static func layout() throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 8
        return try LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph)).layout(
            LabelMarkup.attributedString("first line here [second line](https://example.com/x) and the third line"),
            in: TextContainer(width: 130, insets: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10)))
    }

    static func color(_ pixel: RenderedImage.Pixel?) -> [Int] {
        guard let pixel else { return [] }
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    static func close(_ a: [Int], _ b: [Int], tolerance: Int = 3) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The selection colour over white: the link blue at 28 %.
    static let selectedWhite = [187, 210, 241]

    @Test func theSelectionFillsWholeLineBandsBehindTheTextAndNothingElse() throws {
        let layout = try Self.layout()
        #expect(layout.lines.count >= 3)
        let range = 6..<60
        var renderer = LabelRenderer(backgroundColor: .white)
        renderer.selectedRange = range
        let image = try renderer.render(layout)
        let rects = layout.selectionRects(for: range).map(\.rect)
        #expect(rects.count == layout.lines.count, "one band per line")
        for rect in rects {
            // The top of each band is line spacing, above any ink: the pure selection colour.
            #expect(
                Self.close(Self.color(image.pixel(x: Int(rect.minX) + 2, y: Int(rect.minY) + 1)), Self.selectedWhite))
        }
        // Consecutive bands meet: no white row between the first two lines where both are selected.
        let x = Int(max(rects[0].minX, rects[1].minX)) + 2
        for y in Int(rects[0].maxY) - 2...Int(rects[1].minY) + 2 {
            #expect(Self.close(Self.color(image.pixel(x: x, y: y)), Self.selectedWhite), "row \(y)")
        }
        // Left of the selection on the first line: the background.
        #expect(Self.color(image.pixel(x: Int(rects[0].minX) - 3, y: Int(rects[0].minY) + 1)) == [255, 255, 255])
        // Without a selection the same spot is white.
        let plain = try LabelRenderer(backgroundColor: .white).render(layout)
        #expect(Self.color(plain.pixel(x: Int(rects[1].minX) + 2, y: Int(rects[1].minY) + 1)) == [255, 255, 255])
    }

    @Test func aFocusRingOutlinesTheLinkJustOutsideItsRects() throws {
        let layout = try Self.layout()
        let link = try #require(layout.rects(forLink: 0).first?.rect)
        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.focusRings = [LabelRenderer.FocusRing(rects: layout.rects(forLink: 0).map(\.rect))]
        let image = try renderer.render(layout)
        // The ring's stroke is centred 2.5 pt outside the rect (1.5 pt outset plus half the 2 pt line).
        let ringX = Int((link.minX - 2.5) * 2)
        let middleY = Int(link.midY * 2)
        #expect(Self.close(Self.color(image.pixel(x: ringX, y: middleY)), [0x0B, 0x5F, 0xCC], tolerance: 12))
        #expect(Self.color(image.pixel(x: ringX - 6, y: middleY)) == [255, 255, 255], "nothing beyond the ring")
        let plain = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        #expect(Self.color(plain.pixel(x: ringX, y: middleY)) == [255, 255, 255])
    }
}

import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The pressed-link background: TTTAttributedLabel's fill, border, corner radius and padding, as a drawing overlay.
@Suite struct LinkHighlightTests {
    static let blue = LabelColor(hex: 0x0B5FCC)
    /// Wide, with no ink between its two x's, for highlights on their own.
    static let blank = "x                    x"

    @Test func thePressedLookBecomesAPaddedRoundedHighlight() throws {
        let layout = try Fixtures.seedLayout()
        var style = LinkStyle()
        style.pressed.highlightPadding = EdgeInsets(top: 2, left: 4, bottom: 2, right: 4)
        style.pressed.highlightBorderColor = Self.blue
        let overlays = style.overlays(for: layout, pressedLink: 0, disabledLinks: [])
        let highlights = overlays.compactMap(LabelRenderer.Highlight.init(linkOverlay:))
        let highlight = try #require(highlights.first)
        #expect(highlights.count == 1)
        #expect(highlight.cornerRadius == LinkStyle.standardHighlightCornerRadius, "unset radius: the standard one")
        #expect(highlight.color == LinkStyle.standardPressedHighlight)
        #expect(highlight.borderColor == Self.blue && highlight.borderWidth == 1)
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        #expect(
            highlight.paddedRects.first
                == CGRect(x: rect.minX - 4, y: rect.minY - 2, width: rect.width + 8, height: rect.height + 4))
        // At rest nothing is drawn behind the link.
        let resting = style.overlays(for: layout, pressedLink: nil, disabledLinks: [])
        #expect(resting.compactMap(LabelRenderer.Highlight.init(linkOverlay:)).isEmpty)
    }

    @Test func theRendererDrawsTheLinkOverlaysHighlight() throws {
        // A link of spaces: nothing but the highlight is drawn at the middle of its line.
        let layout = try Fixtures.layout(Self.blank, size: 20) { text in
            let start = text.index(text.startIndex, offsetByCharacters: 6)
            text[start..<text.index(start, offsetByCharacters: 6)].link = URL(string: "https://example.com")
        }
        var style = LinkStyle()
        style.pressed.highlightColor = Self.blue
        style.pressed.highlightPadding = EdgeInsets(top: 0, left: 3, bottom: 0, right: 3)
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        var renderer = LabelRenderer(backgroundColor: .white)
        renderer.linkStyle = style
        renderer.pressedLink = 0
        let pressed = try renderer.render(layout)
        renderer.linkStyle = style
        renderer.pressedLink = nil
        let resting = try renderer.render(layout)
        let y = Int(rect.midY)
        for x in [Int(rect.minX - 2), Int(rect.midX)] {
            #expect(pressed.pixel(x: x, y: y) == RenderedImage.Pixel(red: 0x0B, green: 0x5F, blue: 0xCC, alpha: 255))
            #expect(resting.pixel(x: x, y: y) == RenderedImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        }
    }

    @Test func paddingReachesBeyondTheLinkAndNoFurther() throws {
        let layout = try Fixtures.layout(Self.blank, size: 20)
        let rect = CGRect(x: 30, y: 4, width: 20, height: 14)
        let padding = EdgeInsets(top: 0, left: 6, bottom: 0, right: 6)
        let image = try LabelRenderer(
            highlights: [LabelRenderer.Highlight(rects: [rect], color: Self.blue, padding: padding)]
        ).render(layout)
        let middleY = Int(rect.midY)
        // Inside the padding, left of the link's own rect: filled, opaque blue.
        let inPadding = try #require(image.pixel(x: Int(rect.minX - 3), y: middleY))
        #expect(inPadding == RenderedImage.Pixel(red: 0x0B, green: 0x5F, blue: 0xCC, alpha: 255))
        // Two points beyond the padding: nothing.
        #expect(image.pixel(x: Int(rect.minX - 8), y: middleY)?.alpha == 0)
        #expect(image.pixel(x: Int(rect.maxX + 8), y: middleY)?.alpha == 0)
    }

    @Test func roundedCornersLeaveTheCornerEmptyAndTheEdgesFull() throws {
        let layout = try Fixtures.layout(Self.blank, size: 20)
        let rect = CGRect(x: 30, y: 4, width: 30, height: 16)
        let image = try LabelRenderer(
            scale: 2, highlights: [LabelRenderer.Highlight(rects: [rect], color: Self.blue, cornerRadius: 6)]
        ).render(layout)
        #expect(image.pixel(x: Int(rect.minX * 2) + 1, y: Int(rect.minY * 2) + 1)?.alpha == 0, "corner cut off")
        #expect(image.pixel(x: Int(rect.midX * 2), y: Int(rect.minY * 2) + 1)?.alpha == 255, "top edge")
        #expect(image.pixel(x: Int(rect.minX * 2) + 1, y: Int(rect.midY * 2))?.alpha == 255, "left edge")
    }

    @Test func overlappingPaddedRectsAreFilledOnceNotTwice() throws {
        let layout = try Fixtures.layout(Self.blank, size: 20)
        let top = CGRect(x: 20, y: 2, width: 40, height: 10)
        let bottom = CGRect(x: 20, y: 10, width: 40, height: 10)
        let color = LabelColor(red: 0, green: 0, blue: 0, alpha: 0.4)
        let image = try LabelRenderer(highlights: [LabelRenderer.Highlight(rects: [top, bottom], color: color)])
            .render(layout)
        let alone = try #require(image.pixel(x: 40, y: 4)).alpha
        let overlap = try #require(image.pixel(x: 40, y: 11)).alpha
        #expect(alone == 102)
        #expect(overlap == alone, "a translucent highlight is one shape, not two layers")
    }

    @Test func theBorderIsDrawnInsideThePaddedEdge() throws {
        let layout = try Fixtures.layout(Self.blank, size: 20)
        let rect = CGRect(x: 20, y: 2, width: 50, height: 20)
        let image = try LabelRenderer(
            highlights: [
                LabelRenderer.Highlight(rects: [rect], color: .clear, borderColor: Self.blue, borderWidth: 2)
            ]
        ).render(layout)
        #expect(image.pixel(x: 45, y: 2)?.alpha == 255, "top border row")
        #expect(image.pixel(x: 45, y: 3)?.alpha == 255, "second border row")
        #expect(image.pixel(x: 45, y: 1)?.alpha == 0, "nothing outside")
        #expect(image.pixel(x: 45, y: 12)?.alpha == 0, "a clear fill leaves the middle empty")
    }
}

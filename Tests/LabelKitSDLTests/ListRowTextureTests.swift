import Foundation
import LabelKit
import LabelKitCairo
import Testing

@testable import LabelKitSDL

/// The list keeps a row's texture until its layout, look or state changes (``RowTextureKey``): scrolling draws only
/// the rows coming into view, a new look every row in view once, a selection its own row; and a row drawn from its
/// texture shows exactly Cairo's drawing of its text on its background. In ``ViewHostAppearanceTests``' suite, whose
/// tests run one at a time: each has SDL to itself (a session's end quits SDL).
extension ViewHostAppearanceTests {
    /// The rows drawn by the next frame, in order.
    static func rowsRendered(by scene: Scene) throws -> [Int] {
        _ = try scene.draw()
        return scene.list.rowsRenderedInLastDraw
    }

    @Test func scrollingDrawsOnlyTheRowsComingIntoViewAndScrollingBackDrawsNone() async throws {
        let scene = try await Scene()
        let list = scene.list
        #expect(try Self.rowsRendered(by: scene) == Array(list.visibleRows), "the first frame draws every row in view")
        #expect(try Self.rowsRendered(by: scene).isEmpty, "an unchanged frame draws no row")

        let before = list.visibleRows
        list.scroll(by: 90)
        let after = list.visibleRows
        let entering = after.filter { !before.contains($0) }
        #expect(!entering.isEmpty && entering.count < after.count, "the scroll keeps some rows and brings some in")
        #expect(try Self.rowsRendered(by: scene) == entering, "only the rows coming into view are drawn")

        list.scroll(by: -90)
        #expect(list.visibleRows == before)
        #expect(try Self.rowsRendered(by: scene).isEmpty, "scrolling back finds every texture kept")
    }

    @Test func aNewLookDrawsEveryRowInViewOnceAndTheOldLookIsKept() async throws {
        let scene = try await Scene()
        let list = scene.list
        let light = try scene.draw()
        let visible = Array(list.visibleRows)

        scene.host.settingsOverride.colorScheme = .dark
        #expect(try Self.rowsRendered(by: scene) == visible, "a dark appearance draws each row in view once")
        #expect(try Self.rowsRendered(by: scene).isEmpty)
        scene.host.settingsOverride.contrast = .high
        #expect(try Self.rowsRendered(by: scene) == visible, "so does a new contrast")

        scene.host.settingsOverride = DesktopSettingsOverride()
        #expect(try Self.rowsRendered(by: scene).isEmpty, "back in light, the light textures are still there")
        #expect(try scene.draw() == light, "and every pixel is as it was")

        list.rowColors = (.background, LabelColor(hex: 0xE8F0E0))
        let odd = visible.filter { !$0.isMultiple(of: 2) }
        #expect(try Self.rowsRendered(by: scene) == odd, "a new colour of the odd rows draws the odd rows only")
    }

    @Test func aSelectionDrawsItsRowOnlyAndClearingItDrawsNone() async throws {
        let scene = try await Scene()
        let list = scene.list
        _ = try scene.draw()
        let rendered = list.renderedRowCount
        let row = list.visibleRows.lowerBound + 1
        let frame = try #require(list.rowFrame(row))
        _ = list.handle(.down(at: CGPoint(x: frame.midX, y: frame.midY), time: 0))
        _ = list.handle(.up(at: CGPoint(x: frame.midX, y: frame.midY), time: 0.05))
        _ = list.handleKey(KeyPress(.character("a"), modifiers: .control))
        #expect(list.selectedText == list.texts[row], "ctrl+A selects the pressed row's text")
        #expect(try Self.rowsRendered(by: scene) == [row], "the selected row is drawn again, with its selection")
        #expect(try Self.rowsRendered(by: scene).isEmpty)

        _ = list.resignFocus()
        #expect(list.selectedText == nil)
        #expect(try Self.rowsRendered(by: scene).isEmpty, "without its selection the row's kept texture is drawn")
        #expect(list.renderedRowCount == rendered, "no row texture was drawn again")
    }

    @Test func aRowShowsCairosDrawingOfItsTextOnItsBackground() async throws {
        let scene = try await Scene()
        let list = scene.list
        list.scroll(by: 37.5)   // rows at fractional offsets
        let pixels = try scene.draw()
        for row in list.visibleRows.dropLast() {
            let frame = try #require(list.rowFrame(row))
            guard frame.minY >= list.frame.minY else { continue }   // partly above the list: cut by its clip
            let background: LabelColor = row.isMultiple(of: 2) ? list.rowColors.0 : list.rowColors.1
            let layout = try list.rowLayout(row)
            let text = try LabelTexture.renderer(
                for: layout, pressedLink: nil, disabledLinks: [], linkStyle: LinkStyle(), background: background,
                scale: 1
            ).render(layout)
            let left = Int(Double(frame.minX).rounded())
            let top = Int(Double(frame.minY).rounded())
            let textX = left + Int(list.rowPadding.left)
            let textY = top + Int(list.rowPadding.top)
            let fill = Self.rgb(background.resolved(for: .light))
            var mismatches = 0
            let bottom = min(Int(list.frame.maxY), top + Int(Double(frame.height)) - 1)
            let right = min(textX + text.width + 4, Int(list.frame.maxX) - 8)
            #expect(top + 1 < bottom && left < right)
            for y in stride(from: top + 1, to: bottom, by: 1) {
                for x in stride(from: left, to: right, by: 1) {
                    let inText = x >= textX && x < textX + text.width && y >= textY && y < textY + text.height
                    let expected =
                        inText ? Self.rgb(text, x: x - textX, y: y - textY) : fill
                    if ViewHostAppearanceTests.Scene.pixel(pixels, CGPoint(x: x, y: y)) != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "row \(row): the text as Cairo draws it, on the row's colour")
        }
    }

    @Test func aRowImageIsTheTextOnTheBackgroundCutAtTheEdges() throws {
        let text = try #require(
            RenderedImage(width: 3, height: 2, stride: 16, bytes: (0..<32).map { UInt8(truncatingIfNeeded: $0 * 7) }))
        let background = RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let image = try ListView.rowImage(text: text, width: 4, height: 3, textX: 2, textY: 1, background: background)
        #expect(image.width == 4 && image.height == 3 && image.stride == 16)
        let fill: [UInt8] = [0x99, 0x66, 0x33, 0xFF]   // premultiplied ARGB32, little-endian: B, G, R, A
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.bytes[(y * 16 + x * 4)..<(y * 16 + x * 4 + 4)]) }
        func textPixel(_ x: Int, _ y: Int) -> [UInt8] { Array(text.bytes[(y * 16 + x * 4)..<(y * 16 + x * 4 + 4)]) }
        for y in 0..<3 {
            for x in 0..<4 {
                let expected = x >= 2 && y >= 1 ? textPixel(x - 2, y - 1) : fill
                #expect(pixel(x, y) == expected, "(\(x), \(y))")
            }
        }
        #expect(throws: SDLError.self) {
            try ListView.rowImage(text: text, width: 0, height: 3, textX: 0, textY: 0, background: background)
        }
    }

    /// `color` as the window reads it back: 0xRRGGBB.
    static func rgb(_ color: RGBAColor) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    /// The pixel of an opaque rendered image at (`x`, `y`) as 0xRRGGBB.
    static func rgb(_ image: RenderedImage, x: Int, y: Int) -> UInt32 {
        let offset = y * image.stride + x * 4
        return UInt32(image.bytes[offset + 2]) << 16 | UInt32(image.bytes[offset + 1]) << 8
            | UInt32(image.bytes[offset])
    }
}

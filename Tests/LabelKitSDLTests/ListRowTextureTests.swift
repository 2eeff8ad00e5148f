import CSDL2
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

    @Test func aLabelCutToItsInkShowsEveryPixelOfCairosImageAndItsPanelAround() async throws {
        let scene = try await Scene()
        let panel = LabelColor(hex: 0xF4F6FA)
        let layout = try scene.typesetter.layout(
            "Cut to its ink, filled around",
            in: TextContainer(width: 180, insets: EdgeInsets(top: 9, left: 11, bottom: 9, right: 11)))
        let label = LabelView(
            layout: layout, origin: CGPoint(x: 20.3, y: 200.6), backgroundColor: panel,
            pasteboard: InMemoryPasteboard())
        scene.host.views.append(label)
        let pixels = try scene.draw()
        let image = try label.textRenderer(scale: 1).render(layout)
        let texture = try scene.window.makeTexture(image, croppingAround: panel)
        #expect(texture.pixelWidth < image.width - 20 && texture.pixelHeight < image.height - 16, "cut to its ink")
        #expect(texture.offsetX >= 10 && texture.offsetY >= 8)
        let left = Int(Double(label.origin.x).rounded())
        let top = Int(Double(label.origin.y).rounded())
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width
            where Scene.pixel(pixels, CGPoint(x: left + x, y: top + y)) != Self.rgb(image, x: x, y: y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "the window shows Cairo's whole image, the panel around the ink included")
        #expect(Scene.pixel(pixels, CGPoint(x: left - 1, y: top + 5)) == 0xFFFFFF, "nothing left of the label")
    }

    @Test func inkBoundsHoldEveryPixelThatIsNotTheBackground() throws {
        let background: UInt32 = 0xFFF4_F6FA
        var words = [UInt32](repeating: background, count: 10 * 6)
        #expect(InkBounds(of: try Self.image(words, width: 10), background: background) == nil, "all background")
        words[1 * 10 + 2] = 0xFF00_0000
        words[4 * 10 + 6] = 0xFFF4_F6FB   // one level off in blue is ink too
        #expect(
            InkBounds(of: try Self.image(words, width: 10), background: background)
                == InkBounds(x: 2, y: 1, width: 5, height: 4))
        words[5 * 10 + 9] = 0x8000_0000
        #expect(
            InkBounds(of: try Self.image(words, width: 10), background: background)
                == InkBounds(x: 2, y: 1, width: 8, height: 5))
    }

    @Test func stripsAroundAHoleCoverTheRestOfTheRectangleOnce() {
        let outer = SDL_FRect(x: 10.4, y: 20.6, w: 30, h: 12)
        for hole in [
            SDL_FRect(x: 15, y: 24, w: 10, h: 4), SDL_FRect(x: 0, y: 0, w: 5, h: 5),
            SDL_FRect(x: 5, y: 22, w: 50, h: 3), SDL_FRect(x: 10, y: 20, w: 31, h: 13),
        ] {
            let strips = Window.strips(of: outer, around: hole)
            // Every pixel centre of the outer rectangle is in the hole or in exactly one strip, and none elsewhere.
            func contains(_ rect: SDL_FRect, _ x: Float, _ y: Float) -> Bool {
                x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h
            }
            for y in 0..<60 {
                for x in 0..<60 {
                    let (centreX, centreY) = (Float(x) + 0.5, Float(y) + 0.5)
                    let covered = strips.filter { contains($0, centreX, centreY) }.count
                    let expected = contains(outer, centreX, centreY) && !contains(hole, centreX, centreY) ? 1 : 0
                    #expect(covered == expected, "(\(x), \(y)) with the hole at \(hole.x), \(hole.y)")
                }
            }
        }
    }

    /// An image of `words` (premultiplied ARGB32 pixels), `width` a row.
    static func image(_ words: [UInt32], width: Int) throws -> RenderedImage {
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
        return try #require(RenderedImage(width: width, height: words.count / width, stride: width * 4, bytes: bytes))
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

import Foundation
import LabelKit
import LabelKitCorpus
import Testing

@testable import LabelKitSDL

/// The host following the person's settings: its views drawn in another appearance in a real SDL window without a
/// display (SDL's dummy video driver and its software renderer) — colours change, textures are drawn again, nothing
/// is typeset again — and laid out again at another text scale. One test at a time: each has SDL to itself (a
/// session's end quits SDL).
@MainActor
@Suite(.serialized) struct ViewHostAppearanceTests {
    /// A window, a label with a link, a checked checkbox, a button and a measured list in a host that neither turns
    /// screen readers on nor asks a bus for settings; every text typeset through `typesetter`, whose context counts
    /// this test's texts only.
    @MainActor
    struct Scene {
        let session: SDLSession
        let window: Window
        let typesetter: LabelTypesetter
        let label: LabelView
        let checkbox: CheckboxView
        let list: ListView
        let host: ViewHost

        init() async throws {
            session = try SDLSession.headless()
            window = try Window(session: session, title: "Appearance", width: 640, height: 320)
            var typesetter = LabelTypesetter.system
            typesetter.context = TypesettingContext()
            self.typesetter = typesetter
            label = LabelView(
                layout: try typesetter.layout(
                    LabelMarkup.attributedString("Read the [terms](https://example.com/terms) first"),
                    in: TextContainer(width: 260)),
                origin: CGPoint(x: 10, y: 10), pasteboard: InMemoryPasteboard())
            let model = CheckboxWithLink(title: AttributedString("Remember me"), isChecked: true)
            checkbox = CheckboxView(
                checkbox: model, layout: try model.layout(with: typesetter, container: TextContainer(width: 260)),
                origin: CGPoint(x: 10, y: 80))
            let button = ButtonView(title: try typesetter.layout("Send"), origin: CGPoint(x: 10, y: 130))
            list = ListView(
                texts: makeCorpus(count: 60, seed: 7).map(\.text), frame: CGRect(x: 300, y: 0, width: 340, height: 320),
                typesetter: typesetter)
            try await ListViewTests.measure(list)
            host = ViewHost(views: [label, checkbox, button, list])
            host.startsAccessibilityAutomatically = false
            host.followsDesktopSettingsAutomatically = false
        }

        func draw() throws -> [UInt32] {
            try host.draw(in: window, background: .background)
            return try #require(window.pixels(in: CGRect(x: 0, y: 0, width: 640, height: 320)))
        }

        /// The colour of the pixel at `point` of a frame read with ``draw()``.
        static func pixel(_ pixels: [UInt32], _ point: CGPoint) -> UInt32 {
            pixels[Int(point.y) * 640 + Int(point.x)]
        }
    }

    @Test func aDarkAppearanceDrawsTheViewsAgainInItsColoursAndTypesetsNothing() async throws {
        let scene = try await Scene()
        let light = try scene.draw()
        let labelRenders = scene.label.renderCount
        let rowRenders = scene.list.renderedRowCount
        let typeset = scene.typesetter.context.typesetCount

        scene.host.settingsOverride.colorScheme = .dark
        let change = try #require(scene.host.takeSettingsChange())
        #expect(change.changesAppearance && !change.changesTextScale)
        let dark = try scene.draw()

        #expect(scene.typesetter.context.typesetCount == typeset, "a colour change typesets no text")
        #expect(scene.label.renderCount == labelRenders + 1, "the label's texture is drawn again, once")
        #expect(scene.list.renderedRowCount > rowRenders, "the rows in view are drawn again")
        #expect(scene.window.appearance == .dark)
        let corner = CGPoint(x: 2, y: 300)
        #expect(Scene.pixel(light, corner) == 0xFFFFFF && Scene.pixel(dark, corner) == 0x1E1E1E)
        let labelFrame = scene.label.frame
        let lightLabel = (Int(labelFrame.minY)..<Int(labelFrame.maxY)).flatMap { y in
            (Int(labelFrame.minX)..<Int(labelFrame.maxX)).map { Scene.pixel(light, CGPoint(x: $0, y: y)) }
        }
        let darkLabel = (Int(labelFrame.minY)..<Int(labelFrame.maxY)).flatMap { y in
            (Int(labelFrame.minX)..<Int(labelFrame.maxX)).map { Scene.pixel(dark, CGPoint(x: $0, y: y)) }
        }
        #expect(lightLabel.filter { $0 == 0xFFFFFF }.count > lightLabel.count / 2, "white behind the text in light")
        #expect(darkLabel.filter { $0 == 0x1E1E1E }.count > darkLabel.count / 2, "dark grey behind it in dark")
        #expect(darkLabel.contains { $0 & 0xFF > 0xC0 && $0 >> 16 < 0x90 }, "the link in the dark link blue")

        let again = try scene.draw()
        #expect(again == dark)
        #expect(scene.label.renderCount == labelRenders + 1, "nothing is drawn again until something changes")
        #expect(scene.host.takeSettingsChange() == nil, "a change is reported once")
    }

    @Test func highContrastBlackensADarkWindowAndLightDrawsAsBefore() async throws {
        let scene = try await Scene()
        let before = try scene.draw()
        scene.host.settingsOverride = DesktopSettingsOverride(colorScheme: .dark, contrast: .high)
        let high = try scene.draw()
        #expect(Scene.pixel(high, CGPoint(x: 2, y: 300)) == 0x000000)
        scene.host.settingsOverride = DesktopSettingsOverride()
        #expect(try scene.draw() == before, "back in light, every pixel is as it was")
    }

    @Test func aNewTextScaleLaysTheListOutAgainAndKeepsItsTopRow() async throws {
        let scene = try await Scene()
        let list = scene.list
        _ = try scene.draw()
        list.scroll(by: 1_500)
        let top = list.firstVisibleRow
        let contentHeight = list.contentHeight
        let typeset = scene.typesetter.context.typesetCount

        scene.host.settingsOverride.textScale = try TextScale(1.5)
        let change = try #require(scene.host.takeSettingsChange())
        #expect(change.changesTextScale && !change.changesAppearance)
        #expect(list.typesetter.style.textScale == (try TextScale(1.5)))
        #expect(list.firstVisibleRow == top)
        try await ListViewTests.measure(list)
        #expect(list.firstVisibleRow == top, "the row at the top stays there once every row is measured")
        #expect(list.contentHeight > contentHeight * 1.2, "larger text takes more room")

        var scaled = scene.typesetter
        scaled.style.textScale = try TextScale(1.5)
        let layout = try list.rowLayout(top)
        let fresh = try scaled.layout(list.texts[top], in: TextContainer(width: list.textWidth))
        #expect(layout.size == fresh.size, "the row is laid out as a fresh layout at the new scale")
        _ = try scene.draw()
        #expect(scene.typesetter.context.typesetCount > typeset, "the rows in view are typeset again")
    }

    @Test func theAppsOwnSettingsWinOverTheDesktopsOneByOne() {
        let host = ViewHost(views: [])
        host.desktopSettings = DesktopSettings(colorScheme: .dark, contrast: .high, textScale: .standard)
        #expect(host.appearance == .darkHighContrast)
        host.settingsOverride.colorScheme = .light
        #expect(host.appearance == .lightHighContrast, "the desktop's contrast still comes through")
        let change = host.takeSettingsChange()
        #expect(change?.old == .standard && change?.new.appearance == .lightHighContrast)
        #expect(host.takeSettingsChange() == nil)
    }
}

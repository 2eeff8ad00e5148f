import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// What a screen reader reads of colours through AT-SPI's text attributes: the colours as the host draws them, in its
/// appearance, without a bus.
@MainActor
@Suite struct AccessibleAppearanceTests {
    typealias Fixture = ATSPIDispatchTableTests.Fixture

    /// Attribute `name` of the run at character `offset` of view `view`'s text, as `GetAttributeRun` answers.
    static func attribute(_ name: String, at offset: Int, of view: String, in fixture: Fixture) -> String? {
        guard
            case .array(_, let entries)? = fixture.values(
                view, "Text", "GetAttributeRun", [.int32(Int32(offset)), .bool(false)])?.first
        else { return nil }
        for case .dictEntry(.string(name), .string(let value)) in entries { return value }
        return nil
    }

    @Test func textAttributesReportTheInkOfTheHostsAppearance() async throws {
        let fixture = try await Fixture()
        #expect(Self.attribute("fg-color", at: 0, of: "v0", in: fixture) == "0,0,0")
        fixture.host.settingsOverride.colorScheme = .dark
        #expect(Self.attribute("fg-color", at: 0, of: "v0", in: fixture) == "65535,65535,65535")
        #expect(Self.attribute("fg-color", at: 0, of: "v1", in: fixture) == "65535,65535,65535", "the checkbox title")
        fixture.host.settingsOverride.colorScheme = nil
        #expect(Self.attribute("fg-color", at: 0, of: "v0", in: fixture) == "0,0,0")
    }

    @Test func aFixedColourReadsTheSameInEveryAppearanceAndADynamicOneAsDrawn() async throws {
        var text = AttributedString("brand quiet")
        if let brand = text.range(of: "brand") { text[brand].labelKit.foregroundColor = LabelColor(hex: 0x0A66C2) }
        if let quiet = text.range(of: "quiet") { text[quiet].labelKit.foregroundColor = .secondaryLabel }
        let label = LabelView(layout: try LabelTypesetter.system.layout(text), pasteboard: InMemoryPasteboard())
        let host = ViewHost(views: [label])
        let tree = AccessibilityTree(
            host: host, window: ATSPIDispatchTableTests.FakeWindow(), applicationName: "tests", busName: ":1.7",
            desktop: ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"))
        for appearance in Appearance.all {
            host.settingsOverride = DesktopSettingsOverride(
                colorScheme: appearance.colorScheme, contrast: appearance.contrast)
            let runs = try #require(tree.text(ofView: 0)).attributeRuns()
            #expect(runs.first?.attributes["fg-color"] == "2570,26214,49858", "\(appearance)")
            let quiet = SystemColor.secondaryLabel.resolved(for: appearance)
            let expected = [quiet.red, quiet.green, quiet.blue].map { String(Int(($0 * 65535).rounded())) }
            #expect(runs.last?.attributes["fg-color"] == expected.joined(separator: ","), "\(appearance)")
        }
    }
}

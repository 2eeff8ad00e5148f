import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// Ruby as a screen reader gets it over AT-SPI, without a bus: the Text interface reads the base text, and
/// `GetAttributeRun` gives the base's range with the annotation as its `ruby` attribute.
@MainActor
@Suite struct AccessibleRubyTests {
    @Test func theBaseIsReadAndTheAnnotationIsItsRubyAttribute() throws {
        let text = LabelMarkup.attributedString("[{利用規約|りようきやく}](https://example.com/terms)に同意")
        let label = LabelView(
            layout: try LabelTypesetter.system.layout(text, in: TextContainer(width: 300)),
            pasteboard: InMemoryPasteboard())
        let host = ViewHost(views: [label])
        let tree = AccessibilityTree(
            host: host, window: ATSPIDispatchTableTests.FakeWindow(), applicationName: "tests", busName: ":1.7",
            desktop: ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"))
        func call(_ member: String, _ arguments: [DBusValue]) -> [DBusValue]? {
            guard let node = tree.node(at: ATSPIConnection.pathPrefix + "v0") else { return nil }
            var request = ATSPIRequest(node: node, arguments: arguments, tree: tree)
            return ATSPIDispatchTable.standard.answer(ATSPIInterface.atspiPrefix + "Text", member, &request)
        }
        #expect(call("GetText", [.int32(0), .int32(-1)])?.first == .string("利用規約に同意"))
        let run = try #require(call("GetAttributeRun", [.int32(2), .bool(false)]))
        #expect(run.count == 3)
        #expect(run.dropFirst().first == .int32(0))
        #expect(run.dropFirst(2).first == .int32(4))
        guard case .array(_, let entries)? = run.first else {
            Issue.record("no attribute dictionary: \(run)")
            return
        }
        let ruby = entries.compactMap { entry -> String? in
            guard case .dictEntry(.string("ruby"), .string(let value)) = entry else { return nil }
            return value
        }
        #expect(ruby == ["りようきやく"])
        let after = try #require(call("GetAttributeRun", [.int32(5), .bool(false)]))
        #expect(after.dropFirst().first == .int32(4), "the text after the base is a run of its own, without ruby")
    }
}

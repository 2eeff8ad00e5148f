import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// What Orca's own commands ask of the bridge, without a bus: grabbing the focus, the caret of a selectable label,
/// say-all's flow from one text to the next, links as Hyperlink objects, a link's box inside its line for flat
/// review, the truncation token's link, and the frame's `active` state.
@MainActor
@Suite struct ScreenReaderCommandTests {
    typealias Fixture = ATSPIDispatchTableTests.Fixture
    static let focused = 12, active = 1

    /// A host of one label (and the tree answering for it) at (10, 20).
    @MainActor
    struct OneLabel {
        let host: ViewHost
        let tree: AccessibilityTree
        let label: LabelView

        init(_ markup: String, container: TextContainer) throws {
            let layout = try LabelTypesetter.system.layout(LabelMarkup.attributedString(markup), in: container)
            label = LabelView(layout: layout, origin: CGPoint(x: 10, y: 20))
            host = ViewHost(views: [label])
            tree = AccessibilityTree(
                host: host, window: ATSPIDispatchTableTests.FakeWindow(), applicationName: "tests", busName: ":1.7",
                desktop: ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"))
        }

        func call(_ name: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [])
            -> (values: [DBusValue]?, events: [ViewEvent])
        {
            guard let node = tree.node(at: ATSPIConnection.pathPrefix + name) else { return (nil, []) }
            var request = ATSPIRequest(node: node, arguments: arguments, tree: tree)
            let values = ATSPIDispatchTable.standard.answer(ATSPIInterface.atspiPrefix + interface, member, &request)
            return (values, request.events.map(\.event))
        }
    }

    @Test func grabbingALinksFocusPutsTheFocusRingOnItAndTheHostsKeysGoThere() async throws {
        let fixture = try await Fixture()
        #expect(!fixture.hasState("v0l0", Self.focused))
        let (values, events) = fixture.call("v0l0", "Component", "GrabFocus")
        #expect(values == [.bool(true)])
        #expect(events.contains { if case .focusChanged(let link?, _) = $0 { link.index == 0 } else { false } })
        #expect(fixture.hasState("v0l0", Self.focused))
        #expect(fixture.host.focusedView === fixture.label)
    }

    @Test func grabbingTheButtonsFocusTakesItFromTheLinkThatHadIt() async throws {
        let fixture = try await Fixture()
        _ = fixture.call("v0l0", "Component", "GrabFocus")
        let (values, events) = fixture.call("v2", "Component", "GrabFocus")
        #expect(values == [.bool(true)])
        #expect(fixture.hasState("v2", Self.focused))
        #expect(!fixture.hasState("v0l0", Self.focused))
        #expect(events.contains { if case .focusChanged(nil, []) = $0 { true } else { false } })
    }

    @Test func theCheckboxAndItsTitlesLinkTakeTheFocusButALabelItselfDoesNot() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("v0", "Component", "GrabFocus") == [.bool(false)])
        #expect(fixture.values("v1", "Component", "GrabFocus") == [.bool(true)])
        #expect(fixture.hasState("v1", Self.focused))
        #expect(fixture.values("v1l0", "Component", "GrabFocus") == [.bool(true)])
        #expect(fixture.hasState("v1l0", Self.focused))
        #expect(!fixture.hasState("v1", Self.focused))
    }

    @Test func aSelectableLabelTakesTheCaretAndReportsWhereItIs() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("v0", "Text", "SetCaretOffset", [.int32(7)]) == [.bool(true)])
        let caret = fixture.values(
            "v0", "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Text"), .string("CaretOffset")])
        #expect(caret == [.variant(.int32(7))])
        #expect(fixture.tree.movedCarets.map(\.offset) == [7])
        // Beyond the text: the caret stops at its end.
        #expect(fixture.values("v0", "Text", "SetCaretOffset", [.int32(10_000)]) == [.bool(true)])
        #expect(fixture.tree.movedCarets.last?.offset == fixture.tree.text(ofView: 0)?.characterCount)
    }

    @Test func aTextThatIsNotSelectableHasNoCaretToMove() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("v1", "Text", "SetCaretOffset", [.int32(2)]) == [.bool(false)])
        #expect(fixture.tree.movedCarets.isEmpty)
    }

    @Test func eachTextFlowsToTheNextTextSoSayAllReadsOn() async throws {
        let fixture = try await Fixture()
        let flowsTo = DBusValue.tuple([.uint32(10), .array(elementType: "(so)", [fixture.reference("v1")])])
        let flowsFrom = DBusValue.tuple([.uint32(11), .array(elementType: "(so)", [fixture.reference("v0")])])
        #expect(fixture.values("v0", "Accessible", "GetRelationSet") == [.array(elementType: "(ua(so))", [flowsTo])])
        #expect(fixture.values("v1", "Accessible", "GetRelationSet") == [.array(elementType: "(ua(so))", [flowsFrom])])
        #expect(fixture.values("v2", "Accessible", "GetRelationSet") == [.array(elementType: "(ua(so))", [])])
    }

    @Test func aLinkObjectIsAHyperlinkInCharacters() async throws {
        let fixture = try await Fixture()
        let interfaces = fixture.values("v0l0", "Accessible", "GetInterfaces")?.first
        guard case .array(_, let names)? = interfaces else {
            Issue.record("no interfaces")
            return
        }
        #expect(names.contains(.string("org.a11y.atspi.Hyperlink")))
        #expect(fixture.values("v0l0", "Hyperlink", "GetURI", [.int32(0)]) == [.string("https://example.com/terms")])
        #expect(fixture.values("v0l0", "Hyperlink", "GetObject", [.int32(0)]) == [fixture.reference("v0l0")])
        #expect(fixture.values("v0l0", "Hyperlink", "IsValid") == [.bool(true)])
        func property(_ name: String) -> [DBusValue]? {
            fixture.values(
                "v0l0", "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Hyperlink"), .string(name)])
        }
        // "Pick 📜 some terms now": the link starts at character 12 (📜 is one character), as Hypertext says.
        #expect(property("StartIndex") == [.variant(.int32(12))])
        #expect(property("EndIndex") == [.variant(.int32(17))])
        #expect(property("NAnchors") == [.variant(.int32(1))])
        #expect(fixture.values("v0l0", "Hyperlink", "GetURI", [.int32(1)]) == [.string("")])
    }

    @Test func aLinkOnTwoLinesHasTheBoxOfItsFirstLineAndIsHitOnBoth() throws {
        let view = try OneLabel(
            "Read the [terms and conditions of the service](https://example.com/t) today",
            container: TextContainer(width: 150))
        let rects = view.tree.linkRects(view: 0, hyperlink: 0)
        try #require(rects.count >= 2)
        #expect(view.tree.frame(of: .link(view: 0, hyperlink: 0)) == rects[0])
        let firstLine = try #require(view.label.layout.lines.first)
        #expect(rects[0].minY >= firstLine.rect.minY + 20 - 0.01)
        #expect(rects[0].maxY <= firstLine.rect.maxY + 20 + 0.01)
        let onSecondLine = CGPoint(x: rects[1].midX, y: rects[1].midY)
        let x = Int32(onSecondLine.x.rounded(.down))
        let y = Int32(onSecondLine.y.rounded(.down))
        #expect(view.call("v0l0", "Component", "Contains", [.int32(x), .int32(y), .uint32(1)]).values == [.bool(true)])
        let atPoint = view.call("v0", "Component", "GetAccessibleAtPoint", [.int32(x), .int32(y), .uint32(1)])
        #expect(atPoint.values == [view.tree.reference(.link(view: 0, hyperlink: 0))])
    }

    @Test func theTruncationTokensLinkIsALinkObjectThatActivatesButNotAHyperlinkOfTheText() throws {
        let view = try OneLabel(
            "A long story about [terms](https://example.com/terms) that goes on and on and on past the end",
            container: TextContainer(
                width: 220, maximumNumberOfLines: 1,
                truncationToken: LabelMarkup.attributedString("… [more](https://example.com/more)")))
        try #require(view.label.layout.isTruncated)
        let children = view.tree.children(of: .view(0))
        #expect(children == [.link(view: 0, hyperlink: 0), .link(view: 0, hyperlink: 1)])
        #expect(view.tree.accessibleName(of: .link(view: 0, hyperlink: 1)) == "more")
        #expect(view.tree.role(of: .link(view: 0, hyperlink: 1)).name == "link")
        #expect(view.call("v0", "Hypertext", "GetNLinks").values == [.int32(1)])
        #expect(view.call("v0l1", "Hyperlink", "GetURI", [.int32(0)]).values == [.string("https://example.com/more")])
        let frame = view.tree.frame(of: .link(view: 0, hyperlink: 1))
        let token = try #require(view.label.truncationTokenFrame)
        #expect(frame.minX >= token.minX - 0.01 && frame.maxX <= token.maxX + 0.01)
        let (values, events) = view.call("v0l1", "Action", "DoAction", [.int32(0)])
        #expect(values == [.bool(true)])
        #expect(
            events.contains {
                switch $0 {
                case .linkTapped(let hit): hit.link.target.absoluteString == "https://example.com/more"
                case .tokenTapped: true
                default: false
                }
            })
    }

    @Test func theFrameIsActiveOnlyWhileTheWindowIs() async throws {
        let fixture = try await Fixture()
        #expect(fixture.hasState("frame", Self.active))
        fixture.tree.isWindowActive = false
        #expect(!fixture.hasState("frame", Self.active))
    }

    @Test func malformedCallsAreRefusedWithTheErrorsGTKsBridgeGives() async throws {
        let fixture = try await Fixture()
        func refusal(
            _ path: String, _ interface: String, _ member: String, _ signature: String, _ arguments: [DBusValue]
        )
            -> String?
        {
            ATSPIDispatchTable.refusal(
                of: interface, member, signature: signature, arguments: arguments,
                node: fixture.tree.node(at: ATSPIConnection.pathPrefix + path), tree: fixture.tree)?.name
        }
        let text = "org.a11y.atspi.Text"
        let properties = "org.freedesktop.DBus.Properties"
        #expect(refusal("v0", text, "GetText", "ii", [.int32(0), .int32(-1)]) == nil)
        #expect(
            refusal("v0", text, "GetText", "ss", [.string("0"), .string("1")])
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(refusal("v0", text, "GetText", "", []) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            refusal("v0", text, "GetTextAtOffset", "uu", [.uint32(0), .uint32(3)])
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            refusal("v99", text, "GetText", "ii", [.int32(0), .int32(-1)]) == "org.freedesktop.DBus.Error.UnknownObject"
        )
        #expect(refusal("v0", properties, "Get", "ss", [.string(text), .string("CharacterCount")]) == nil)
        #expect(
            refusal("v2", properties, "Get", "ss", [.string(text), .string("CharacterCount")])
                == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(
            refusal("v0", properties, "GetAll", "s", [.string("org.a11y.atspi.Nonsense")])
                == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(
            refusal(
                "v0", properties, "Set", "ssv",
                [.string("org.a11y.atspi.Accessible"), .string("Name"), .variant(.string("x"))])
                == "org.freedesktop.DBus.Error.PropertyReadOnly")
    }

    @Test func everyMethodTheBridgeServesHasItsSignature() {
        for method in ATSPIDispatchTable.standard.methods {
            #expect(ATSPIDispatchTable.signatures[method.interface]?[method.member] != nil, "\(method)")
        }
    }

    @Test func aLinkIsShowingOnItsOwnOnlyWhileFocusedSoFlatReviewReadsTheOthersInTheirLinesOnly() async throws {
        let fixture = try await Fixture()
        #expect(!fixture.hasState("v0l0", 25))
        #expect(fixture.hasState("v0l0", 30))   // visible
        #expect(fixture.hasState("v0", 25))
        _ = fixture.call("v0l0", "Component", "GrabFocus")
        #expect(fixture.hasState("v0l0", 25))
        #expect(!fixture.hasState("v1l0", 25))
    }
}

import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// The AT-SPI bridge's dispatch table and tree without a bus: calls by interface and member on the objects of a
/// window of a selectable label with a link, a checkbox, a button and a list, answered as a screen reader gets them.
@MainActor
@Suite struct ATSPIDispatchTableTests {
    final class FakeWindow: AccessibleWindow {
        let title = "Test window"
        let size = CGSize(width: 800, height: 600)
        let position = CGPoint(x: 100, y: 50)
    }

    /// A host, its tree and the calls answered on it. The tree holds the host unowned: the fixture keeps it.
    @MainActor
    struct Fixture {
        let host: ViewHost
        let tree: AccessibilityTree
        let label: LabelView
        let checkbox: CheckboxView
        let list: ListView

        init() async throws {
            let layout = try LabelTypesetter.system.layout(
                LabelMarkup.attributedString("Pick 📜 some [terms](https://example.com/terms) now"),
                in: TextContainer(width: 400))
            label = LabelView(
                layout: layout, origin: CGPoint(x: 10, y: 20), pasteboard: InMemoryPasteboard(), isSelectable: true)
            checkbox = try AccessibleViewTests.checkbox()
            list = try await ListViewTests.measuredList()
            let button = ButtonView(title: try LabelTypesetter.system.layout("Send"), origin: CGPoint(x: 10, y: 200))
            host = ViewHost(views: [label, checkbox, button, list])
            tree = AccessibilityTree(
                host: host, window: FakeWindow(), applicationName: "tests", busName: ":1.7",
                desktop: ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"))
        }

        /// The answer to `member` of `interface` (AT-SPI's, by its short name, unless it has dots) on the object
        /// named `name`: nil when it is not supported there, as D-Bus's UnknownMethod error.
        func call(
            _ name: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []
        ) -> (values: [DBusValue]?, events: [ViewEvent]) {
            let interfaceName = interface.contains(".") ? interface : ATSPIInterface.atspiPrefix + interface
            guard let node = tree.node(at: ATSPIConnection.pathPrefix + name) else { return (nil, []) }
            var request = ATSPIRequest(node: node, arguments: arguments, tree: tree)
            let values = ATSPIDispatchTable.standard.answer(interfaceName, member, &request)
            return (values, request.events.map(\.event))
        }

        func values(_ name: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [])
            -> [DBusValue]?
        {
            call(name, interface, member, arguments).values
        }

        func property(_ name: String, _ property: String) -> DBusValue? {
            values(
                name, "org.freedesktop.DBus.Properties", "Get",
                [.string("org.a11y.atspi.Accessible"), .string(property)])?
                .first
        }

        func reference(_ name: String) -> DBusValue { .reference(":1.7", ATSPIConnection.pathPrefix + name) }

        /// Whether AT-SPI state `number` is on in the object's `GetState` words.
        func hasState(_ name: String, _ number: Int) -> Bool {
            guard case .array(_, let words)? = values(name, "Accessible", "GetState")?.first,
                case .uint32(let word)? = words.dropFirst(number / 32).first
            else { return false }
            return word & (1 << UInt32(number % 32)) != 0
        }
    }

    static let servedMethods: [String: [String]] = [
        "org.a11y.atspi.Accessible": [
            "GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
            "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces",
        ],
        "org.a11y.atspi.Application": ["GetLocale", "GetApplicationBusAddress"],
        "org.a11y.atspi.Component": [
            "GetExtents", "GetPosition", "GetSize", "Contains", "GetAccessibleAtPoint", "GetLayer", "GetMDIZOrder",
            "GetAlpha", "GrabFocus", "ScrollTo",
        ],
        "org.a11y.atspi.Action": [
            "GetActions", "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction",
        ],
        "org.a11y.atspi.Hyperlink": ["GetObject", "GetURI", "IsValid"],
        "org.a11y.atspi.Hypertext": ["GetNLinks", "GetLink", "GetLinkIndex"],
        "org.a11y.atspi.Text": [
            "GetText", "GetCharacterAtOffset", "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset",
            "GetTextAfterOffset", "GetCharacterExtents", "GetRangeExtents", "GetOffsetAtPoint", "GetNSelections",
            "GetSelection", "SetSelection", "AddSelection", "RemoveSelection", "SetCaretOffset", "GetAttributeRun",
            "GetAttributes", "GetAttributeValue", "GetDefaultAttributes", "GetDefaultAttributeSet",
        ],
        "org.freedesktop.DBus.Properties": ["Get", "GetAll", "Set"],
    ]

    @Test func theTableHasAHandlerForEveryMethodTheBridgeServesAndNoOther() {
        let expected = Set(
            Self.servedMethods.flatMap { interface, members in
                members.map { ATSPIDispatchTable.Method(interface: interface, member: $0) }
            })
        #expect(ATSPIDispatchTable.standard.methods == expected)
    }

    @Test func everyInterfaceAnObjectSaysItServesIsInTheTable() async throws {
        let fixture = try await Fixture()
        let served = Set(ATSPIDispatchTable.standard.interfaces.map(\.name))
        var nodes: [ATSPINode] = [.application]
        var index = 0
        while index < nodes.count {
            nodes += fixture.tree.children(of: nodes[index])
            index += 1
        }
        nodes += [.hyperlink(view: 0, hyperlink: 0), .hyperlink(view: 1, hyperlink: 0)]
        #expect(nodes.count > 10)
        for node in nodes {
            #expect(Set(fixture.tree.interfaces(of: node)).isSubset(of: served), "\(node)")
        }
    }

    @Test func anUnknownMethodOrObjectIsNotSupportedAsBefore() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("v0", "Text", "Bogus") == nil)
        #expect(fixture.values("v0", "Selection", "GetNSelectedChildren") == nil)
        #expect(fixture.values("v0", "org.example.Nothing", "GetText") == nil)
        #expect(fixture.values("v99", "Accessible", "GetRole") == nil, "no such view")
        #expect(fixture.values("v0l7", "Accessible", "GetRole") == nil, "no such link")
        #expect(fixture.values("x", "Accessible", "GetRole") == nil)
        #expect(fixture.tree.node(at: ATSPIConnection.cachePath) == nil)
        #expect(
            ATSPIDispatchTable.notSupportedMessage("org.a11y.atspi.Text", "Bogus")
                == "org.a11y.atspi.Text.Bogus is not supported here")
    }

    @Test func anObjectAnswersOnlyTheInterfacesItServes() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("frame", "Text", "GetText", [.int32(0), .int32(-1)]) == nil)
        #expect(fixture.values("v2", "Text", "GetText", [.int32(0), .int32(-1)]) == nil, "a button has no text")
        #expect(fixture.values("v0l0", "Hypertext", "GetNLinks") == nil)
        #expect(fixture.values("v0", "Hyperlink", "GetURI") == [.string("")])
        #expect(fixture.property("v0", "StartIndex") == nil)
        #expect(fixture.property("v0", "Bogus") == nil)
    }

    @Test func propertiesAreAnsweredByNameAndListedByTheirInterface() async throws {
        let fixture = try await Fixture()
        let names = ATSPIDispatchTable.standard.interfaces.flatMap(\.properties).map(\.name)
        #expect(names.count == Set(names).count, "Get finds a property by its name alone")
        let all = fixture.values(
            "v0", "org.freedesktop.DBus.Properties", "GetAll", [.string("org.a11y.atspi.Accessible")])
        guard case .array(_, let entries)? = all?.first else {
            Issue.record("GetAll answered \(String(describing: all))")
            return
        }
        let listed = entries.compactMap { entry -> String? in
            if case .dictEntry(.string(let name), _) = entry { return name }
            return nil
        }
        #expect(listed == ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"])
        #expect(fixture.property("v0", "HelpText") == .variant(.string("")), "answered, though not listed")
        #expect(fixture.property("v0", "Parent") == .variant(fixture.reference("frame")))
        #expect(fixture.property("root", "Parent") == .variant(fixture.tree.desktop))
        #expect(fixture.values("v0", "org.freedesktop.DBus.Properties", "Set") == [])
    }

    @Test func theApplicationHoldsTheWindowWhichHoldsTheViews() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("root", "Accessible", "GetRoleName") == [.string("application")])
        #expect(fixture.property("root", "Name") == .variant(.string("tests")))
        #expect(
            fixture.values("root", "Accessible", "GetChildren") == [
                .array(elementType: "(so)", [fixture.reference("frame")])
            ])
        #expect(fixture.property("frame", "Name") == .variant(.string("Test window")))
        #expect(fixture.property("frame", "ChildCount") == .variant(.int32(4)))
        #expect(fixture.hasState("frame", ATSPIStates.active))
        #expect(
            fixture.values("frame", "Component", "GetExtents", [.uint32(0)]) == [
                .tuple([.int32(100), .int32(50), .int32(800), .int32(600)])
            ])
        #expect(fixture.values("v3", "Accessible", "GetIndexInParent") == [.int32(3)])
    }

    @Test func aCheckboxIsACheckBoxWhoseCheckedStateFollowsItsClickAction() async throws {
        let fixture = try await Fixture()
        #expect(fixture.values("v1", "Accessible", "GetRole") == [.uint32(7)])
        #expect(fixture.values("v1", "Accessible", "GetRoleName") == [.string("check box")])
        #expect(fixture.hasState("v1", 41) && fixture.hasState("v1", 11), "checkable, focusable")
        #expect(!fixture.hasState("v1", 4), "not checked")
        #expect(fixture.values("v1", "Action", "GetName", [.int32(0)]) == [.string("click")])
        let clicked = fixture.call("v1", "Action", "DoAction", [.int32(0)])
        #expect(clicked.values == [.bool(true)])
        #expect(clicked.events.contains { if case .toggled(isChecked: true) = $0 { true } else { false } })
        #expect(fixture.hasState("v1", 4), "checked")
        #expect(fixture.values("v1", "Action", "DoAction", [.int32(1)]) == [.bool(false)], "no second action")
    }

    @Test func aLabelsLinkIsItsChildAndAHyperlinkOfItsText() async throws {
        let fixture = try await Fixture()
        #expect(
            fixture.values("v0", "Accessible", "GetChildren") == [
                .array(elementType: "(so)", [fixture.reference("v0l0")])
            ])
        #expect(fixture.values("v0l0", "Accessible", "GetRoleName") == [.string("link")])
        #expect(fixture.property("v0l0", "Name") == .variant(.string("terms")))
        #expect(fixture.values("v0", "Hypertext", "GetLink", [.int32(0)]) == [fixture.reference("v0h0")])
        #expect(fixture.values("v0", "Hypertext", "GetLinkIndex", [.int32(13)]) == [.int32(0)])
        #expect(fixture.values("v0h0", "Hyperlink", "GetURI", [.int32(0)]) == [.string("https://example.com/terms")])
        #expect(fixture.values("v0h0", "Hyperlink", "GetObject", [.int32(0)]) == [fixture.reference("v0l0")])
        #expect(fixture.property("v0h0", "StartIndex") == .variant(.int32(12)), "in characters: 📜 is one")
        #expect(fixture.property("v0h0", "EndIndex") == .variant(.int32(17)))
        let actions = DBusValue.array(
            elementType: "(sss)",
            ["click", "showMenu"].map { .tuple([.string($0), .string($0), .string("")]) })
        #expect(fixture.values("v0l0", "Action", "GetActions") == [actions])
        let clicked = fixture.call("v0h0", "Action", "DoAction", [.int32(0)])
        #expect(clicked.events.contains { if case .linkTapped(let hit) = $0 { hit.index == 0 } else { false } })
    }

    @Test func aListsChildrenAreItsVisibleRowsAsListItems() async throws {
        let fixture = try await Fixture()
        let rows = fixture.list.visibleRows
        let references = rows.map { fixture.reference("v3r\($0)") }
        #expect(fixture.values("v3", "Accessible", "GetChildren") == [.array(elementType: "(so)", references)])
        let first = "v3r\(rows.lowerBound)"
        #expect(fixture.values(first, "Accessible", "GetRole") == [.uint32(32)])
        #expect(fixture.property(first, "Name") == .variant(.string(ListViewTests.texts[rows.lowerBound])))
        #expect(fixture.values("v3r\(rows.upperBound + 5)", "Accessible", "GetRole") == nil, "a row out of view")
        fixture.list.scroll(by: 2_000)
        #expect(fixture.values(first, "Accessible", "GetRole") == nil, "scrolled out of view")
    }

    @Test func textIsReadAndSelectedInCharacters() async throws {
        let fixture = try await Fixture()
        #expect(fixture.property("v0", "CharacterCount") == .variant(.int32(21)))
        #expect(fixture.values("v0", "Text", "GetText", [.int32(7), .int32(11)]) == [.string("some")])
        let word = fixture.values("v0", "Text", "GetTextAtOffset", [.int32(8), .uint32(1)])
        #expect(word == [.string("some "), .int32(7), .int32(12)])
        let selected = fixture.call("v0", "Text", "SetSelection", [.int32(0), .int32(11), .int32(7)])
        #expect(selected.values == [.bool(true)])
        #expect(selected.events.contains { if case .selectionChanged(_, "some", _) = $0 { true } else { false } })
        #expect(fixture.values("v0", "Text", "GetSelection", [.int32(0)]) == [.int32(7), .int32(11)])
        #expect(fixture.property("v0", "CaretOffset") == .variant(.int32(11)))
        #expect(fixture.values("v1", "Text", "SetSelection", [.int32(0), .int32(0), .int32(3)]) == [.bool(false)])
        #expect(fixture.values("v1", "Text", "GetNSelections") == [.int32(0)])
    }

    @Test func extentsAreInTheScreensTheWindowsOrTheParentsCoordinates() async throws {
        let fixture = try await Fixture()
        let frame = fixture.label.frame
        let inWindow = AccessibilityTree.box(frame)
        #expect(fixture.values("v0", "Component", "GetExtents", [.uint32(1)]) == [.tuple(inWindow)])
        let onScreen = AccessibilityTree.box(frame.offsetBy(dx: 100, dy: 50))
        #expect(fixture.values("v0", "Component", "GetExtents", [.uint32(0)]) == [.tuple(onScreen)])
        let link = try #require(fixture.label.windowRects(forLink: 0).first?.rect)
        let inLabel = AccessibilityTree.box(link.offsetBy(dx: -frame.minX, dy: -frame.minY))
        #expect(fixture.values("v0l0", "Component", "GetExtents", [.uint32(2)]) == [.tuple(inLabel)])
        let centre: [DBusValue] = [.int32(Int32(link.midX)), .int32(Int32(link.midY)), .uint32(1)]
        #expect(fixture.values("v0", "Component", "GetAccessibleAtPoint", centre) == [fixture.reference("v0l0")])
        let offset = fixture.values("v0", "Text", "GetOffsetAtPoint", centre)
        #expect(offset.map { (12..<17).map { DBusValue.int32(Int32($0)) }.contains($0[0]) } == true)
    }

    @Test func everyRoleAndStateHasAnATSPINumberOfItsOwn() {
        let roles = AccessibleRole.allCases.map(\.atspiRole)
        #expect(Set(roles.map(\.number)).count == roles.count)
        #expect(AccessibleRole.checkBox.atspiRole == ATSPIRole(number: 7, name: "check box"))
        let numbers = ATSPIStates.numbers.map(\.number)
        #expect(Set(numbers).count == numbers.count)
        #expect(
            ATSPIStates.numbers.reduce(AccessibleStates()) { $0.union($1.state) } == AccessibleStates(rawValue: 0x7F))
        for (state, number) in ATSPIStates.numbers {
            #expect(state.atspiStates == ATSPIStates.always.union([number]))
        }
        #expect(
            AccessibleStates.disabled.atspiStates == [25, 30], "showing and visible, neither enabled nor sensitive")
    }
}

import Foundation
import LabelKit
import LabelKitSDL
import Testing

/// What each kind of view tells a screen reader through `InteractiveView`'s accessibility requirements, asked of the
/// views themselves, without a bus.
@MainActor
@Suite struct AccessibleViewTests {
    static func label(
        _ markup: String, copyEnabled: Bool = true, selectable: Bool = false
    ) throws -> LabelView {
        let layout = try LabelTypesetter.system.layout(
            LabelMarkup.attributedString(markup), in: TextContainer(width: 400))
        return LabelView(
            layout: layout, origin: CGPoint(x: 10, y: 20), copyEnabled: copyEnabled, pasteboard: InMemoryPasteboard(),
            isSelectable: selectable)
    }

    static func checkbox(isChecked: Bool = false, isEnabled: Bool = true) throws -> CheckboxView {
        let checkbox = CheckboxWithLink(
            title: LabelMarkup.attributedString("I agree to the [rules](https://example.com/rules)"),
            isChecked: isChecked, isEnabled: isEnabled)
        return CheckboxView(
            checkbox: checkbox, layout: try checkbox.layout(with: .system, container: TextContainer(width: 300)),
            origin: CGPoint(x: 10, y: 100))
    }

    /// A view an app draws itself and says nothing about to screen readers.
    final class Decoration: InteractiveView {
        var frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        func draw(in window: Window) throws {}
        func claimsPointer(at point: CGPoint) -> Bool { false }
        func handle(_ event: PointerEvent) -> [ViewEvent] { [] }
    }

    @Test func aViewThatSaysNothingIsANamelessFillerWithoutTextChildrenStatesOrActions() {
        let view = Decoration()
        #expect(view.accessibleRole == .filler)
        #expect(view.accessibleName.isEmpty)
        #expect(view.accessibleTextSource == nil)
        #expect(view.accessibleChildren.isEmpty)
        #expect(view.accessibleStates(of: .view).isEmpty)
        #expect(view.accessibleActions(of: .view).isEmpty)
        #expect(view.performAccessibleAction(.click, of: .view).isEmpty)
    }

    @Test func aLabelIsALabelNamedByItsTextWhoseTextIsTheDrawnLayoutWhereItIsDrawn() throws {
        let label = try Self.label("Read the [terms](https://example.com/terms) 📜 now")
        #expect(label.accessibleRole == .label)
        #expect(label.accessibleName == "Read the terms 📜 now")
        let source = try #require(label.accessibleTextSource)
        #expect(source.layout === label.layout)
        #expect(source.origin == label.origin)
        #expect(label.accessibleChildren.isEmpty, "its links are its text's, not children of its own")
    }

    @Test func aLabelsLinkClicksAsATapDoesAndShowsItsMenuOnAPress() throws {
        let label = try Self.label("Read the [terms](https://example.com/terms) now")
        #expect(label.accessibleActions(of: .link(index: 0)) == [.click, .showMenu])
        let clicked = label.performAccessibleAction(.click, of: .link(index: 0))
        #expect(clicked.contains { if case .linkTapped(let hit) = $0 { hit.index == 0 } else { false } })
        let pressed = label.performAccessibleAction(.showMenu, of: .link(index: 0))
        #expect(pressed.contains { if case .previewShown = $0 { true } else { false } })
        #expect(label.accessibleActions(of: .link(index: 5)).isEmpty, "no such link")
        #expect(label.performAccessibleAction(.click, of: .link(index: 5)).isEmpty)
    }

    @Test func aLabelsLinkIsFocusableAndFocusedOnceTabReachesIt() throws {
        let label = try Self.label("Read the [terms](https://example.com/terms) now")
        #expect(label.accessibleStates(of: .link(index: 0)) == .focusable)
        _ = label.handleKey(KeyPress(.tab))
        #expect(label.accessibleStates(of: .link(index: 0)) == [.focusable, .focused])
    }

    @Test func aCopyableLabelOffersCopyWhichCopiesItsWholeText() throws {
        let copyable = try Self.label("Copy me")
        #expect(copyable.accessibleActions(of: .view) == [.copy])
        let copied = copyable.performAccessibleAction(.copy, of: .view)
        #expect(copied.contains { if case .copied("Copy me", _) = $0 { true } else { false } })
        let plain = try Self.label("Not me", copyEnabled: false)
        #expect(plain.accessibleActions(of: .view).isEmpty)
        #expect(plain.performAccessibleAction(.copy, of: .view).isEmpty)
    }

    @Test func aSelectableLabelIsSelectableTextAndTakesASelectionInCharacters() throws {
        let label = try Self.label("Pick 📜 some words", selectable: true)
        #expect(label.accessibleStates(of: .view) == .selectableText)
        let text = AccessibleText(layout: label.layout)
        // Characters 7..<11 are "some": 📜 is one character and two UTF-16 units.
        let events = label.setAccessibleSelection(7..<11, in: text)
        #expect(events.contains { if case .selectionChanged(_, "some", _) = $0 { true } else { false } })
        #expect(label.accessibleSelection(in: text) == 7..<11)
        #expect(label.selection?.range == 8..<12)
        #expect(try Self.label("Fixed").accessibleStates(of: .view).isEmpty)
    }

    @Test func aCheckboxExposesItsCheckedStateAndItsClickTogglesIt() throws {
        let checkbox = try Self.checkbox()
        #expect(checkbox.accessibleRole == .checkBox)
        #expect(checkbox.accessibleStates(of: .view) == [.focusable, .checkable])
        #expect(checkbox.accessibleActions(of: .view) == [.click])
        let toggled = checkbox.performAccessibleAction(.click, of: .view)
        #expect(toggled.contains { if case .toggled(isChecked: true) = $0 { true } else { false } })
        #expect(checkbox.accessibleStates(of: .view) == [.focusable, .checkable, .checked])
        #expect(try Self.checkbox(isChecked: true).accessibleStates(of: .view).contains(.checked))
    }

    @Test func aDisabledCheckboxIsDisabledAndOffersNoClick() throws {
        let checkbox = try Self.checkbox(isEnabled: false)
        #expect(checkbox.accessibleStates(of: .view).contains(.disabled))
        #expect(checkbox.accessibleActions(of: .view).isEmpty)
        #expect(checkbox.performAccessibleAction(.click, of: .view).isEmpty)
    }

    @Test func aCheckboxIsNamedAndReadByItsTitleWhoseLinksAreItsOwn() throws {
        let checkbox = try Self.checkbox()
        #expect(checkbox.accessibleName == "I agree to the rules")
        let source = try #require(checkbox.accessibleTextSource)
        #expect(source.layout === checkbox.layout.title)
        #expect(source.origin == checkbox.titleFrame.origin)
        #expect(checkbox.accessibleActions(of: .link(index: 0)) == [.click, .showMenu])
        let clicked = checkbox.performAccessibleAction(.click, of: .link(index: 0))
        #expect(clicked.contains { if case .linkTapped(let hit) = $0 { hit.index == 0 } else { false } })
        #expect(!checkbox.checkbox.isChecked, "a click on the title's link does not toggle the box")
    }

    @Test func aButtonIsAFocusablePushButtonNamedByItsTitleThatClickPresses() throws {
        let button = ButtonView(title: try LabelTypesetter.system.layout("Send message"))
        #expect(button.accessibleRole == .pushButton)
        #expect(button.accessibleName == "Send message")
        #expect(button.accessibleTextSource == nil, "the title is its name, not text to read")
        #expect(button.accessibleStates(of: .view) == .focusable)
        #expect(button.accessibleActions(of: .view) == [.click])
        let pressed = button.performAccessibleAction(.click, of: .view)
        #expect(pressed.contains { if case .buttonPressed = $0 { true } else { false } })
        _ = button.handleKey(KeyPress(.tab))
        #expect(button.accessibleStates(of: .view) == [.focusable, .focused])
    }

    @Test func aListsChildrenAreItsVisibleRowsAsListItemsNamedByTheirText() async throws {
        let list = try await ListViewTests.measuredList()
        #expect(list.accessibleRole == .list)
        var children = list.accessibleChildren
        #expect(children.map(\.id) == Array(list.visibleRows))
        #expect(children.allSatisfy { $0.role == .listItem })
        #expect(children.map(\.name) == list.visibleRows.map { ListViewTests.texts[$0] })
        #expect(children.map(\.frame) == list.visibleRows.map { list.rowFrame($0) ?? .zero })
        list.scroll(by: 2_000)
        children = list.accessibleChildren
        #expect(children.first?.id == list.firstVisibleRow)
        #expect(children.map(\.id) == Array(list.visibleRows))
    }
}

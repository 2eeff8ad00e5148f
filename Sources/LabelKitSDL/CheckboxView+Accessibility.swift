import LabelKit

/// A checkbox is a `check box` named by its title, which a screen reader reads through ``accessibleTextSource``; its
/// `click` toggles it, and the title's visible links are its `link` children.
extension CheckboxView: AccessibilityElementBacked {
    /// A check box.
    public var accessibleRole: AccessibleRole { .checkBox }

    /// The title's text.
    public var accessibleName: String { layout.title.plainText() }

    /// The title's layout, where the title is drawn.
    public var accessibleTextSource: AccessibleTextSource? {
        AccessibleTextSource(layout: layout.title, origin: titleFrame.origin)
    }

    /// The control is focusable and checkable, checked when it is, focused when the box has the focus, disabled when
    /// it is; a link of the title is focusable, focused or disabled as the keyboard and the title make it.
    public func accessibleStates(of part: AccessiblePart) -> AccessibleStates {
        guard part == .view else { return elementStates(of: part) }
        var states: AccessibleStates = [.focusable, .checkable]
        if checkbox.isChecked { states.insert(.checked) }
        if isFocused { states.insert(.focused) }
        if !checkbox.isEnabled { states.insert(.disabled) }
        return states
    }

    /// The control's `click` (the toggle) while it is enabled; a title link's `click` and `showMenu`.
    public func accessibleActions(of part: AccessiblePart) -> [AccessibleActionName] { elementActions(of: part) }

    /// Performs the action through ``performAccessibilityAction(_:)``: `click` toggles the control or taps a link.
    public func performAccessibleAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent] {
        performElementAction(name, of: part)
    }

    /// The element of the model behind a part: the control's for the view, a title link's for a link.
    func accessibilityElement(of part: AccessiblePart) -> AccessibilityElement? {
        switch part {
        case .view: layout.accessibilityElement(for: checkbox)
        case .link(let index): titleAccessibilityElements().element(forLink: index)
        case .child: nil
        }
    }
}

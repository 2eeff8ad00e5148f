import LabelKit

/// A button is a `push button` named by its title, focusable, with one action, `click`, which presses it.
extension ButtonView {
    /// A push button.
    public var accessibleRole: AccessibleRole { .pushButton }

    /// The title's text.
    public var accessibleName: String { title.layout.plainText() }

    /// Focusable, and focused when Tab stopped at it.
    public func accessibleStates(of part: AccessiblePart) -> AccessibleStates {
        guard part == .view else { return [] }
        return isFocused ? [.focusable, .focused] : .focusable
    }

    /// `click`.
    public func accessibleActions(of part: AccessiblePart) -> [AccessibleActionName] {
        part == .view ? [.click] : []
    }

    /// `click` presses the button: what a click reports (``performAccessibilityClick()``).
    public func performAccessibleAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent] {
        part == .view && name == .click ? performAccessibilityClick() : []
    }
}

import LabelKit

/// A label is a `label` named by its text, which a screen reader reads through ``accessibleTextSource``; its visible
/// links are its `link` children, each with `click` (the tap) and `showMenu` (the long press).
extension LabelView: AccessibilityElementBacked {
    /// A label.
    public var accessibleRole: AccessibleRole { .label }

    /// The text, attachments as their alt text, truncated text included.
    public var accessibleName: String { layout.plainText() }

    /// The drawn layout at ``origin``.
    public var accessibleTextSource: AccessibleTextSource? { AccessibleTextSource(layout: layout, origin: origin) }

    /// The view's text is selectable text when ``isSelectable``; a link is focusable, focused or disabled as the
    /// keyboard and ``LabelKitInteraction/LabelInteraction/disabledLinks`` make it.
    public func accessibleStates(of part: AccessiblePart) -> AccessibleStates {
        guard part == .view else { return elementStates(of: part) }
        return isSelectable ? .selectableText : []
    }

    /// The view's `copy` when ``copyEnabled``; a link's `click` and `showMenu` unless it is disabled.
    public func accessibleActions(of part: AccessiblePart) -> [AccessibleActionName] { elementActions(of: part) }

    /// Performs the action through ``performAccessibilityAction(_:)``: a link's `click` reports what a tap does.
    public func performAccessibleAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent] {
        performElementAction(name, of: part)
    }

    /// The element of the model behind a part: the whole text's for the view, a link's for a link.
    func accessibilityElement(of part: AccessiblePart) -> AccessibilityElement? {
        switch part {
        case .view: accessibilityElements().first
        case .link(let index): accessibilityElements().element(forLink: index)
        case .child: nil
        }
    }
}

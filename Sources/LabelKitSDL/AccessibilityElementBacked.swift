import LabelKit

/// A view whose text's links (and the view itself, for a checkbox) answer a screen reader from the model's
/// accessibility elements (LabelKitInteraction), which know a link's focus, whether it is enabled and what its actions
/// perform: ``LabelView`` and ``CheckboxView``.
@MainActor
protocol AccessibilityElementBacked: InteractiveView {
    /// The element of the model behind a part, or nil when there is none (a child, a link hidden by truncation).
    func accessibilityElement(of part: AccessiblePart) -> AccessibilityElement?
    /// Performs an element's action: what the view reports.
    func performAccessibilityAction(_ action: AccessibilityAction) -> [ViewEvent]
}

extension AccessibilityElementBacked {
    /// The states a part's element carries: focusable, focused, disabled.
    func elementStates(of part: AccessiblePart) -> AccessibleStates {
        guard let element = accessibilityElement(of: part) else { return [] }
        var states: AccessibleStates = []
        if element.isFocusable { states.insert(.focusable) }
        if element.isFocused { states.insert(.focused) }
        if element.traits.contains(.notEnabled) { states.insert(.disabled) }
        return states
    }

    /// The names of a part's element's actions, in order.
    func elementActions(of part: AccessiblePart) -> [AccessibleActionName] {
        accessibilityElement(of: part)?.namedActions.map(\.name) ?? []
    }

    /// Performs the action named `name` of a part's element; nothing when it offers none by that name.
    func performElementAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent] {
        guard let action = accessibilityElement(of: part)?.namedActions.first(where: { $0.name == name })?.action
        else { return [] }
        return performAccessibilityAction(action)
    }
}

extension [AccessibilityElement] {
    /// The element of link `index` of the layout's links, or nil when the link has none (hidden by truncation).
    func element(forLink index: Int) -> AccessibilityElement? {
        first { element in
            if case .activateLink(let link, _)? = element.action { return link == index }
            return false
        }
    }
}

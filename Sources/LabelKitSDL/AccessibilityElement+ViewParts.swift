import LabelKit

// How the views answer for their parts from the model's accessibility elements (LabelKitInteraction), which know a
// link's focus, whether it is enabled and what its actions perform.

extension AccessibilityElement {
    /// What the element's action named `name` performs, or nil when it offers none by that name.
    func action(named name: AccessibleActionName) -> AccessibilityAction? {
        namedActions.first { $0.name == name }?.action
    }
}

extension AccessibleStates {
    /// The states an element carries: focusable, focused, disabled.
    init(element: AccessibilityElement) {
        self = []
        if element.isFocusable { insert(.focusable) }
        if element.isFocused { insert(.focused) }
        if element.traits.contains(.notEnabled) { insert(.disabled) }
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

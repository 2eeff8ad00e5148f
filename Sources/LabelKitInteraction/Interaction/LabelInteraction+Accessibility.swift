import LabelKitLayout

extension LabelInteraction {
    /// The label's accessibility elements with their state: the layout's elements
    /// (``/LabelKitInteraction/LabelKitLayout/TextLayout/accessibilityElements(disabledLinks:)``) in reading and focus
    /// order, the focused link marked, the selection on the whole text's element, and Copy (when copying is on) and
    /// Select (when selectable) among every element's actions.
    ///
    /// ```swift
    /// let elements = interaction.accessibilityElements()
    /// elements[0].textSelection?.text            // the selected text
    /// elements.first(where: \.isFocused)?.label  // the focused link's text
    /// ```
    public func accessibilityElements() -> [AccessibilityElement] {
        var elements = layout.accessibilityElements(disabledLinks: disabledLinks)
        for index in elements.indices {
            if case .activateLink(let link, _)? = elements[index].action {
                elements[index].isFocused = focusedLink?.index == link
            }
            if let range = elements[index].textRange {
                if copyEnabled { elements[index].customActions.append(.copy(range: range)) }
                if isSelectable { elements[index].customActions.append(.select(range: range)) }
            }
        }
        if let selection, !elements.isEmpty {
            let range = selection.range
            elements[0].textSelection = AccessibilityTextSelection(
                start: range.lowerBound, length: range.count, text: layout.plainText(in: range))
        }
        return elements
    }

    /// Performs an element's action as an assistive technology asks: activating a link taps it, Copy reports the
    /// text to copy, Select selects. A toggle belongs to a checkbox's interaction, not to a label's.
    public mutating func perform(_ action: AccessibilityAction) -> [InteractionEvent] {
        switch action {
        case .activateLink(let index, _):
            guard layout.links.indices.contains(index), !disabledLinks.contains(index) else { return [] }
            return [
                .tap(LinkHit(index: index, link: layout.links[index], rects: layout.rects(forLink: index), distance: 0))
            ]
        case .copy(let range):
            return copyEnabled ? [.copy(layout.plainText(in: range))] : []
        case .select(let range):
            return select(range)
        case .toggle:
            return []
        }
    }
}

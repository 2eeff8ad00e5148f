import Foundation
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

    /// Performs an element's action as an assistive technology asks: activating a link taps it (the events a tap
    /// gives), showing its menu is the long press (preview and menu, at the middle of the link's first rectangle),
    /// Copy reports the text to copy, Select selects. A toggle belongs to a checkbox's interaction, not to a label's.
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
        case .showMenu(let index):
            guard layout.links.indices.contains(index), !disabledLinks.contains(index),
                let first = layout.rects(forLink: index).first
            else { return [] }
            let hit = LinkHit(index: index, link: layout.links[index], rects: layout.rects(forLink: index), distance: 0)
            let location = CGPoint(x: first.rect.midX, y: first.rect.midY)
            let menu = CopyMenu(link: hit.link, location: location, copyEnabled: copyEnabled)
            return [.longPress(PreviewContext(hit: hit, location: location), menu: menu)]
        case .toggle:
            return []
        }
    }

    /// The selection in characters of `text` (made from this interaction's layout), as AT-SPI's
    /// `getSelection` reports it; nil when nothing is selected (a collapsed caret included).
    public func accessibleSelection(in text: AccessibleText) -> Range<Int>? {
        guard let selection, !selection.isCollapsed else { return nil }
        return text.characterRange(forUTF16: selection.range)
    }

    /// Selects characters `range` of `text` (made from this interaction's layout), as AT-SPI's `setSelection` asks:
    /// the same selection a drag over them makes, with its events. An empty range clears the selection. Nothing
    /// happens in a label that is not selectable.
    public mutating func setAccessibleSelection(_ range: Range<Int>, in text: AccessibleText) -> [InteractionEvent] {
        guard isSelectable else { return [] }
        let utf16 = text.utf16Range(forCharacters: range)
        return utf16.isEmpty ? clearSelection() : select(utf16)
    }
}

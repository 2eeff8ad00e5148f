import Foundation
import LabelKitLayout

extension LabelInteraction {
    /// Handles a key press; returns what happened (nothing when the key means nothing to the label, so the front end
    /// may use it).
    ///
    /// - Tab and shift+Tab move the focus over the enabled, visible links in logical order (the order a screen reader
    ///   reads them), then report ``InteractionEvent/focusLeaves(_:)`` so the front end moves on to the next widget.
    /// - Return on a focused link taps it: the same ``InteractionEvent/tap(_:)`` as a click.
    /// - The Menu key and shift+F10 open the context menu at the focused link's first rect, else at the selection's.
    /// - In a selectable label: shift+Left and shift+Right extend the selection by one grapheme cluster on screen
    ///   (bidi-aware), ctrl+shift+Left and ctrl+shift+Right by a word, shift+Home and shift+End to the line's ends;
    ///   without shift those keys move the caret and clear the selection. ctrl+A selects all, Escape clears.
    /// - ctrl+C copies the selection when copying is on (``InteractionEvent/copy(_:)``).
    ///
    /// ```swift
    /// interaction.handleKey(KeyPress(.tab))                        // [.focusedLinkChanged(first link)]
    /// interaction.handleKey(KeyPress(.enter))                      // [.tap(first link)]
    /// interaction.handleKey(KeyPress(.right, modifiers: .shift))   // [.selectionChanged(…)]
    /// ```
    public mutating func handleKey(_ key: KeyPress) -> [InteractionEvent] {
        switch (key.key, key.modifiers) {
        case (.tab, []): return moveFocus(.forward)
        case (.tab, .shift): return moveFocus(.backward)
        case (.enter, []): return focusedLink.map { [.tap($0)] } ?? []
        case (.menu, []), (.function(10), .shift): return contextMenu()
        case (.character("c"), .control): return copySelection()
        default: break
        }
        guard isSelectable else { return [] }
        switch (key.key, key.modifiers) {
        case (.escape, []): return clearSelection()
        case (.character("a"), .control): return selectAll()
        case (.up, let modifiers), (.down, let modifiers):
            // To the line above or below (in vertical text, along the column).
            let direction: VisualDirection = key.key == .up ? .up : .down
            switch modifiers {
            case .shift: return moveFocusPosition(extending: true) { $0.position(movedVisually: direction, from: $1) }
            case []: return moveFocusPosition(extending: false) { $0.position(movedVisually: direction, from: $1) }
            default: return []
            }
        case (.left, let modifiers), (.right, let modifiers):
            let direction: VisualDirection = key.key == .left ? .left : .right
            if layout.writingMode.isVertical {
                // In vertical text Left and Right go to the next and the previous column.
                switch modifiers {
                case .shift:
                    return moveFocusPosition(extending: true) { $0.position(movedVisually: direction, from: $1) }
                case []:
                    return moveFocusPosition(extending: false) { $0.position(movedVisually: direction, from: $1) }
                default: return []
                }
            }
            switch modifiers {
            case .shift: return moveFocusPosition(extending: true) { $0.position(movedVisually: direction, from: $1) }
            case []: return collapseSelection(towards: direction)
            case [.control, .shift], .control:
                let words = words()
                return moveFocusPosition(extending: modifiers.contains(.shift)) { layout, position in
                    Self.position(byWord: direction, from: position, words: words, in: layout)
                }
            default: return []
            }
        case (.home, let modifiers), (.end, let modifiers):
            guard modifiers == .shift || modifiers == [] else { return [] }
            let atEnd = key.key == .end
            return moveFocusPosition(extending: modifiers == .shift) { $0.lineBoundary(of: $1, atEnd: atEnd) }
        default:
            return []
        }
    }

    /// Gives the keyboard focus to link `index` of ``/LabelKitLayout/TextLayout/links`` (nil takes it away, as when
    /// another widget takes the focus); reports the change.
    public mutating func focus(link index: Int?) -> [InteractionEvent] {
        let hit = index.flatMap { focusableLinks.contains($0) ? linkHit($0) : nil }
        guard hit != focusedLink else { return [] }
        focusedLink = hit
        return [.focusedLinkChanged(hit)]
    }

    /// The indices of the links Tab stops at, in logical order: enabled links with something on screen.
    public var focusableLinks: [Int] {
        layout.links.indices.filter { !disabledLinks.contains($0) && !layout.rects(forLink: $0).isEmpty }
    }

    // MARK: Focus

    private mutating func moveFocus(_ direction: FocusDirection) -> [InteractionEvent] {
        let order = focusableLinks
        var next: Int? = nil
        if let current = focusedLink?.index {
            if let position = order.firstIndex(of: current) {
                let step = direction == .forward ? position + 1 : position - 1
                next = order.indices.contains(step) ? order[step] : nil
            }
        } else {
            next = direction == .forward ? order.first : order.last
        }
        if let next { return focus(link: next) }
        return focus(link: nil) + [.focusLeaves(direction)]
    }

    private func linkHit(_ index: Int) -> LinkHit {
        LinkHit(index: index, link: layout.links[index], rects: layout.rects(forLink: index), distance: 0)
    }

    // MARK: Menu and copy

    private func contextMenu() -> [InteractionEvent] {
        let selected = selection?.range
        let anchor: CGRect
        if let hit = focusedLink, let first = hit.rects.first {
            anchor = first.rect
        } else if let range = selected, let first = layout.selectionRects(for: range).first {
            anchor = first.rect
        } else {
            anchor = layout.bounds
        }
        let menu = CopyMenu(
            link: focusedLink?.link, location: CGPoint(x: anchor.midX, y: anchor.midY), copyEnabled: copyEnabled,
            selectable: isSelectable, selection: selected)
        return menu.isEmpty ? [] : [.menu(menu, anchor: anchor)]
    }

    private func copySelection() -> [InteractionEvent] {
        guard copyEnabled, let text = selectedText else { return [] }
        return [.copy(text)]
    }

    // MARK: Caret motion

    /// Moves the selection's focus to `move(layout, focus)`, keeping the anchor when `extending`, else leaving a
    /// caret there. Without a caret yet, motion starts at the focused link or at the end of the text it moves away
    /// from.
    private mutating func moveFocusPosition(
        extending: Bool, _ move: (TextLayout, TextPosition) -> TextPosition
    ) -> [InteractionEvent] {
        let start = caret ?? startingCaret()
        let focus = move(layout, start.focus)
        return setSelection(
            extending ? TextSelection(anchor: start.anchor, focus: focus) : TextSelection(caretAt: focus))
    }

    /// Left or Right without shift: the caret goes to that side of the selection, which is cleared.
    private mutating func collapseSelection(towards direction: VisualDirection) -> [InteractionEvent] {
        guard let selected = selection else {
            return moveFocusPosition(extending: false) { $0.position(movedVisually: direction, from: $1) }
        }
        let range = selected.range
        let forward = (direction == .right) != Self.isRightToLeft(at: selected.focus, in: layout)
        let index = forward ? range.upperBound : range.lowerBound
        return setSelection(
            TextSelection(caretAt: TextPosition(index: index, affinity: forward ? .upstream : .downstream)))
    }

    /// The next word's end or the previous word's start in the direction `direction` means on the position's line.
    private static func position(
        byWord direction: VisualDirection, from position: TextPosition, words: TextWords, in layout: TextLayout
    ) -> TextPosition {
        let forward = (direction == .right) != isRightToLeft(at: position, in: layout)
        return forward
            ? TextPosition(index: words.wordEnd(after: position.index), affinity: .upstream)
            : TextPosition(index: words.wordStart(before: position.index), affinity: .downstream)
    }

    private static func isRightToLeft(at position: TextPosition, in layout: TextLayout) -> Bool {
        guard let line = layout.lineIndex(for: position) else { return false }
        return layout.lines[line].paragraphLevel & 1 == 1
    }

    /// Where keyboard selection starts without a caret: at the focused link's start, else at the text's.
    private func startingCaret() -> TextSelection {
        let index = focusedLink.flatMap { $0.link.isInTruncationToken ? nil : $0.link.range.lowerBound } ?? 0
        return TextSelection(caretAt: TextPosition(index: index))
    }
}

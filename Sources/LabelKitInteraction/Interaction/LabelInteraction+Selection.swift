import Foundation
import LabelKitLayout

extension LabelInteraction {
    /// The selected text's positions, or nil when nothing is selected.
    ///
    /// ```swift
    /// interaction.selection?.range                                   // 9..<13
    /// interaction.selection.map { layout.selectionRects(for: $0.range) }   // what to highlight
    /// ```
    public var selection: TextSelection? {
        guard let caret, !caret.isCollapsed else { return nil }
        return caret
    }

    /// Where the caret is: a selectable label keeps one where it was last clicked or where keyboard motion left it,
    /// even with nothing selected (shift+click and shift+arrows extend from it). Nil before any.
    public var caretPosition: TextPosition? { caret?.focus }

    /// The selected text, whole grapheme clusters (what ctrl+C copies), or nil when nothing is selected.
    public var selectedText: String? {
        selection.map { layout.plainText(in: $0.range) }
    }

    /// Selects the whole text (ctrl+A, the menu's Select All); nothing happens unless the label is selectable.
    public mutating func selectAll() -> [InteractionEvent] {
        guard isSelectable else { return [] }
        return setSelection(TextSelection(range: 0..<layout.utf16Count))
    }

    /// Selects `range` (UTF-16, clamped to the text); an empty range clears the selection. Nothing happens unless
    /// the label is selectable.
    public mutating func select(_ range: Range<Int>) -> [InteractionEvent] {
        guard isSelectable else { return [] }
        let count = layout.utf16Count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        return setSelection(TextSelection(range: lower..<upper))
    }

    /// Clears the selection (Escape, a click elsewhere in the window), keeping a caret where its focus was.
    public mutating func clearSelection() -> [InteractionEvent] {
        guard let caret else { return [] }
        return setSelection(TextSelection(caretAt: caret.focus))
    }

    // MARK: Internals

    /// Replaces the selection; reports it when the selected range changed. A change of the focus's affinity alone
    /// (the same range, the caret on the other side of a soft line break) is not an event: the range, its text
    /// and its rects are what a view redraws and a client reads.
    mutating func setSelection(_ newValue: TextSelection?) -> [InteractionEvent] {
        let before = selection?.range
        caret = newValue
        let after = selection
        return before == after?.range ? [] : [.selectionChanged(after)]
    }

    /// A selectable label's press: shift+click extends the selection and a double (triple) click selects a word (a
    /// paragraph), both returning the press that drags on; a single click leaves a caret and returns nil, for the
    /// press to be tracked as a tap, a long press or the start of a drag.
    mutating func beginSelecting(
        at location: CGPoint, time: Double, modifiers: KeyModifiers, events: inout [InteractionEvent]
    ) -> Press? {
        let count = clickCount(at: location, time: time)
        if modifiers.contains(.shift), var extended = caret {
            extended.focus = layout.position(at: location)
            events += setSelection(extended)
            return Press(target: .text, location: location, startTime: time, stage: .selecting)
        }
        let granularity = granularity(forClickCount: count)
        guard granularity != .character else {
            events += setSelection(TextSelection(caretAt: layout.position(at: location)))
            return nil
        }
        let unit = granularity == .word ? wordRange(at: location) : paragraphRange(at: location)
        events += setSelection(TextSelection(range: unit))
        return Press(
            target: .text, location: location, startTime: time, stage: .selecting, granularity: granularity,
            initialUnit: unit)
    }

    /// Moves the selection's focus under the pointer: by clusters, or by whole words or paragraphs after a multiple
    /// click, always keeping the unit the press began on.
    mutating func dragSelection(to location: CGPoint, press: Press) -> [InteractionEvent] {
        guard let initial = press.initialUnit, press.granularity != .character else {
            guard var dragged = caret else { return [] }
            dragged.focus = layout.position(at: location)
            return setSelection(dragged)
        }
        let unit = press.granularity == .word ? wordRange(at: location) : paragraphRange(at: location)
        if unit.lowerBound < initial.lowerBound {
            return setSelection(
                TextSelection(
                    anchor: TextPosition(index: initial.upperBound, affinity: .upstream),
                    focus: TextPosition(index: unit.lowerBound, affinity: .downstream)))
        }
        return setSelection(
            TextSelection(
                anchor: TextPosition(index: initial.lowerBound, affinity: .downstream),
                focus: TextPosition(index: max(unit.upperBound, initial.upperBound), affinity: .upstream)))
    }

    /// A long press on a selectable label: the word under the finger is selected and the menu opens with Copy and
    /// Select All (and, on a link, its preview with Copy Link and Open Link).
    mutating func longPressSelectingWord(_ current: Press) -> [InteractionEvent] {
        var events = clearPressedLink()
        events += setSelection(TextSelection(range: wordRange(at: current.location)))
        switch current.target {
        case .link(let hit):
            let menu = CopyMenu(
                link: hit.link, location: current.location, copyEnabled: copyEnabled, selectable: true,
                selection: selection?.range)
            events.append(.longPress(PreviewContext(hit: hit, location: current.location), menu: menu))
        case .token, .text:
            let menu = CopyMenu(
                link: nil, location: current.location, copyEnabled: copyEnabled, selectable: true,
                selection: selection?.range)
            events.append(.longPressOnText(menu))
        }
        return events
    }

    /// Counts this press as the next of a double or triple click when it comes soon enough and near enough.
    private mutating func clickCount(at location: CGPoint, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time <= settings.multipleClickInterval,
            Self.distance(last.location, location) <= settings.multipleClickDistance
        {
            count = last.count + 1
        }
        lastClick = Click(time: time, location: location, count: count)
        return count
    }

    private func granularity(forClickCount count: Int) -> Granularity {
        let paragraphCount = settings.paragraphSelectionClickCount
        let wordCount = settings.wordSelectionClickCount
        if paragraphCount > 1, count >= paragraphCount { return .paragraph }
        if wordCount > 1, count >= wordCount { return .word }
        return .character
    }

    /// The text's words, analysed once per interaction.
    mutating func words() -> TextWords {
        if let cachedWords { return cachedWords }
        let words = layout.words()
        cachedWords = words
        return words
    }

    /// The word (or the run of spaces or the punctuation) under `location`: the cluster hit, else the one before the
    /// nearest caret position.
    mutating func wordRange(at location: CGPoint) -> Range<Int> {
        let index = textIndex(at: location)
        return words().segment(containing: index)?.range ?? index..<index
    }

    private func paragraphRange(at location: CGPoint) -> Range<Int> {
        layout.paragraphRange(containing: textIndex(at: location))
    }

    /// The code unit under `location`: the start of the cluster hit, or, off the text, of the cluster beside the
    /// nearest caret position.
    private func textIndex(at location: CGPoint) -> Int {
        if let hit = layout.character(at: location), !hit.isInTruncationToken { return hit.index }
        let position = layout.position(at: location)
        return position.affinity == .upstream ? layout.clusterBoundary(before: position.index) : position.index
    }
}

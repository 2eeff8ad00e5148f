import LabelKitLayout

/// A selection of text: two caret positions, the ``anchor`` where it began and the ``focus`` that moves, in the text's
/// logical order (parley's and the web's model).
///
/// The selected text is what lies between the two positions in the text, whichever comes first; on screen a selection
/// that crosses a change of writing direction may cover several separate stretches of a line
/// (``/LabelKitLayout/TextLayout/selectionRects(for:)`` draws them). Positions are on grapheme-cluster boundaries, so a
/// selection never holds half a cluster.
///
/// ```swift
/// let selection = TextSelection(anchor: TextPosition(index: 13), focus: TextPosition(index: 9))
/// selection.range          // 9..<13
/// selection.isCollapsed    // false
/// ```
public struct TextSelection: Sendable, Hashable {
    /// Where the selection began: it stays while the focus moves.
    public var anchor: TextPosition
    /// The end that moves: under the pointer while dragging, with the caret while extending by keyboard.
    public var focus: TextPosition

    /// Creates a selection from `anchor` to `focus`.
    public init(anchor: TextPosition, focus: TextPosition) {
        self.anchor = anchor
        self.focus = focus
    }

    /// A selection of `range`: anchored at its start, its focus at its end.
    public init(range: Range<Int>) {
        self.init(
            anchor: TextPosition(index: range.lowerBound, affinity: .downstream),
            focus: TextPosition(index: range.upperBound, affinity: .upstream))
    }

    /// A collapsed selection (a caret) at `position`.
    public init(caretAt position: TextPosition) {
        self.init(anchor: position, focus: position)
    }

    /// The selected UTF-16 range, from the earlier position to the later.
    public var range: Range<Int> {
        min(anchor.index, focus.index)..<max(anchor.index, focus.index)
    }

    /// Whether nothing is selected: the anchor and the focus are at the same offset.
    public var isCollapsed: Bool { anchor.index == focus.index }
}

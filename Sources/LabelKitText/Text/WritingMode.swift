/// The direction lines run in, and the direction they follow one another in.
///
/// Horizontal text is set in lines that run left to right (or right to left) and follow one another downwards.
/// Vertical text (Japanese and Chinese 縦書き) is set in columns that run top to bottom and follow one another from
/// right to left, as CSS `writing-mode: vertical-rl`.
///
/// Every query of a ``TextContainer``'s layout answers in the same coordinates in both modes (origin at the top left
/// of the label, y down). In vertical text a line of the layout is a column: the container's `height` is the length
/// columns wrap at, `maximumNumberOfLines` counts columns, and the measured height is the longest column.
///
/// ```swift
/// let container = TextContainer(height: 200, writingMode: .verticalRightToLeft)
/// ```
public enum WritingMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Lines left to right (or right to left), stacked top to bottom (the default).
    case horizontalTopToBottom
    /// Columns top to bottom, placed right to left.
    case verticalRightToLeft

    /// Whether lines are columns.
    public var isVertical: Bool { self == .verticalRightToLeft }
}

/// How the characters of vertical text stand in their column, as CSS `text-orientation`.
///
/// The choice is made per character from its Unicode `Vertical_Orientation` property (UAX #50). Horizontal text
/// ignores it.
public enum TextOrientation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Han, kana, Hangul, fullwidth forms and emoji upright; Latin, digits and the other horizontal scripts turned
    /// 90° clockwise (the default). Characters whose property is `Tu` or `Tr` (such as 。, 「 and ー) stand upright in
    /// the font's vertical form.
    case mixed
    /// Every character upright, one below the other.
    case upright
}

/// Whether a short run is set across a vertical column (tate-chu-yoko, CSS `text-combine-upright`).
///
/// A combined run is laid out horizontally and takes one column cell: one em along the column. When it is wider than
/// the em, it is compressed to fit. Horizontal text ignores it.
///
/// ```swift
/// var date = AttributedString("2024年10月1日")
/// date.labelKit.combineUpright = .digits(2)   // 10 and 1 across the column; 2024 turned
/// ```
public enum CombineUpright: Sendable, Hashable, Codable {
    /// No combining (the default).
    case none
    /// The whole run in one cell.
    case all
    /// Every run of at most this many ASCII digits (0–9) in one cell, as CSS `digits 2`; longer runs of digits are
    /// set as usual.
    case digits(Int)
}

/// A tab stop of a paragraph: where a tab character moves the text after it, and how that text lines up there, as
/// `NSTextTab` and Pango's `PangoTabArray`.
///
/// A tab advances to the first stop past the pen; past the last stop, to the next multiple of the paragraph's
/// ``ParagraphStyle/defaultTabInterval``. Locations are distances from the paragraph's leading edge (the left in a
/// left-to-right paragraph, the right in a right-to-left one), after the head indent.
///
/// ```swift
/// var paragraph = ParagraphStyle()
/// paragraph.tabStops = [TabStop(200, alignment: .right), TabStop(300, alignment: .decimal)]
/// // "Coffee\t2\t3.50": "2" ends at x = 200, the "." of "3.50" is centred on x = 300
/// ```
public struct TabStop: Sendable, Hashable, Codable {
    /// How the text after a tab lines up on its stop: the text up to the next tab or the line's end.
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text starts at the stop (ends there in a right-to-left paragraph).
        case left
        /// The text ends at the stop (starts there in a right-to-left paragraph).
        case right
        /// The text is centred on the stop.
        case center
        /// The text's first decimal separator is centred on the stop, as Pango does; text without one ends at the
        /// stop. The separator is the text's language's (`,` in German, French and the like; `.` by default).
        case decimal
    }

    /// The distance from the paragraph's leading edge, in points, a finite number ≥ 0.
    public var location: Double
    /// How the text after the tab lines up on the stop.
    public var alignment: Alignment

    /// Creates a stop at `location` points from the leading edge.
    public init(_ location: Double, alignment: Alignment = .left) {
        self.location = location
        self.alignment = alignment
    }
}

import LabelKitText

/// A line with its pieces in visual order, before positioning.
struct PlannedLine {
    var record: LineRecord
    var pieces: Range<Int>
    var width: Double
    var isTruncated: Bool
    var justifiableGaps: Int
    var justifiesAtSpaces: Bool
    var level: UInt8
    var alignment: TextAlignment
    var isParagraphEnd: Bool
    /// The paragraph's indent at the line's leading edge (its first-line indent on its first line) and at its
    /// trailing edge, in points.
    var headIndent: Double
    var tailIndent: Double
}

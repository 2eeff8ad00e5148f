import LabelKitText

/// A line as positioning makes it: the broken line, its pieces in visual order and its width, and — in a layout —
/// where it is placed in the container and how justification stretches it. Assembly writes it into a
/// ``TextLayout``'s storage (``LineData``).
struct PositionedLine {
    var broken: BrokenLine
    /// The line's pieces in ``LinePositioner/pieces``, in visual order.
    var pieces: Range<Int>
    /// The width of what the line shows (its pieces, a drawn hyphen included).
    var width: Double
    var isTruncated: Bool
    /// The gaps justification stretches (0 on a line it never stretches), and which they are.
    var justifiableGaps: Int
    var justification: JustificationGaps
    var level: UInt8
    var alignment: TextAlignment
    var isParagraphEnd: Bool
    /// The paragraph's indent at the line's leading edge (its first-line indent on its first line) and at its
    /// trailing edge, in points.
    var headIndent: Double
    var tailIndent: Double

    // Where the line is placed (``LinePositioner/place(in:text:)``; layouts only).
    /// The x coordinate of the line's content, alignment and indents included.
    var x = 0.0
    /// The y coordinate of the line's top.
    var top = 0.0
    /// Extra space per justification opportunity.
    var justificationExtra = 0.0
    /// Top and bottom of the line's hit band: half of the space to each neighbour belongs to this line.
    var hitTop = 0.0
    var hitBottom = 0.0

    init(
        broken: BrokenLine, pieces: Range<Int>, width: Double, isTruncated: Bool, justifiableGaps: Int,
        justification: JustificationGaps, level: UInt8, alignment: TextAlignment, isParagraphEnd: Bool,
        headIndent: Double,
        tailIndent: Double
    ) {
        (self.broken, self.pieces, self.width, self.isTruncated) = (broken, pieces, width, isTruncated)
        (self.justifiableGaps, self.justification, self.level) = (justifiableGaps, justification, level)
        (self.alignment, self.isParagraphEnd) = (alignment, isParagraphEnd)
        (self.headIndent, self.tailIndent) = (headIndent, tailIndent)
    }

    /// The y coordinate of the line's baseline.
    var baseline: Double { top + broken.extraAbove + broken.ascent }
}

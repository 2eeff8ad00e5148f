/// A piece of a line's text in logical order: a range of the text, or of the truncation token.
struct LineSegment {
    var isInTruncationToken: Bool
    var range: Range<Int>
}

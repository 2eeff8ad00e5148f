/// A piece of a truncated line's text in logical order, as fitting cuts it: a range of the text, or of the truncation
/// token.
struct LineSegment {
    var isInTruncationToken: Bool
    var range: Range<Int>
}

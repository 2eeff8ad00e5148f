/// What fitting hands to positioning: the lines shown, at the scale the text was shrunk to, and — when the limits cut
/// the text and a token replaces what is cut — the truncated last line's segments.
struct FittedLines {
    var lines: [BrokenLine]
    /// The last line's text when it is truncated with a token: what is kept of the text, and the token, in logical
    /// order; nil when the last line shows its own text (not truncated, or clipped).
    var truncatedSegments: [LineSegment]?
    /// Whether the limits cut the text.
    var isTruncated: Bool
    /// The scale the text was shrunk to (1 when it was not).
    var scale: Double
}

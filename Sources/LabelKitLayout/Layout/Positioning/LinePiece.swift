/// A piece of a line in visual order: part of one item of the text or of the token.
struct LinePiece {
    var isInTruncationToken: Bool
    var itemIndex: Int
    var range: Range<Int>
    var level: UInt8
    var width: Double
    /// The piece's glyphs in its pass's glyph buffer.
    var glyphs: Range<Int>
    /// The number of grapheme clusters in the piece.
    var graphemes: Int
}

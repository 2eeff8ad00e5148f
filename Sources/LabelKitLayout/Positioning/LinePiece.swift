/// A piece of a line in visual order: part of one item of the text or of the token.
struct LinePiece {
    var isInTruncationToken: Bool
    var itemIndex: Int
    var range: Range<Int>
    var level: UInt8
    var width: Double
    /// The piece's glyphs in its shaped text's glyphs.
    var glyphs: Range<Int>
    /// The number of grapheme clusters in the piece.
    var graphemes: Int
    /// The hyphen drawn after the piece's last cluster (whose box widens by it), when its line ends in a hyphen; its
    /// advance is in ``width``.
    var hyphen: LineHyphen? = nil
}

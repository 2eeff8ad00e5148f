/// The stored form of one positioned glyph of a ``TextLayout``, read through ``PositionedGlyph`` (12 bytes).
///
/// A glyph keeps its pen position, not its advance: the advance is the distance to the next glyph's pen position
/// (for a run's last glyph, to the run's end), so nothing stored twice can disagree. The offsets HarfBuzz gives
/// marks and the like are rare and live apart, in ``TextLayout/glyphOffsets``.
package struct GlyphData: Sendable, Hashable {
    /// The glyph identifier in its run's face.
    package var id: UInt32
    /// The x coordinate of the glyph's pen position, in the label's coordinates (its origin is this plus its offset).
    package var pen: Float
    /// The UTF-16 offset of the first code unit of the glyph's cluster (in the truncation token for its runs).
    package var cluster: Int32

    package init(id: UInt32, pen: Float, cluster: Int32) {
        self.id = id
        self.pen = pen
        self.cluster = cluster
    }
}

/// The offset of a glyph from its pen position and its baseline (y down), for the few glyphs that have one (12 bytes).
package struct GlyphOffset: Sendable, Hashable {
    /// The glyph's index in ``TextLayout/glyphData``.
    package var glyphIndex: Int32
    package var x: Float
    package var y: Float
}

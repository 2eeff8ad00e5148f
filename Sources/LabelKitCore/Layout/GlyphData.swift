/// The stored form of one positioned glyph of a ``TextLayout``, read through ``PositionedGlyph`` (20 bytes).
package struct GlyphData: Sendable, Hashable {
    /// The glyph identifier in its run's face.
    package var id: UInt32
    /// The x coordinate of the glyph's origin, in the label's coordinates.
    package var x: Float
    /// The glyph's vertical offset from its line's baseline, y down.
    package var baselineOffset: Float
    /// The distance from this glyph's pen position to the next one's, justification included.
    package var advance: Float
    /// The UTF-16 offset of the first code unit of the glyph's cluster (in the truncation token for its runs).
    package var cluster: Int32

    package init(id: UInt32, x: Float, baselineOffset: Float, advance: Float, cluster: Int32) {
        self.id = id
        self.x = x
        self.baselineOffset = baselineOffset
        self.advance = advance
        self.cluster = cluster
    }
}

import Foundation

/// A glyph with its position in line coordinates (the label's coordinate space in horizontal text; see
/// ``TextLayout/labelPoint(fromLinePoint:)``): an element of ``GlyphRun/glyphs``.
///
/// ```swift
/// for glyph in run.glyphs where glyph.glyphID != ShapedGlyphBuffer.invisibleGlyph {
///     cairoGlyphs.append(cairo_glyph_t(index: UInt(glyph.glyphID), x: glyph.x, y: glyph.y))
/// }
/// ```
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph identifier in its run's face; ``ShapedGlyphBuffer/invisibleGlyph`` for a tab or control character,
    /// which takes space but draws nothing.
    public let glyphID: UInt32
    /// The x coordinate of the glyph's origin (x right).
    public let x: Double
    /// The y coordinate of the glyph's origin: the baseline, moved by the glyph's own offset (y down).
    public let y: Double
    /// The distance from this glyph's pen position to the next glyph's, justification included.
    public let advance: Double
    /// The UTF-16 offset of the first code unit of the glyph's cluster: in the text, or in the truncation token when
    /// the run is ``GlyphRun/isInTruncationToken``. The glyphs of a ligature share their cluster's offset.
    public let clusterOffset: Int

    /// Creates a glyph.
    public init(glyphID: UInt32, x: Double, y: Double, advance: Double, clusterOffset: Int) {
        self.glyphID = glyphID
        self.x = x
        self.y = y
        self.advance = advance
        self.clusterOffset = clusterOffset
    }

    /// The origin of the glyph on the baseline (x right, y down).
    public var position: CGPoint { CGPoint(x: x, y: y) }
}

/// How a run's glyphs stand in their line.
///
/// In horizontal text every run is ``horizontal``. In vertical text a run is ``upright`` (Han, kana and the other
/// characters UAX #50 sets upright, shaped top to bottom), ``sideways`` (Latin, digits and the other horizontal
/// scripts, shaped horizontally and turned 90° clockwise) or ``combinedUpright`` (tate-chu-yoko: shaped
/// horizontally and set across one cell of the column, compressed by ``GlyphRun/combinedScale`` when wider).
///
/// Glyph positions are in line coordinates in every case (see ``TextLayout/labelPoint(fromLinePoint:)``); a renderer
/// draws ``horizontal`` and ``sideways`` glyphs in line coordinates, and turns ``upright`` and ``combinedUpright``
/// glyphs back a quarter turn about their origin, so that they stand upright on the screen.
public enum GlyphOrientation: UInt8, Sendable, Hashable, CaseIterable {
    /// Horizontal text.
    case horizontal
    /// Upright in a vertical column.
    case upright
    /// Turned 90° clockwise in a vertical column.
    case sideways
    /// Set horizontally across a vertical column (tate-chu-yoko).
    case combinedUpright

    /// Whether the glyphs stand upright on the screen in vertical text (drawn turned back from line coordinates).
    public var standsUpright: Bool { self == .upright || self == .combinedUpright }

    /// Whether the run is shaped top to bottom (``ShapingOptions/vertical``): upright text in a column.
    var shapesTopToBottom: Bool { self == .upright }
}

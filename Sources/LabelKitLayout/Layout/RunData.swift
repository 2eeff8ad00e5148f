/// The stored form of one glyph run of a ``TextLayout``, read through ``GlyphRun`` (48 bytes).
///
/// The face, style and metrics live once per layout and a run stores their indices; its top, height and baseline
/// are its line's.
package struct RunData: Sendable, Hashable {
    /// The left edge of the run's box.
    package var x: Double
    /// The run's advance, justification included.
    package var width: Double
    /// The first of the run's glyphs in ``TextLayout/glyphData``; they end where the next run's begin.
    package var glyphStart: Int32
    /// The first of the run's cluster boxes in ``TextLayout/clusterBoxes``; they end where the next run's begin on
    /// the same line, or where the line's boxes end.
    package var clusterStart: Int32
    /// The run's text: `textStart..<textEnd`, UTF-16 offsets in the text or in the truncation token.
    package var textStart: Int32
    package var textEnd: Int32
    /// The index of the run's line.
    package var lineIndex: Int32
    /// The index of the run's style in ``TextLayout/styles``.
    package var styleIndex: UInt32
    /// The index of the run's metrics in ``TextLayout/metrics``.
    package var metricsIndex: UInt32
    /// The index of the run's face in ``TextLayout/faces``.
    package var faceIndex: UInt16
    /// The bidi level; odd is right to left.
    package var bidiLevel: UInt8
    /// Whether the run is part of the truncation token.
    package var isInTruncationToken: Bool
    /// How the run's glyphs stand (vertical text).
    package var orientation: GlyphOrientation = .horizontal
    /// The horizontal compression of a combined-upright run.
    package var combinedScale: Float = 1
}

/// The stored form of one glyph run of a ``TextLayout``, read through ``GlyphRun`` (56 bytes).
///
/// The face, style and metrics live once per layout and a run stores their indices; its top, height and baseline
/// are its line's.
package struct RunData: Sendable, Hashable {
    /// The left edge of the run's box.
    package var x: Double
    /// The run's advance, justification included.
    package var width: Double
    /// The run's glyphs in ``TextLayout/glyphData``: `glyphStart..<glyphEnd`.
    package var glyphStart: Int32
    package var glyphEnd: Int32
    /// The run's cluster boxes in ``TextLayout/clusterBoxes``: `clusterStart..<clusterEnd`.
    package var clusterStart: Int32
    package var clusterEnd: Int32
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
}

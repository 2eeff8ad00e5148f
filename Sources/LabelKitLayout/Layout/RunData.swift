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
    /// Whether the run is part of the truncation token (bit 0) and how its glyphs stand (the
    /// ``GlyphOrientation`` raw value, bits 1 and 2).
    private var flags: UInt8

    package init(
        x: Double, width: Double, glyphStart: Int32, clusterStart: Int32, textStart: Int32, textEnd: Int32,
        lineIndex: Int32, styleIndex: UInt32, metricsIndex: UInt32, faceIndex: UInt16, bidiLevel: UInt8,
        isInTruncationToken: Bool, orientation: GlyphOrientation = .horizontal
    ) {
        (self.x, self.width, self.glyphStart, self.clusterStart) = (x, width, glyphStart, clusterStart)
        (self.textStart, self.textEnd, self.lineIndex) = (textStart, textEnd, lineIndex)
        (self.styleIndex, self.metricsIndex, self.faceIndex, self.bidiLevel) =
            (styleIndex, metricsIndex, faceIndex, bidiLevel)
        flags = (isInTruncationToken ? 1 : 0) | orientation.rawValue << 1
    }

    /// Whether the run is part of the truncation token.
    package var isInTruncationToken: Bool { flags & 1 != 0 }
    /// How the run's glyphs stand (vertical text).
    package var orientation: GlyphOrientation { GlyphOrientation(rawValue: flags >> 1 & 3) ?? .horizontal }
}

/// The horizontal compression of one combined-upright run narrowed to fit its cell, kept beside the runs (few runs
/// have one, and ``RunData`` stays 48 bytes).
package struct CombinedScale: Sendable, Hashable {
    package var runIndex: Int32
    package var scale: Float
}

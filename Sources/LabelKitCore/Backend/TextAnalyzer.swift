/// Segments text: grapheme clusters, line-break opportunities, emoji presentation and bidi levels.
///
/// LabelKit's typesetter talks to segmentation only through this protocol, so the core can be tested without ICU.
/// The Linux implementation (in the `LabelKit` module) uses ICU.
public protocol TextAnalyzer: Sendable {
    /// Writes one ``TextBoundaryFlags`` per offset of `text` into `flags`.
    ///
    /// `flags` is cleared first and has `text.count + 1` elements afterwards. Offset 0 and offset `text.count` are
    /// grapheme boundaries; offset 0 is never a line-break opportunity; offset `text.count` is one.
    func analyzeBoundaries(of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags])

    /// Writes the bidi embedding level of every code unit of `paragraph` into `levels` and returns the
    /// paragraph's base level (0 for left to right, 1 for right to left).
    ///
    /// `levels` is cleared first and has `paragraph.count` elements afterwards. `text` is the whole text so that the
    /// analyzer may use context; `paragraph` holds no paragraph separator except possibly at its end.
    /// `baseDirection` nil means "from the first strong character, left to right if there is none" (UAX #9 P2–P3).
    func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>,
        paragraph: Range<Int>,
        baseDirection: WritingDirection?,
        into levels: inout [UInt8]
    ) -> UInt8
}

import LabelKitText

/// Segments text: grapheme clusters, line-break opportunities, emoji presentation, bidi levels and words.
///
/// LabelKit's typesetter talks to segmentation only through this protocol, so the core can be tested without ICU.
/// The Linux implementation (in the `LabelKit` module) uses ICU. Word segments are not part of laying out: a layout
/// asks for them only when a selection needs them (a double click, word-wise caret motion).
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

    /// Writes the word segments of `text` into `segments`: consecutive ranges covering the whole text in order,
    /// each a word or the stretch between two words, cut only at grapheme-cluster boundaries.
    ///
    /// `segments` is cleared first; an empty text has no segments. Analyzers that do not implement it get a simple
    /// segmentation by character properties (``TextAnalyzer/wordSegments(of:into:)``'s default); the ICU analyzer
    /// uses ICU's word break iterator, with its dictionaries for Chinese, Japanese, Thai and other scripts written
    /// without spaces.
    func wordSegments(of text: UnsafeBufferPointer<UInt16>, into segments: inout [WordSegment])

    /// ``analyzeBoundaries(of:into:)`` with scratch space the analyzer may keep from one call to the next (see
    /// ``AnalysisScratch``): what the typesetter calls. By default the scratch is not used.
    func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch)

    /// ``analyzeBoundaries(of:into:scratch:)`` that may leave ``TextBoundaryFlags/betweenLetters`` unmarked unless
    /// `marksLetterPairs`: what the typesetter calls, asking for that flag only for a text with a paragraph that
    /// keeps words whole (``/LabelKitText/WordBreak/keepAll``). By default it marks what
    /// ``analyzeBoundaries(of:into:scratch:)`` marks.
    func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch,
        marksLetterPairs: Bool)

    /// ``bidiLevels(of:paragraph:baseDirection:into:)`` with scratch space the analyzer may keep from one call to the
    /// next (see ``AnalysisScratch``): what the typesetter calls. By default the scratch is not used.
    func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
        into levels: inout [UInt8], scratch: inout AnalysisScratch
    ) -> UInt8
}

extension TextAnalyzer {
    /// Analyzes without the scratch: ``analyzeBoundaries(of:into:)``.
    public func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch
    ) {
        analyzeBoundaries(of: text, into: &flags)
    }

    /// Analyzes as ``analyzeBoundaries(of:into:scratch:)`` does, letter pairs or not.
    public func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch,
        marksLetterPairs: Bool
    ) {
        analyzeBoundaries(of: text, into: &flags, scratch: &scratch)
    }

    /// Resolves the levels without the scratch: ``bidiLevels(of:paragraph:baseDirection:into:)``.
    public func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
        into levels: inout [UInt8], scratch: inout AnalysisScratch
    ) -> UInt8 {
        bidiLevels(of: text, paragraph: paragraph, baseDirection: baseDirection, into: &levels)
    }
}

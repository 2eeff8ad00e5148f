/// Flags for one UTF-16 offset of a text, produced by a ``TextAnalyzer``.
///
/// A text of `n` code units has `n + 1` offsets; the flags at offset `i` describe the boundary *before* code unit `i`
/// (offset `n` is the end of the text).
///
/// ```swift
/// flags[0].contains(.graphemeBoundary)   // always true
/// ```
public struct TextBoundaryFlags: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt8
    /// Creates flags from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A grapheme cluster starts here (or the text ends here).
    public static let graphemeBoundary = TextBoundaryFlags(rawValue: 1 << 0)
    /// A line may break before this offset (UAX #14 with the analyzer's tailoring).
    public static let lineBreakOpportunity = TextBoundaryFlags(rawValue: 1 << 1)
    /// A line must break before this offset: the previous character is a hard line break.
    public static let mandatoryBreak = TextBoundaryFlags(rawValue: 1 << 2)
    /// The grapheme cluster starting here should be drawn with emoji presentation (a colour emoji font).
    public static let emojiPresentation = TextBoundaryFlags(rawValue: 1 << 3)
}

/// The base direction of a paragraph.
public enum WritingDirection: String, Sendable, Hashable, Codable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

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

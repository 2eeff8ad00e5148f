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
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A grapheme cluster starts here (or the text ends here).
    @inlinable public static var graphemeBoundary: TextBoundaryFlags { TextBoundaryFlags(rawValue: 1 << 0) }
    /// A line may break before this offset (UAX #14 with the analyzer's tailoring).
    @inlinable public static var lineBreakOpportunity: TextBoundaryFlags { TextBoundaryFlags(rawValue: 1 << 1) }
    /// A line must break before this offset: the previous character is a hard line break.
    @inlinable public static var mandatoryBreak: TextBoundaryFlags { TextBoundaryFlags(rawValue: 1 << 2) }
    /// The grapheme cluster starting here should be drawn with emoji presentation (a colour emoji font).
    @inlinable public static var emojiPresentation: TextBoundaryFlags { TextBoundaryFlags(rawValue: 1 << 3) }
    /// The line-break opportunity here lies between two letters, digits or ideographs (Line_Break AL, AI, NU, ID, CJ,
    /// H2, H3, JL, JV or JT on both sides): ``/LabelKitText/WordBreak/keepAll`` does not break here. Opportunities a
    /// dictionary finds (Thai, Lao, Khmer, Myanmar) never carry it.
    @inlinable public static var betweenLetters: TextBoundaryFlags { TextBoundaryFlags(rawValue: 1 << 4) }
}

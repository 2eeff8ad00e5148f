import CICUShim
import LabelKitLayout
import LabelKitText

/// The Linux ``LabelKitLayout/TextAnalyzer``: grapheme clusters, line-break opportunities, emoji presentation and bidi
/// levels from the system ICU.
///
/// Segmentation follows ICU's root-locale rules (UAX #29 grapheme clusters, UAX #14 line breaking with ICU's
/// tailoring, UAX #9 bidi), so results do not depend on the process's locale. Text made only of ASCII, Latin letters
/// and combining marks, Hebrew, Arabic, Devanagari, Bengali, general punctuation and symbols, CJK punctuation, kana,
/// ideographs, Hangul syllables, fullwidth forms and emoji gets the same line-break opportunities from a table of
/// Line_Break classes and the rules ICU applies, without ICU's line iterator, which cost about a tenth of a label's
/// layout. Grapheme clusters come from UAX #29's rules with ICU's tailoring applied by the shim to ICU's character
/// properties, the same boundaries as ICU's character iterator without it; a paragraph without explicit bidi
/// controls, paired brackets or paragraph separators gets ICU's bidi levels without ICU's bidi object (checked against
/// it in tests). ICU's break iterators and bidi object are not thread-safe and costly to make. The typesetter hands the analyzer the ``LabelKitLayout/AnalysisScratch`` of
/// its context's buffers, where a set lives from one layout to the next without a lock; a call without one borrows a
/// set the analyzer keeps (about one per thread that calls it at once). It is cheap to call from many threads at
/// once. `LabelTypesetter.system` uses ``shared``.
///
/// If ICU cannot be used (its data is missing or memory ran out), the analyzer degrades instead of trapping: every
/// Unicode scalar becomes a grapheme cluster, the end of the text is the only line-break opportunity, and every
/// paragraph is laid out left to right (or right to left when asked).
///
/// ```swift
/// let analyzer = ICUTextAnalyzer.shared
/// let text = Array("Hi 👋🏽\n".utf16)
/// var flags: [TextBoundaryFlags] = []
/// text.withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
/// flags[3].contains(.emojiPresentation)   // true: the waving hand with a skin tone
/// flags[8].contains(.mandatoryBreak)      // true: the end, after the newline
/// ```
public final class ICUTextAnalyzer: TextAnalyzer {
    /// The analyzer every `LabelTypesetter.system` typesetter uses, with the ICU objects of the calls that ran.
    public static let shared = ICUTextAnalyzer()

    /// ICU objects no call is using: each call takes one set for itself and gives it back.
    private let idleScratch = LockedState<[ICUScratch]>([])

    /// Sets of ICU objects kept at most: one per thread analysing at once is enough.
    private static let idleLimit = 16

    /// Where line-break opportunities come from: ICU's line iterator, or the shim's table of Line_Break classes and
    /// its rules (UAX #14 as ICU's root rules implement it), which give the same opportunities without the iterator for
    /// text whose every code point the table covers — ASCII, Latin letters and combining marks, Hebrew, Arabic,
    /// Devanagari, Bengali, general punctuation and symbols, CJK punctuation, kana, ideographs, Hangul syllables,
    /// fullwidth forms, and the assigned emoji with their modifiers, joiners, variation selectors, regional indicators
    /// and tags.
    package enum LineBreakSource: Sendable {
        /// The table for text it covers, ICU's iterator for any other: what ``ICUTextAnalyzer/init()`` does.
        case tableWhereItCovers
        /// ICU's iterator for every text, as before the table: to compare the table with.
        case iterator
        /// The table alone, for tests: a text it does not cover comes out as if ICU were unavailable (every scalar a
        /// cluster, the end its only line-break opportunity).
        case tableOnly

        var shimValue: Int32 {
            switch self {
            case .tableWhereItCovers: Int32(LABELKIT_LINE_BREAKS_FROM_TABLE_WHERE_IT_COVERS)
            case .iterator: Int32(LABELKIT_LINE_BREAKS_FROM_ICU)
            case .tableOnly: Int32(LABELKIT_LINE_BREAKS_FROM_TABLE_ONLY)
            }
        }
    }

    /// Where this analyzer takes line-break opportunities from.
    package let lineBreakSource: LineBreakSource

    /// Where grapheme-cluster boundaries come from: ICU's character iterator, or the shim's own rules (UAX #29 as
    /// ICU's root rules tailor it, over ICU's character properties), which give the same boundaries without it.
    package enum GraphemeSource: Sendable {
        /// The shim's rules, and ICU's iterator for a text with a code point they leave to it: what
        /// ``ICUTextAnalyzer/init()`` does.
        case rulesWhereTheyCover
        /// ICU's iterator for every text, as before the rules: to compare them with.
        case iterator
    }

    /// Where this analyzer takes grapheme-cluster boundaries from.
    package let graphemeSource: GraphemeSource

    /// Creates an analyzer with no ICU objects yet: the first calls make them.
    public init() {
        lineBreakSource = .tableWhereItCovers
        graphemeSource = .rulesWhereTheyCover
    }

    /// An analyzer that takes line-break opportunities from `lineBreakSource` and grapheme-cluster boundaries from
    /// `graphemeSource`: for tests that compare the shim's tables and rules with ICU's iterators.
    package init(lineBreakSource: LineBreakSource, graphemeSource: GraphemeSource = .rulesWhereTheyCover) {
        self.lineBreakSource = lineBreakSource
        self.graphemeSource = graphemeSource
    }

    /// The sources as `labelkit_icu_mark_boundaries` takes them.
    private var shimSources: Int32 {
        let graphemes = graphemeSource == .iterator ? Int32(LABELKIT_GRAPHEMES_FROM_ICU) : 0
        return lineBreakSource.shimValue | graphemes
    }

    /// The ICU objects `scratch` keeps, made and kept there on the first call (or when another analyzer's objects are
    /// there).
    static func icuScratch(in scratch: inout AnalysisScratch) -> ICUScratch {
        if let kept = scratch.storage as? ICUScratch { return kept }
        let made = ICUScratch()
        scratch.storage = made
        return made
    }

    /// Runs `body` with a set of ICU objects of its own (nil when ICU cannot be used), and keeps the set after: for
    /// the calls that come without a scratch of their own.
    func withScratch<Result>(_ body: (OpaquePointer?) -> Result) -> Result {
        let scratch = idleScratch.withLock { $0.popLast() } ?? ICUScratch()
        defer {
            if scratch.handle != nil {
                idleScratch.withLock { idle in
                    if idle.count < Self.idleLimit { idle.append(scratch) }
                }
            }
        }
        return body(scratch.handle)
    }

    /// Writes one ``TextBoundaryFlags`` per offset of `text` into `flags`.
    ///
    /// `flags` is cleared (keeping its capacity) and has `text.count + 1` elements afterwards. Offset 0 is a grapheme
    /// boundary and never a line-break opportunity; offset `text.count` is both. An empty text therefore yields the
    /// single element `[.graphemeBoundary]`. A mandatory break is also reported as a line-break opportunity.
    /// ``TextBoundaryFlags/emojiPresentation`` marks the start of each cluster that should be drawn from a colour
    /// emoji font.
    public func analyzeBoundaries(of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags]) {
        withScratch { analyzeBoundaries(of: text, into: &flags, icu: $0, marksLetterPairs: true) }
    }

    /// ``analyzeBoundaries(of:into:)`` with the ICU objects kept in `scratch` (made there on the first call): what the
    /// typesetter calls, with the scratch of its context's buffers, so that no lock is taken.
    public func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch
    ) {
        analyzeBoundaries(of: text, into: &flags, icu: Self.icuScratch(in: &scratch).handle, marksLetterPairs: true)
    }

    /// ``analyzeBoundaries(of:into:scratch:)`` that marks ``/LabelKitLayout/TextBoundaryFlags/betweenLetters`` only
    /// when `marksLetterPairs` (two Unicode property lookups per opportunity, paid only for keep-all text).
    public func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], scratch: inout AnalysisScratch,
        marksLetterPairs: Bool
    ) {
        analyzeBoundaries(
            of: text, into: &flags, icu: Self.icuScratch(in: &scratch).handle, marksLetterPairs: marksLetterPairs)
    }

    private func analyzeBoundaries(
        of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags], icu: OpaquePointer?,
        marksLetterPairs: Bool
    ) {
        let count = text.count
        flags.removeAll(keepingCapacity: true)
        flags.reserveCapacity(count + 1)
        flags.append(contentsOf: repeatElement(TextBoundaryFlags(), count: count + 1))
        guard let units = text.baseAddress, count > 0 else {
            flags[0] = .graphemeBoundary
            return
        }

        flags.withUnsafeMutableBufferPointer { flagBuffer in
            // TextBoundaryFlags is a single UInt8 stored property: the same layout, so C can write the bytes directly.
            flagBuffer.withMemoryRebound(to: UInt8.self) { bytes in
                guard let flagBytes = bytes.baseAddress else { return }
                let result: Int32
                if let length = Int32(exactly: count) {
                    result = labelkit_icu_mark_boundaries(
                        icu, units, length, flagBytes,
                        TextBoundaryFlags.graphemeBoundary.rawValue,
                        TextBoundaryFlags.lineBreakOpportunity.rawValue,
                        TextBoundaryFlags.mandatoryBreak.rawValue,
                        marksLetterPairs ? TextBoundaryFlags.betweenLetters.rawValue : 0,
                        shimSources
                    )
                } else {
                    result = Int32(LABELKIT_ICU_UNAVAILABLE)   // longer than ICU can index
                }
                if result != LABELKIT_ICU_OK {
                    Self.markScalarBoundariesOnly(units: units, count: count, flags: flagBytes)
                }
            }
            Self.markEmojiPresentation(units: units, count: count, flags: flagBuffer)
        }
    }

    /// Writes the bidi embedding level of every code unit of `paragraph` into `levels` and returns the paragraph's
    /// base level (0 for left to right, 1 for right to left).
    ///
    /// `levels` is cleared (keeping its capacity) and has `paragraph.count` elements afterwards. A paragraph that
    /// contains nothing that could be right to left, and is not asked to be, is all level 0 without consulting ICU.
    /// A `paragraph` range that does not lie inside `text` is clamped to it.
    public func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>,
        paragraph: Range<Int>,
        baseDirection: WritingDirection?,
        into levels: inout [UInt8]
    ) -> UInt8 {
        withScratch {
            bidiLevels(of: text, paragraph: paragraph, baseDirection: baseDirection, into: &levels, icu: $0)
        }
    }

    /// ``bidiLevels(of:paragraph:baseDirection:into:)`` with the ICU objects kept in `scratch` (made there on the first
    /// call): what the typesetter calls, with the scratch of its context's buffers, so that no lock is taken.
    public func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
        into levels: inout [UInt8], scratch: inout AnalysisScratch
    ) -> UInt8 {
        bidiLevels(
            of: text, paragraph: paragraph, baseDirection: baseDirection, into: &levels,
            icu: Self.icuScratch(in: &scratch).handle)
    }

    private func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
        into levels: inout [UInt8], icu: OpaquePointer?
    ) -> UInt8 {
        let paragraph = paragraph.clamped(to: 0..<text.count)
        let count = paragraph.count
        let requestedLevel: UInt8 = baseDirection == .rightToLeft ? 1 : 0
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(0, count: count))
        guard let textStart = text.baseAddress, count > 0 else { return requestedLevel }
        let units = textStart + paragraph.lowerBound

        if baseDirection != .rightToLeft && !Self.mayContainRightToLeft(units: units, count: count) {
            return 0
        }

        let direction: Int32
        switch baseDirection {
        case nil: direction = -1
        case .leftToRight: direction = 0
        case .rightToLeft: direction = 1
        }
        var paragraphLevel: UInt8 = requestedLevel
        let result: Int32 = levels.withUnsafeMutableBufferPointer { levelBuffer in
            guard let levelBytes = levelBuffer.baseAddress, let length = Int32(exactly: count) else {
                return Int32(LABELKIT_ICU_UNAVAILABLE)
            }
            return labelkit_icu_bidi_levels(icu, units, length, direction, levelBytes, &paragraphLevel)
        }
        if result != LABELKIT_ICU_OK {
            for index in 0..<count { levels[index] = requestedLevel }
            return requestedLevel
        }
        return paragraphLevel
    }
}

// MARK: - Fallbacks and fast paths

extension ICUTextAnalyzer {
    /// The degraded result when ICU is unavailable: every scalar is its own cluster and only the end of the text is
    /// a line-break opportunity.
    private static func markScalarBoundariesOnly(
        units: UnsafePointer<UInt16>, count: Int, flags: UnsafeMutablePointer<UInt8>
    ) {
        let grapheme = TextBoundaryFlags.graphemeBoundary.rawValue
        for offset in 0...count {
            let splitsSurrogatePair =
                offset > 0 && offset < count
                && UnicodeCodeUnits.isLeadSurrogate(units[offset - 1])
                && UnicodeCodeUnits.isTrailSurrogate(units[offset])
            flags[offset] = splitsSurrogatePair ? 0 : grapheme
        }
        flags[count] |= TextBoundaryFlags.lineBreakOpportunity.rawValue
    }

    /// Whether any code unit could be right to left: Hebrew, Arabic and the other RTL blocks (U+0590–08FF,
    /// U+FB1D–FDFF, U+FE70–FEFF, and U+10800–10FFF, U+1E800–1EFFF through their lead surrogates), or the right-to-left
    /// mark, embedding, override and isolate (U+200F, U+202B, U+202E, U+2067).
    ///
    /// Left-to-right embeddings, overrides and isolates without any right-to-left character need no ICU either:
    /// ICU itself reports such a paragraph as all at the paragraph level (`UBIDI_LTR`), since the visual order is the
    /// same.
    private static func mayContainRightToLeft(units: UnsafePointer<UInt16>, count: Int) -> Bool {
        // In ascending order, so that a unit is told by the few comparisons up to its own range (the emoji's
        // surrogates, which emoji text is full of, by four).
        for index in 0..<count {
            let unit = units[index]
            if unit < 0x0590 { continue }
            if unit < 0x0900 { return true }
            if unit < 0xD802 {
                if unit &- 0x200F < 0x59, unit == 0x200F || unit == 0x202B || unit == 0x202E || unit == 0x2067 {
                    return true
                }
                continue
            }
            if unit < 0xD83C {
                if unit <= 0xD803 || unit >= 0xD83A { return true }
                continue
            }
            if unit < 0xFB1D { continue }
            if unit <= 0xFDFF || (unit >= 0xFE70 && unit <= 0xFEFF) { return true }
        }
        return false
    }
}

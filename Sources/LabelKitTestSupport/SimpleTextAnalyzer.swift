import LabelKitLayout
import LabelKitText

/// A small, predictable text analyzer for tests, without ICU (the ICU one is tested against Unicode's own test files):
/// - graphemes: every scalar, except that combining marks (U+0300–U+036F), ZWJ and what follows a ZWJ join the
///   previous cluster;
/// - line breaks: after a run of spaces, before and after CJK (U+3040–U+9FFF), except before "。、」";
///   mandatory after "\n" and U+2028;
/// - emoji presentation: scalars at or above U+1F000;
/// - bidi: Hebrew letters (U+05D0–U+05EA) are right to left, everything else takes the paragraph's direction;
/// - words: runs of Latin letters and digits, of Hebrew letters, of kanji, of hiragana or of katakana (a crude stand-in
///   for a dictionary: 利用規約|に|同意), spaces in runs, every other character on its own.
public struct SimpleTextAnalyzer: TextAnalyzer {
    /// Creates the analyzer.
    public init() {}

    /// Grapheme boundaries, line-break opportunities and emoji presentation by the rules above.
    public func analyzeBoundaries(of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags]) {
        flags = Array(repeating: [], count: text.count + 1)
        flags[0] = .graphemeBoundary
        flags[text.count] = [.graphemeBoundary, .lineBreakOpportunity]
        var offset = 0
        var previous: UInt32? = nil
        while offset < text.count {
            let start = offset
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: text, limit: text.count)
            offset += length
            defer { previous = value }
            guard let before = previous else {
                if value >= 0x1F000 { flags[start].insert(.emojiPresentation) }
                continue
            }
            let joins = (0x300...0x36F).contains(value) || value == 0x200D || before == 0x200D
            if !joins {
                flags[start].insert(.graphemeBoundary)
                if value >= 0x1F000 { flags[start].insert(.emojiPresentation) }
            }
            if before == 0x0A || before == 0x2028 {
                flags[start].insert([.lineBreakOpportunity, .mandatoryBreak])
            } else if !joins {
                let closing: Set<UInt32> = [0x3002, 0x3001, 0x300D]
                if (before == 0x20 && value != 0x20)
                    || ((Self.isCJK(before) || Self.isCJK(value)) && !closing.contains(value))
                {
                    flags[start].insert(.lineBreakOpportunity)
                }
            }
        }
        if let last = text.last, last == 0x0A || last == 0x2028 { flags[text.count].insert(.mandatoryBreak) }
    }

    private static func isCJK(_ value: UInt32) -> Bool { (0x3040...0x9FFF).contains(value) }

    /// Words by the rules above.
    public func wordSegments(of text: UnsafeBufferPointer<UInt16>, into segments: inout [WordSegment]) {
        segments = []
        var start = 0
        var currentClass: Int? = nil
        var offset = 0
        var previous: UInt32 = 0
        while offset < text.count {
            let unitStart = offset
            let (value, length) = UnicodeCodeUnits.decode(at: offset, in: text, limit: text.count)
            offset += length
            defer { previous = value }
            let joins = (0x300...0x36F).contains(value) || value == 0x200D || previous == 0x200D
            if joins, currentClass != nil { continue }
            let wordClass = Self.wordClass(of: value)
            if let current = currentClass, current != wordClass || wordClass == Self.otherClass {
                segments.append(WordSegment(range: start..<unitStart, isWord: current < Self.spaceClass))
                start = unitStart
            }
            currentClass = wordClass
        }
        if let current = currentClass {
            segments.append(WordSegment(range: start..<text.count, isWord: current < Self.spaceClass))
        }
    }

    private static let spaceClass = 5
    private static let otherClass = 6

    /// 0 Latin letters and digits, 1 Hebrew, 2 kanji, 3 hiragana, 4 katakana (words); 5 spaces, 6 anything else.
    private static func wordClass(of value: UInt32) -> Int {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: 0
        case 0x5D0...0x5EA: 1
        case 0x4E00...0x9FFF: 2
        case 0x3041...0x309F: 3
        case 0x30A0...0x30FF: 4
        case 0x20: spaceClass
        default: otherClass
        }
    }

    /// Levels by the rules above: Hebrew right to left, Latin letters at level 2 in a right-to-left paragraph.
    public func bidiLevels(
        of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
        into levels: inout [UInt8]
    ) -> UInt8 {
        let isHebrew = { (unit: UInt16) in (0x5D0...0x5EA).contains(unit) }
        let base: UInt8
        switch baseDirection {
        case .leftToRight: base = 0
        case .rightToLeft: base = 1
        case nil:
            let firstStrong = paragraph.first { isHebrew(text[$0]) || (0x41...0x7A).contains(text[$0]) }
            base = firstStrong.map { isHebrew(text[$0]) ? 1 : 0 } ?? 0
        }
        levels = paragraph.map { offset in
            if isHebrew(text[offset]) { return base == 1 ? 1 : 1 }
            let unit = text[offset]
            let isStrongLatin = (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
            return base == 1 && isStrongLatin ? 2 : base
        }
        return base
    }
}

extension LabelTypesetter {
    /// A typesetter over ``FixedFontSystem`` and ``SimpleTextAnalyzer`` in "Fixed" at `size` points: each grapheme
    /// `size` points wide (10 by default), each line `size` points tall.
    ///
    /// ```swift
    /// let layout = try LabelTypesetter.fixed().layout("Terms apply", in: TextContainer(width: 60))
    /// layout.lines.count   // 2: "Terms " and "apply"
    /// ```
    public static func fixed(size: Double = 10, paragraph: ParagraphStyle = ParagraphStyle()) -> LabelTypesetter {
        LabelTypesetter(
            fontSystem: FixedFontSystem(), analyzer: SimpleTextAnalyzer(),
            style: TextStyle(fontFamily: "Fixed", fontSize: size, paragraphStyle: paragraph)
        )
    }
}

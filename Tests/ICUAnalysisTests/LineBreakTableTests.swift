import LabelKit
import LabelKitCorpus
import LabelKitLayout
import LabelKitText
import Testing

/// The shim's table of Line_Break classes and its rules (UAX #14 as ICU 72's root rules implement it), which give
/// line-break opportunities without ICU's iterator for text whose every code unit the table covers, against ICU's
/// iterator and Unicode's LineBreakTest.txt.
@Suite("Line breaks from the table equal ICU's iterator's")
struct LineBreakTableTests {
    /// The table alone: a text it does not cover comes out with the end as its only opportunity.
    static let table = ICUTextAnalyzer(lineBreakSource: .tableOnly)
    /// ICU's iterator for every text, as before the table.
    static let iterator = ICUTextAnalyzer(lineBreakSource: .iterator)
    /// What the typesetter uses: the table where it covers the text, the iterator elsewhere.
    static let standard = ICUTextAnalyzer()

    /// One code point of each of the table's classes, as ICU's rules resolve them (EB, EM and RI a surrogate pair
    /// each).
    static let classRepresentatives: [(name: String, scalar: Unicode.Scalar)] = [
        ("AL", "a"), ("ID", "漢"), ("NU", "5"), ("SP", " "), ("BA", "|"), ("HY", "-"), ("NS (CJ)", "ー"), ("EX", "!"),
        ("QU", "\""), ("OP", "("), ("OP wide", "「"), ("CL", "」"), ("CP", ")"), ("IS", "."), ("SY", "/"), ("PR", "$"),
        ("PO", "%"), ("GL", "\u{A0}"), ("IN", "…"), ("B2", "—"), ("CM", "\u{301}"), ("BK", "\u{C}"), ("CR", "\r"),
        ("LF", "\n"), ("HL", "ש"), ("ZWJ", "\u{200D}"), ("EB", "👍"), ("EM", "🏽"), ("RI", "🇯"),
    ]

    /// The flags of `units` from `analyzer`, with or without letter pairs (the typesetter asks for them only for
    /// keep-all text, and the table marks them apart).
    static func flags(_ units: [UInt16], _ analyzer: ICUTextAnalyzer, letterPairs: Bool = true) -> [TextBoundaryFlags] {
        var flags: [TextBoundaryFlags] = []
        var scratch = AnalysisScratch()
        units.withUnsafeBufferPointer {
            analyzer.analyzeBoundaries(of: $0, into: &flags, scratch: &scratch, marksLetterPairs: letterPairs)
        }
        return flags
    }

    static func covers(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer(ICUTextAnalyzer.lineBreakTableCovers)
    }

    /// A readable account of where two sets of flags differ: the code points and each offset's bits.
    static func describe(_ units: [UInt16], _ expected: [TextBoundaryFlags], _ found: [TextBoundaryFlags]) -> String {
        let codePoints = units.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return "\(codePoints): ICU \(expected.map(\.rawValue)), table \(found.map(\.rawValue))"
    }

    @Test("the table of simple units, filled block by block at start-up, is the rules' byte for every BMP unit")
    func simpleUnitsFilledByBlocks() {
        #expect(ICUTextAnalyzer.simpleUnitTableMismatches() == 0)
    }

    @Test("the table gives every code point ICU's class as the rules resolve it, or leaves it to ICU")
    func classesAreICUs() {
        var covered = 0
        var disagreements: [String] = []
        for codePoint in UInt32(0)...0x10FFFF {
            let tableClass = ICUTextAnalyzer.lineBreakTableClass(of: codePoint)
            guard tableClass != 0 else { continue }
            covered += 1
            if tableClass != ICUTextAnalyzer.lineBreakTableClassFromICU(of: codePoint) {
                disagreements.append("U+" + String(codePoint, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements == [])
        // Unicode 15.0: ASCII and Latin-1 but ´ (BB) and NEL, Latin letters, IPA and the combining marks, Hebrew and
        // Arabic, the assigned Devanagari and Bengali code points, Vietnamese, general punctuation but ZWSP, WJ, the other invisible operators and U+2010, the symbols
        // up to U+2BFF, CJK punctuation, kana, 27,584 ideographs, 11,172 Hangul syllables, the variation selectors,
        // the halfwidth and fullwidth forms, the assigned symbols and emoji of U+1F000–U+1FAFF and the tags.
        #expect(covered == 46_366)
        for leftToICU: UInt32 in [
            0x85, 0xB4, 0x5FF, 0x200B, 0x2010, 0x2060, 0x3040, 0x20000, 0xE01, 0xD83D, 0x1F02C, 0x1FB00, 0xE0001,
        ] {
            #expect(ICUTextAnalyzer.lineBreakTableClass(of: leftToICU) == 0, "U+\(String(leftToICU, radix: 16))")
        }
        for covered: UInt32 in [
            0x5D0, 0x5BE, 0x627, 0x915, 0x94D, 0x964, 0x995, 0x64E, 0x663, 0x200D, 0x200F, 0x2069, 0xFE0F, 0x1F600,
            0x1F1EF,
        ] {
            #expect(ICUTextAnalyzer.lineBreakTableClass(of: covered) != 0, "U+\(String(covered, radix: 16))")
        }
    }

    /// LineBreakTest.txt's cases whose every code point the table covers must give what ICU's iterator gives:
    /// the file's answer but for ICU's documented tailorings (see ``ConformanceTests/KnownLineBreakDeviation``),
    /// which the table implements too.
    @Test("LineBreakTest.txt: every case the table covers gives the file's answer or ICU's documented tailoring")
    func lineBreakTestFile() throws {
        let cases = try readUnicodeBreakTestFile(at: ConformanceTests.lineBreakTestPath)
        let knownLines = Set(ConformanceTests.KnownLineBreakDeviation.allCases.flatMap(\.lineNumbers))
        var coveredLines: Set<Int> = []
        var deviatingLines: Set<Int> = []
        var unlikeICU: [String] = []
        var unexplained: [String] = []
        for testCase in cases where Self.covers(testCase.utf16) {
            coveredLines.insert(testCase.lineNumber)
            let fromTable = Self.flags(testCase.utf16, Self.table)
            let fromICU = Self.flags(testCase.utf16, Self.iterator)
            if fromTable != fromICU {
                unlikeICU.append("line \(testCase.lineNumber): " + Self.describe(testCase.utf16, fromICU, fromTable))
            }
            for offset in 1...testCase.utf16.count {
                let tableBreaks = fromTable[offset].contains(.lineBreakOpportunity)
                guard tableBreaks != testCase.breakAllowed[offset] else { continue }
                deviatingLines.insert(testCase.lineNumber)
                let deviation = ConformanceTests.KnownLineBreakDeviation(
                    icuBreaks: tableBreaks, around: offset, in: testCase.utf16)
                if deviation == nil {
                    unexplained.append("line \(testCase.lineNumber) offset \(offset): \(testCase.description)")
                }
            }
        }
        print(
            "LineBreakTest.txt: the table covers \(coveredLines.count) of \(cases.count) cases, "
                + "\(deviatingLines.count) of them ICU's tailorings")
        #expect(coveredLines.count == 4_330)
        #expect(unlikeICU == [])
        #expect(unexplained == [])
        // The cases of ICU's tailorings that the table covers, and no other, differ from the file.
        #expect(deviatingLines == knownLines.intersection(coveredLines))
        #expect(!deviatingLines.isEmpty)
    }

    /// Other code points of some classes: a Basic Multilingual Plane one where the class's representative is a
    /// surrogate pair, or the reverse, and Hebrew's and Arabic's own.
    static let classVariants: [(name: String, scalar: Unicode.Scalar)] = [
        ("BA maqaf", "־"), ("CM harakat", "\u{64E}"), ("ID emoji", "😀"), ("EB dingbat", "✌"), ("CM tag", "\u{E0067}"),
    ]

    @Test("every text of up to four code points, one of each class, breaks as ICU's iterator breaks it")
    func everyShortSequenceOfClasses() {
        // Four code points of the classes' representatives; up to three with the variants too.
        for (maximumLength, chosen) in [
            (4, Self.classRepresentatives), (3, Self.classRepresentatives + Self.classVariants),
        ] {
            #expect(Self.shortSequenceFailures(maximumLength, chosen) == [])
        }
    }

    /// Every code point of a class breaks as its class's representative does, unless ICU reads more than its class
    /// (East_Asian_Width, or General_Category for LB30b): one text for each, the code point beside itself and then
    /// between every representative and variant and the next. The ideographs and Hangul syllables, which the shim
    /// classifies by range, only at the ends of their ranges.
    @Test("every code point the table covers, beside one code point of each class, breaks as ICU's iterator does")
    func everyCoveredCodePointBesideEachClass() {
        let neighbours = (Self.classRepresentatives + Self.classVariants).map { Array(String($0.scalar).utf16) }
        let insideRanges: [ClosedRange<UInt32>] = [0x3401...0x4DBE, 0x4E01...0x9FFE, 0xAC01...0xD7A2]
        var failures: [String] = []
        var checked = 0
        for value in UInt32(0)...0x10FFFF where ICUTextAnalyzer.lineBreakTableClass(of: value) != 0 {
            guard let scalar = Unicode.Scalar(value), !insideRanges.contains(where: { $0.contains(value) }) else {
                continue
            }
            let codePoint = Array(String(scalar).utf16)
            let units = codePoint + codePoint + neighbours.flatMap { $0 + codePoint }
            checked += 1
            let expected = Self.flags(units, Self.iterator)
            let found = Self.flags(units, Self.table)
            if found != expected && failures.count < 20 {
                failures.append(
                    "U+\(String(value, radix: 16, uppercase: true)): " + Self.describe(units, expected, found))
            }
        }
        #expect(checked == 7_616)
        #expect(failures == [])
    }

    /// Where the table and ICU's iterator disagree on a text of up to `maximumLength` code points of `chosen`.
    static func shortSequenceFailures(_ maximumLength: Int, _ chosen: [(name: String, scalar: Unicode.Scalar)])
        -> [String]
    {
        let representatives = chosen.map { Array(String($0.scalar).utf16) }
        var failures: [String] = []
        var units: [UInt16] = []
        for length in 1...maximumLength {
            var indices = [Int](repeating: 0, count: length)
            while true {
                units = indices.flatMap { representatives[$0] }
                let expected = Self.flags(units, Self.iterator)
                let found = Self.flags(units, Self.table)
                if found != expected && failures.count < 20 {
                    let names = indices.map { chosen[$0].name }.joined(separator: " ")
                    failures.append(names + ": " + Self.describe(units, expected, found))
                }
                var position = length - 1
                while position >= 0 {
                    indices[position] += 1
                    if indices[position] < representatives.count { break }
                    indices[position] = 0
                    position -= 1
                }
                if position < 0 { break }
            }
        }
        return failures
    }

    /// The characters generated texts are made of, in groups a text picks a few of, so that rare neighbours meet
    /// often: letters, digits, spaces, punctuation, kana, kanji, brackets, newlines, Hebrew, Arabic, emoji and
    /// their joiners and modifiers, and the rest of the table.
    static let palette: [[String]] = [
        ["a", "b", "Z", "é", "ơ", "ệ", "ß", "ʃ", "×", "§"],
        ["0", "1", "5", "9"],
        [" ", " ", "\u{3000}", "\u{2003}"],
        [".", ",", ":", ";", "/", "!", "?", "\u{2044}"],
        ["-", "\u{2013}", "\u{2014}", "|", "\t", "\u{AD}"],
        ["$", "+", "\\", "£", "¥", "%", "°", "‰", "¢"],
        ["\"", "'", "«", "»", "“", "”", "‘", "’", "‹"],
        ["(", "[", "{", "¡", "¿", "‚", "„", ")", "]", "}"],
        ["「", "」", "『", "』", "（", "）", "【", "】", "《", "》", "〈", "〉", "［", "］", "｢", "｣"],
        ["、", "。", "，", "．", "！", "？", "：", "；", "・", "ー", "々", "ゝ", "〜", "…", "‥", "‼", "⁇"],
        ["あ", "い", "ぁ", "ゃ", "っ", "ア", "ァ", "ッ", "ヵ", "ｶ", "ｧ", "ﾞ", "ﾟ"],
        ["漢", "字", "中", "文", "㐀", "〇", "한", "국", "어", "Ａ", "１", "＄", "％", "＠"],
        ["\u{301}", "\u{308}", "\u{323}", "\u{3099}", "\u{302A}", "\u{34F}", "\u{1}", "\u{7F}"],
        ["\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{2028}", "\u{2029}"],
        ["\u{A0}", "\u{202F}", "\u{2007}", "\u{2011}", "•", "′", "″"],
        ["ש", "ל", "ו", "ם", "\u{5B8}", "\u{5BC}", "\u{5C1}", "־", "׳", "״", "׆", "\u{5C3}"],
        ["ا", "ل", "م", "ة", "\u{64E}", "\u{651}", "\u{652}", "ـ", "\u{600}", "\u{6DD}", "\u{61C}"],
        ["،", "؛", "؟", "٪", "٫", "٬", "۔", "٣", "٠", "۵", "؉", "؋"],
        ["😀", "🥲", "🚀", "👍", "👩", "✌", "☝", "🏻", "🏽", "🏿", "\u{200D}", "\u{200D}", "\u{FE0F}", "\u{FE0E}"],
        ["🇯", "🇵", "🇺", "🇸", "🏴", "\u{E0067}", "\u{E0062}", "\u{E007F}", "#", "1", "\u{20E3}", "❤", "☕", "⚠"],
        ["\u{200E}", "\u{200F}", "\u{202B}", "\u{202C}", "\u{202E}", "\u{2067}", "\u{2069}", "\u{200C}"],
        ["₪", "€", "№", "™", "−", "→", "∞", "⌚", "⏰", "♀", "♂", "★", "⁅", "⁆", "❝", "❞", "⟦", "⟧", "〈", "⦃"],
    ]

    @Test("generated texts over the table's characters break as ICU's iterator breaks them, byte for byte")
    func generatedTexts() {
        var generator = SplitMix64(seed: 28)
        var failures: [String] = []
        for _ in 0..<6_000 {
            let groups = (0..<generator.next(in: 1...5)).map { _ in generator.pick(Self.palette) }
            var text = ""
            for _ in 0..<generator.next(in: 1...80) { text += generator.pick(generator.pick(groups)) }
            let units = Array(text.utf16)
            #expect(Self.covers(units), "\(text.debugDescription)")
            for letterPairs in [false, true] {
                let expected = Self.flags(units, Self.iterator, letterPairs: letterPairs)
                let found = Self.flags(units, Self.table, letterPairs: letterPairs)
                if found != expected && failures.count < 20 {
                    failures.append(text.debugDescription + ": " + Self.describe(units, expected, found))
                }
            }
        }
        #expect(failures == [])
    }

    @Test("corpus labels of every kind: the flags equal those of ICU's iterator, byte for byte")
    func corpusOfEveryKind() {
        let labels = makeCorpus(count: 4_200, seed: 28, kinds: CorpusKind.allCases)
        var covered: [CorpusKind: Int] = [:]
        var counts: [CorpusKind: Int] = [:]
        var failures: [String] = []
        for label in labels {
            let units = Array(label.text.utf16)
            counts[label.kind, default: 0] += 1
            if Self.covers(units) { covered[label.kind, default: 0] += 1 }
            for letterPairs in [false, true] {
                let expected = Self.flags(units, Self.iterator, letterPairs: letterPairs)
                let found = Self.flags(units, Self.standard, letterPairs: letterPairs)
                if found != expected && failures.count < 20 {
                    failures.append("\(label.kind): " + Self.describe(units, expected, found))
                }
            }
        }
        #expect(failures == [])
        let shares = CorpusKind.allCases.map { "\($0) \(covered[$0, default: 0])/\(counts[$0, default: 0])" }
        print("Labels whose line breaks come from the table: " + shares.joined(separator: ", "))
        for kind: CorpusKind in [
            .latin, .japanese, .vietnamese, .korean, .chinese, .emoji, .mixed, .arabic, .hebrew, .bidi, .devanagari,
            .bengali,
        ] {
            #expect(covered[kind] == counts[kind], "\(kind)")
        }
    }

    @Test("a text outside the table goes to ICU's iterator; the table alone reports it as uncovered")
    func textsOutsideTheTable() {
        // Thai needs ICU's dictionary; Tamil, a zero-width space, an unassigned pictograph (LB30b) before an
        // emoji modifier and half a surrogate pair are outside the table.
        let texts = ["ภาษาไทย ok", "வணக்கம் world", "zero\u{200B}width", "new \u{1F02C}🏽 tile"].map { Array($0.utf16) }
        for units in texts + [[0x61, 0xD83D, 0x20, 0x62], [0x61, 0xDE00, 0x62], [0x61, 0xD83D]] {
            let text = String(decoding: units, as: UTF16.self)
            #expect(!Self.covers(units), "\(text.debugDescription)")
            #expect(Self.flags(units, Self.standard) == Self.flags(units, Self.iterator))
            // The table alone gives up: the degraded answer, the end the only opportunity.
            let alone = Self.flags(units, Self.table)
            #expect(alone.indices.filter { alone[$0].contains(.lineBreakOpportunity) } == [units.count])
        }
    }
}

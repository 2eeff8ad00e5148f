import LabelKit
import LabelKitCorpus
import LabelKitLayout
import LabelKitText
import Testing

/// The shim's grapheme-cluster rules (UAX #29 for Unicode 15.0 with ICU 72's Indic conjunct tailoring, over ICU's
/// character properties), which give grapheme boundaries without ICU's character iterator, against the iterator and
/// Unicode's GraphemeBreakTest.txt.
@Suite("Grapheme clusters from the rules equal ICU's iterator's")
struct GraphemeBreakTableTests {
    /// Grapheme boundaries from ICU's iterator for every text, as before the rules.
    static let iterator = ICUTextAnalyzer(lineBreakSource: .tableWhereItCovers, graphemeSource: .iterator)
    /// What the typesetter uses: the fast path, then the rules, the iterator only for a text they leave to it.
    static let standard = ICUTextAnalyzer()

    /// One code point of each Grapheme_Cluster_Break value, of Extended_Pictographic and of the classes of ICU's
    /// conjunct rule, and a few letters and marks of the scripts of the corpus.
    static let representatives: [(name: String, scalar: UInt32)] = [
        ("Other", 0x61), ("CR", 0x0D), ("LF", 0x0A), ("Control", 0x01), ("Control (soft hyphen)", 0xAD),
        ("Extend", 0x300), ("ZWJ", 0x200D), ("ZWNJ (Extend)", 0x200C), ("Regional_Indicator A", 0x1F1E6),
        ("Regional_Indicator B", 0x1F1E7), ("Prepend", 0x600), ("Prepend (Malayalam)", 0xD4E),
        ("SpacingMark", 0x903), ("L", 0x1100), ("V", 0x1161), ("T", 0x11A8), ("LV", 0xAC00), ("LVT", 0xAC01),
        ("Extended_Pictographic", 0x1F600), ("Extended_Pictographic ©", 0xA9), ("Emoji modifier (Extend)", 0x1F3FB),
        ("emoji variation selector", 0xFE0F), ("tag (Extend)", 0xE0061), ("keycap (Extend)", 0x20E3),
        ("linking consonant क", 0x915), ("linking consonant ষ", 0x09B7), ("virama ्", 0x94D),
        ("virama ് (Malayalam)", 0xD4D), ("nukta (Extend, ccc 7)", 0x93C), ("vowel sign ु (Extend, ccc 0)", 0x941),
        ("Gurmukhi virama (no conjunct rule)", 0xA4D), ("Gurmukhi consonant", 0xA15), ("Hebrew letter", 0x5D0),
        ("Hebrew point", 0x5B0), ("Arabic letter", 0x627), ("Arabic mark", 0x64B), ("Thai letter", 0xE01),
        ("Thai vowel (Extend)", 0xE31), ("Thai sara am (SpacingMark)", 0xE33), ("Thai leading vowel", 0xE40),
        ("Khmer coeng", 0x17D2), ("Khmer letter", 0x1780), ("lone lead surrogate", 0xD800),
        ("lone trail surrogate", 0xDC00),
    ]

    /// `scalars` as UTF-16, a surrogate value as the lone code unit it is.
    static func utf16(_ scalars: [UInt32]) -> [UInt16] {
        var units: [UInt16] = []
        for scalar in scalars {
            if let unicodeScalar = Unicode.Scalar(scalar) {
                units.append(contentsOf: unicodeScalar.utf16)
            } else if let unit = UInt16(exactly: scalar) {
                units.append(unit)
            }
        }
        return units
    }

    /// The flags of `units` from `analyzer`: grapheme boundaries, line-break opportunities and emoji presentation.
    static func flags(_ units: [UInt16], _ analyzer: ICUTextAnalyzer, marksLetterPairs: Bool = true)
        -> [TextBoundaryFlags]
    {
        var flags: [TextBoundaryFlags] = []
        var scratch = AnalysisScratch()
        units.withUnsafeBufferPointer {
            analyzer.analyzeBoundaries(of: $0, into: &flags, scratch: &scratch, marksLetterPairs: marksLetterPairs)
        }
        return flags
    }

    /// The grapheme boundaries of ICU's iterator, offset by offset.
    static func iteratorBoundaries(_ units: [UInt16]) -> [Bool] {
        flags(units, iterator).map { $0.contains(.graphemeBoundary) }
    }

    /// The grapheme boundaries of the rules alone, or nil for a text they leave to the iterator.
    static func rulesBoundaries(_ units: [UInt16]) -> [Bool]? {
        units.withUnsafeBufferPointer(ICUTextAnalyzer.graphemeBoundariesWithoutIterator)
    }

    /// The clusters of `text` as the rules cut it, for tests that read like the behaviour.
    static func clusters(_ text: String) -> [String] {
        let units = Array(text.utf16)
        guard let boundaries = rulesBoundaries(units) else { return ["(left to ICU)"] }
        let offsets = boundaries.indices.filter { boundaries[$0] }
        return zip(offsets, offsets.dropFirst()).map { String(decoding: units[$0..<$1], as: UTF16.self) }
    }

    /// A readable account of where two boundary sets differ.
    static func describe(_ units: [UInt16], _ expected: [Bool], _ found: [Bool]?) -> String {
        let codePoints = units.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        func offsets(_ boundaries: [Bool]) -> String { "\(boundaries.indices.filter { boundaries[$0] })" }
        return "\(codePoints): ICU \(offsets(expected)), rules \(found.map(offsets) ?? "left to ICU")"
    }

    @Test("clusters as ICU 72 makes them: CR LF, Hangul, marks, emoji sequences, flags and Indic conjuncts")
    func behaviour() {
        #expect(Self.clusters("a\r\nb") == ["a", "\r\n", "b"])
        #expect(Self.clusters("\u{1100}\u{1161}\u{11A8}\u{AC00}") == ["\u{1100}\u{1161}\u{11A8}", "\u{AC00}"])
        #expect(Self.clusters("e\u{301}\u{E01}\u{E33}") == ["e\u{301}", "\u{E01}\u{E33}"])
        #expect(Self.clusters("👩‍👩‍👧👍🏽") == ["👩‍👩‍👧", "👍🏽"])
        // A ZWJ joins two pictographs only; after a letter it stays with the letter and the pictograph stands alone.
        #expect(Self.clusters("a\u{200D}😀") == ["a\u{200D}", "😀"])
        // Regional indicators pair from the start of their run: three make a flag and a lone one.
        #expect(Self.clusters("🇫🇷🇩") == ["🇫🇷", "🇩"])
        // ICU's tailoring (its GB 9.3, Unicode 15.1's GB9c later): a virama between linking consonants of
        // Devanagari, Bengali, Gujarati, Oriya, Telugu or Malayalam joins them, which Unicode 15.0 does not.
        #expect(Self.clusters("क्षि") == ["क्षि"])
        #expect(Self.clusters("ক্ত") == ["ক্ত"])
        // Not after a letter of another script, nor for Gurmukhi's virama.
        #expect(Self.clusters("a\u{94D}\u{937}") == ["a\u{94D}", "\u{937}"])
        #expect(Self.clusters("\u{A15}\u{A4D}\u{A38}") == ["\u{A15}\u{A4D}", "\u{A38}"])
        // An unpaired surrogate is a code point of its own, as ICU reads ill-formed UTF-16, of ICU 72's
        // Grapheme_Cluster_Break Other: a base that takes the mark after it.
        #expect(Self.rulesBoundaries([0x61, 0xD800, 0x301]) == [true, true, false, true])
        #expect(Self.rulesBoundaries([0xDC00, 0xD800, 0x61]) == [true, true, true, true])
        #expect(Self.rulesBoundaries([0xD83D, 0xDE00]) == [true, false, true])
        #expect(Self.rulesBoundaries([]) == [true])
    }

    /// Whether ICU's conjunct rule (its GB 9.3) keeps the code point at `offset` with the one before: a linking
    /// consonant after a linking consonant, a virama and marks of non-zero combining class or ZWJs around it. Written
    /// from the rule's text apart from the shim's tables: the viramas of the six scripts, their letters as consonants.
    static func conjunctRuleJoins(_ units: [UInt16], at offset: Int) -> Bool {
        let viramas: Set<UInt32> = [0x94D, 0x9CD, 0xACD, 0xB4D, 0xC4D, 0xD4D]
        let blocks: [ClosedRange<UInt32>] = [
            0x900...0x97F, 0x980...0x9FF, 0xA80...0xAFF, 0xB00...0xB7F, 0xC00...0xC7F, 0xD00...0xD7F,
        ]
        func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .otherLetter && blocks.contains { $0.contains(scalar.value) }
        }
        func isExtendOrJoiner(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value == 0x200D || scalar.properties.canonicalCombiningClass.rawValue != 0
        }
        let before = Array(String(decoding: units[..<offset], as: UTF16.self).unicodeScalars)
        guard let after = String(decoding: units[offset...], as: UTF16.self).unicodeScalars.first, isConsonant(after)
        else { return false }
        var index = before.count - 1
        var sawVirama = false
        while index >= 0 && isExtendOrJoiner(before[index]) {
            sawVirama = sawVirama || viramas.contains(before[index].value)
            index -= 1
        }
        return sawVirama && index >= 0 && isConsonant(before[index])
    }

    /// The rules, and the typesetter's analyzer, give ICU's iterator's answer on every case of the file. The file is
    /// Unicode 15.0's, without ICU's tailoring: where ICU's answer differs from it, it must be a boundary the file
    /// allows and ICU's conjunct rule removes.
    @Test("GraphemeBreakTest.txt: every case gives ICU's answer, which is the file's but for ICU's conjunct rule")
    func graphemeBreakTestFile() throws {
        let cases = try readUnicodeBreakTestFile(at: ConformanceTests.graphemeTestPath)
        var unlikeICU: [String] = []
        var unexplained: [String] = []
        var tailoredLines: [Int] = []
        for testCase in cases {
            let fromICU = Self.iteratorBoundaries(testCase.utf16)
            let fromRules = Self.rulesBoundaries(testCase.utf16)
            let standard = Self.flags(testCase.utf16, Self.standard).map { $0.contains(.graphemeBoundary) }
            if fromRules != fromICU || standard != fromICU {
                unlikeICU.append("line \(testCase.lineNumber): " + Self.describe(testCase.utf16, fromICU, fromRules))
            }
            let differing = fromICU.indices.filter { fromICU[$0] != testCase.breakAllowed[$0] }
            if !differing.isEmpty { tailoredLines.append(testCase.lineNumber) }
            for offset in differing
            where fromICU[offset] || !Self.conjunctRuleJoins(testCase.utf16, at: offset) {
                unexplained.append("line \(testCase.lineNumber) offset \(offset): \(testCase.description)")
            }
        }
        print("GraphemeBreakTest.txt: \(cases.count) cases, \(tailoredLines.count) of them changed by ICU's tailoring")
        #expect(cases.count == 602)
        #expect(unlikeICU == [])
        #expect(unexplained == [])
        // Unicode 15.0's file tests no consonant, virama, consonant: on all its cases ICU gives the file's answer.
        #expect(tailoredLines == [])
        // The rule itself, on the file's own notation: ÷ 0915 × 094D × 0937 ÷ (Unicode 15.1's GB9c case).
        let conjunct: [UInt16] = [0x915, 0x94D, 0x937]
        #expect(Self.iteratorBoundaries(conjunct) == [true, false, false, true])
        #expect(Self.conjunctRuleJoins(conjunct, at: 2))
        #expect(Self.rulesBoundaries(conjunct) == [true, false, false, true])
    }

    @Test("every text of one to three representatives, and of four core ones, is segmented as ICU's iterator does it")
    func everyShortSequence() {
        var failures: [String] = []
        func check(_ indices: [Int], among names: [(name: String, scalar: UInt32)]) {
            let units = Self.utf16(indices.map { names[$0].scalar })
            let expected = Self.flags(units, Self.iterator)
            let boundaries = expected.map { $0.contains(.graphemeBoundary) }
            let fromRules = Self.rulesBoundaries(units)
            if (fromRules != boundaries || Self.flags(units, Self.standard) != expected) && failures.count < 20 {
                let sequence = indices.map { names[$0].name }.joined(separator: ", ")
                failures.append(sequence + ": " + Self.describe(units, boundaries, fromRules))
            }
        }
        func everySequence(of length: Int, among names: [(name: String, scalar: UInt32)]) {
            var indices = [Int](repeating: 0, count: length)
            while true {
                check(indices, among: names)
                var position = length - 1
                while position >= 0 {
                    indices[position] += 1
                    if indices[position] < names.count { break }
                    indices[position] = 0
                    position -= 1
                }
                if position < 0 { break }
            }
        }
        for length in 1...3 { everySequence(of: length, among: Self.representatives) }
        // Length four over the Grapheme_Cluster_Break values, pictographs and the conjunct rule's classes.
        let coreScalars: Set<UInt32> = [
            0x61, 0x0D, 0x0A, 0x300, 0x200D, 0x1F1E6, 0x600, 0x903, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x1F600,
            0x915, 0x94D, 0x93C, 0xD800,
        ]
        let core = Self.representatives.filter { coreScalars.contains($0.scalar) }
        everySequence(of: 4, among: core)
        #expect(failures == [])
    }

    /// Every code point, in short contexts that show each property the rules read: after and before a letter (Extend,
    /// SpacingMark, ZWJ, Prepend, Control), in Hangul syllables (L, V, T, LV, LVT), around a virama between linking
    /// consonants (ICU's conjunct rule), in emoji ZWJ sequences (Extended_Pictographic) and among regional indicators.
    /// The contexts stand between line feeds, and each block of code points is one text.
    @Test("every code point from U+0000 to U+10FFFF in context is segmented as ICU's iterator does it")
    func everyCodePointInContext() {
        let contexts: [[UInt32]] = [
            [0x61, 0xFFFF_FFFF], [0xFFFF_FFFF, 0x61], [0xFFFF_FFFF, 0x300], [0x0D, 0xFFFF_FFFF],
            [0x1100, 0xFFFF_FFFF], [0xFFFF_FFFF, 0x1161], [0xFFFF_FFFF, 0x11A8], [0xAC00, 0xFFFF_FFFF],
            [0x915, 0x94D, 0xFFFF_FFFF], [0xFFFF_FFFF, 0x94D, 0x915], [0x915, 0xFFFF_FFFF, 0x915],
            [0x915, 0xFFFF_FFFF, 0x94D, 0x915], [0x915, 0x94D, 0xFFFF_FFFF, 0x915],
            [0x1F600, 0x200D, 0xFFFF_FFFF], [0xFFFF_FFFF, 0x200D, 0x1F600], [0x1F600, 0xFFFF_FFFF, 0x200D, 0x1F600],
            [0x1F1E6, 0xFFFF_FFFF, 0x1F1E6], [0xFFFF_FFFF, 0x1F1E6, 0x1F1E6], [0x600, 0xFFFF_FFFF],
        ]
        var failures: [String] = []
        var leftToICU = 0
        var units: [UInt16] = []
        for blockStart in stride(from: UInt32(0), through: 0x10FFFF, by: 0x1000) {
            units.removeAll(keepingCapacity: true)
            for codePoint in blockStart..<blockStart + 0x1000 {
                for context in contexts {
                    for scalar in context {
                        let value = scalar == 0xFFFF_FFFF ? codePoint : scalar
                        if value < 0x10000 {
                            units.append(UInt16(value))   // a surrogate as the lone code unit it is
                        } else {
                            units.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                            units.append(UInt16(0xDC00 + (value & 0x3FF)))
                        }
                    }
                    units.append(0x0A)
                }
            }
            guard let expected = units.withUnsafeBufferPointer(Self.iterator.graphemeBoundariesFromIterator) else {
                failures.append("block U+\(String(blockStart, radix: 16)): ICU's iterator could not be used")
                continue
            }
            guard let fromRules = Self.rulesBoundaries(units) else {
                leftToICU += 1
                continue
            }
            if let offset = expected.indices.first(where: { expected[$0] != fromRules[$0] }) {
                let window = units[max(0, offset - 6)..<min(units.count, offset + 6)]
                failures.append("block U+\(String(blockStart, radix: 16)), near offset \(offset): \(Array(window))")
            }
        }
        #expect(failures == [])
        // ICU 72's properties give every code point a class the rules know: none is left to the iterator.
        #expect(leftToICU == 0)
    }

    /// The typesetter's analyzer, whose shortcut for the simplest texts (Latin, Vietnamese, Hebrew, Arabic, general
    /// punctuation, CJK, Hangul syllables) marks graphemes without the rules or the iterator, against ICU's iterator
    /// on every BMP code unit in short texts of their own (so that one code point the shortcut declines leaves the
    /// others to it): after and before a letter, before a combining mark, after CR, between two combining marks,
    /// between Hangul syllables, before a Hebrew point and between Arabic letter and haraka; with letter pairs marked
    /// and without (the commonest texts without them take one walk for graphemes and line breaks together).
    @Test("every BMP code unit in a short text of its own: the analyzer's grapheme boundaries are ICU's iterator's")
    func everyCodeUnitThroughTheAnalyzer() {
        var failures: [String] = []
        for unit in UInt16(0)...UInt16.max {
            let contexts: [[UInt16]] = [
                [0x61, unit, 0x62], [unit, 0x61], [unit, 0x301, 0x61], [0x0D, unit], [0x301, unit, 0x300],
                [0xAC01, unit, 0xD7A3], [unit, 0x05B0, 0x05D0], [0x0627, unit, 0x064B, 0x0644],
            ]
            for units in contexts {
                let expected = Self.iteratorBoundaries(units)
                for letterPairs in [true, false] {
                    let found = Self.flags(units, Self.standard, marksLetterPairs: letterPairs).map {
                        $0.contains(.graphemeBoundary)
                    }
                    if found != expected && failures.count < 20 {
                        failures.append(Self.describe(units, expected, found))
                    }
                }
            }
        }
        #expect(failures == [])
    }

    /// The characters generated texts are made of, in groups a text picks a few of, so that rare neighbours meet
    /// often: the representatives, emoji sequences, Hangul, Indic conjuncts, and the scripts of the corpus.
    static let palette: [[String]] = [
        ["a", "Z", "é", " ", ".", "\n", "\r", "\r\n", "\t", "\u{AD}", "\u{200B}", "\u{FEFF}"],
        ["\u{301}", "\u{308}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{E0067}", "\u{E007F}"],
        ["😀", "👍", "🏽", "👩", "❤", "©", "🏴", "1", "#", "🇫", "🇷", "🇩", "🇪", "☺"],
        ["\u{1100}", "\u{1161}", "\u{11A8}", "가", "각", "한", "\u{D7B0}", "\u{A960}"],
        ["क", "ष", "्", "़", "ि", "ं", "ঃ", "ক", "ত", "্", "ৎ", "ക", "്", "\u{D4E}", "ત", "્", "ତ", "୍", "త", "్"],
        ["ש", "ל", "ו", "ם", "\u{5B0}", "\u{5BC}", "ا", "ل", "ع", "\u{64B}", "\u{670}", "\u{600}", "\u{6DD}"],
        ["ก", "ั", "ำ", "เ", "ไ", "่", "ក", "្", "រ", "ា", "ើ", "မ", "\u{103A}", "\u{1039}"],
        ["漢", "あ", "\u{3099}", "ｶ", "\u{FF9E}", "\u{11720}", "\u{1D165}", "\u{1D16D}", "\u{110BD}"],
    ]

    @Test("generated texts over the representatives and the corpus's scripts are segmented as ICU's iterator does it")
    func generatedTexts() {
        var generator = SplitMix64(seed: 29)
        var failures: [String] = []
        for _ in 0..<6_000 {
            let groups = (0..<generator.next(in: 1...4)).map { _ in generator.pick(Self.palette) }
            var units: [UInt16] = []
            for _ in 0..<generator.next(in: 1...60) {
                // Now and then a lone surrogate, which ICU reads as a code point of its own.
                if generator.next(below: 40) == 0 {
                    units.append(generator.pick([0xD83D, 0xDE00, 0xD800]))
                } else {
                    units.append(contentsOf: generator.pick(generator.pick(groups)).utf16)
                }
            }
            let expected = Self.flags(units, Self.iterator)
            let boundaries = expected.map { $0.contains(.graphemeBoundary) }
            let fromRules = Self.rulesBoundaries(units)
            if (fromRules != boundaries || Self.flags(units, Self.standard) != expected) && failures.count < 20 {
                failures.append(Self.describe(units, boundaries, fromRules))
            }
        }
        #expect(failures == [])
    }

    @Test("generated texts over the corpus's alphabet are segmented as ICU's iterator does it")
    func generatedTextsOverTheCorpusAlphabet() {
        let labels = makeCorpus(count: 1_400, seed: 29, kinds: CorpusKind.allCases)
        let alphabet = Array(Set(labels.flatMap { $0.text.unicodeScalars.map(String.init) })).sorted()
        var generator = SplitMix64(seed: 30)
        var failures: [String] = []
        for _ in 0..<3_000 {
            let units = Array((0..<generator.next(in: 1...40)).map { _ in generator.pick(alphabet) }.joined().utf16)
            let expected = Self.flags(units, Self.iterator)
            let boundaries = expected.map { $0.contains(.graphemeBoundary) }
            let fromRules = Self.rulesBoundaries(units)
            if (fromRules != boundaries || Self.flags(units, Self.standard) != expected) && failures.count < 20 {
                failures.append(Self.describe(units, boundaries, fromRules))
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
            let expected = Self.flags(units, Self.iterator)
            let boundaries = expected.map { $0.contains(.graphemeBoundary) }
            let fromRules = Self.rulesBoundaries(units)
            if fromRules != nil { covered[label.kind, default: 0] += 1 }
            if (fromRules != boundaries || Self.flags(units, Self.standard) != expected) && failures.count < 20 {
                failures.append("\(label.kind): " + Self.describe(units, boundaries, fromRules))
            }
        }
        #expect(failures == [])
        let shares = CorpusKind.allCases.map { "\($0) \(covered[$0, default: 0])/\(counts[$0, default: 0])" }
        print("Labels whose grapheme clusters come without ICU's iterator: " + shares.joined(separator: ", "))
        for kind in CorpusKind.allCases { #expect(covered[kind] == counts[kind], "\(kind)") }
    }
}

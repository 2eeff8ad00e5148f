import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Hyphenation with the system fonts and Debian's dictionaries: where words break, what is drawn and what is text.
@Suite("Hyphenation")
struct HyphenationTests {
    let typesetter = LabelTypesetter.system

    static func text(
        _ string: String, _ hyphenation: Hyphenation = .auto, factor: Double = 1, language: String? = nil
    ) throws -> AttributedString {
        var text = AttributedString(string)
        text.labelKit.paragraphStyle = ParagraphStyle(hyphenation: hyphenation, hyphenationFactor: factor)
        if let language { text.labelKit.language = try LanguageTag(language) }
        return text
    }

    func lineTexts(_ layout: TextLayout) -> [String] {
        let units = Array(layout.string.utf16)
        return layout.lines.map { String(decoding: units[$0.textRange], as: UTF16.self) }
    }

    /// The width of `string` laid out alone on one line.
    func widthAlone(_ string: String) throws -> Double {
        try typesetter.layout(string).lines[0].rect.width
    }

    @Test("responsibility at 60 px breaks as respon‐ / sibility, and the label's text is responsibility")
    func responsibility() throws {
        let layout = try typesetter.layout(try Self.text("responsibility"), in: TextContainer(width: 60))
        #expect(lineTexts(layout) == ["respon", "sibility"])
        #expect(layout.lines[0].isHyphenated)
        #expect(!layout.lines[1].isHyphenated)
        #expect(layout.plainText() == "responsibility")
        // The hyphen counts in the line's width: the word's part and U+2010, each measured alone.
        let expected = try widthAlone("respon") + widthAlone("\u{2010}")
        #expect(abs(layout.lines[0].rect.width - expected) < 1e-6)
        #expect(layout.lines[0].rect.width <= 60)
        // At 70 px the latest point that fits is later: responsi‐ / bility.
        let wider = try typesetter.layout(try Self.text("responsibility"), in: TextContainer(width: 70))
        #expect(lineTexts(wider) == ["responsi", "bility"])
    }

    @Test("a hit on the hyphen answers the last character before the break, and selection rects include the hyphen")
    func hyphenIsNotText() throws {
        let layout = try typesetter.layout(try Self.text("responsibility"), in: TextContainer(width: 60))
        let line = layout.lines[0]
        let hyphenWidth = try widthAlone("\u{2010}")
        let point = CGPoint(x: line.rect.maxX - hyphenWidth / 2, y: line.rect.midY)
        #expect(layout.character(at: point)?.range == 5..<6, "the n of respon")
        let selection = layout.selectionRects(for: 0..<6)
        #expect(selection.count == 1)
        #expect(abs((selection.first?.rect.maxX ?? 0) - line.rect.maxX) < 1e-6)
        let glyphs = layout.lines[0].runs.reduce(0) { $0 + $1.glyphs.count }
        let plain = try typesetter.layout("respon")
        #expect(glyphs == plain.lines[0].runs.reduce(0) { $0 + $1.glyphs.count } + 1, "one glyph more: the hyphen")
    }

    @Test("links, e-mails, mentions, hashtags, words with digits and words under five letters are never hyphenated")
    func neverHyphenated() throws {
        let cases = [
            "see https://example.com/responsibilities", "mail responsibility@example.com", "abc1defghijklmnop",
            "four word tiny list", "tag #responsibilities", "ping @responsibilities", "ticker $RESPONSIBILITIES",
        ]
        for string in cases {
            var text = try Self.text(string)
            if string.hasPrefix("see") {
                let range = try #require(text.range(of: "https://example.com/responsibilities"))
                text[range].link = URL(string: "https://example.com/responsibilities")
            }
            for width in stride(from: 30.0, through: 200, by: 5) {
                let layout = try typesetter.layout(text, in: TextContainer(width: width))
                #expect(layout.lines.allSatisfy { !$0.isHyphenated }, "\(string) at \(width): \(lineTexts(layout))")
            }
        }
    }

    @Test("German words hyphenate with the German dictionary; a language without one is not hyphenated")
    func languages() throws {
        let word = "Donaudampfschifffahrtsgesellschaft"
        let german = try typesetter.layout(try Self.text(word, language: "de-DE"), in: TextContainer(width: 120))
        #expect(german.lines.count > 1)
        #expect(german.lines.dropLast().allSatisfy { $0.isHyphenated }, "\(lineTexts(german))")
        #expect(german.plainText() == word)
        let unknown = try typesetter.layout(try Self.text(word, language: "xx"), in: TextContainer(width: 120))
        #expect(unknown.lines.allSatisfy { !$0.isHyphenated })
        #expect(unknown.plainText() == word)
    }

    @Test("manual hyphenation breaks at soft hyphens and draws a hyphen only there; none breaks at them too")
    func softHyphens() throws {
        // With automatic hyphenation too: a word's own soft hyphens take priority over the dictionary (as in CSS).
        let word = "extra\u{AD}ordinary"
        for mode in [Hyphenation.manual, .none, .auto] {
            let narrow = try typesetter.layout(try Self.text(word, mode), in: TextContainer(width: 70))
            #expect(lineTexts(narrow) == ["extra\u{AD}", "ordinary"], "\(mode)")
            #expect(narrow.lines[0].isHyphenated)
            let wide = try typesetter.layout(try Self.text(word, mode), in: TextContainer(width: 300))
            #expect(wide.lines.count == 1)
            #expect(!wide.lines[0].isHyphenated)
            #expect(abs(wide.lines[0].rect.width - (try widthAlone("extraordinary"))) < 1e-6, "no hyphen drawn")
        }
        // Without hyphenation the dictionary is not asked: a long word without soft hyphens breaks by cluster.
        let manual = try typesetter.layout(try Self.text("responsibility", .manual), in: TextContainer(width: 60))
        #expect(manual.lines.allSatisfy { !$0.isHyphenated })
    }

    @Test("a hyphenation factor of 0.5 leaves a word whole on a line more than half full")
    func factor() throws {
        // "Some words" fills more than half of 120 px, so "responsibility" moves down whole.
        let half = try typesetter.layout(
            try Self.text("Some words responsibility", factor: 0.5), in: TextContainer(width: 120))
        #expect(lineTexts(half).first == "Some words ")
        let full = try typesetter.layout(try Self.text("Some words responsibility"), in: TextContainer(width: 120))
        #expect(full.lines[0].isHyphenated, "\(lineTexts(full))")
    }

    @Test("over the corpus every hyphenated break is a point of the dictionary, read through a second path")
    func corpusBreaksArePatternPoints() throws {
        let patterns = try LiangPatterns(file: "/usr/share/hyphen/hyph_en_US.dic")
        var hyphenated = 0
        for label in makeCorpus(count: 800, seed: 77, kinds: [.latin]) {
            let text = try Self.text(label.text)
            let container = TextContainer(width: max(60, label.width / 3))
            let layout = try typesetter.layout(text, in: container)
            #expect(layout.plainText() == label.text)
            #expect(try typesetter.measurement(text, in: container).size == layout.size)
            let units = Array(layout.string.utf16)
            for line in layout.lines where line.isHyphenated {
                hyphenated += 1
                #expect(line.rect.width <= container.width ?? .infinity)
                // The word the line breaks: letters before and after the break, up to non-letters.
                let end = line.textRange.upperBound
                var start = end
                while start > 0, Self.isLetter(units[start - 1]) { start -= 1 }
                var after = end
                while after < units.count, Self.isLetter(units[after]) { after += 1 }
                let word = String(decoding: units[start..<after], as: UTF16.self).lowercased()
                #expect(patterns.points(in: word).contains(end - start), "\(word) at \(end - start)")
            }
        }
        #expect(hyphenated > 100)
    }

    @Test("the hyphenator agrees with the patterns read directly, and reads German's ISO 8859-1 dictionary")
    func hyphenatorPoints() throws {
        let english = try LanguageTag("en-US")
        let patterns = try LiangPatterns(file: "/usr/share/hyphen/hyph_en_US.dic")
        for word in ["responsibility", "hyphenation", "extraordinary", "characteristically", "information", "table"] {
            let points = Array(word.utf16).withUnsafeBufferPointer {
                LibhyphenHyphenator.shared.hyphenationPoints(in: $0, language: english)
            }
            #expect(points == patterns.points(in: word), "\(word)")
        }
        let german = try LanguageTag("de")
        let umlauts = Array("Schmetterlingsflügel".utf16).withUnsafeBufferPointer {
            LibhyphenHyphenator.shared.hyphenationPoints(in: $0, language: german)
        }
        #expect(!umlauts.isEmpty)
        let greek = Array("καλημέρα".utf16).withUnsafeBufferPointer {
            LibhyphenHyphenator.shared.hyphenationPoints(in: $0, language: german)
        }
        #expect(greek.isEmpty, "letters outside the dictionary's character set")
        let missing = LibhyphenHyphenator(directory: "/nonexistent")
        let none = Array("responsibility".utf16).withUnsafeBufferPointer {
            missing.hyphenationPoints(in: $0, language: english)
        }
        #expect(none.isEmpty)
    }

    static func isLetter(_ unit: UInt16) -> Bool {
        (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }
}

/// Liang's hyphenation patterns read straight from a `libhyphen` dictionary file, for checking: a second path to the
/// points a dictionary allows, written from the algorithm (Liang 1983), not from the code under test.
struct LiangPatterns {
    var values: [String: [Int]] = [:]
    var leftMinimum = 2
    var rightMinimum = 2

    init(file: String) throws {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) {
                if fields[0] == "LEFTHYPHENMIN" { leftMinimum = value }
                if fields[0] == "RIGHTHYPHENMIN" { rightMinimum = value }
                continue
            }
            guard !line.hasPrefix("%"), !line.hasPrefix("#"), !line.contains("/") else { continue }
            var letters = ""
            var digits = [0]
            for character in line {
                if let digit = character.wholeNumberValue {
                    digits[digits.count - 1] = digit
                } else {
                    letters.append(character)
                    digits.append(0)
                }
            }
            values[letters] = digits
        }
    }

    /// The offsets inside `word` (lower case) after which it may be hyphenated.
    func points(in word: String) -> [Int] {
        let letters = Array("." + word + ".")
        var levels = [Int](repeating: 0, count: letters.count + 1)
        for start in letters.indices {
            for end in (start + 1)...letters.count {
                guard let pattern = values[String(letters[start..<end])] else { continue }
                for (index, value) in pattern.enumerated() { levels[start + index] = max(levels[start + index], value) }
            }
        }
        let count = word.count
        return (1..<count).filter { offset in
            levels[offset + 1] % 2 == 1 && offset >= leftMinimum && count - offset >= rightMinimum
        }
    }
}

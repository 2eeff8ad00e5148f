import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Balanced and pretty wrapping, and keep-all word breaking, with the system fonts.
@Suite("Line-break strategies and keep-all")
struct LineBreakStrategyTests {
    let typesetter = LabelTypesetter.system

    static func text(_ string: String, strategy: LineBreakStrategy = .greedy, wordBreak: WordBreak = .normal)
        -> AttributedString
    {
        var text = AttributedString(string)
        text.labelKit.paragraphStyle = ParagraphStyle(lineBreakStrategy: strategy, wordBreak: wordBreak)
        return text
    }

    func lineTexts(_ layout: TextLayout) -> [String] {
        let units = Array(layout.string.utf16)
        return layout.lines.map { String(decoding: units[$0.textRange], as: UTF16.self) }
    }

    /// The width of `string` laid out alone on one line: a second path to a line's width.
    func widthAlone(_ string: String) throws -> Double {
        try typesetter.layout(string.trimmingCharacters(in: .whitespaces)).lines[0].rect.width
    }

    @Test("balanced Terms of Service and Privacy Policy at 200 px keeps 2 lines, its widest the narrowest possible")
    func balancedHeading() throws {
        let heading = "Terms of Service and Privacy Policy"
        let greedy = try typesetter.layout(heading, in: TextContainer(width: 200))
        let balanced = try typesetter.layout(Self.text(heading, strategy: .balanced), in: TextContainer(width: 200))
        try #require(greedy.lines.count == 2)
        #expect(balanced.lines.count == 2)
        #expect(lineTexts(balanced).joined() == heading)
        // Every way of splitting the heading at a space into two lines, each measured alone.
        let words = heading.split(separator: " ").map(String.init)
        var narrowest = Double.infinity
        for split in 1..<words.count {
            let first = words[..<split].joined(separator: " ")
            let second = words[split...].joined(separator: " ")
            narrowest = min(narrowest, max(try widthAlone(first), try widthAlone(second)))
        }
        let widest = balanced.lines.map(\.rect.width).max() ?? 0
        #expect(abs(widest - narrowest) < 0.01, "balanced \(lineTexts(balanced)), \(widest) vs \(narrowest)")
        #expect(widest < greedy.lines.map(\.rect.width).max() ?? 0)
    }

    @Test("pretty keeps a single word off the last line; greedy leaves it there")
    func prettyLastWord() throws {
        let sentence = "The quick brown fox jumps over the lazy dog"
        // Everything but "dog" fits: greedy leaves it alone on the second line.
        let width = try widthAlone("The quick brown fox jumps over the lazy") + 1
        let greedy = try typesetter.layout(sentence, in: TextContainer(width: width))
        #expect(lineTexts(greedy) == ["The quick brown fox jumps over the lazy ", "dog"])
        let pretty = try typesetter.layout(Self.text(sentence, strategy: .pretty), in: TextContainer(width: width))
        let lines = lineTexts(pretty)
        #expect(lines.count == 2)
        #expect(lines.joined() == sentence)
        #expect(lines[1].split(separator: " ").count >= 2, "\(lines)")
    }

    @Test("pretty leaves a good last line alone, and a last word with nowhere else to break")
    func prettyLeavesGoodLines() throws {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let width = try widthAlone("The quick brown fox jumps") + 1
        let greedy = try typesetter.layout(sentence, in: TextContainer(width: width))
        let pretty = try typesetter.layout(Self.text(sentence, strategy: .pretty), in: TextContainer(width: width))
        #expect(lineTexts(greedy) == ["The quick brown fox jumps ", "over the lazy dog"])
        #expect(lineTexts(pretty) == lineTexts(greedy))
        // One word per line: moving a word down would add a line.
        let narrow = max(try widthAlone("Extraordinary"), try widthAlone("circumstances")) + 1
        let words = "Extraordinary circumstances"
        let prettyNarrow = try typesetter.layout(
            Self.text(words, strategy: .pretty), in: TextContainer(width: narrow))
        #expect(lineTexts(prettyNarrow) == ["Extraordinary ", "circumstances"])
    }

    @Test("a Korean sentence with keep-all breaks only at spaces; normal breaking splits its words")
    func koreanKeepAll() throws {
        let sentence = "한국어 문장은 띄어쓰기 단위로 줄을 바꿉니다"
        var normalSplitsAWord = false
        for width in stride(from: 70.0, through: 300, by: 10) {
            let container = TextContainer(width: width)
            let keepAll = lineTexts(try typesetter.layout(Self.text(sentence, wordBreak: .keepAll), in: container))
            #expect(keepAll.joined() == sentence, "no text is lost at \(width)")
            #expect(keepAll.dropLast().allSatisfy { $0.hasSuffix(" ") }, "\(keepAll) at \(width)")
            let normal = lineTexts(try typesetter.layout(sentence, in: container))
            if normal.dropLast().contains(where: { !$0.hasSuffix(" ") }) { normalSplitsAWord = true }
            #expect(keepAll.count >= normal.count)
        }
        #expect(normalSplitsAWord, "normal breaking splits a Korean word at some width")
    }

    @Test("keep-all keeps Japanese phrases whole up to punctuation, and a word wider than the line still breaks")
    func keepAllJapaneseAndOverflow() throws {
        let sentence = "決済をしたと同時に、利用規約に同意したとみなします。"
        let layout = try typesetter.layout(Self.text(sentence, wordBreak: .keepAll), in: TextContainer(width: 200))
        let lines = lineTexts(layout)
        #expect(lines.joined() == sentence)
        #expect(lines.first == "決済をしたと同時に、", "\(lines)")
        // 20 px holds one ideograph: the overflowing phrase breaks between clusters rather than spilling out.
        let narrow = try typesetter.layout(Self.text("利用規約", wordBreak: .keepAll), in: TextContainer(width: 20))
        #expect(lineTexts(narrow) == ["利", "用", "規", "約"])
    }

    @Test("keep-all keeps Thai dictionary breaks")
    func keepAllThai() throws {
        let thai = "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน"
        let container = TextContainer(width: 90)
        let normal = lineTexts(try typesetter.layout(thai, in: container))
        let keepAll = lineTexts(try typesetter.layout(Self.text(thai, wordBreak: .keepAll), in: container))
        #expect(normal.count > 1)
        #expect(keepAll == normal)
    }

    @Test(
        "over the corpus, no strategy adds a line, balanced is never wider than greedy, and measured equals drawn",
        arguments: [LineBreakStrategy.balanced, .pretty])
    func corpusProperties(strategy: LineBreakStrategy) throws {
        var changed = 0
        for label in makeCorpus(count: 600, seed: 25) {
            let container = TextContainer(width: label.width)
            let greedy = try typesetter.layout(label.text, in: container)
            let text = Self.text(label.text, strategy: strategy)
            let layout = try typesetter.layout(text, in: container)
            #expect(layout.lines.count == greedy.lines.count, "\(strategy) \(label.kind) \(label.width): \(label.text)")
            #expect(lineTexts(layout).joined() == label.text)
            #expect(layout.lines.allSatisfy { $0.rect.width <= label.width + 1e-9 })
            #expect(try typesetter.measurement(text, in: container).size == layout.size)
            if strategy == .balanced {
                let widest = layout.lines.map(\.rect.width).max() ?? 0
                #expect(widest <= (greedy.lines.map(\.rect.width).max() ?? 0) + 1e-9)
            }
            if lineTexts(layout) != lineTexts(greedy) { changed += 1 }
        }
        #expect(changed > 50, "\(strategy) changed \(changed) of 600 labels")
    }
}

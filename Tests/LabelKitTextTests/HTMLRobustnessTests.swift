import Foundation
import Testing

@testable import LabelKitText

/// Random tag soup with a record of what its text nodes say: well-formed tags (known, unknown, void, stray end tags,
/// random case, attributes quoted or not, `style` with good and bad CSS), comments and scripts, and text nodes with
/// references, `<` and `&` that start nothing, and white space. Deterministic for a seed.
struct HTMLTagSoup {
    private var state: UInt64
    var source = ""
    /// The characters of the text nodes, references decoded, white space left out (the reader collapses it).
    var visibleText = ""

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }

    static let names = [
        "b", "i", "u", "s", "em", "strong", "del", "a", "span", "p", "div", "ul", "ol", "li", "sup", "sub", "code",
        "pre", "blink", "x-custom", "font", "table", "body", "html", "h1",
    ]
    static let voidNames = ["br", "img", "hr", "meta", "wbr"]
    static let styles = [
        "color: red", "color:#0f08", "background-color: rgb(1 2 3 / 50%)", "font-size: 2em", "font-size: 0",
        "font-size: 1e308px", "font-weight: 900", "font-style: oblique", "text-decoration: underline dotted",
        "line-height: 1e300", "line-height: 3", "list-style-type: lower-roman", "margin: 0", "color: nonsense",
        "font-size: -1px", ";;", "color", "font-size: calc(1px + 2px)",
    ]
    static let words = ["word", "naïve", "日本語", "👍🏽", "1 < 2", "AT& T", "a-b", "x;y", "]]>", "-->", "tab\there"]
    static let references: [(String, String)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&#x41;", "A"), ("&#233;", "é"), ("&nbsp;", "\u{A0}"),
        ("&copy;", "©"), ("&bogus;", "&bogus;"), ("&amp ", "&amp"),
    ]

    /// Appends `count` random pieces.
    mutating func generate(pieces count: Int) {
        for _ in 0..<count {
            switch next(10) {
            case 0, 1, 2: appendText()
            case 3, 4: source += startTag(name: pick(Self.names))
            case 5: source += "</\(randomCase(pick(Self.names)))>"
            case 6: source += startTag(name: pick(Self.voidNames))
            case 7: source += pick(["<!-- <b>hidden</b> -->", "<!DOCTYPE html>", "<?x?>", "<![CDATA[<i>]]>", "</>"])
            case 8:
                source += pick(["<script>if (a<b) x = '</b>'</script>", "<style>p { }</style>", "<title>t</title>"])
            default: source += pick([" ", "\n", "  \t ", "\r\n"])
            }
        }
    }

    private mutating func appendText() {
        if next(3) == 0 {
            let (written, decoded) = pick(Self.references)
            source += written
            visibleText += decoded.filter { !$0.isWhitespace || $0 == "\u{A0}" }
            return
        }
        let word = pick(Self.words)
        source += word + pick(["", " ", "\n"])
        visibleText += word.unicodeScalars.filter { !HTMLTokenizer.isWhitespace($0) }.map(String.init).joined()
    }

    private mutating func randomCase(_ name: String) -> String {
        next(4) == 0 ? name.uppercased() : name
    }

    private mutating func startTag(name: String) -> String {
        var tag = "<" + randomCase(name)
        if name == "img" { tag += " src=a.png" }   // an img without src would show its alt text
        for _ in 0..<next(3) {
            let attribute = pick(["style", "href", "src", "alt", "start", "type", "width", "title", "data-x"])
            let value =
                attribute == "style"
                ? pick(Self.styles) : pick(["https://e.com/a?b=1&amp;c", "1", "x y", "", "<>", "a b c", "3px"])
            switch next(3) {
            case 0: tag += " \(attribute)=\"\(value)\""
            case 1: tag += " \(attribute)='\(value)'"
            default:
                tag +=
                    " \(attribute)=\(value.isEmpty || value.contains(" ") ? "v" : value.replacingOccurrences(of: ">", with: ""))"
            }
        }
        return tag + (next(5) == 0 ? " />" : ">")
    }
}

@Suite("HTML reader on hostile input")
struct HTMLRobustnessTests {
    /// The result's characters without white space, line breaks and attachments: what text nodes must have given.
    static func visible(_ text: AttributedString) -> String {
        String(text.characters).unicodeScalars
            .filter { !HTMLTokenizer.isWhitespace($0) && $0 != "\u{2028}" && $0 != "\u{FFFC}" }
            .map(String.init).joined()
    }

    @Test("random tag soup never throws, never loses or reorders the text of its text nodes, always lays out")
    func tagSoup() throws {
        for seed in 0..<400 {
            var soup = HTMLTagSoup(seed: UInt64(seed))
            soup.generate(pieces: 1 + seed % 60)
            let result = try LabelMarkup.html(soup.source)
            let expected = soup.visibleText.unicodeScalars.filter { !HTMLTokenizer.isWhitespace($0) }
                .map(String.init).joined()
            #expect(Self.visible(result.text) == expected, "seed \(seed): \(soup.source.debugDescription)")
            for run in result.text.runs {
                let attributes = run.labelKit
                if let size = attributes.fontSize { #expect((1...10_000).contains(size), "seed \(seed)") }
                if let offset = attributes.baselineOffset { #expect(abs(offset) <= 10_000, "seed \(seed)") }
                if case .absolute(let height)? = attributes.paragraphStyle?.lineHeight {
                    #expect((0...10_000).contains(height), "seed \(seed)")
                }
                if let attachment = attributes.attachment {
                    #expect((0...10_000).contains(attachment.width) && (0...10_000).contains(attachment.height))
                }
            }
        }
    }

    @Test("cut anywhere, tag soup reads or fails only at an unterminated tag or quoted value, at its start")
    func truncatedSoup() {
        for seed in 0..<200 {
            var soup = HTMLTagSoup(seed: UInt64(1_000 + seed))
            soup.generate(pieces: 30)
            let scalars = Array(soup.source.unicodeScalars)
            let cut = soup.next(scalars.count + 1)
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<cut])
            do {
                _ = try LabelMarkup.html(String(prefix))
            } catch {
                let isTag =
                    error.message.hasPrefix("the tag <")
                    && error.message.hasSuffix(
                        "is not closed: expected '>' before the end of the input")
                let isValue = error.message.hasPrefix("the value of attribute ")
                #expect(isTag || isValue, "seed \(seed): \(error)")
                // The position is that of a '<' (a tag) or of an attribute's name.
                let lines = String(prefix).split(
                    omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                if error.line <= lines.count {
                    let line = Array(lines[error.line - 1].unicodeScalars)
                    if error.column <= line.count {
                        let scalar = line[error.column - 1]
                        #expect(isTag ? scalar == "<" : HTMLTokenizer.isASCIILetter(scalar), "seed \(seed): \(error)")
                    }
                }
            }
        }
    }

    @Test("10,000 nested lists read in bounded stack: lists deeper than the limit read as the deepest")
    func deepLists() throws {
        let depth = 10_000
        let source = String(repeating: "<ul><li>x", count: depth) + String(repeating: "</li></ul>", count: depth)
        let result = try LabelMarkup.html(source)
        #expect(String(result.text.characters).filter { $0 == "x" }.count == depth)
        let deepest = result.text.runs.compactMap { $0.labelKit.paragraphStyle?.textLists.count }.max()
        #expect(deepest == HTMLReader.maximumDepth / 2)
        #expect(
            result.warnings.map(\.message) == [
                "elements nested more than 64 deep are read as the element at that depth"
            ])
    }

    @Test("10,000 nested spans and unclosed bold tags keep their text; style stops at the 64th level")
    func deepSpans() throws {
        let depth = 10_000
        let spans =
            String(repeating: "<span style=\"font-size: 1.01em\">", count: depth) + "deep"
            + String(repeating: "</span>", count: depth) + " after"
        let result = try LabelMarkup.html(spans)
        #expect(String(result.text.characters) == "deep after")
        let size = try #require(try htmlRun(result.text, "deep").labelKit.fontSize)
        #expect(abs(size - 15 * pow(1.01, 64)) < 1e-9)
        #expect(try htmlRun(result.text, " after").labelKit.fontSize == nil)
        let bold = try LabelMarkup.html(String(repeating: "<b>a", count: depth))
        #expect(bold.text.characters.count == depth)
        let sups = try LabelMarkup.html(String(repeating: "<sup>", count: depth) + "x")
        #expect(sups.text.runs.first?.labelKit.fontSize == 1)   // clamped at 1 point
    }

    @Test("inputs that would make a naive reader quadratic read in linear time")
    func linearTime() throws {
        func seconds(_ source: String) throws -> Double {
            let start = ContinuousClock.now
            _ = try LabelMarkup.html(source)
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let patterns = [
            "<b>", "</x>", "<ul><li>", "<p>", "&amp", "<!-- ", "<a href=x>", "<li>", "<span>a</i>", "a <br> ",
        ]
        for pattern in patterns {
            let small = try seconds(String(repeating: pattern, count: 5_000))
            let large = try seconds(String(repeating: pattern, count: 40_000))
            // Eight times the input: linear is ~8 times the time, quadratic 64. Allow noise on a shared machine.
            #expect(large < small * 24 + 0.5, "\(pattern): \(small) s → \(large) s")
        }
        // One tag with many attributes (each checked against the names before it).
        let few = try seconds("<b " + String(repeating: "a ", count: 5_000) + ">x")
        let many = try seconds("<b " + String(repeating: "a ", count: 40_000) + ">x")
        #expect(many < few * 24 + 0.5, "attributes: \(few) s → \(many) s")
    }
}

import Foundation
import Testing

@testable import LabelKitText

/// Inputs `make fuzz` found that stopped LabelMarkup: nested unclosed markers re-read the text after them once per
/// marker (exponential time: 30 `[` took minutes), and 100,000 of them overflowed the stack. Every one must now
/// come back at once, with its text.
@Suite("LabelMarkup on hostile input")
struct MarkupRobustnessTests {
    func text(_ markup: String) -> String { String(LabelMarkup.attributedString(markup).characters) }

    @Test("10,000 unclosed brackets before a link: no stack overflow, every bracket kept")
    func deepBrackets() {
        let markup = String(repeating: "[", count: 10_000) + "a](b)"
        let shown = text(markup)
        #expect(shown.hasPrefix(String(repeating: "[", count: 10_000)))
        #expect(shown == markup || shown == String(repeating: "[", count: 10_000) + "a")
    }

    @Test("40 unclosed links nested in each other come back literally, at once")
    func exponentialNesting() {
        for opener in ["[", "[[", "[ ", "[\\*"] {
            let markup = String(repeating: opener + "x", count: 40)
            let expected = markup.replacingOccurrences(of: "\\*", with: "*")
            #expect(text(markup) == expected, "\(opener)")
        }
        // Stars pair up inside brackets that never close: the brackets stay, the stars become italics.
        let mixed = String(repeating: "[*x", count: 41)
        #expect(text(mixed).filter { $0 == "[" }.count == 41)
    }

    @Test("links that never close their target: every `[a](` stays literal")
    func unclosedTargets() {
        let markup = String(repeating: "[a](", count: 5_000)
        #expect(text(markup) == markup)
    }

    @Test("20,000 italic markers alternate with text: pairs become italic, nothing is lost")
    func manyStars() {
        let markup = String(repeating: "*a", count: 20_000)
        let parsed = LabelMarkup.attributedString(markup)
        #expect(parsed.characters.count == 20_000)   // each "*a*a" reads as an italic "a" and a plain "a"
        #expect(parsed.runs.contains { $0.labelKit.italic == true })
    }

    @Test("markup in the limits still reads as before: links hold bold and italic text")
    func ordinaryMarkupUnchanged() {
        let parsed = LabelMarkup.attributedString("[**bold** and *it*](https://example.com) \\*not\\* [x](y z)")
        #expect(String(parsed.characters) == "bold and it *not* [x](y z)")
        #expect(parsed.runs.filter { $0.link != nil }.count == 3)
    }
}

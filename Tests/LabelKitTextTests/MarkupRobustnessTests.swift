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

    @Test("ruby braces that never close, or nest, come back literally, at once")
    func unclosedRuby() {
        for opener in ["{", "{a|", "{a", "[{a|b"] {
            let markup = String(repeating: opener, count: 10_000)
            #expect(text(markup) == markup, "\(opener)")
        }
        // Stars pair up around braces that never close: the stars become bold, the braces and bars stay.
        let starred = LabelMarkup.attributedString(String(repeating: "{**a|", count: 10_000))
        #expect(rubies(starred).isEmpty)
        #expect(String(starred.characters).filter { $0 != "*" } == String(repeating: "{a|", count: 10_000))
        let nested = String(repeating: "{a", count: 5_000) + String(repeating: "|b}", count: 5_000)
        // The first brace holds every other one literally in its base, up to the first bar: one ruby, then text.
        let parsed = LabelMarkup.attributedString(nested)
        #expect(parsed.characters.count == nested.count - 4)
        #expect(rubies(parsed).count == 1)
    }

    @Test("20,000 rubies read at once, each on its base")
    func manyRubies() {
        let parsed = LabelMarkup.attributedString(String(repeating: "{字|じ}a", count: 20_000))
        #expect(parsed.characters.count == 40_000)
        #expect(rubies(parsed).count == 20_000)
    }

    @Test("markup in the limits still reads as before: links hold bold and italic text")
    func ordinaryMarkupUnchanged() {
        let parsed = LabelMarkup.attributedString("[**bold** and *it*](https://example.com) \\*not\\* [x](y z)")
        #expect(String(parsed.characters) == "bold and it *not* [x](y z)")
        #expect(parsed.runs.filter { $0.link != nil }.count == 3)
    }
}

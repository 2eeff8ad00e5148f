import Foundation
import Testing

@testable import LabelKitText

/// Each ruby base of `text` with its annotation's parts, in order: `["漢字": ["かんじ"]]` written as pairs.
func rubies(_ text: AttributedString) -> [(base: String, parts: [String])] {
    text.runs[LabelAttributes.RubyAttribute.self].compactMap { ruby, range in
        ruby.map { (String(text[range].characters), $0.parts) }
    }
}

@Suite("Label markup: ruby")
struct LabelMarkupRubyTests {
    func parse(_ markup: String) -> AttributedString { LabelMarkup.attributedString(markup) }

    @Test("a group ruby's base is its text and the annotation is one part")
    func groupRuby() throws {
        let text = parse("{漢字|かんじ}を読む")
        #expect(String(text.characters) == "漢字を読む")
        let base = try #require(text.range(of: "漢字"))
        let ruby = try #require(text[base].labelKit.ruby)
        #expect(ruby == RubyAnnotation("かんじ"))
        #expect(!ruby.isMono && ruby.position == .over && ruby.alignment == .center && ruby.sizeFactor == 0.5)
        #expect(text[try #require(text.range(of: "を読む"))].labelKit.ruby == nil)
    }

    @Test("mono ruby splits at each bar")
    func monoRuby() {
        let text = parse("{漢字|かん|じ}と{東京都|とう|きょう|と}")
        #expect(String(text.characters) == "漢字と東京都")
        #expect(rubies(text).map(\.base) == ["漢字", "東京都"])
        #expect(rubies(text).map(\.parts) == [["かん", "じ"], ["とう", "きょう", "と"]])
    }

    @Test("the issue's sentence: ruby on several words, the rest plain")
    func sentence() {
        let text = parse("{決済|けっさい}をしたと同時に{利用規約|りようきやく}に{同意|どうい}したとみなします")
        #expect(String(text.characters) == "決済をしたと同時に利用規約に同意したとみなします")
        #expect(rubies(text).map(\.base) == ["決済", "利用規約", "同意"])
        #expect(rubies(text).map(\.parts) == [["けっさい"], ["りようきやく"], ["どうい"]])
    }

    @Test("ruby inside a link keeps the link, over the base only")
    func rubyInsideLink() throws {
        let text = parse("決済をしたと同時に[{利用規約|りようきやく}](https://example.com/terms)に同意")
        #expect(String(text.characters) == "決済をしたと同時に利用規約に同意")
        let base = try #require(text.range(of: "利用規約"))
        #expect(text[base].link == URL(string: "https://example.com/terms"))
        #expect(text[base].labelKit.ruby == RubyAnnotation("りようきやく"))
        #expect(text.runs.filter { $0.link != nil }.count == 1)
        #expect(rubies(text).map(\.base) == ["利用規約"])
    }

    @Test("a link's text may hold a ruby and plain text around it")
    func linkAroundRubyAndText() throws {
        let text = parse("[規約の{同意|どうい}](https://example.com)")
        #expect(String(text.characters) == "規約の同意")
        #expect(text.runs.allSatisfy { $0.link == URL(string: "https://example.com") })
        #expect(rubies(text).map(\.base) == ["同意"])
    }

    @Test("the base may hold bold and italic markup; the ruby covers the whole base")
    func styledBase() throws {
        let text = parse("{**漢**字|かんじ}と{*読*|よ}")
        #expect(String(text.characters) == "漢字と読")
        #expect(text[try #require(text.range(of: "漢"))].labelKit.fontWeight == 700)
        #expect(text[try #require(text.range(of: "字"))].labelKit.fontWeight == nil)
        #expect(text[try #require(text.range(of: "読"))].labelKit.italic == true)
        #expect(rubies(text).map(\.base) == ["漢字", "読"])
    }

    @Test("bold and italic around a ruby style its base")
    func rubyInsideBold() throws {
        let text = parse("**{漢字|かんじ}**")
        let base = try #require(text.range(of: "漢字"))
        #expect(text[base].labelKit.fontWeight == 700)
        #expect(text[base].labelKit.ruby == RubyAnnotation("かんじ"))
    }

    @Test("the annotation is plain text: markup in it stays as written")
    func annotationIsPlain() {
        #expect(rubies(parse("{字|**じ**}")).map(\.parts) == [["**じ**"]])
        #expect(rubies(parse("{字|[じ](x)}")).map(\.parts) == [["[じ](x)"]])
    }

    @Test("an unclosed brace stays literal, and so does one with no bar or an empty base")
    func unclosedBrace() {
        for markup in ["{漢字|かんじ", "{漢字", "{漢字}", "{|かんじ}", "a { b", "}{", "{a|b\n}", "{a\nb|c}"] {
            let text = parse(markup)
            #expect(String(text.characters) == markup, "\(markup.debugDescription)")
            #expect(rubies(text).isEmpty, "\(markup.debugDescription)")
        }
    }

    @Test("an unclosed brace before a ruby stays literal and the ruby still reads")
    func literalBraceThenRuby() {
        let text = parse("{a} {漢字|かんじ}")
        #expect(String(text.characters) == "{a} 漢字")
        #expect(rubies(text).map(\.base) == ["漢字"])
    }

    @Test("markers in a base close before its bar, or stay literal")
    func markerAcrossBar() {
        let text = parse("{**a|b**}")
        #expect(String(text.characters) == "**a")
        #expect(rubies(text).map(\.parts) == [["b**"]])
    }

    @Test("a brace inside a base stays literal: ruby does not nest")
    func noNesting() {
        let text = parse("{a{b|c}|d}")
        #expect(String(text.characters) == "a{b|d}")
        #expect(rubies(text).map(\.base) == ["a{b"])
        #expect(rubies(text).map(\.parts) == [["c"]])
    }

    @Test("backslash escapes braces and bars, in the text, the base and the annotation")
    func escapes() {
        let literal = parse(#"\{漢字\|かんじ\}"#)
        #expect(String(literal.characters) == "{漢字|かんじ}")
        #expect(rubies(literal).isEmpty)
        let escaped = parse(#"{a\|b\}|c\|d\}e}"#)
        #expect(String(escaped.characters) == "a|b}")
        #expect(rubies(escaped).map(\.parts) == [["c|d}e"]])
    }

    @Test("{base|} sets an annotation with empty text, which the layout reports")
    func emptyAnnotation() throws {
        let text = parse("{漢字|}")
        #expect(String(text.characters) == "漢字")
        let base = try #require(text.range(of: "漢字"))
        let ruby = try #require(text[base].labelKit.ruby)
        #expect(ruby.text.isEmpty)
        #expect(ruby.problem(baseCharacterCount: 2) == .emptyText)
        #expect(rubies(parse("{漢字||じ}")).map(\.parts) == [["", "じ"]])
    }

    @Test("more parts than base characters are read as written: the layout reports them")
    func morePartsThanCharacters() throws {
        let ruby = try #require(parse("{字|a|b|c}").runs.first?.labelKit.ruby)
        #expect(ruby.parts == ["a", "b", "c"])
        #expect(ruby.problem(baseCharacterCount: 1) == .morePartsThanBaseCharacters(parts: 3, baseCharacters: 1))
    }

    @Test("an image may be a ruby's base, which the layout reports")
    func imageBase() throws {
        let text = parse("{![badge](missing.png)|バッジ}")
        #expect(String(text.characters) == "\u{FFFC}")
        let run = try #require(text.runs.first)
        #expect(run.labelKit.attachment != nil && run.labelKit.ruby == RubyAnnotation("バッジ"))
    }

    @Test("ruby in list items: the marker leaves the text, the ruby stays on its base")
    func rubyInListItems() {
        let text = parse("- {漢字|かんじ}\n- {読|よ}む")
        #expect(String(text.characters) == "漢字\n読む")
        #expect(rubies(text).map(\.base) == ["漢字", "読"])
    }

    @Test("a bar outside braces is text")
    func strayBar() {
        #expect(String(parse("a | b } c").characters) == "a | b } c")
    }
}

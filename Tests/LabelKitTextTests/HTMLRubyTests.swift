import Foundation
import Testing

@testable import LabelKitText

@Suite("HTML reader: ruby")
struct HTMLRubyTests {
    func read(_ source: String) throws -> MarkupResult { try LabelMarkup.html(source) }

    @Test("ruby with one rt is group ruby on the text before it; the rt's text is not in the text")
    func groupRuby() throws {
        let result = try read("<p><ruby>漢字<rt>かんじ</rt></ruby>を読む</p>")
        #expect(String(result.text.characters) == "漢字を読む")
        #expect(rubies(result.text).map(\.base) == ["漢字"])
        #expect(rubies(result.text).map(\.parts) == [["かんじ"]])
        #expect(result.warnings.isEmpty)
    }

    @Test("each rt annotates the text before it")
    func eachRtAnnotatesTheTextBeforeIt() throws {
        let result = try read("<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>")
        #expect(String(result.text.characters) == "漢字")
        #expect(rubies(result.text).map(\.base) == ["漢", "字"])
        #expect(rubies(result.text).map(\.parts) == [["かん"], ["じ"]])
    }

    @Test("rp's text is dropped")
    func rpIsDropped() throws {
        let result = try read("<ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>です")
        #expect(String(result.text.characters) == "漢字です")
        #expect(rubies(result.text).map(\.base) == ["漢字"])
        #expect(rubies(result.text).map(\.parts) == [["かんじ"]])
        #expect(result.warnings.isEmpty)
        let mono = try read("<ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rp>(</rp><rt>じ</rt><rp>)</rp></ruby>")
        #expect(String(mono.text.characters) == "漢字")
        #expect(rubies(mono.text).map(\.base) == ["漢", "字"])
    }

    @Test("rb wraps a base; several rb are annotated by as many rt, in order")
    func rbBases() throws {
        let wrapped = try read("<ruby><rb>漢字</rb><rt>かんじ</rt></ruby>")
        #expect(rubies(wrapped.text).map(\.base) == ["漢字"])
        let tabular = try read("<ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby>")
        #expect(String(tabular.text.characters) == "漢字")
        #expect(rubies(tabular.text).map(\.base) == ["漢", "字"])
        #expect(rubies(tabular.text).map(\.parts) == [["かん"], ["じ"]])
        #expect(tabular.warnings.isEmpty)
    }

    @Test("styles inside the base keep working, and a link around the whole ruby covers the base")
    func stylesAndLinks() throws {
        let text = try read(
            #"同時に<a href="https://example.com/terms"><ruby><b>利用</b>規約<rt>りようきやく</rt></ruby></a>に同意"#
        ).text
        #expect(String(text.characters) == "同時に利用規約に同意")
        let base = try #require(text.range(of: "利用規約"))
        #expect(text[base].link == URL(string: "https://example.com/terms"))
        #expect(text[base].labelKit.ruby == RubyAnnotation("りようきやく"))
        #expect(try htmlRun(text, "利用").labelKit.fontWeight == 700)
        #expect(try htmlRun(text, "規約").labelKit.fontWeight == nil)
        #expect(text[try #require(text.range(of: "に同意"))].link == nil)
    }

    @Test("a link inside the base links only its text")
    func linkInsideBase() throws {
        let text = try read(#"<ruby><a href="https://example.com">漢</a>字<rt>かんじ</rt></ruby>"#).text
        #expect(rubies(text).map(\.base) == ["漢字"])
        #expect(try htmlRun(text, "漢").link == URL(string: "https://example.com"))
        #expect(try htmlRun(text, "字").link == nil)
    }

    @Test("white space around a base stays out of it, and the rt's is collapsed")
    func whiteSpace() throws {
        let result = try read("<p>a <ruby>\n  漢字\n  <rt>  かん\n じ </rt>\n</ruby> b</p>")
        #expect(String(result.text.characters) == "a 漢字 b")
        #expect(rubies(result.text).map(\.base) == ["漢字"])
        #expect(rubies(result.text).map(\.parts) == [["かん じ"]])
    }

    @Test("markup inside rt gives its text to the annotation, never to the base")
    func markupInsideRt() throws {
        let result = try read("<ruby>字<rt><b>じ</b><br><img src=x.png><p>ゃ</p></rt></ruby>")
        #expect(String(result.text.characters) == "字")
        #expect(rubies(result.text).map(\.parts) == [["じゃ"]])
        #expect(result.warnings.map(\.message) == ["<img> inside <rt> is left out"])
    }

    @Test("a ruby with no rt keeps its text as plain text, with a warning")
    func noRt() throws {
        let result = try read("<ruby>漢字</ruby>です")
        #expect(String(result.text.characters) == "漢字です")
        #expect(rubies(result.text).isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "line 1, column 1: ruby base text with no <rt> after it is kept as plain text"
            ])
    }

    @Test("an empty rt leaves its base without ruby, with a warning")
    func emptyRt() throws {
        let result = try read("<ruby>漢<rt></rt>字<rt> </rt></ruby>")
        #expect(String(result.text.characters) == "漢字")
        #expect(rubies(result.text).isEmpty)
        #expect(
            result.warnings.map(\.message) == Array(repeating: "<rt> is empty: its base is kept without ruby", count: 2)
        )
    }

    @Test("an rt with no base before it is left out, with a warning")
    func rtWithoutBase() throws {
        let result = try read("<ruby><rt>かん</rt>漢<rt>かん</rt><rt>じ</rt></ruby>")
        #expect(String(result.text.characters) == "漢")
        #expect(rubies(result.text).map(\.parts) == [["かん"]])
        #expect(result.warnings.count == 2)
        #expect(result.warnings.allSatisfy { $0.message.contains("has no base text before it") })
    }

    @Test("a base that holds a line break gets no ruby")
    func baseWithBreak() throws {
        let result = try read("<ruby>漢<br>字<rt>かんじ</rt></ruby><ruby>a<div>b</div><rt>c</rt></ruby>")
        #expect(rubies(result.text).isEmpty)
        #expect(result.warnings.count == 2)
        #expect(result.warnings.allSatisfy { $0.message.contains("holds a line break") })
    }

    @Test("rtc is read as rt, with a warning; an rt inside it adds its text")
    func rtc() throws {
        let result = try read("<ruby>漢字<rtc>かん<rt>じ</rt></rtc></ruby>")
        #expect(String(result.text.characters) == "漢字")
        #expect(rubies(result.text).map(\.parts) == [["かんじ"]])
        #expect(result.warnings.map(\.message) == ["<rtc> is read as <rt>: its text annotates one base"])
    }

    @Test("rt, rb and rp outside a ruby keep their text, with a warning")
    func outsideRuby() throws {
        let result = try read("a<rt>b</rt><rp>(</rp><rb>c</rb>")
        #expect(String(result.text.characters) == "ab(c")
        #expect(rubies(result.text).isEmpty)
        #expect(
            result.warnings.map(\.message) == [
                "<rt> outside <ruby>: its text is kept", "<rp> outside <ruby>: its text is kept",
                "<rb> outside <ruby>: its text is kept",
            ])
    }

    @Test("a ruby inside a ruby is read as its text, its rt the outer ruby's")
    func nestedRuby() throws {
        let result = try read("<ruby>a<ruby>b<rt>c</rt></ruby>d<rt>e</rt></ruby>")
        #expect(String(result.text.characters) == "abd")
        #expect(rubies(result.text).map(\.base) == ["ab", "d"])
        #expect(rubies(result.text).map(\.parts) == [["c"], ["e"]])
        #expect(result.warnings.map(\.message) == ["<ruby> inside a ruby is read as its text"])
    }

    @Test("an rt left open ends with its ruby, its paragraph or the input")
    func unclosedRt() throws {
        let result = try read("<p><ruby>漢<rt>かん<rp>(</rp>字<rt>じ</p>后")
        #expect(String(result.text.characters) == "漢字\n后")
        #expect(rubies(result.text).map(\.base) == ["漢", "字"])
        #expect(rubies(result.text).map(\.parts) == [["かん"], ["じ"]])
        let atEnd = try read("<ruby>漢<rt>かん")
        #expect(String(atEnd.text.characters) == "漢")
        #expect(rubies(atEnd.text).map(\.parts) == [["かん"]])
    }

    @Test("ruby past the nesting limit keeps its meaning: the rt's text never joins the base")
    func pastDepthLimit() throws {
        let deep = String(repeating: "<span>", count: 80)
        let result = try read(deep + "<ruby>漢<rt>かん</rt></ruby>")
        #expect(String(result.text.characters) == "漢")
        #expect(rubies(result.text).map(\.parts) == [["かん"]])
    }

    @Test("rubies in list items and paragraphs stay on their bases")
    func rubyInBlocks() throws {
        let result = try read(
            "<ul><li><ruby>一<rt>いち</rt></ruby></li><li>x<ruby>二<rt>に</rt></ruby></li></ul>"
                + "<p><ruby>三<rt>さん</rt></ruby></p>")
        #expect(String(result.text.characters) == "一\nx二\n三")
        #expect(rubies(result.text).map(\.base) == ["一", "二", "三"])
    }

    @Test("10,000 rubies read at once, each on its base")
    func manyRubies() throws {
        let source = String(repeating: "<ruby>字<rp>(</rp><rt>じ</rt><rp>)</rp></ruby>a", count: 10_000)
        let result = try read(source)
        #expect(result.text.characters.count == 20_000)
        #expect(rubies(result.text).count == 10_000)
    }
}

import Foundation
import Testing

@testable import LabelKitText

/// The text of a reader's result, with U+2028 written as `⏎` and U+FFFC as `▣` so that expectations read plainly.
func htmlText(_ source: String, options: MarkupOptions = MarkupOptions()) throws -> String {
    let result = try LabelMarkup.html(source, options: options)
    return String(result.text.characters).replacingOccurrences(of: "\u{2028}", with: "⏎")
        .replacingOccurrences(of: "\u{FFFC}", with: "▣")
}

/// The run of `text` holding `substring` (which must lie in one run).
func htmlRun(_ text: AttributedString, _ substring: String) throws -> AttributedString.Runs.Run {
    let range = try #require(text.range(of: substring))
    let run = try #require(text.runs.first { $0.range.contains(range.lowerBound) })
    #expect(run.range.upperBound >= range.upperBound, "\(substring) spans several runs")
    return run
}

@Suite("HTML reader: elements")
struct HTMLReaderTests {
    @Test("plain text comes through unchanged and carries no attributes")
    func plainText() throws {
        let result = try LabelMarkup.html("Hello, world")
        #expect(String(result.text.characters) == "Hello, world")
        #expect(result.text == AttributedString("Hello, world"))   // equal attributes too: none
        #expect(result.warnings.isEmpty)
        #expect(try htmlText("") == "")
    }

    @Test("b and strong are weight 700; i and em are italic; u underlines; s and del strike through")
    func inlineStyles() throws {
        let text = try LabelMarkup.html("<b>B</b><strong>S</strong><i>I</i><em>E</em><u>U</u><s>X</s><del>D</del>n")
            .text
        #expect(try htmlRun(text, "B").labelKit.fontWeight == 700)
        #expect(try htmlRun(text, "S").labelKit.fontWeight == 700)
        #expect(try htmlRun(text, "I").labelKit.italic == true)
        #expect(try htmlRun(text, "E").labelKit.italic == true)
        #expect(try htmlRun(text, "U").labelKit.underline == .single)
        #expect(try htmlRun(text, "X").labelKit.strikethrough == .single)
        #expect(try htmlRun(text, "D").labelKit.strikethrough == .single)
        let plain = try htmlRun(text, "n")
        #expect(plain.labelKit.fontWeight == nil && plain.labelKit.italic == nil && plain.labelKit.underline == nil)
    }

    @Test("styles nest: bold inside italic is both, and each ends with its element")
    func nesting() throws {
        let text = try LabelMarkup.html("<i>a <b>b</b> c</i> d").text
        #expect(String(text.characters) == "a b c d")
        let bold = try htmlRun(text, "b")
        #expect(bold.labelKit.fontWeight == 700 && bold.labelKit.italic == true)
        #expect(try htmlRun(text, " c").labelKit.fontWeight == nil)
        #expect(try htmlRun(text, " c").labelKit.italic == true)
        #expect(try htmlRun(text, " d").labelKit.italic == nil)
    }

    @Test("a href makes a link over its text, images included")
    func links() throws {
        let text = try LabelMarkup.html(#"See <a href="https://example.com/terms">the <b>terms</b></a>."#).text
        #expect(String(text.characters) == "See the terms.")
        #expect(try htmlRun(text, "the ").link == URL(string: "https://example.com/terms"))
        #expect(try htmlRun(text, "terms").link == URL(string: "https://example.com/terms"))
        #expect(try htmlRun(text, "terms").labelKit.fontWeight == 700)
        #expect(try htmlRun(text, ".").link == nil)
        #expect(try htmlRun(text, "See ").link == nil)
        // An anchor without href is no link, and no warning.
        let anchor = try LabelMarkup.html(#"<a name="top">top</a>"#)
        #expect(anchor.text.runs.allSatisfy { $0.link == nil } && anchor.warnings.isEmpty)
    }

    @Test("a link target that is not a URL keeps the text unlinked, with a warning at the attribute")
    func invalidLink() throws {
        let result = try LabelMarkup.html(#"<a href="https://a b.com">bad</a> <a href="">empty</a>"#)
        #expect(String(result.text.characters) == "bad empty")
        #expect(result.text.runs.allSatisfy { $0.link == nil })
        #expect(
            result.warnings.map(\.description) == [
                "line 1, column 4: the link target 'https://a b.com' is not a valid URL: the text is kept unlinked",
                "line 1, column 38: the link target '' is not a valid URL: the text is kept unlinked",
            ])
    }

    @Test("sup and sub are ¾ of the parent's size, moved up or down a third of it (a positive offset is up)")
    func scripts() throws {
        let options = MarkupOptions(fontSize: 24)
        let text = try LabelMarkup.html("x<sup>2</sup> H<sub>2</sub>O <sup>a<sup>b</sup></sup>", options: options).text
        let sup = try #require(text.runs.first { String(text[$0.range].characters) == "2" })
        #expect(sup.labelKit.fontSize == 18)
        #expect(sup.labelKit.baselineOffset == 8)
        let sub = try #require(text.runs.last { String(text[$0.range].characters) == "2" })
        #expect(sub.labelKit.fontSize == 18)
        #expect(sub.labelKit.baselineOffset == -8)
        // Nested: the inner one scales and moves from its parent's size (18 → 13.5, 8 + 6 up).
        #expect(try htmlRun(text, "b").labelKit.fontSize == 13.5)
        #expect(try htmlRun(text, "b").labelKit.baselineOffset == 14)
        #expect(try htmlRun(text, "x").labelKit.fontSize == nil)
    }

    @Test("code and pre are set in DejaVu Sans Mono")
    func code() throws {
        let text = try LabelMarkup.html("run <code>make test</code> now").text
        #expect(try htmlRun(text, "make test").labelKit.fontFamily == "DejaVu Sans Mono")
        #expect(try htmlRun(text, " now").labelKit.fontFamily == nil)
    }

    @Test("p makes paragraphs separated by one line feed, with none empty at the start, the end or between")
    func paragraphs() throws {
        #expect(try htmlText("<p>One</p><p>Two</p>") == "One\nTwo")
        #expect(try htmlText("<p>One<p>Two") == "One\nTwo")
        #expect(try htmlText("\n  <p>One</p>\n\n  <p></p> <p>  </p>\n<p>Two</p>\n") == "One\nTwo")
        #expect(try htmlText("before<p>inside</p>after") == "before\ninside\nafter")
        #expect(try htmlText("<div>a<div>b</div>c</div>") == "a\nb\nc")
    }

    @Test("br is a line break inside the paragraph (U+2028); one that ends a paragraph adds no line")
    func lineBreaks() throws {
        #expect(try htmlText("a<br>b") == "a⏎b")
        #expect(try htmlText("a <br> b") == "a⏎b")
        #expect(try htmlText("a<br><br>b") == "a⏎⏎b")
        #expect(try htmlText("<p>a<br></p><p>b</p>") == "a\nb")
        #expect(try htmlText("a<br>") == "a")
        // A paragraph holding only a line break is an empty line between two paragraphs, as in browsers.
        #expect(try htmlText("<p>a</p><p><br></p><p>b</p>") == "a\n\nb")
        #expect(try htmlText("<br/>a") == "⏎a")
    }

    @Test("white space collapses as in browsers: runs become one space, none at a line's ends; &nbsp; stays")
    func whitespace() throws {
        #expect(try htmlText("  lots \t of\n\n   space  ") == "lots of space")
        #expect(try htmlText("a <b> b </b> c") == "a b c")
        #expect(try htmlText("a&nbsp;&nbsp; b") == "a\u{A0}\u{A0} b")
        #expect(try htmlText("a&#32;&#32;b") == "a b")
        // The space keeps the style of the first white space of its run.
        let text = try LabelMarkup.html("<u>a </u> b").text
        #expect(try htmlRun(text, "a ").labelKit.underline == .single)
        #expect(String(text.characters) == "a b")
    }

    @Test("pre keeps its white space; its line feeds (LF, CR, CR LF) break lines; the one after <pre> is dropped")
    func preformatted() throws {
        #expect(try htmlText("<pre>\n  a   b\r\n c\rd\n</pre>after") == "  a   b⏎ c⏎d\nafter")
        #expect(try htmlText("x<pre>\tt</pre>") == "x\n\tt")
    }

    @Test("img is an attachment on one U+FFFC: the file, the alt text, the given size or the options' height")
    func images() throws {
        let options = MarkupOptions(imageHeight: 20)
        let result = try LabelMarkup.html(
            #"Ana <img src="/nonexistent/badge.png" alt="verified"> <img src=x.png width=30 height="12px">"#,
            options: options)
        #expect(try htmlText(#"Ana <img src="/nonexistent/badge.png" alt="verified"> x"#) == "Ana ▣ x")
        let attachments = result.text.runs.compactMap(\.labelKit.attachment)
        #expect(attachments.count == 2)
        #expect(attachments[0].content == .image(.file(path: "/nonexistent/badge.png")))
        #expect(attachments[0].altText == "verified")
        #expect(attachments[0].height == 20 && attachments[0].width == 20)   // no file: square
        #expect(attachments[0].alignment == .center)
        #expect(attachments[1].width == 30 && attachments[1].height == 12)
        #expect(result.warnings.isEmpty)
    }

    @Test("an image takes the proportions its PNG file declares when one side is not given")
    func imageProportions() throws {
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        header += [0, 0, 0, 64, 0, 0, 0, 16]   // 64 × 16 pixels
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-html-\(UUID()).png").path
        try Data(header).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = MarkupOptions(imageHeight: 10)
        func box(_ attributes: String) throws -> (Double, Double) {
            let text = try LabelMarkup.html("<img src=\"\(path)\" \(attributes)>", options: options).text
            let attachment = try #require(text.runs.first?.labelKit.attachment)
            return (attachment.width, attachment.height)
        }
        #expect(try box("") == (40, 10))
        #expect(try box("height=8") == (32, 8))
        #expect(try box("width=8") == (8, 2))
        #expect(try box("width=5 height=5") == (5, 5))
    }

    @Test("an image inside a link is tappable and takes the styles around it")
    func linkedImage() throws {
        let text = try LabelMarkup.html(#"<a href="https://example.com"><b><img src="a.png" alt="A"></b></a>"#).text
        let run = try #require(text.runs.first)
        #expect(run.labelKit.attachment != nil)
        #expect(run.link == URL(string: "https://example.com"))
        #expect(run.labelKit.fontWeight == 700)
    }

    @Test("an img without src keeps its alt text as text, with a warning")
    func imageWithoutSource() throws {
        let result = try LabelMarkup.html(#"a <img alt="picture"> b"#)
        #expect(String(result.text.characters) == "a picture b")
        #expect(
            result.warnings.map(\.description) == ["line 1, column 3: <img> has no src: its alt text is kept as text"])
    }

    @Test("the content of script, style and title is left out; html, head, body and meta say nothing")
    func droppedContent() throws {
        let source = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>Title</title>
            <style>p { color: red } </p></style></head>
            <body><p>Shown<script>if (a < b) { document.write("<b>x</b>") }</script>!</p></body></html>
            """
        let result = try LabelMarkup.html(source)
        #expect(String(result.text.characters) == "Shown!")
        #expect(result.warnings.isEmpty)
    }

    @Test("comments, doctypes, processing instructions and CDATA sections are skipped")
    func skipped() throws {
        #expect(
            try htmlText("a<!-- <b>not bold</b> -->b<!DOCTYPE html>c<![CDATA[x<y]]>d<?xml x?>e<!---->f") == "abcdef")
        #expect(try htmlText("a<!-->b<!--->c") == "abc")
    }

    @Test("tag and attribute names are read in any case; values quoted, single-quoted or bare")
    func caseAndQuotes() throws {
        let text = try LabelMarkup.html(#"<A HREF=https://e.com/1>one</A> <a Href='https://e.com/2'>two</a> <B>b</b>"#)
            .text
        #expect(try htmlRun(text, "one").link == URL(string: "https://e.com/1"))
        #expect(try htmlRun(text, "two").link == URL(string: "https://e.com/2"))
        #expect(try htmlRun(text, "b").labelKit.fontWeight == 700)
    }

    @Test("a < that starts no tag is text, as in browsers")
    func lessThan() throws {
        #expect(try htmlText("a < b, 1 <2, <> and </>x") == "a < b, 1 <2, <> and x")
    }

    @Test("unclosed elements close at their parent's end or the end of the input")
    func unclosed() throws {
        let text = try LabelMarkup.html("<p><b>bold<p>plain <i>italic").text
        #expect(String(text.characters) == "bold\nplain italic")
        #expect(try htmlRun(text, "bold").labelKit.fontWeight == 700)
        #expect(try htmlRun(text, "plain ").labelKit.fontWeight == nil)
        #expect(try htmlRun(text, "italic").labelKit.italic == true)
    }
}

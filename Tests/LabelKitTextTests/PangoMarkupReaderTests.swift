import Foundation
import Testing

@testable import LabelKitText

@Suite("Pango markup reader")
struct PangoMarkupReaderTests {
    func read(_ markup: String) throws -> AttributedString {
        try LabelMarkup.pango(markup).text
    }

    func error(_ markup: String) -> MarkupError? {
        do {
            _ = try LabelMarkup.pango(markup)
            return nil
        } catch {
            return error
        }
    }

    func slice(_ text: AttributedString, _ needle: String) throws -> AttributedSubstring {
        text[try #require(text.range(of: needle))]
    }

    @Test("short tags: b, i, u, s, tt")
    func shortTags() throws {
        let text = try read("<b>B</b><i>I</i><u>U</u><s>S</s><tt>T</tt>")
        #expect(String(text.characters) == "BIUST")
        #expect(try slice(text, "B").labelKit.fontWeight == 700)
        #expect(try slice(text, "I").labelKit.italic == true)
        #expect(try slice(text, "U").labelKit.underline == .single)
        #expect(try slice(text, "S").labelKit.strikethrough == .single)
        #expect(try slice(text, "T").labelKit.fontFamily == "DejaVu Sans Mono")
    }

    @Test("big and small are a step of 1.2; x-large two steps from the label's size; points are points")
    func sizes() throws {
        let options = MarkupOptions(fontSize: 10)
        let text = try LabelMarkup.pango(
            #"<big>A</big><small>B</small><span size="x-large">C</span><span size="12pt">D</span>"#
                + #"<span size="18432">E</span><span size="12pt"><big>F</big></span><span size="150%">G</span>"#,
            options: options
        ).text
        #expect(abs((try slice(text, "A").labelKit.fontSize ?? 0) - 12) < 1e-9)
        #expect(abs((try slice(text, "B").labelKit.fontSize ?? 0) - 10 / 1.2) < 1e-9)
        #expect(abs((try slice(text, "C").labelKit.fontSize ?? 0) - 14.4) < 1e-9)
        #expect(try slice(text, "D").labelKit.fontSize == 12)
        #expect(try slice(text, "E").labelKit.fontSize == 18)
        // 1.2 × 12 pt in whole 1024ths of a point, as Pango keeps it: 14745/1024, not 14.4.
        #expect(try slice(text, "F").labelKit.fontSize == 14745.0 / 1024)
        #expect(try slice(text, "G").labelKit.fontSize == 15)
    }

    @Test("colours: hex forms with and without alpha, and X11/CSS names")
    func colors() throws {
        let text = try read(
            ##"<span foreground="#f00">a</span><span color="#00ff0080">b</span>"##
                + ##"<span fgcolor="#00000000ffff">c</span><span background="Alice Blue">d</span>"##
                + ##"<span bgcolor="gray">e</span>"##)
        #expect(try slice(text, "a").labelKit.foregroundColor == LabelColor(red: 1, green: 0, blue: 0))
        #expect(
            try slice(text, "b").labelKit.foregroundColor == LabelColor(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
        #expect(try slice(text, "c").labelKit.foregroundColor == LabelColor(red: 0, green: 0, blue: 1))
        #expect(try slice(text, "d").labelKit.backgroundColor == LabelColor(hex: 0xF0F8FF))
        #expect(try slice(text, "e").labelKit.backgroundColor == LabelColor(hex: 0x808080), "CSS's gray, not X11's")
    }

    @Test("weight, style, underline, strikethrough, rise, letter spacing")
    func spanAttributes() throws {
        let text = try read(
            #"<span weight="ultralight">a</span><span font_weight="650">b</span><span style="oblique">c</span>"#
                + #"<span underline="double">d</span><span underline="error">e</span>"#
                + #"<u><span underline="none">f</span></u><span strikethrough="true">g</span>"#
                + #"<span rise="-2048">h</span><span rise="3.5pt">i</span><span letter_spacing="1536">j</span>"#)
        #expect(try slice(text, "a").labelKit.fontWeight == 200)
        #expect(try slice(text, "b").labelKit.fontWeight == 650)
        #expect(try slice(text, "c").labelKit.italic == true)
        #expect(try slice(text, "d").labelKit.underline == .double)
        #expect(try slice(text, "e").labelKit.underline == .dotted)
        #expect(try slice(text, "f").labelKit.underline == nil, "an inner 'none' takes the outer underline off")
        #expect(try slice(text, "g").labelKit.strikethrough == .single)
        #expect(try slice(text, "h").labelKit.baselineOffset == -2)
        #expect(try slice(text, "i").labelKit.baselineOffset == 3.5)
        #expect(try slice(text, "j").labelKit.tracking == 1.5)
    }

    @Test("sup and sub: DejaVu Sans's script size and shifts; Pango's fallback at a paragraph's start")
    func scripts() throws {
        let text = try read("x<sup>2</sup> H<sub>o</sub>")
        let superscript = try slice(text, "2")
        #expect(abs((superscript.labelKit.fontSize ?? 0) - 15 * 1433 / 2048) < 1e-9)
        #expect(abs((superscript.labelKit.baselineOffset ?? 0) - 15 * 983 / 2048) < 1e-9)
        #expect(abs((try slice(text, "o").labelKit.baselineOffset ?? 0) + 15 * 286 / 2048) < 1e-9)
        let first = try read("<sup>1</sup>")
        #expect(abs((first.runs.first?.labelKit.fontSize ?? 0) - 15 / 1.2) < 1e-9)
        #expect(abs((first.runs.first?.labelKit.baselineOffset ?? 0) - 5000.0 / 1024) < 1e-9)
    }

    @Test("line_height sets the paragraphs it covers, from the options' paragraph style")
    func lineHeight() throws {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let options = MarkupOptions(paragraphStyle: paragraph)
        let text = try LabelMarkup.pango(
            #"one <span line_height="1.5">two</span>\#nthree\#n<span line_height="20480">four</span>"#,
            options: options
        ).text
        #expect(try slice(text, "one").labelKit.paragraphStyle?.lineHeight == .multiple(1.5))
        #expect(try slice(text, "one").labelKit.paragraphStyle?.alignment == .center)
        #expect(try slice(text, "three").labelKit.paragraphStyle == nil)
        #expect(try slice(text, "four").labelKit.paragraphStyle?.lineHeight == .absolute(20))
    }

    @Test("a href becomes a link; the markup wrapper is optional; entities and CDATA are text")
    func linksAndText() throws {
        let text = try read(
            #"<markup>Read <a href="https://example.com/terms" title="t">the terms</a> &amp; &#169;&#x1F600;"#
                + "<![CDATA[<b>]]><!-- note --></markup>")
        #expect(String(text.characters) == "Read the terms & ©😀<b>")
        #expect(try slice(text, "the terms").link == URL(string: "https://example.com/terms"))
    }

    @Test("attributes Pango accepts but LabelKit does not show give a warning and keep the text")
    func warnings() throws {
        let result = try LabelMarkup.pango("a\n<span lang=\"fr\" gravity=\"east\">b</span>")
        #expect(String(result.text.characters) == "a\nb")
        #expect(result.warnings.map(\.line) == [2, 2])
        #expect(result.warnings.map(\.column) == [7, 17])
    }

    @Test("malformed markup is an error naming the line and column where it starts")
    func errors() {
        let cases: [(String, Int, Int, String)] = [
            ("<b>bold</i>", 1, 8, "open element is <b>"),
            ("a\n<blink>x</blink>", 2, 1, "unknown element <blink>"),
            ("<span colour=\"red\">x</span>", 1, 7, "'colour' is not allowed"),
            ("<span size=\"12px\">x</span>", 1, 7, "'size'"),
            ("<span foreground=\"#12\">x</span>", 1, 7, "colour"),
            ("fish & chips", 1, 6, "'&'"),
            ("a &nbsp; b", 1, 3, "unknown entity"),
            ("1 < 2", 1, 3, "'<'"),
            ("<i>open", 1, 8, "still open"),
            ("</b>", 1, 1, "no element is open"),
            ("<b x=\"1\">", 1, 4, "takes no attributes"),
            ("<span color=\"red\" foreground=\"blue\">x</span>", 1, 19, "occurs twice"),
            ("<span strikethrough=\"maybe\">x</span>", 1, 7, "'true' or 'false'"),
            ("<a>x</a>", 1, 1, "href"),
            ("<span weight=bold>x</span>", 1, 14, "in quotes"),
        ]
        for (markup, line, column, fragment) in cases {
            guard let error = error(markup) else {
                Issue.record("\(markup) was read")
                continue
            }
            #expect(error.line == line && error.column == column, "\(markup): \(error)")
            #expect(error.message.contains(fragment), "\(markup): \(error)")
            #expect(error.description.hasPrefix("line \(line), column \(column): "))
        }
    }

    @Test("deep nesting is read iteratively, and long inputs in linear time")
    func robustness() throws {
        let depth = 100_000
        let deep = String(repeating: "<big>", count: depth) + "x" + String(repeating: "</big>", count: depth)
        let text = try read(deep)
        #expect(text.runs.first?.labelKit.fontSize == 10_000, "sizes are clamped")
        #expect(error(String(repeating: "<b>", count: depth)) != nil)
        let long = String(repeating: "<b>a</b> &amp; <span lang=\"x\">c</span>\n", count: 20_000)
        let result = try LabelMarkup.pango(long)
        #expect(result.text.characters.count == 20_000 * 6)
        #expect(result.warnings.count == 20_000)
    }
}

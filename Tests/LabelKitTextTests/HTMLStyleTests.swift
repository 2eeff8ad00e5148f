import Foundation
import Testing

@testable import LabelKitText

@Suite("HTML reader: the style attribute")
struct HTMLStyleTests {
    /// The first run of `<span style="…">x</span>`, read at the default 15 points.
    func styled(_ style: String, fontSize: Double = 15) throws -> AttributedString.Runs.Run {
        let text = try LabelMarkup.html("<span style=\"\(style)\">x</span>", options: MarkupOptions(fontSize: fontSize))
            .text
        return try #require(text.runs.first)
    }

    func warnings(_ source: String) throws -> [String] {
        try LabelMarkup.html(source).warnings.map(\.description)
    }

    @Test("color and background-color: hex forms, rgb() and rgba(), names, transparent")
    func colors() throws {
        let cases: [(String, LabelColor)] = [
            ("#0A66C2", LabelColor(hex: 0x0A66C2)),
            ("#f00", LabelColor(hex: 0xFF0000)),
            ("#f008", LabelColor(red: 1, green: 0, blue: 0, alpha: 0x88 / 255)),
            ("#11223344", LabelColor(red: 0x11 / 255, green: 0x22 / 255, blue: 0x33 / 255, alpha: 0x44 / 255)),
            ("rgb(255, 0, 0)", LabelColor(hex: 0xFF0000)),
            ("rgb(0 128 255)", LabelColor(red: 0, green: 128 / 255, blue: 1)),
            ("rgba(0, 0, 255, 0.5)", LabelColor(red: 0, green: 0, blue: 1, alpha: 0.5)),
            ("rgb(100% 0% 50% / 25%)", LabelColor(red: 1, green: 0, blue: 0.5, alpha: 0.25)),
            ("rgb(300, -5, 0)", LabelColor(hex: 0xFF0000)),   // clamped, as CSS does
            ("RED", LabelColor(hex: 0xFF0000)),
            ("tomato", LabelColor(hex: 0xFF6347)),
            ("rebeccapurple", LabelColor(hex: 0x663399)),
            ("grey", LabelColor(hex: 0x808080)),
            ("transparent", .clear),
        ]
        for (css, expected) in cases {
            #expect(try styled("color: \(css)").labelKit.foregroundColor == expected, "\(css)")
            #expect(try styled("background-color: \(css)").labelKit.backgroundColor == expected, "\(css)")
        }
    }

    @Test("the 17 basic CSS colours have their CSS values (not X11's: green is #008000, gray #808080)")
    func basicColors() {
        let basic: [String: UInt32] = [
            "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "white": 0xFFFFFF, "maroon": 0x800000,
            "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "green": 0x008000, "lime": 0x00FF00,
            "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF, "teal": 0x008080,
            "aqua": 0x00FFFF, "orange": 0xFFA500,
        ]
        for (name, value) in basic { #expect(CSSNamedColors.value(of: name) == value, "\(name)") }
        #expect(CSSNamedColors.count == 148)
    }

    @Test("colours that are not colours are left out, with a warning")
    func badColors() throws {
        for bad in ["#12", "#ggg", "rgb(1, 2)", "rgb(a, b, c)", "nonsense", "rgb(1, 2, 3", "#1234567"] {
            #expect(try styled("color: \(bad)").labelKit.foregroundColor == nil, "\(bad)")
        }
        #expect(
            try warnings(#"<span style="color: blurple">x</span>"#) == [
                "line 1, column 7: 'blurple' is not a valid color, ignored"
            ])
    }

    @Test("font-size: px, pt read as px, em and % of the parent, rem and keywords of the label's size")
    func fontSizes() throws {
        #expect(try styled("font-size: 20px").labelKit.fontSize == 20)
        #expect(try styled("font-size: 20pt").labelKit.fontSize == 20)
        #expect(try styled("font-size: 2em").labelKit.fontSize == 30)
        #expect(try styled("font-size: 150%").labelKit.fontSize == 22.5)
        #expect(try styled("font-size: medium", fontSize: 16).labelKit.fontSize == nil)   // the label's own size
        #expect(try styled("font-size: x-large", fontSize: 16).labelKit.fontSize == 24)
        #expect(try styled("font-size: small", fontSize: 18).labelKit.fontSize == 16)
        #expect(try styled("font-size: xx-large", fontSize: 16).labelKit.fontSize == 32)
        #expect(try styled("font-size: larger", fontSize: 10).labelKit.fontSize == 12)
        // em is of the parent's size, rem of the label's.
        let text = try LabelMarkup.html(
            #"<span style="font-size: 20px"><span style="font-size: 1.5em">a</span><span style="font-size: 2rem">b</span></span>"#
        ).text
        #expect(try htmlRun(text, "a").labelKit.fontSize == 30)
        #expect(try htmlRun(text, "b").labelKit.fontSize == 30)
    }

    @Test("font sizes stay within 1–10,000 points, so that the text always lays out")
    func fontSizeClamp() throws {
        #expect(try styled("font-size: 0").labelKit.fontSize == 1)
        #expect(try styled("font-size: 1e9px").labelKit.fontSize == 10_000)
        #expect(try styled("font-size: -3px").labelKit.fontSize == nil)   // invalid, as in CSS: left out
    }

    @Test("font-weight: keywords, numbers, bolder and lighter; font-style: italic, oblique, normal")
    func weightAndStyle() throws {
        #expect(try styled("font-weight: bold").labelKit.fontWeight == 700)
        #expect(try styled("font-weight: normal").labelKit.fontWeight == 400)
        #expect(try styled("font-weight: 300").labelKit.fontWeight == 300)
        #expect(try styled("font-weight: 950").labelKit.fontWeight == 950)
        #expect(try styled("font-weight: bolder").labelKit.fontWeight == 700)
        #expect(try styled("font-weight: lighter").labelKit.fontWeight == 100)
        #expect(try styled("font-weight: 1200").labelKit.fontWeight == nil)
        #expect(try styled("font-style: italic").labelKit.italic == true)
        #expect(try styled("font-style: oblique").labelKit.italic == true)
        #expect(try styled("font-style: normal").labelKit.italic == false)
        // The style attribute wins over the tag.
        let text = try LabelMarkup.html(#"<b style="font-weight: normal">n</b><i style="font-style: normal">u</i>"#)
            .text
        #expect(try htmlRun(text, "n").labelKit.fontWeight == 400)
        #expect(try htmlRun(text, "u").labelKit.italic == false)
    }

    @Test("text-decoration: underline, line-through, both, patterns and colours; none removes the tag's own line")
    func decorations() throws {
        #expect(try styled("text-decoration: underline").labelKit.underline == .single)
        #expect(try styled("text-decoration: line-through").labelKit.strikethrough == .single)
        let both = try styled("text-decoration: underline line-through")
        #expect(both.labelKit.underline == .single && both.labelKit.strikethrough == .single)
        let dotted = try styled("text-decoration: underline dotted red")
        #expect(dotted.labelKit.underline == .dotted)
        #expect(dotted.labelKit.underlineColor == LabelColor(hex: 0xFF0000))
        let text = try LabelMarkup.html(
            #"<u style="text-decoration: none">a</u><u><span style="text-decoration: none">b</span></u>"#
        ).text
        #expect(try htmlRun(text, "a").labelKit.underline == nil)
        // As in CSS, an ancestor's underline runs through a child that says none.
        #expect(try htmlRun(text, "b").labelKit.underline == .single)
    }

    @Test("declarations: !important, comments, extra semicolons and case are read; a piece without ':' warns")
    func declarationSyntax() throws {
        let run = try styled("/* note */ COLOR : Red !important;; font-weight:bold;")
        #expect(run.labelKit.foregroundColor == LabelColor(hex: 0xFF0000))
        #expect(run.labelKit.fontWeight == 700)
        #expect(
            try warnings(#"<span style="color red">x</span>"#) == [
                "line 1, column 7: CSS 'color red' is not 'property: value', ignored"
            ])
    }

    @Test("unknown properties are left out with a warning naming them, at the style attribute")
    func unknownProperties() throws {
        let source = "<p>\n  <span style=\"margin: 3px; color: blue; vertical-align: super\">x</span></p>"
        let result = try LabelMarkup.html(source)
        #expect(result.text.runs.first?.labelKit.foregroundColor == LabelColor(hex: 0x0000FF))
        #expect(
            result.warnings.map(\.description) == [
                "line 2, column 9: unsupported CSS property margin, ignored",
                "line 2, column 9: unsupported CSS property vertical-align, ignored",
            ])
    }

    @Test("line-height on a block: a number, em or % times the block's font size, px as is — an absolute height")
    func blockLineHeight() throws {
        func lineHeight(_ source: String) throws -> LineHeight? {
            try LabelMarkup.html(source, options: MarkupOptions(fontSize: 16)).text.runs.first?.labelKit
                .paragraphStyle?.lineHeight
        }
        #expect(try lineHeight(#"<p style="line-height: 1.5">a</p>"#) == .absolute(24))
        #expect(try lineHeight(#"<p style="line-height: 2em">a</p>"#) == .absolute(32))
        #expect(try lineHeight(#"<p style="line-height: 150%">a</p>"#) == .absolute(24))
        #expect(try lineHeight(#"<div style="line-height: 20px">a</div>"#) == .absolute(20))
        #expect(try lineHeight(#"<li style="line-height: 20pt">a</li>"#) == .absolute(20))
        // em and % are of the element's own font size, wherever font-size stands.
        #expect(try lineHeight(#"<p style="line-height: 1.5em; font-size: 20px">a</p>"#) == .absolute(30))
        #expect(try lineHeight(#"<p style="line-height: normal">a</p>"#) == nil)
        #expect(try lineHeight("<p>a</p>") == nil)
    }

    @Test("a paragraph's line height is the tallest its runs ask for (CSS's line box), the block's at least")
    func inlineLineHeight() throws {
        let options = MarkupOptions(fontSize: 10)
        // A unitless factor is inherited as a factor: the 20-point span's lines are 2 × 20.
        let source =
            #"<p style="line-height: 2">a <span style="font-size: 20px">big</span></p><p>b <span style="line-height: 30px">c</span></p>"#
        let text = try LabelMarkup.html(source, options: options).text
        #expect(try htmlRun(text, "a ").labelKit.paragraphStyle?.lineHeight == .absolute(40))
        #expect(try htmlRun(text, "big").labelKit.paragraphStyle?.lineHeight == .absolute(40))
        #expect(try htmlRun(text, "b ").labelKit.paragraphStyle?.lineHeight == .absolute(30))
    }

    @Test("a paragraph with a line height starts from the options' paragraph style")
    func lineHeightKeepsOptions() throws {
        var base = ParagraphStyle()
        base.alignment = .center
        base.paragraphSpacing = 6
        let text = try LabelMarkup.html(
            #"<p style="line-height: 3">a</p><p>b</p>"#, options: MarkupOptions(fontSize: 10, paragraphStyle: base)
        ).text
        let style = try #require(try htmlRun(text, "a").labelKit.paragraphStyle)
        #expect(style.alignment == .center && style.paragraphSpacing == 6 && style.lineHeight == .absolute(30))
        #expect(try htmlRun(text, "b").labelKit.paragraphStyle == nil)
    }

    @Test("invalid line heights are left out with a warning")
    func badLineHeight() throws {
        #expect(
            try warnings(#"<p style="line-height: -2">a</p>"#) == [
                "line 1, column 4: '-2' is not a valid line-height, ignored"
            ])
        #expect(try warnings(#"<p style="line-height: tall">a</p>"#).count == 1)
    }

    @Test("CSS numbers: no inf, nan or hexadecimal floats; exponents are read")
    func numbers() {
        #expect(CSSNumber.parse("1.5") == 1.5)
        #expect(CSSNumber.parse("-.5") == -0.5)
        #expect(CSSNumber.parse("2e1") == 20)
        for bad in ["inf", "nan", "0x1p3", "", ".", "1e999", "--1"] {
            #expect(CSSNumber.parse(bad[...]) == nil, "\(bad)")
        }
        #expect(CSSDeclarations.dimension("1.5em")! == (1.5, "em"))
        #expect(CSSDeclarations.dimension("1e1px")! == (10, "px"))
        #expect(CSSDeclarations.dimension("12")! == (12, ""))
        #expect(CSSDeclarations.dimension("12furlongs") == nil)
    }
}

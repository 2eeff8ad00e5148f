import Foundation
import LabelKit
import Testing

/// LabelKit's Pango markup reader and Pango 1.50's `pango_parse_markup` refuse the same inputs: each sample below is
/// read by both, and both must accept it or both reject it. The samples are malformed in every way GMarkup and Pango
/// check, with well-formed neighbours that look suspicious (so that an over-strict reader fails too).
///
/// Not among them, where the reader is knowingly lenient: values of the span attributes Pango accepts but LabelKit
/// does not show (`gravity`, `lang`, `font_desc`, …), which the reader does not check.
@Suite struct PangoMarkupErrorAgreementTests {
    static let malformed = [
        "<b>bold</i>", "<i>open", "</b>", "<blink>x</blink>", "<B>x</B>", "<b x=\"1\">x</b>",
        "<span colour=\"red\">x</span>",
        "<span size=\"12px\">x</span>", "<span size=\"huge\">x</span>", "<span size=\"0\">x</span>",
        "<span size=\"-5\">x</span>", "<span foreground=\"#12\">x</span>", "<span foreground=\"#ggg\">x</span>",
        "<span foreground=\"not a colour\">x</span>", "<span underline_color=\"#f008\">x</span>",
        "<span weight=\"fat\">x</span>", "<span weight=\"-1\">x</span>", "<span style=\"slanted\">x</span>",
        "<span underline=\"wavy\">x</span>", "<span underline=\"Single\">x</span>",
        "<span strikethrough=\"maybe\">x</span>", "<span strikethrough=\"TRUE\">x</span>", "<span rise=\"up\">x</span>",
        "<span rise=\"3px\">x</span>", "<span letter_spacing=\"1.5\">x</span>", "<span letter_spacing=\"2pt\">x</span>",
        "<span alpha=\"0\">x</span>", "<span alpha=\"101%\">x</span>", "<span alpha=\"70000\">x</span>",
        "<span color=\"red\" foreground=\"blue\">x</span>", "<span size=\"1\" font_size=\"2\">x</span>",
        "fish & chips", "a &nbsp; b", "&#0;", "&#xD800;", "&#x110000;", "&;", "&#;", "&#xZZ;", "1 < 2", "a <", "<",
        "<b", "<b>x</b", "<span weight=bold>x</span>", "<span weight=\"bold>x</span>", "<span weight='bold'x>y</span>",
        "<!-- open", "<![CDATA[ open", "<? open", "</markup>", "a</markup>b<markup>", "<markup x=\"1\"></markup>",
        "<b></b></b>", "<span\nfoo=\"1\">x</span>", "<!foo>a", "<!DOCTYPE x",
    ]
    static let wellFormed = [
        "", "plain", "a > b", "<b>x</b>", "<b/>", "<markup>x</markup>", "<markup><markup>x</markup></markup>",
        "<span size=\"12pt\">x</span>", "<span size=\" 12288\">x</span>", "<span size=\"+12288\">x</span>",
        "<span size=\"12.5pt\">x</span>", "<span size=\"150%\">x</span>", "<span foreground=\"#f00a\">x</span>",
        "<span foreground=\"#ffffeeeedddd\">x</span>", "<span foreground=\"Alice Blue\">x</span>",
        "<span foreground=\"ALICEBLUE\">x</span>", "<span weight=\"Ultra-Bold\">x</span>",
        "<span weight=\"ultrabold\">x</span>", "<span weight=\"0\">x</span>", "<span style=\"2\">x</span>",
        "<span underline=\"7\">x</span>", "<span underline=\"error-line\">x</span>",
        "<span strikethrough=\"y\">x</span>",
        "<span rise=\"-5.5pt\">x</span>", "<span letter_spacing=\"-1024\">x</span>",
        "<span line_height=\"abc\">x</span>",
        "<span line_height=\"1.5x\">x</span>", "<span alpha=\"50%\">x</span>", "<span alpha=\"50%x\">x</span>",
        "<span font-family=\"DejaVu Serif\">x</span>", "<span fgcolor=\"red\" bgcolor=\"blue\">x</span>",
        "<span weight = \"bold\" >x</span >", "<span weight='bold'>x</span>", "a &amp; &lt; &gt; &quot; &apos; b",
        "&#169;&#xA9;&#x1F600;", "<![CDATA[<b>]]>", "<!-- note -->x", "<?pi x?>x", "  leading and trailing  ",
        "line\none\r\ntwo", "<!DOCTYPE x>a", "<!-->a", "<?>a", "<!DOCTYPE x [<!ENTITY y \"z\">]>a",
        "<span lang=\"fr\" gravity=\"east\">x</span>", "<sub>a</sub><sup>b</sup>",
    ]

    @Test func pangoAndLabelKitRejectTheSameMarkup() throws {
        let samples = Self.malformed + Self.wellFormed
        let answers: [PangoMarkupAnswer]
        do {
            answers = try PangoOracle().readMarkup(samples.map { (markup: $0, width: 0) })
        } catch {
            Issue.record("No Pango oracle, so no agreement: \(error)")
            return
        }
        var agree = 0
        for (sample, answer) in zip(samples, answers) {
            var pangoError: String?
            if case .error(let message) = answer { pangoError = message }
            var ourError: MarkupError?
            do { _ = try LabelMarkup.pango(sample) } catch { ourError = error }
            #expect(
                (pangoError == nil) == (ourError == nil),
                "\(sample.debugDescription): Pango \(pangoError ?? "reads it"), LabelKit \(ourError.map(\.description) ?? "reads it")"
            )
            agree += (pangoError == nil) == (ourError == nil) ? 1 : 0
            #expect(
                (pangoError != nil) == Self.malformed.contains(sample),
                "the sample \(sample.debugDescription) is misfiled")
        }
        print("Pango markup errors: LabelKit and Pango 1.50 agree on \(agree) of \(samples.count) samples")
    }
}

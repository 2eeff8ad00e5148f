import Foundation
import LabelKit
import LabelKitCorpus

/// Generated Pango markup: words, entities and line breaks in nested short tags and spans with the attributes
/// LabelKit's reader shows, each with values of every form Pango takes. No `<a>` (Pango rejects it); `sub` and `sup`
/// hold a word or two and never start a paragraph (Pango then has no font to size it by; the reader's fallback is
/// tested apart).
struct PangoMarkupCorpus {
    var generator: SplitMix64

    static let words = [
        "Hello", "world", "naïve", "café", "label", "markup", "Pango", "日本語", "テキスト", "mixed", "12:30", "OK",
        "a", "longer-word", "text",
    ]
    static let latinWords = ["x", "H", "label", "café"]
    static let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#169;", "&#xE9;", "&#x1F600;", "&#8212;"]
    static let colors = [
        "#c00", "#00ff80", "#123456789", "#ffffeeeedddd", "#f008", "#33669980", "#0000ffff00008000", "red",
        "AliceBlue", "rebeccapurple", "gray", "dark slate gray", "LightGoldenrod3", "teal", "maroon", "NavyBlue",
    ]
    static let opaqueColors = ["#c00", "#00ff80", "#123456789", "green", "Dark Orange", "purple"]
    static let spanValues: [(names: [String], values: [String])] = [
        (["foreground", "fgcolor", "color"], colors),
        (["background", "bgcolor"], colors),
        (["font_family", "face", "font-family"], ["DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans"]),
        (
            ["size", "font_size"],
            [
                "12288", "10pt", "20.5pt", "larger", "smaller", "xx-small", "x-small", "small", "medium", "large",
                "x-large", "xx-large", "150%", "9pt",
            ]
        ),
        (
            ["weight", "font_weight"],
            ["bold", "ultralight", "light", "normal", "heavy", "600", "semibold", "Ultra-Bold"]
        ),
        (["style", "font_style"], ["normal", "oblique", "italic"]),
        (["underline"], ["none", "single", "double", "low", "error"]),
        (["underline_color"], opaqueColors),
        (["strikethrough"], ["true", "false"]),
        (["strikethrough_color"], opaqueColors),
        (["rise"], ["2048", "-3072", "4pt", "-2.5pt"]),
        (["letter_spacing"], ["1024", "-512", "3072"]),
        (["line_height"], ["1.5", "2", "0.8", "20480", "1.25"]),
        (["alpha", "fgalpha"], ["50%", "32768", "100%"]),
    ]
    static let shortTags = ["b", "i", "u", "s", "tt", "big", "small", "sub", "sup"]

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func pick<T>(_ items: [T]) -> T { items[generator.next(below: items.count)] }

    /// One label's markup.
    mutating func markup() -> String {
        var atParagraphStart = true
        var result = ""
        let wrap = generator.next(below: 4) == 0
        for _ in 0..<generator.next(in: 1...5) {
            result += piece(depth: 0, atParagraphStart: &atParagraphStart)
        }
        return wrap ? "<markup>\(result)</markup>" : result
    }

    /// Text, or an element holding pieces; `atParagraphStart` tells whether nothing precedes it in its paragraph.
    private mutating func piece(depth: Int, atParagraphStart: inout Bool) -> String {
        let choice = generator.next(below: 10)
        if depth >= 4 || choice < 4 {
            return text(&atParagraphStart)
        }
        var tag: String
        var attributes = ""
        if choice < 7 {
            tag = pick(Self.shortTags)
            if (tag == "sub" || tag == "sup") && atParagraphStart { tag = "b" }
        } else {
            tag = "span"
            var used = Set<Int>()
            for _ in 0..<generator.next(in: 1...3) {
                let index = generator.next(below: Self.spanValues.count)
                guard used.insert(index).inserted else { continue }
                let attribute = Self.spanValues[index]
                attributes += " \(pick(attribute.names))=\"\(pick(attribute.values))\""
            }
        }
        var inner = ""
        if tag == "sub" || tag == "sup" {
            // A script of a few words on one line: Pango 1.50 shifts a script on the line where it starts only, and
            // scales it in the paragraph where it starts only (see PangoMarkupAgreementTests).
            // A Latin word before it: Pango sizes and shifts it by the font of the text before it, which LabelKit's
            // reader takes to be DejaVu Sans.
            inner = pick(Self.words) + (generator.next(below: 2) == 0 ? " " + pick(Self.words) : "")
            atParagraphStart = false
            return pick(Self.latinWords) + "<\(tag)>\(inner)</\(tag)>"
        }
        for _ in 0..<generator.next(in: 1...3) { inner += piece(depth: depth + 1, atParagraphStart: &atParagraphStart) }
        return "<\(tag)\(attributes)>\(inner)</\(tag)>"
    }

    private mutating func text(_ atParagraphStart: inout Bool) -> String {
        var result = ""
        for index in 0..<generator.next(in: 1...4) {
            if index > 0 { result += generator.next(below: 8) == 0 ? "\n" : " " }
            result += generator.next(below: 8) == 0 ? pick(Self.entities) : pick(Self.words)
        }
        if generator.next(below: 6) == 0 { result += " " }
        atParagraphStart = false
        if result.hasSuffix("\n") { atParagraphStart = true }
        return result
    }
}

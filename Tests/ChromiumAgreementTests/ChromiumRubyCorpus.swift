import Foundation
import LabelKit

/// One label of the ruby corpus: pieces of plain text and annotated bases, laid out by both engines at one width and
/// size, in Noto Sans CJK JP.
struct RubyLabel: Sendable, CustomStringConvertible {
    enum Piece: Sendable {
        case text(String)
        case ruby(String, RubyAnnotation, link: URL? = nil)
    }

    var name: String
    var pieces: [Piece]
    var width: Double = 400
    var fontSize: Double = 15

    static let fontFamily = "Noto Sans CJK JP"

    var text: String {
        pieces.map {
            switch $0 {
            case .text(let text): text
            case .ruby(let base, _, _): base
            }
        }.joined()
    }

    var description: String { "\(name) (width \(width), \(fontSize) px): \(markup)" }

    /// The text in LabelMarkup's ruby syntax, for messages: `{漢字|かんじ}`, `{漢字|かん|じ}`.
    var markup: String {
        pieces.map {
            switch $0 {
            case .text(let text): text
            case .ruby(let base, let ruby, let link):
                "{\(base)|\(ruby.parts.joined(separator: "|"))}" + (ruby.position == .under ? "_under" : "")
                    + (ruby.alignment == .center ? "" : "_\(ruby.alignment.rawValue)") + (link == nil ? "" : "→link")
            }
        }.joined()
    }

    /// The label for LabelKit: each annotated base with `labelKit.ruby` (and `.link`) set, without overhang, as the
    /// page sets `ruby-overhang: none` (Chromium's overhang is half an annotation character; LabelKit's, a whole
    /// one over kana, as the issue asks and JIS X 4051 allows).
    var attributed: AttributedString {
        var result = AttributedString()
        for piece in pieces {
            switch piece {
            case .text(let text): result += AttributedString(text)
            case .ruby(let base, let ruby, let link):
                var annotated = AttributedString(base)
                var withoutOverhang = ruby
                withoutOverhang.overhang = .none
                annotated.labelKit.ruby = withoutOverhang
                annotated.link = link
                result += annotated
            }
        }
        return result
    }

    /// The label for the oracle (`Tests/Oracles/chromium-ruby-oracle.py`'s case).
    var oracleCase: [String: Any] {
        let pieces: [[String: Any]] = pieces.map {
            switch $0 {
            case .text(let text): return ["text": text]
            case .ruby(let base, let ruby, let link):
                var piece: [String: Any] = [
                    "base": base, "ruby": ruby.parts, "position": ruby.position.rawValue,
                    "align": ruby.alignment.rawValue, "sizeFactor": ruby.sizeFactor,
                ]
                if let link { piece["link"] = link.absoluteString }
                return piece
            }
        }
        return ["width": width, "fontFamily": Self.fontFamily, "fontSize": fontSize, "lang": "ja", "pieces": pieces]
    }
}

extension RubyLabel {
    private static let terms = URL(string: "https://example.com/terms")

    /// The project's example sentence (決済をしたと同時に利用規約に同意したとみなします) with furigana on its four
    /// kanji words, 利用規約 a link.
    static func sentence(width: Double, fontSize: Double = 15, mono: Bool = false) -> RubyLabel {
        RubyLabel(
            name: mono ? "the sentence, mono ruby" : "the sentence",
            pieces: [
                .ruby("決済", mono ? RubyAnnotation(parts: ["けっ", "さい"]) : RubyAnnotation("けっさい")),
                .text("をしたと"),
                .ruby("同時", mono ? RubyAnnotation(parts: ["どう", "じ"]) : RubyAnnotation("どうじ")),
                .text("に"),
                .ruby(
                    "利用規約",
                    mono ? RubyAnnotation(parts: ["り", "よう", "き", "やく"]) : RubyAnnotation("りようきやく"),
                    link: terms),
                .text("に"),
                .ruby("同意", mono ? RubyAnnotation(parts: ["どう", "い"]) : RubyAnnotation("どうい")),
                .text("したとみなします"),
            ], width: width, fontSize: fontSize)
    }

    /// The corpus: group and mono ruby, annotations wider and narrower than their bases, several on a line, a link's
    /// text with ruby, the other alignments and positions, three sizes, and widths at which the lines wrap.
    static let corpus: [RubyLabel] = {
        var labels: [RubyLabel] = [
            RubyLabel(name: "group, narrower", pieces: [.ruby("漢字", RubyAnnotation("かんじ")), .text("を読む")]),
            RubyLabel(
                name: "group, narrower, after text",
                pieces: [.text("今日は"), .ruby("大人", RubyAnnotation("おとな")), .text("の日です")]),
            RubyLabel(
                name: "group, wider, one kanji",
                pieces: [.text("とても"), .ruby("驚", RubyAnnotation("おどろ")), .text("いた")]),
            RubyLabel(
                name: "group, much wider", pieces: [.text("ご依頼を"), .ruby("承", RubyAnnotation("うけたまわ")), .text("る")]),
            RubyLabel(name: "group, wider, two kanji", pieces: [.ruby("東京", RubyAnnotation("とうきょう")), .text("に行く")]),
            RubyLabel(name: "group, as wide", pieces: [.text("高い"), .ruby("山", RubyAnnotation("やま")), .text("に登る")]),
            RubyLabel(
                name: "mono", pieces: [.ruby("漢字", RubyAnnotation(parts: ["かん", "じ"])), .text("を書く")]),
            RubyLabel(
                name: "mono, one part wider",
                pieces: [.text("首都は"), .ruby("東京", RubyAnnotation(parts: ["とう", "きょう"])), .text("です")]),
            RubyLabel(
                name: "several on a line",
                pieces: [
                    .ruby("今日", RubyAnnotation("きょう")), .text("は"), .ruby("学校", RubyAnnotation(parts: ["がっ", "こう"])),
                    .text("で"), .ruby("湖", RubyAnnotation("みずうみ")), .text("の"), .ruby("絵", RubyAnnotation("え")),
                    .text("を"), .ruby("描", RubyAnnotation("か")), .text("いた"),
                ]),
            RubyLabel(
                name: "a link with ruby",
                pieces: [
                    .text("お支払いの前に"), .ruby("利用規約", RubyAnnotation("りようきやく"), link: terms),
                    .text("をお読みください。"),
                ]),
            RubyLabel(
                name: "start alignment", pieces: [.ruby("東京都", RubyAnnotation("とう", alignment: .start)), .text("に住む")]),
            RubyLabel(
                name: "space-around alignment",
                pieces: [.ruby("東京都", RubyAnnotation("とう", alignment: .spaceAround)), .text("に住む")]),
            RubyLabel(
                name: "under", pieces: [.ruby("漢字", RubyAnnotation("かんじ", position: .under)), .text("を読む")]),
            RubyLabel(
                name: "under, wider",
                pieces: [.text("とても"), .ruby("驚", RubyAnnotation("おどろ", position: .under)), .text("いた")]),
            RubyLabel(
                name: "Latin base", pieces: [.text("この"), .ruby("HTML", RubyAnnotation("エイチティーエムエル")), .text("を読む")]),
        ]
        for size in [20.0, 24.0] {
            for label in labels.prefix(4) {
                var scaled = label
                scaled.fontSize = size
                labels.append(scaled)
            }
        }
        // Widths at which the sentence wraps (about 2.5 to 10 of its 15 px characters a line), none of them a
        // whole number of characters, so that no break waits on a rounding.
        for width in [400.0, 262.3, 211.7, 163.4, 127.9, 97.3, 61.1] {
            labels.append(sentence(width: width))
            labels.append(sentence(width: width, mono: true))
        }
        for width in [333.3, 171.7] { labels.append(sentence(width: width, fontSize: 20)) }
        return labels
    }()
}

import Foundation
import LabelKit
import LabelKitSamples

/// The texts of the demo's widgets.
enum DemoTexts {
    static let termsTarget = "https://example.com/terms"
    static let terms = "決済をしたと同時に[利用規約](\(termsTarget))に同意したとみなします"
    static let checkbox = "[利用規約](\(termsTarget))を読みました"
    static let detected =
        "Release notes: https://github.com/labelkit/labelkit/releases/tag/v0.7.0-window-clipboard-and-list "
        + "— thanks @tanaka_k and @maria_dev for testing on Debian! #swift #linux 詳細は example.com/docs/sdl へ。"
        + " Beware of раypal.com/verify, which only looks like PayPal."
    static let truncated =
        "Kyoto notes — We started at Fushimi Inari before sunrise, climbed through thousands of vermilion torii "
        + "and reached the summit as the city woke up. 午後は嵐山の竹林を散歩して、渡月橋の近くで湯豆腐を食べました。"
        + "In the evening we walked along the Kamo river, watched herons fishing under the bridges and ended the day "
        + "in a tiny bar in Pontocho where the owner drew us a map of his favourite temples. 🍵🦢"
    static let copyable =
        "Long-press this message to copy it: 会議は明日の10時から3階の会議室です。The whole text goes to the "
        + "clipboard, even the part hidden by truncation — Hẹn gặp lại!"
    static let button = "Send message"
    /// The vertical panel (縦書き): a notice with the terms link, its date with tate-chu-yoko, and a paragraph to
    /// select, set in columns right to left.
    static func verticalNotice() -> AttributedString {
        var heading = AttributedString("お知らせ\n")
        heading.labelKit.fontWeight = FontWeight.bold.rawValue
        var date = AttributedString("2024年10月1日より、")
        date.labelKit.combineUpright = .digits(2)
        let notice = LabelMarkup.attributedString(terms + "。")
        let paragraph = AttributedString("\n縦書きの段落も選択してコピーできます。")
        return heading + date + notice + paragraph
    }
    static let header = "LabelKit — touchable text in a real window"
    static let statusPrefix = "Last action: "
    /// The badge `labelkit demo --out-dir docs/images` draws, found beside the sources like the tests' goldens (a
    /// missing file shows the renderer's placeholder).
    static let badgePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/images/verified-badge.png").path
    /// The identifier of the presence dot, a custom attachment the demo draws itself.
    static let presenceDot = "presence-dot"

    /// The rich-text panel: an outlined, shadowed title; a chat message whose verified badge (an image attachment)
    /// links to a profile, after a presence dot the app draws (a custom attachment); a footnote marker in
    /// superscript; a price in tabular digits; an indented note.
    static func richText(typesetter: LabelTypesetter) throws -> AttributedString {
        let title = SampleText.posterTitle(
            "Release notes\n", fontSize: 22, outlineWidth: 1,
            shadow: TextShadow(offsetX: 1, offsetY: 2, blurRadius: 3, color: LabelColor(hex: 0, alpha: 0.45)))

        let dot = AttributedString(
            attachment: TextAttachment(
                width: 8, height: 8, alignment: .center, content: .custom(identifier: presenceDot), altText: "online"))
        let header = AttributedString(" ") + SampleText.chatHeader(badgePath: badgePath) + SampleText.secondary("\n")

        var message = AttributedString("Shipped badges, footnotes and outlines1 for ")
        if let marker = message.range(of: "1") {
            try message.applyScript(.superscript, to: marker, using: typesetter)
            message[marker].labelKit.foregroundColor = .link
        }
        var price = AttributedString("$1,339.80")
        price.labelKit.fontFeatures = try FontFeatures(parsing: "tnum")
        price.labelKit.fontWeight = FontWeight.bold.rawValue

        var note = SampleText.secondary(
            "\n1 The marker's size and rise come from the font's OS/2 metrics; the price is in tabular digits.")
        if let marker = note.range(of: "1") { try note.applyScript(.superscript, to: marker, using: typesetter) }
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 16
        indented.headIndent = 8
        indented.paragraphSpacingBefore = 4
        note.labelKit.paragraphStyle = indented
        return title + dot + header + message + price + AttributedString(".") + note
    }

    /// The truncation token: "…more" in the link colour, with no `.link`, so a tap on it is a token tap.
    static var moreToken: AttributedString {
        var token = AttributedString("…more")
        token.labelKit.foregroundColor = .link
        return token
    }
}

import Foundation
import LabelKit

/// The texts of the demo's widgets.
enum DemoTexts {
    static let termsTarget = "https://example.com/terms"
    static let terms = "決済をしたと同時に[利用規約](\(termsTarget))に同意したとみなします"
    static let checkbox = "[利用規約](\(termsTarget))を読みました"
    static let detected =
        "Release notes: https://github.com/labelkit/labelkit/releases/tag/v0.7.0-window-clipboard-and-list "
        + "— thanks @tanaka_k and @maria_dev for testing on Debian! #swift #linux 詳細は example.com/docs/sdl へ。"
    static let truncated =
        "Kyoto notes — We started at Fushimi Inari before sunrise, climbed through thousands of vermilion torii "
        + "and reached the summit as the city woke up. 午後は嵐山の竹林を散歩して、渡月橋の近くで湯豆腐を食べました。"
        + "In the evening we walked along the Kamo river, watched herons fishing under the bridges and ended the day "
        + "in a tiny bar in Pontocho where the owner drew us a map of his favourite temples. 🍵🦢"
    static let copyable =
        "Long-press this message to copy it: 会議は明日の10時から3階の会議室です。The whole text goes to the "
        + "clipboard, even the part hidden by truncation — Hẹn gặp lại!"
    static let button = "Send message"
    static let header = "LabelKit — touchable text in a real window"
    static let statusPrefix = "Last action: "

    /// `markup` with its links underlined (the colour comes from the style sheet and the text style).
    static func underlinedLinks(_ markup: String) -> AttributedString {
        var text = LabelMarkup.attributedString(markup)
        for (link, range) in text.runs[\.link] where link != nil {
            text[range].labelKit.underline = .single
        }
        return text
    }

    /// The truncation token: "…more" in the link colour, with no `.link`, so a tap on it is a token tap.
    static var moreToken: AttributedString {
        var token = AttributedString("…more")
        token.labelKit.foregroundColor = .link
        return token
    }
}

import Foundation
import LabelKit
import LabelKitCairo
import LabelKitSamples

/// The pictures of issue 42 for the README: the chat message and the terms label in dark (their light twins are the
/// rich-text and seed pictures), and one message row at four text scales.
extension DemoCommand {
    /// The chat bubble's colour: the light grey the rich-text pictures always had, and a dark grey in dark.
    static let bubble = LabelColor(
        hex: 0xEEF1F5, dark: 0x2A2D33, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)

    /// The text scales of the README's row.
    static let textScales = [0.8, 1.0, 1.5, 2.0]

    /// The dark pictures, drawn from the very layouts of their light twins (`chat` and `terms`), and the row at each
    /// of ``textScales``, laid out again at each (a new scale is a new layout).
    static func appearancePictures(chat: Picture, terms: Picture, badgePath: String, scale: Double) throws -> [Picture]
    {
        var pictures: [Picture] = []
        for (light, file) in [(chat, "chat-message-dark.png"), (terms, "terms-dark.png")] {
            var renderer = light.renderer
            renderer.appearance = .dark
            pictures.append(Picture(file: file, layout: light.layout, renderer: renderer))
        }
        for textScale in textScales {
            let style = TextStyle(dynamicTextStyle: .body, textScale: try TextScale(textScale))
            let row = try LabelTypesetter.system(style: style).layout(
                messageRow(badgePath: badgePath),
                in: TextContainer(width: 300, insets: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10)))
            pictures.append(
                Picture(
                    file: "text-scale-\(textScale).png", layout: row,
                    renderer: LabelRenderer(scale: scale, backgroundColor: .background)))
        }
        return pictures
    }

    /// A list row: the chat header as a headline, with its badge scaling with the text, then the message as body
    /// text and a caption.
    static func messageRow(badgePath: String) -> AttributedString {
        var name = AttributedString("Ana Souza ")
        name.labelKit.textStyle = .headline
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(.file(path: badgePath)),
                altText: "verified", scalesWithText: true))
        badge.link = URL(string: SampleText.profileURL)
        var body = AttributedString("\nShipped the new labels today 🎉\n")
        body.labelKit.textStyle = .body
        var caption = AttributedString("12:04 · 3 replies")
        caption.labelKit.textStyle = .caption1
        caption.labelKit.foregroundColor = .secondaryLabel
        return name + badge + body + caption
    }
}

import Foundation
import LabelKit

/// The pieces of rich text that both LabelKit showcases are made of: the pictures `labelkit demo` draws for the
/// README and the rich-text panel of the `labelkit-demo` window.
///
/// Each piece is styled here once, so the window and the pictures show the same chat header, the same secondary
/// text and the same poster title.
///
/// ```swift
/// let header = SampleText.chatHeader(badgePath: "docs/images/verified-badge.png")
/// let note = SampleText.secondary("Within 30 days of delivery.")
/// ```
public enum SampleText {
    /// The profile that the verified badge of the chat header links to.
    public static let profileURL = "https://example.com/@ana"

    /// The grey of timestamps, footnotes and other secondary text: #65676B in light, #B0B3B8 in dark, darker and
    /// lighter in high contrast.
    public static let secondaryColor = LabelColor(
        hex: 0x65676B, dark: 0xB0B3B8, lightHighContrast: 0x3A3B3C, darkHighContrast: 0xE4E6EB)

    /// "Ana Souza ✓  12:04": the name in bold, the verified badge — a 16-point image attachment read as "verified"
    /// that links to ``profileURL`` — and the time as ``secondary(_:)`` text.
    ///
    /// A missing badge file is drawn as the renderer's placeholder; the layout never reads it.
    public static func chatHeader(badgePath: String) -> AttributedString {
        var name = AttributedString("Ana Souza ")
        name.labelKit.fontWeight = FontWeight.bold.rawValue
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(.file(path: badgePath)),
                altText: "verified"))
        badge.link = URL(string: profileURL)
        return name + badge + secondary("  12:04")
    }

    /// `text` at 12 points in ``secondaryColor``.
    public static func secondary(_ text: String) -> AttributedString {
        var secondary = AttributedString(text)
        secondary.labelKit.fontSize = 12
        secondary.labelKit.foregroundColor = secondaryColor
        return secondary
    }

    /// `text` as a poster's title: bold, filled in yellow, outlined `outlineWidth` points in near-black (filled and
    /// outlined, as a negative `TextStroke` width has it) and shadowed with `shadow`.
    public static func posterTitle(
        _ text: String, fontSize: Double, outlineWidth: Double, shadow: TextShadow
    ) -> AttributedString {
        var title = AttributedString(text)
        title.labelKit.fontSize = fontSize
        title.labelKit.fontWeight = FontWeight.bold.rawValue
        title.labelKit.foregroundColor = LabelColor(hex: 0xFFD23F)
        title.labelKit.stroke = TextStroke(width: -outlineWidth, color: LabelColor(hex: 0x1F2937))
        title.labelKit.shadow = shadow
        return title
    }
}

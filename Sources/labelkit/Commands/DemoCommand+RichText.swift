import Foundation
import LabelKit
import LabelKitCairo
import LabelKitSamples

/// The rich-text pictures of `labelkit demo`: what issue 11 added, each drawn by LabelKit for the README.
extension DemoCommand {
    /// A layout and how to draw it.
    struct Picture {
        var file: String
        var layout: TextLayout
        var renderer: LabelRenderer
    }

    static let badgeFile = "verified-badge.png"

    /// Writes the badge to `directory` and returns every rich-text picture, laid out.
    static func richTextPictures(directory: String, scale: Double) throws -> [Picture] {
        // The badge is 16 points: drawn at 2 × 16 pixels it is copied pixel for pixel at scale 2.
        let badgePath = directory + "/" + badgeFile
        guard let badge = VerifiedBadge.image(size: 32) else { throw UsageError(message: "cannot draw the badge") }
        try badge.writePNG(to: badgePath)

        let base = LabelTypesetter.system(style: TextStyle(fontSize: 15))
        // Links drawn as the text has them at rest; pressed, a padded, rounded background.
        let linkStyle = LinkStyle(
            normal: LinkStyle.Look(),
            pressed: LinkStyle.Look(
                highlightColor: LabelColor(hex: 0x1D9BF0, alpha: 0.22), highlightCornerRadius: 6,
                highlightPadding: EdgeInsets(top: 2, left: 3, bottom: 2, right: 3)))
        var pictures: [Picture] = []
        func add(
            _ file: String, _ layout: TextLayout, background: LabelColor = .background,
            _ adjust: (inout LabelRenderer) -> Void = { _ in }
        ) {
            var renderer = LabelRenderer(scale: scale, backgroundColor: background)
            renderer.linkStyle = linkStyle
            adjust(&renderer)
            pictures.append(Picture(file: file, layout: layout, renderer: renderer))
        }

        let chat = try base.layout(
            chatMessage(badgePath: badgePath),
            in: TextContainer(width: 300, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)))
        add("chat-message.png", chat, background: bubble)
        // The badge's link pressed, from the same layout.
        add("chat-message-pressed.png", chat, background: bubble) { renderer in
            renderer.pressedLink = chat.links.firstIndex { $0.target.absoluteString == SampleText.profileURL }
        }

        add("footnote.png", try base.layout(try footnote(typesetter: base), in: padded(width: 400)))
        let title = try base.layout(outlinedTitle(), in: padded(width: 340))
        add("title.png", title)
        add("title.svg", title)
        add("price-column.png", try base.layout(try priceColumn(), in: padded(width: 240)))
        add("indented-paragraph.png", try base.layout(indentedParagraphs(), in: padded(width: 340)))
        add("decorations.png", try base.layout(decorations(), in: padded(width: 380)))
        return pictures
    }

    static func padded(width: Double) -> TextContainer {
        TextContainer(width: width, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12))
    }

    /// "Ana Souza ✓ · 12:04" — the badge an image attachment that links to her profile — and the message.
    static func chatMessage(badgePath: String) -> AttributedString {
        SampleText.chatHeader(badgePath: badgePath)
            + AttributedString("\nShipped the new labels today: badges, footnotes and outlines 🎉")
    }

    /// A price with two footnote markers, raised and sized by the font's own superscript metrics, and the notes.
    static func footnote(typesetter: LabelTypesetter) throws -> AttributedString {
        var text = AttributedString("Price €1,339.80 incl. VAT1 and free returns2\n")
        for marker in ["1", "2"] {
            if let range = text.range(of: marker, options: .backwards) {
                try text.applyScript(.superscript, to: range, using: typesetter)
                text[range].labelKit.foregroundColor = LabelColor.link
            }
        }
        var notes = SampleText.secondary("1 20 % in France.  2 Within 30 days of delivery.")
        for marker in ["1 ", "2 "] {
            if let range = notes.range(of: marker) {
                let digit = range.lowerBound..<notes.index(afterCharacter: range.lowerBound)
                try notes.applyScript(.superscript, to: digit, using: typesetter)
            }
        }
        return text + notes
    }

    /// A title filled in yellow, outlined in near-black and shadowed, as a poster's.
    static func outlinedTitle() -> AttributedString {
        SampleText.posterTitle(
            "Release notes", fontSize: 36, outlineWidth: 1.5,
            shadow: TextShadow(offsetX: 2, offsetY: 3, blurRadius: 4, color: LabelColor(hex: 0x000000, alpha: 0.45)))
    }

    /// A receipt's right-aligned amounts in tabular digits (`tnum`), the total double-underlined, and kerning off
    /// (`-kern`) beside on for comparison.
    static func priceColumn() throws -> AttributedString {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .right
        var text = AttributedString("Subtotal  $1,104.50\nShipping  $12.00\nVAT  $223.30\n")
        var total = AttributedString("Total  ")
        total.labelKit.fontWeight = FontWeight.bold.rawValue
        var amount = AttributedString("$1,339.80")
        amount.labelKit.fontWeight = FontWeight.bold.rawValue
        amount.labelKit.underline = .double
        text += total + amount
        text.labelKit.fontFeatures = try FontFeatures(parsing: "tnum")
        text.labelKit.paragraphStyle = paragraph
        var kerning = SampleText.secondary("\nAVATAR kerned · ")
        var unkerned = SampleText.secondary("AVATAR not")
        unkerned.labelKit.fontFeatures = try FontFeatures(parsing: "-kern")
        kerning += unkerned
        kerning.labelKit.paragraphStyle = paragraph
        return text + kerning
    }

    /// Two paragraphs with a first-line indent, a hanging head indent and space between them.
    static func indentedParagraphs() -> AttributedString {
        var paragraph = ParagraphStyle()
        paragraph.firstLineHeadIndent = 28
        paragraph.headIndent = 8
        paragraph.tailIndent = 8
        paragraph.paragraphSpacing = 10
        var text = AttributedString(
            "The first line of each paragraph starts 28 points in, the lines after it 8, and every line stops 8 "
                + "points short of the right edge.\nParagraph spacing puts 10 points between paragraphs, and none "
                + "above the first or below the last.")
        text.labelKit.paragraphStyle = paragraph
        return text
    }

    /// The five line patterns as underlines and strikethroughs, in their own colours.
    static func decorations() -> AttributedString {
        var text = AttributedString()
        for pattern in LineDecoration.allCases {
            var word = AttributedString(pattern.rawValue)
            word.labelKit.underline = pattern
            word.labelKit.underlineColor = LabelColor(hex: 0xE0245E)
            text += word + AttributedString("  ")
        }
        text += AttributedString("\n")
        for pattern in LineDecoration.allCases {
            var word = AttributedString(pattern.rawValue)
            word.labelKit.strikethrough = pattern
            word.labelKit.strikethroughColor = LabelColor(hex: 0x1D9BF0)
            text += word + AttributedString("  ")
        }
        return text
    }
}

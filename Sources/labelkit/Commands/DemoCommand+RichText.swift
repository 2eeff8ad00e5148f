import Foundation
import LabelKit
import LabelKitCairo

/// The rich-text pictures of `labelkit demo`: what issue 11 added, each drawn by LabelKit for the README.
extension DemoCommand {
    /// A layout and how to draw it.
    struct Picture {
        var file: String
        var layout: TextLayout
        var renderer: LabelRenderer
    }

    static let profileURL = "https://example.com/@ana"
    static let badgeFile = "verified-badge.png"

    /// Writes the badge to `directory` and returns every rich-text picture, laid out.
    static func richTextPictures(directory: String, scale: Double) throws -> [Picture] {
        // The badge is 16 points: drawn at 2 × 16 pixels it is copied pixel for pixel at scale 2.
        let badgePath = directory + "/" + badgeFile
        guard let badge = VerifiedBadge.image(size: 32) else { throw UsageError(message: "cannot draw the badge") }
        try badge.writePNG(to: badgePath)

        let base = LabelTypesetter.system(style: TextStyle(fontSize: 15, linkColor: nil))
        var pictures: [Picture] = []
        func add(
            _ file: String, _ layout: TextLayout, background: LabelColor = .white,
            _ adjust: (inout LabelRenderer) -> Void = { _ in }
        ) {
            var renderer = LabelRenderer(scale: scale, backgroundColor: background)
            adjust(&renderer)
            pictures.append(Picture(file: file, layout: layout, renderer: renderer))
        }

        let bubble = LabelColor(hex: 0xEEF1F5)
        let chat = try base.layout(
            chatMessage(badgePath: badgePath),
            in: TextContainer(width: 300, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12)))
        add("chat-message.png", chat, background: bubble)
        // The badge's link pressed: the style sheet's padded, rounded background, from the same layout.
        add("chat-message-pressed.png", chat, background: bubble) { renderer in
            var styles = LinkStyleSheet(defaults: LinkStateStyles(normal: LinkStyle()))
            styles.defaults.pressed = LinkStyle(
                highlightColor: LabelColor(hex: 0x1D9BF0, alpha: 0.22), highlightCornerRadius: 6,
                highlightPadding: EdgeInsets(top: 2, left: 3, bottom: 2, right: 3))
            let badge = chat.links.firstIndex { $0.target.absoluteString == profileURL }
            renderer.addLinkOverlays(styles.overlays(for: chat, pressedLink: badge, disabledLinks: []))
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

    private static func padded(width: Double) -> TextContainer {
        TextContainer(width: width, insets: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12))
    }

    /// "Ana Souza ✓ · 12:04" — the badge an image attachment that links to her profile — and the message.
    static func chatMessage(badgePath: String) -> AttributedString {
        var name = AttributedString("Ana Souza ")
        name.labelKit.fontWeight = FontWeight.bold.rawValue
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(.file(path: badgePath)),
                altText: "verified"))
        badge.link = URL(string: profileURL)
        var time = AttributedString("  12:04")
        time.labelKit.fontSize = 12
        time.labelKit.foregroundColor = LabelColor(hex: 0x65676B)
        let message = AttributedString("\nShipped the new labels today: badges, footnotes and outlines 🎉")
        return name + badge + time + message
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
        var notes = AttributedString("1 20 % in France.  2 Within 30 days of delivery.")
        notes.labelKit.fontSize = 12
        notes.labelKit.foregroundColor = LabelColor(hex: 0x65676B)
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
        var title = AttributedString("Release notes")
        title.labelKit.fontSize = 36
        title.labelKit.fontWeight = FontWeight.bold.rawValue
        title.labelKit.foregroundColor = LabelColor(hex: 0xFFD23F)
        title.labelKit.stroke = TextStroke(width: -1.5, color: LabelColor(hex: 0x1F2937))
        title.labelKit.shadow = TextShadow(
            offsetX: 2, offsetY: 3, blurRadius: 4, color: LabelColor(hex: 0x000000, alpha: 0.45))
        return title
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
        var kerning = AttributedString("\nAVATAR kerned · ")
        var unkerned = AttributedString("AVATAR not")
        unkerned.labelKit.fontFeatures = try FontFeatures(parsing: "-kern")
        kerning += unkerned
        kerning.labelKit.fontSize = 12
        kerning.labelKit.foregroundColor = LabelColor(hex: 0x65676B)
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

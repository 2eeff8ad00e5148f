import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// One PNG golden per drawing attribute (re-record with `LABELKIT_RECORD_GOLDENS=1`).
@Suite struct AttributeGoldenTests {
    static func render(_ text: AttributedString, width: Double = 300, scale: Double = 2) throws -> RenderedImage {
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 17)).layout(
            text, in: TextContainer(width: width, insets: EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)))
        return try LabelRenderer(scale: scale, backgroundColor: .white).render(layout)
    }

    static func piece(_ string: String, _ configure: (inout AttributedString) -> Void) -> AttributedString {
        var text = AttributedString(string)
        configure(&text)
        return text
    }

    @Test func shadows() throws {
        let text =
            Self.piece("Hard ") { $0.labelKit.shadow = TextShadow(offsetX: 2, offsetY: 2, blurRadius: 0) }
            + Self.piece("soft ") {
                $0.labelKit.shadow = TextShadow(
                    offsetX: 0, offsetY: 3, blurRadius: 4, color: LabelColor(hex: 0, alpha: 0.6))
            }
            + Self.piece("glow") {
                $0.labelKit.foregroundColor = .white
                $0.labelKit.shadow = TextShadow(offsetX: 0, offsetY: 0, blurRadius: 6, color: LabelColor(hex: 0x0B5FCC))
            }
        try Goldens.check(try Self.render(text), named: "attribute-shadow@2x")
    }

    @Test func outlines() throws {
        let text =
            Self.piece("Hollow ") { $0.labelKit.stroke = TextStroke(width: 1, color: LabelColor(hex: 0xE0245E)) }
            + Self.piece("filled") {
                $0.labelKit.fontWeight = FontWeight.bold.rawValue
                $0.labelKit.foregroundColor = LabelColor(hex: 0xFFD23F)
                $0.labelKit.stroke = TextStroke(width: -1, color: LabelColor(hex: 0x222222))
            }
        try Goldens.check(try Self.render(text), named: "attribute-stroke@2x")
    }

    @Test func decorations() throws {
        var text = AttributedString()
        for pattern in LineDecoration.allCases {
            text += Self.piece(pattern.rawValue) {
                $0.labelKit.underline = pattern
                $0.labelKit.underlineColor = LabelColor(hex: 0xE0245E)
            }
            text += AttributedString(" ")
        }
        text += AttributedString("\n")
        for pattern in LineDecoration.allCases {
            text += Self.piece(pattern.rawValue) {
                $0.labelKit.strikethrough = pattern
                $0.labelKit.strikethroughColor = LabelColor(hex: 0x0B5FCC)
            }
            text += AttributedString(" ")
        }
        try Goldens.check(try Self.render(text, width: 380), named: "attribute-decorations@2x")
    }

    @Test func baselineOffsets() throws {
        let text =
            AttributedString("E = mc")
            + Self.piece("2") {
                $0.labelKit.fontSize = 11
                $0.labelKit.baselineOffset = 7
            } + AttributedString(", H")
            + Self.piece("2") {
                $0.labelKit.fontSize = 11
                $0.labelKit.baselineOffset = -4
            } + AttributedString("O, ")
            + Self.piece("raised and underlined") {
                $0.labelKit.baselineOffset = 5
                $0.labelKit.underline = .single
            }
        try Goldens.check(try Self.render(text), named: "attribute-baseline-offset@2x")
    }

    @Test func trackingAndFeatures() throws {
        let text =
            Self.piece("TRACKED CAPS\n") { $0.labelKit.tracking = 3 }
            + Self.piece("1111.11 proportional\n") { _ in }
            + Self.piece("1111.11 tabular, no fi ligature: fi") {
                $0.labelKit.fontFeatures = try? FontFeatures(parsing: "tnum,-liga")
            }
        try Goldens.check(try Self.render(text), named: "attribute-tracking-features@2x")
    }

    @Test func attachments() throws {
        let badge = AttachmentImage.pixels(try Fixtures.badgePixels(size: 32))
        var text = AttributedString()
        let alignments: [(String, AttachmentAlignment)] = [
            ("baseline", .baseline(offset: 0)), ("center", .center), ("top", .top), ("bottom", .bottom),
        ]
        for (name, alignment) in alignments {
            text += AttributedString(name + " ")
            text += AttributedString(
                attachment: TextAttachment(width: 16, height: 16, alignment: alignment, content: .image(badge)))
            text += AttributedString("  ")
        }
        text += AttributedString("\nmissing ")
        text += AttributedString(
            attachment: TextAttachment(
                width: 24, height: 16, alignment: .center, content: .image(.file(path: "/nonexistent/icon.png"))))
        text += AttributedString(" tall ")
        text += AttributedString(
            attachment: TextAttachment(width: 28, height: 28, alignment: .baseline(offset: -4), content: .image(badge)))
        try Goldens.check(try Self.render(text), named: "attribute-attachments@2x")
    }

    @Test func pressedLinkBackground() throws {
        var text = AttributedString("Read the ")
        var link = AttributedString("terms of service and the privacy policy")
        link.link = URL(string: "https://example.com/terms")
        text += link + AttributedString(" first.")
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 17)).layout(
            text, in: TextContainer(width: 240, insets: EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)))
        var style = LinkStyle()
        style.pressed = LinkStyle.Look(
            foregroundColor: LabelColor(hex: 0x062F66), highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.18),
            highlightCornerRadius: 5, highlightPadding: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3),
            highlightBorderColor: LabelColor(hex: 0x0B5FCC, alpha: 0.6), highlightBorderWidth: 1)
        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.linkStyle = style
        renderer.pressedLink = 0
        try Goldens.check(try renderer.render(layout), named: "attribute-pressed-link@2x")
    }

    @Test func paragraphIndentsAndSpacing() throws {
        var paragraph = ParagraphStyle()
        paragraph.firstLineHeadIndent = 24
        paragraph.headIndent = 8
        paragraph.tailIndent = 8
        paragraph.paragraphSpacing = 10
        paragraph.paragraphSpacingBefore = 4
        var text = AttributedString(Fixtures.paragraph + "\n" + "A second paragraph, indented the same way.")
        text.labelKit.paragraphStyle = paragraph
        try Goldens.check(try Self.render(text), named: "attribute-paragraph@2x")
    }

    @Test func everythingTogether() throws {
        let layout = try Fixtures.showcaseLayout(badge: .pixels(try Fixtures.badgePixels(size: 32)))
        try Goldens.check(
            try LabelRenderer(scale: 2, backgroundColor: .white).render(layout), named: "attribute-showcase@2x")
    }
}

import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The README's rich-text listing, run, and checked to be the README's very text.
@Suite struct ReadmeRichTextExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The listing as the README shows it.
    static let listing = """
        var message = AttributedString("Ana Souza ")
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(.file(path: "docs/images/verified-badge.png")),
                altText: "verified"))
        badge.link = URL(string: "https://example.com/@ana")
        message += badge + AttributedString("\\nShipped the new labels today")
        message.labelKit.shadow = TextShadow(offsetX: 0, offsetY: 1, blurRadius: 2)

        let layout = try LabelTypesetter.system.layout(message, in: TextContainer(width: 300))
        let box = layout.attachments[0].rect                 // where the badge is drawn and hit
        layout.attachment(at: CGPoint(x: box.midX, y: box.midY))?.attachment.altText   // "verified"
        layout.link(at: CGPoint(x: box.midX, y: box.midY), radius: 0)?.link.target     // the profile
        layout.plainText()                                   // "Ana Souza verified\\nShipped…": copy reads the alt text

        try LabelRenderer(scale: 2, backgroundColor: .white).write(layout, to: "message.pdf")   // .png, .pdf or .svg
        """

    @Test func theReadmeShowsThisListing() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + Self.listing + "\n```"))
    }

    @Test func theListingDoesWhatItsCommentsSay() throws {
        let badgePath = Self.root.appendingPathComponent("docs/images/verified-badge.png").path
        var message = AttributedString("Ana Souza ")
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 16, height: 16, alignment: .center, content: .image(.file(path: badgePath)),
                altText: "verified"))
        badge.link = URL(string: "https://example.com/@ana")
        message += badge + AttributedString("\nShipped the new labels today")
        message.labelKit.shadow = TextShadow(offsetX: 0, offsetY: 1, blurRadius: 2)

        let layout = try LabelTypesetter.system.layout(message, in: TextContainer(width: 300))
        let box = layout.attachments[0].rect
        #expect(box.width == 16 && box.height == 16)
        #expect(layout.attachment(at: CGPoint(x: box.midX, y: box.midY))?.attachment.altText == "verified")
        #expect(
            layout.link(at: CGPoint(x: box.midX, y: box.midY), radius: 0)?.link.target
                == URL(string: "https://example.com/@ana"))
        #expect(layout.plainText() == "Ana Souza verified\nShipped the new labels today")

        let path = ExternalRasterizer.temporaryPath("message") + ".pdf"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let renderer = LabelRenderer(scale: 2, backgroundColor: .white, unreadableImagePolicy: .throwError)
        try renderer.write(layout, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: Array("%PDF".utf8)))
        // The badge file the README points at is the tool's drawing, read and drawn (not a placeholder).
        let image = try renderer.render(layout)
        let top = try #require(image.pixel(x: Int(box.midX * 2), y: Int((box.minY + 3) * 2)))
        #expect(top.blue > 200 && top.red < 80, "\(top)")
    }
}

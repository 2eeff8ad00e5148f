import Foundation
import Testing

@testable import LabelKitText

@Suite("Label markup images")
struct LabelMarkupImageTests {
    @Test("![alt](file.png) is one U+FFFC carrying an image attachment with the alt text, centred, as tall as asked")
    func image() throws {
        let text = LabelMarkup.attributedString("Ana ![verified](/nonexistent/badge.png) here", imageHeight: 20)
        #expect(String(text.characters) == "Ana \u{FFFC} here")
        let attachment = try #require(text.runs.compactMap(\.labelKit.attachment).first)
        #expect(attachment.altText == "verified")
        #expect(attachment.content == .image(.file(path: "/nonexistent/badge.png")))
        #expect(attachment.alignment == .center)
        #expect(attachment.height == 20)
        #expect(attachment.width == 20, "an unreadable file gives a square box")
    }

    @Test("the box takes the proportions a PNG file's header declares")
    func proportions() throws {
        // The 8-byte signature, then an IHDR chunk declaring 64 × 16 pixels; the rest of the file does not matter.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        header += [0, 0, 0, 64, 0, 0, 0, 16]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-wide-\(UUID()).png").path
        try Data(header).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = LabelMarkup.attributedString("![wide](\(path))", imageHeight: 10)
        let attachment = try #require(text.runs.compactMap(\.labelKit.attachment).first)
        #expect(attachment.width == 40)
        #expect(attachment.height == 10)
        #expect(PNGHeader.size(ofFileAt: path)! == (64, 16))
    }

    @Test("an image inside a link's text is tappable, and bold around it reaches it")
    func linkedImage() throws {
        let text = LabelMarkup.attributedString("**[![v](b.png)](https://example.com/ana)**")
        #expect(String(text.characters) == "\u{FFFC}")
        let run = try #require(text.runs.first)
        #expect(run.link == URL(string: "https://example.com/ana"))
        #expect(run.labelKit.attachment?.altText == "v")
        #expect(run.labelKit.fontWeight == 700)
        #expect(
            LabelMarkup.attributedString("[![v](b.png)](x)").runs.first?.labelKit.attachment?.height
                == LabelMarkup.defaultImageHeight)
    }

    @Test("an image without a closing bracket, parenthesis or file name stays literal text")
    func literal() {
        for markup in ["![alt", "![alt](", "![alt]()", "![alt](has space.png)", "![a] (x.png)"] {
            #expect(String(LabelMarkup.attributedString(markup).characters) == markup, "\(markup)")
        }
        // An escaped "!" is literal, and what follows is a link, as in Markdown.
        let escaped = LabelMarkup.attributedString("\\![a](x.png)")
        #expect(String(escaped.characters) == "!a")
        #expect(escaped.runs.allSatisfy { $0.labelKit.attachment == nil })
    }

    @Test("a bad image height falls back to the default")
    func badHeight() throws {
        for height in [0, -1, Double.nan, .infinity] {
            let text = LabelMarkup.attributedString("![a](x.png)", imageHeight: height)
            #expect(text.runs.first?.labelKit.attachment?.height == LabelMarkup.defaultImageHeight)
        }
    }
}

import Foundation
import Testing

/// `labelkit render --out` in PNG, PDF and SVG, and images in runs and markup.
@Suite("labelkit render formats and images")
struct RenderOutputTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test("the extension of --out picks PNG, PDF or SVG")
    func formats() throws {
        let starts: [String: [UInt8]] = [
            "label.png": [0x89, 0x50, 0x4E, 0x47], "label.pdf": Array("%PDF-".utf8), "label.svg": Array("<?xml".utf8),
        ]
        for (name, start) in starts {
            let path = Self.temporary(name)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try labelkit([
                "render", "--out", path, "--runs",
                ##"[{"text":"Shadowed ","shadow":{"x":1,"y":1,"blur":2}},{"text":"dotted","underline":"dotted"}]"##,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.starts(with: start), "\(name)")
        }
    }

    @Test("an unknown extension is exit 2, names the formats and writes nothing")
    func unknownExtension() throws {
        let path = Self.temporary("label.gif")
        let result = try labelkit(["render", "--out", path, "text"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(".png, .pdf or .svg"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a missing image is a placeholder, or exit 2 with --strict-images")
    func missingImage() throws {
        let runs = ##"[{"text":"icon "},{"attachment":{"width":16,"height":16,"image":"/nonexistent/icon.png"}}]"##
        let path = Self.temporary("placeholder.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lenient = try labelkit(["render", "--out", path, "--runs", runs])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let strict = try labelkit(["render", "--out", path, "--strict-images", "--runs", runs])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("cannot read the attachment image /nonexistent/icon.png: no such file"))
    }

    /// A `width`×`height` PNG drawn by labelkit itself: an empty label with a red background.
    static func redPNG(width: Int, height: Int) throws -> String {
        let path = temporary("red.png")
        let result = try labelkit([
            "render", "--out", path, "--width", "\(width)", "--height", "\(height)", "--background", "#FF0000", "",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    @Test("--markup reads ![alt](file.png) as an image as tall as the line's text, as wide as its proportions")
    func markupImage() throws {
        let image = try Self.redPNG(width: 40, height: 20)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let markup = "Ana [![verified](\(image))](https://example.com/ana) here"
        let rects = try labelkit(["rects", "--markup", "--range", "4,1", markup])
        let box = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let line = try labelkit(["measure", "Ana"])
        let lineHeight = try #require(line.jsonLines.first?["height"] as? Double)
        // DejaVu Sans at 15 px: ascent 13.9 + descent 3.5 = 17.4 points tall, so twice that wide.
        #expect(abs(box[2] - 2 * 17.4) < 0.2, "width \(box[2])")
        #expect(box[3] <= lineHeight, "the image fits the line of text")
        let hit = try labelkit([
            "hit", "--markup", "--x", "\(box[0] + box[2] / 2)", "--y", "\(box[1] + box[3] / 2)", markup,
        ])
        let result = try #require(hit.jsonLines.first)
        #expect((result["attachment"] as? [String: Any])?["alt"] as? String == "verified")
        #expect((result["link"] as? [String: Any])?["target"] as? String == "https://example.com/ana")
        let copy = try labelkit([
            "interact", "--markup", "--events", "down 2,8 0; wait 1; up 2,8 1", "--copy-item", "copy", markup,
        ])
        #expect(copy.stdout.contains(##"{"event":"copied","text":"Ana verified here"}"##), "\(copy.stdout)")
    }

    @Test("an image markup that does not close, or names no file, stays text")
    func literalImageMarkup() throws {
        for markup in ["![alt](", "![alt]()", "![alt] (x.png)", "!\\[alt](x.png)"] {
            let result = try labelkit(["rects", "--markup", "--range", "0,1", markup])
            let withoutMarkup = try labelkit(["measure", "--markup", markup])
            #expect(result.status == 0)
            #expect((withoutMarkup.jsonLines.first?["width"] as? Double ?? 0) > 20, "\(markup) stays text")
        }
        let plain = try labelkit(["hit", "--markup", "--x", "3", "--y", "8", "![alt] (x.png)"])
        #expect(plain.jsonLines.first?["attachment"] is NSNull)
    }
}

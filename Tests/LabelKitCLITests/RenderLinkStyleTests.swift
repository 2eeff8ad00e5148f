import Foundation
import LabelKitCairo
import Testing

/// `labelkit render` draws links as a label view does: blue and underlined, unless `--runs` styles a link itself.
@Suite("labelkit render: links look like links")
struct RenderLinkStyleTests {
    /// `labelkit render` of `text` with `options` at scale 2, and the rectangle (points) of the UTF-16 range 9..<14.
    static func render(_ options: [String], _ text: String) throws -> (image: RenderedImage, link: [Double]) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("labelkit-links-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try labelkit(["render", "--scale", "2", "--out", path] + options + [text])
        #expect(result.status == 0, "\(result.stderr)")
        let rects = try labelkit(["rects", "--range", "9,5"] + options + [text])
        let link = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        return (try RenderedImage(pngFile: path), link)
    }

    /// Rows of pixels inside the link's rectangle that are all of one colour from its left edge to its right: an
    /// underline. (Glyphs leave gaps in every row they cross.)
    static func underlineRows(
        in image: RenderedImage, link: [Double], where isInk: (RenderedImage.Pixel) -> Bool
    ) -> [Int] {
        let minX = Int(link[0] * 2) + 2
        let maxX = Int((link[0] + link[2]) * 2) - 2
        return (Int(link[1] * 2)..<Int((link[1] + link[3]) * 2)).filter { y in
            (minX..<maxX).allSatisfy { x in image.pixel(x: x, y: y).map(isInk) ?? false }
        }
    }

    static func isBlue(_ pixel: RenderedImage.Pixel) -> Bool { pixel.blue > 150 && pixel.red < 80 }
    static func isRed(_ pixel: RenderedImage.Pixel) -> Bool { pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 }

    @Test("a link of the markup is drawn blue and underlined, and the text beside it is not underlined")
    func markupLinkIsUnderlined() throws {
        let (image, link) = try Self.render(["--markup"], "Read the [terms](https://example.com/terms) now")
        let rows = Self.underlineRows(in: image, link: link, where: Self.isBlue)
        let row = try #require(rows.first, "an unbroken blue row under the link")
        let before = (4..<Int(link[0] * 2) - 4).compactMap { image.pixel(x: $0, y: row) }
        #expect(before.allSatisfy { $0.red > 235 && $0.green > 235 }, "no underline under \"Read the\"")
    }

    @Test("a detected link is underlined too")
    func detectedLinkIsUnderlined() throws {
        let (image, link) = try Self.render(["--detect", "url"], "Read the terms.com now")
        #expect(!Self.underlineRows(in: image, link: link, where: Self.isBlue).isEmpty)
    }

    @Test("--runs that give a link its own colour or underline keep it; the rest of the look stays")
    func runsKeepTheirOwnLinkStyle() throws {
        let runs =
            ##"[{"text":"Read the "},{"text":"terms","link":"https://example.com/terms","color":"#FF0000"},{"text":" now"}]"##
        let (red, link) = try Self.render(["--runs"], runs)
        #expect(red.pixels(in: link).contains(where: Self.isRed), "red glyphs")
        #expect(!red.pixels(in: link).contains(where: Self.isBlue), "not blue ones")
        #expect(!Self.underlineRows(in: red, link: link, where: Self.isRed).isEmpty, "underlined, in their red")

        let underlined =
            ##"[{"text":"Read the "},{"text":"terms","link":"https://example.com/terms","underline":"double","underlineColor":"#FF0000"},{"text":" now"}]"##
        let (double, _) = try Self.render(["--runs"], underlined)
        let redRows = Self.underlineRows(in: double, link: link, where: Self.isRed)
        #expect(redRows.count >= 2, "the run's own red double underline")
        #expect(Self.underlineRows(in: double, link: link, where: Self.isBlue).isEmpty, "and no other")
    }
}

extension RenderedImage {
    /// The pixels inside `rect` ([x, y, width, height] in points) at scale 2.
    fileprivate func pixels(in rect: [Double]) -> [Pixel] {
        (Int(rect[1] * 2)..<Int((rect[1] + rect[3]) * 2)).flatMap { y in
            (Int(rect[0] * 2)..<Int((rect[0] + rect[2]) * 2)).compactMap { pixel(x: $0, y: y) }
        }
    }
}

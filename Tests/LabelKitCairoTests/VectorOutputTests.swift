import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// PDF and SVG output, read back by poppler and librsvg and compared with the PNG of the same layout.
@Suite struct VectorOutputTests {
    /// How close a read-back document must be to the PNG: at most this mean channel difference (0…255) over 2×2-point
    /// blocks, and at most this share of blocks more than a quarter of the range apart.
    ///
    /// librsvg draws glyph outlines with Cairo, as LabelKit does, so an SVG comes back almost exactly. poppler's
    /// `pdftoppm` rasterises the embedded fonts with its own hinted FreeType path, a little bolder at every glyph edge,
    /// so a PDF is allowed more — still a tenth of what a blank page differs by (about 30 % of blocks).
    static func limits(for format: LabelRenderer.OutputFormat) -> (mean: Double, farBlocks: Double) {
        format == .pdf ? (8, 0.03) : (4, 0.005)
    }

    static func pressedSeedRenderer(for layout: TextLayout) -> LabelRenderer {
        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        var style = LinkStyle()
        style.pressed = LinkStyle.Look(
            highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.2), highlightCornerRadius: 4,
            highlightPadding: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3))
        renderer.linkStyle = style
        renderer.pressedLink = 0
        return renderer
    }

    @Test func pdfReadBackByPopplerLooksLikeThePNG() throws {
        let layout = try Fixtures.seedLayout()
        let renderer = Self.pressedSeedRenderer(for: layout)
        try expectReadBack(of: layout, with: renderer, format: .pdf)
    }

    @Test func svgReadBackByLibrsvgLooksLikeThePNG() throws {
        let layout = try Fixtures.seedLayout()
        let renderer = Self.pressedSeedRenderer(for: layout)
        try expectReadBack(of: layout, with: renderer, format: .svg)
    }

    @Test(arguments: [LabelRenderer.OutputFormat.pdf, .svg])
    func everyAttributeSurvivesTheDocument(format: LabelRenderer.OutputFormat) throws {
        let layout = try Fixtures.showcaseLayout(badge: .pixels(try Fixtures.badgePixels(size: 32)))
        try expectReadBack(of: layout, with: LabelRenderer(scale: 2, backgroundColor: .white), format: format)
    }

    @Test func vectorsAreVectors() throws {
        let layout = try Fixtures.seedLayout()
        let renderer = LabelRenderer(backgroundColor: .white)
        let pdf = String(decoding: try renderer.data(layout, format: .pdf), as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(pdf.contains("/FontFile"), "the glyphs are an embedded font, not pixels")
        #expect(pdf.contains("/Creator (LabelKit)"))
        let svg = String(decoding: try renderer.data(layout, format: .svg), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("<path"), "glyph outlines")
        #expect(!svg.contains("<image"), "no picture of the text")
    }

    @Test func documentsAreTheLayoutsSizeInPoints() throws {
        let layout = try Fixtures.seedLayout()
        let renderer = LabelRenderer(scale: 3, backgroundColor: .white)
        let svg = String(decoding: try renderer.data(layout, format: .svg), as: UTF8.self)
        let width = layout.bounds.width
        let height = layout.bounds.height
        #expect(svg.contains("width=\"\(Self.svgNumber(width))px\""), "scale does not change a document's size")
        #expect(svg.contains("height=\"\(Self.svgNumber(height))px\""))
        let pdf = String(decoding: try renderer.data(layout, format: .pdf), as: UTF8.self)
        #expect(pdf.contains("/MediaBox [ 0 0 \(Self.svgNumber(width)) \(Self.svgNumber(height)) ]"))
    }

    @Test func theFileNameChoosesTheFormat() throws {
        let layout = try Fixtures.seedLayout()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-formats-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let expectedStarts: [String: [UInt8]] = [
            "label.png": [0x89, 0x50, 0x4E, 0x47], "label.PDF": Array("%PDF".utf8), "label.Svg": Array("<?xml".utf8),
        ]
        for (name, start) in expectedStarts {
            let path = directory.appendingPathComponent(name).path
            try LabelRenderer(backgroundColor: .white).write(layout, to: path)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.starts(with: start), "\(name)")
        }
        #expect(LabelRenderer.OutputFormat(path: "a.b/label") == nil)
        #expect(LabelRenderer.OutputFormat(path: "label.") == nil)
        #expect(LabelRenderer.OutputFormat(path: "/tmp/x.svg") == .svg)
    }

    @Test func anUnknownExtensionIsATypedErrorAndWritesNothing() throws {
        let layout = try Fixtures.seedLayout()
        let path = ExternalRasterizer.temporaryPath("unknown") + ".jpeg"
        #expect(throws: RenderError.unsupportedOutputFormat(path: path)) {
            try LabelRenderer().write(layout, to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(RenderError.unsupportedOutputFormat(path: path).description.contains(".png, .pdf or .svg"))
    }

    @Test func anUnwritablePathNamesTheFileAndTheReason() throws {
        let layout = try Fixtures.seedLayout()
        let path = "/nonexistent-labelkit-dir/label.pdf"
        #expect(throws: RenderError.documentWriteFailed(path: path, reason: "No such file or directory")) {
            try LabelRenderer().write(layout, to: path)
        }
    }

    @Test func anEmptyLayoutHasNoPageAndSaysSo() throws {
        let layout = try Fixtures.layout("")
        for format in [LabelRenderer.OutputFormat.pdf, .svg] where layout.bounds.width == 0 {
            #expect(throws: RenderError.self) { try LabelRenderer().data(layout, format: format) }
        }
    }

    // MARK: Helpers

    /// Writes `layout` as `format`, reads it back with the external tool and compares it with the PNG.
    private func expectReadBack(
        of layout: TextLayout, with renderer: LabelRenderer, format: LabelRenderer.OutputFormat,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = ExternalRasterizer.temporaryPath("readback") + "." + format.rawValue
        defer { try? FileManager.default.removeItem(atPath: path) }
        try renderer.write(layout, to: path)
        let readBack =
            format == .pdf
            ? try ExternalRasterizer.rasterizePDF(path, scale: renderer.scale)
            : try ExternalRasterizer.rasterizeSVG(path, scale: renderer.scale)
        let png = try renderer.render(layout)
        let difference = ImageDifference(readBack, png)
        let alike =
            difference.sizeDifference <= 1 && difference.meanChannelDifference <= Self.limits(for: format).mean
            && difference.farBlockShare <= Self.limits(for: format).farBlocks
        if !alike {
            // Keep both pictures for a look.
            let stem = ExternalRasterizer.temporaryPath("readback-failure")
            try? readBack.writePNG(to: stem + "-\(format.rawValue).png")
            try? png.writePNG(to: stem + "-cairo.png")
            try? FileManager.default.copyItem(atPath: path, toPath: stem + "." + format.rawValue)
            Issue.record(
                "\(format.rawValue): \(difference); document and pictures at \(stem)*", sourceLocation: sourceLocation)
        }
        // The comparison can fail: the same picture without its text is far from the PNG.
        let paper = try LabelRenderer(scale: renderer.scale, backgroundColor: .white).render(
            try Fixtures.layout("", container: TextContainer(width: layout.bounds.width, height: layout.bounds.height)))
        let control = ImageDifference(paper, png)
        #expect(
            control.farBlockShare > Self.limits(for: format).farBlocks * 3, "control: \(control)",
            sourceLocation: sourceLocation)
        print("read back \(format.rawValue): \(difference); blank page: \(control)")
    }

    /// A number as Cairo writes it in SVG and PDF: no trailing ".0".
    private static func svgNumber(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

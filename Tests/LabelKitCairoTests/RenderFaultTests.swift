import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Drawing what cannot be drawn: an image too large to allocate, a font file gone before the first drawing,
/// glyphs of 10,000 points, and output that cannot be written. Each is a typed RenderError or an image.
@Suite("Rendering faults")
struct RenderFaultTests {
    /// A font system of one face for every request, with no fallback: a face opened from a file the test controls.
    final class OneFaceFontSystem: FontSystem {
        let face: SystemFontFace

        init(face: SystemFontFace) { self.face = face }

        func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace { face }

        func fallbackFace(
            for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
        ) -> (any FontFace)? { nil }
    }

    @Test("a font file deleted after it was opened: the layout stands, drawing is RenderError.unreadableFont")
    func fontFileDeletedBeforeDrawing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-gone-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("DejaVuSans-copy.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: path)
        let typesetter = LabelTypesetter(
            fontSystem: OneFaceFontSystem(face: try SystemFontFace(filePath: path)), analyzer: ICUTextAnalyzer())
        try FileManager.default.removeItem(atPath: path)
        let layout = try typesetter.layout("Still laid out", in: TextContainer(width: 200))
        #expect(layout.lines.count == 1)
        #expect {
            try LabelRenderer().render(layout)
        } throws: { error in
            guard case .unreadableFont(let failedPath, _) = error as? RenderError else { return false }
            return failedPath == path
        }
    }

    @Test("no fallback font for CJK: missing-glyph boxes that take their width, measure, hit and draw alike")
    func missingGlyphBoxes() throws {
        let face = try SystemFontFace(filePath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let typesetter = LabelTypesetter(fontSystem: OneFaceFontSystem(face: face), analyzer: ICUTextAnalyzer())
        let text = "a決済b"
        let layout = try typesetter.layout(text, in: TextContainer())
        #expect(try typesetter.measurement(text, width: nil) == TextMeasurement(layout))
        let glyphs = layout.runs.flatMap { Array($0.glyphs) }
        // DejaVu has no 決 or 済: each is glyph 0, the face's missing-glyph box, with the box's advance.
        #expect(glyphs.map(\.glyphID).filter { $0 == 0 }.count == 2, "\(glyphs.map(\.glyphID))")
        let clusters = try #require(layout.lines.first?.clusters)
        #expect(clusters.count == 4)
        let boxes = clusters.filter { glyphs.first(where: { $0.glyphID == 0 })?.advance == $0.width }
        #expect(boxes.count == 2 && boxes.allSatisfy { $0.width > 2 })
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        let white = RenderedImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
        for box in boxes {
            // The box is drawn where it was measured, and a tap on it hits its character.
            let rect = CGRect(x: box.x + 1, y: 0, width: box.width - 2, height: Double(image.height))
            #expect(image.pixels(in: rect).contains { $0 != white }, "nothing drawn in \(box.range)")
            let hit = layout.character(at: CGPoint(x: box.x + box.width / 2, y: layout.size.height / 2))
            #expect(hit?.range == box.range)
        }
    }

    @Test("bounds a billion points wide: RenderError.surfaceCreationFailed, not an allocation")
    func imageTooLarge() throws {
        let layout = try LabelTypesetter.system.layout("wide", in: TextContainer(width: 1e9))
        #expect {
            try LabelRenderer().render(layout)
        } throws: { error in
            guard case .surfaceCreationFailed = error as? RenderError else { return false }
            return true
        }
    }

    @Test("glyphs at 10,000 points in a 300×200 label draw the part that fits")
    func hugeGlyphs() throws {
        // A full block (U+2588) fills its em: centred, its middle covers the whole image.
        let layout = try LabelTypesetter.system(style: TextStyle(fontSize: 10_000))
            .layout("\u{2588}", in: TextContainer(width: 300, height: 200, verticalAlignment: .center))
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        #expect(image.width == 300 && image.height == 200)
        let black = RenderedImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255)
        #expect(image.pixels(in: CGRect(x: 100, y: 50, width: 100, height: 100)).allSatisfy { $0 == black })
    }

    @Test("PNG paths that cannot be written — a missing folder, a folder, /proc — are RenderError.pngWriteFailed")
    func unwritablePaths() throws {
        let layout = try LabelTypesetter.system.layout("Hello")
        let folder = FileManager.default.temporaryDirectory.path
        for path in ["/nonexistent-labelkit/label.png", folder, "/proc/labelkit.png"] {
            #expect {
                try LabelRenderer().writePNG(layout, to: path)
            } throws: { error in
                guard case .pngWriteFailed(let failedPath, _) = error as? RenderError else { return false }
                return failedPath == path
            }
        }
    }
}

extension RenderFaultTests {
    @Test("a shadow blur radius of 10,000 draws, spread so thin that the image is the unshadowed one")
    func aShadowBlurOf10000() throws {
        let plain = try Fixtures.layout("Far-flung shadow", size: 24)
        let shadowed = try Fixtures.layout("Far-flung shadow", size: 24) {
            $0.labelKit.shadow = TextShadow(offsetX: 3, offsetY: 3, blurRadius: 10_000, color: .black)
        }
        let renderer = LabelRenderer(backgroundColor: .white)
        let expected = try renderer.render(plain)
        let image = try renderer.render(shadowed)
        #expect(image.width == expected.width && image.height == expected.height)
        // A Gaussian of σ = 5,000 points puts at most 1/12,500 of the text's ink on any pixel: under one level.
        let whole = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        let differences = zip(image.pixels(in: whole), expected.pixels(in: whole)).map {
            max(abs(Int($0.red) - Int($1.red)), abs(Int($0.green) - Int($1.green)), abs(Int($0.blue) - Int($1.blue)))
        }
        #expect((differences.max() ?? 0) <= 2, "\(differences.max() ?? 0)")
    }
}

import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// Drawing what cannot be drawn: an image too large to allocate, a font file gone before the first drawing,
/// glyphs of 10,000 points, and output that cannot be written. Each is a typed RenderError or an image.
@Suite("Rendering faults")
struct RenderFaultTests {
    /// A font system of one face for every request, with no fallback: a face opened from a file the test controls.
    struct OneFaceFontSystem: FontSystem {
        let face: SystemFontFace

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

import Foundation
import LabelKit
import Testing

@testable import LabelKitCairo

/// The glyph cache where the image's sides cut glyphs: a line's first glyph whose image starts a pixel left of the
/// label (Bengali, Devanagari and Arabic do it at every line), a last glyph whose image, padded to a group of 8
/// pixels, passes the right edge (right-aligned and right-to-left lines end there). The overlap mask holds such a
/// glyph's columns whole and its cut groups are composited through a copy (OverlapMask.c), as the glyphs drawn one by
/// one do (RunCompositing.c); the pixels must be Cairo's own.
@Suite struct GlyphCacheEdgeTests {
    static let texts = [
        "মিষ্টি রবীন্দ্রনাথ যাচ্ছি পাওয়া ঢাকা আমার",
        "مَرْحَبًا بِالْعَالَمِ هَذَا نَصٌّ طَوِيلٌ",
        "नमस्ते दुनिया हिन्दी में लिखा",
        "Wave AVA jjj ƒ ÅÉ fjord",
    ]

    /// Left, right-aligned and centred lines, the last two in fractional insets (other pixel phases).
    static let paragraphs: [(TextAlignment, EdgeInsets)] = [
        (.left, .zero),
        (.right, EdgeInsets(top: 0.3, left: 0, bottom: 0, right: 0.45)),
        (.center, EdgeInsets(top: 0, left: 0.7, bottom: 0.2, right: 0)),
    ]

    static let colors = [
        LabelColor(RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)),
        LabelColor(RGBAColor(red: 0.1, green: 0.45, blue: 0.8, alpha: 1)),
        LabelColor(RGBAColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.55)),
    ]

    @Test(
        "glyphs the image's sides cut are composited as Cairo draws them: in black, a colour and a translucent one, on white and on nothing"
    )
    func cutGlyphsEqualCairo() throws {
        let context = RenderingContext()
        var cut = 0
        for text in Self.texts {
            for (alignment, insets) in Self.paragraphs {
                var paragraph = ParagraphStyle()
                paragraph.alignment = alignment
                let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
                for color in Self.colors {
                    var styled = AttributedString(text)
                    styled.labelKit.foregroundColor = color
                    let layout = try typesetter.layout(styled, in: TextContainer(width: 120, insets: insets))
                    for background in [LabelColor.white, nil] {
                        var renderer = LabelRenderer(backgroundColor: background)
                        renderer.context = context
                        let fast = try renderer.render(layout)
                        let cairo = try GlyphCacheTests.cairoAlone(renderer).render(layout)
                        let differences = GlyphCacheTests.differences(fast, cairo)
                        #expect(
                            differences.count == 0,
                            "\(text), \(alignment), on \(String(describing: background)): \(differences.count) bytes differ, by up to \(differences.largest)"
                        )
                        if Self.inksEdge(cairo) { cut += 1 }
                    }
                }
            }
        }
        #expect(cut > 0, "some labels have ink in their first or last column: their glyphs are cut")
    }

    /// Whether any pixel of the image's first or last column is not its corner's.
    static func inksEdge(_ image: RenderedImage) -> Bool {
        let corner = image.pixel(x: 0, y: 0)
        return (0..<image.height).contains { y in
            image.pixel(x: 0, y: y) != corner || image.pixel(x: image.width - 1, y: y) != corner
        }
    }
}

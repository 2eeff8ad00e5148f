import Foundation
import LabelKit
import Testing

/// The top edge with a real font: issue 13's example, "Had other feedback update hotel" at width 399, whose lines
/// are 0.54 points shorter than its measured height — centred exactly, its first line started 0.27 px down, a tap
/// at y = 0 over the first glyph hit nothing and glyph edges blurred.
@Suite("Vertical alignment on the pixel grid, with DejaVu Sans")
struct PixelGridAlignmentRealFontTests {
    static let text = "Had other feedback update hotel"

    @Test("the issue's example: the first line starts at y = 0, and a tap at y = 0 over the H hits it")
    func issueExample() throws {
        let layout = try LabelTypesetter.system.layout(Self.text, in: TextContainer(width: 399))
        let line = layout.lines[0]
        let fractionalPart = Double(layout.size.height) - Double(line.rect.height)
        #expect(fractionalPart > 0.5 && fractionalPart < 0.6, "the case the issue describes: \(fractionalPart)")
        #expect(Double(line.rect.minY) == 0)
        let first = try #require(line.clusters.first)
        #expect(layout.character(at: CGPoint(x: first.x + first.width / 2, y: 0))?.range == 0..<1)
    }

    @Test("sized by its own measurement, in every alignment and at scales 1–3, the label starts at y = 0")
    func selfSizedInEveryAlignment() throws {
        let size = try LabelTypesetter.system.measurement(Self.text, width: 399).size
        for alignment in VerticalAlignment.allCases {
            for scale in [1.0, 2, 3] {
                let container = TextContainer(
                    width: Double(size.width), height: Double(size.height), verticalAlignment: alignment,
                    displayScale: scale)
                let layout = try LabelTypesetter.system.layout(Self.text, in: container)
                #expect(Double(layout.lines[0].rect.minY) == 0, "\(alignment) at \(scale)×")
                #expect(layout.size == size)
            }
        }
    }

    @Test("centred in taller bounds, the first baseline sits on a device pixel row plus the font's own ascent")
    func tallerBoundsAtEachScale() throws {
        let alone = try LabelTypesetter.system.layout(Self.text, in: TextContainer(width: 399))
        let ascentFromTop = alone.lines[0].baseline - Double(alone.lines[0].rect.minY)
        for scale in [1.0, 2, 3] {
            let container = TextContainer(width: 399, height: 100, verticalAlignment: .center, displayScale: scale)
            let layout = try LabelTypesetter.system.layout(Self.text, in: container)
            let top = Double(layout.lines[0].rect.minY)
            let pixels = top * scale
            #expect(abs(pixels - pixels.rounded()) < 1e-6, "top \(top) at \(scale)× is not on a pixel row")
            // Within a device pixel of centring the measured block (100 − 18 = 82 free points, 41 above).
            #expect(abs(top - 41) <= 0.5 / scale + 1e-9, "top \(top) at \(scale)×")
            #expect(abs(layout.lines[0].baseline - top - ascentFromTop) < 1e-9)
        }
    }

    @Test("the layout cache keeps layouts for different display scales apart")
    func cacheKeysOnScale() throws {
        let cache = TextLayoutCache(typesetter: .system)
        let one = try cache.layout(Self.text, in: TextContainer(width: 399, height: 51, displayScale: 1))
        let two = try cache.layout(Self.text, in: TextContainer(width: 399, height: 51, displayScale: 2))
        #expect(one !== two)
        #expect(Double(one.lines[0].rect.minY) == 16)
        #expect(Double(two.lines[0].rect.minY) == 16.5)
    }
}

import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Vertical alignment moves the lines by whole device pixels at the container's display scale: the fixed-advance
/// font at 10.3 points makes lines 10.3 points tall, measured as 11, so the old exact placement was fractional.
@Suite("Vertical alignment on the pixel grid")
struct PixelGridAlignmentTests {
    let typesetter = LabelTypesetter.fixed(size: 10.3)

    func firstLineTop(height: Double?, _ alignment: VerticalAlignment, scale: Double) throws -> Double {
        let container = TextContainer(width: 100, height: height, verticalAlignment: alignment, displayScale: scale)
        return Double(try typesetter.layout("abc", in: container).lines[0].rect.minY)
    }

    @Test("a label sized by its own measurement starts its first line at y = 0 in every alignment and at every scale")
    func selfSizedLabelStartsAtTheTop() throws {
        let measured = try typesetter.layout("abc", in: TextContainer(width: 100))
        #expect(Double(measured.size.height) == 11)
        #expect(Double(measured.lines[0].rect.height) == 10.3)
        for alignment in VerticalAlignment.allCases {
            for scale in [1.0, 1.5, 2, 3] {
                #expect(try firstLineTop(height: nil, alignment, scale: scale) == 0, "\(alignment) at \(scale)×")
                #expect(try firstLineTop(height: 11, alignment, scale: scale) == 0, "\(alignment) at \(scale)×")
            }
        }
    }

    @Test("a tap at y = 0 over the first glyph of a self-sized label hits it")
    func tapOnTheTopEdge() throws {
        let layout = try typesetter.layout("abc", in: TextContainer(width: 100))
        #expect(layout.character(at: CGPoint(x: 5, y: 0))?.range == 0..<1)
    }

    @Test("in taller bounds the lines move by whole device pixels: 11 measured points in 100, centred at 44.5")
    func tallerBoundsSnapToDevicePixels() throws {
        let expected: [(VerticalAlignment, Double, Double)] = [
            (.top, 1, 0), (.top, 3, 0),
            (.center, 1, 44), (.center, 2, 44.5), (.center, 3, 133.0 / 3),
            (.bottom, 1, 89), (.bottom, 2, 89), (.bottom, 3, 89),
        ]
        for (alignment, scale, top) in expected {
            #expect(try firstLineTop(height: 100, alignment, scale: scale) == top, "\(alignment) at \(scale)×")
        }
    }

    @Test("fractional bounds: the offset goes to the nearest device pixel")
    func fractionalBounds() throws {
        // Bottom of 100.7: 89.7 points free above the measured block.
        for (scale, top) in [(1.0, 90.0), (2, 89.5), (3, 269.0 / 3)] {
            #expect(try firstLineTop(height: 100.7, .bottom, scale: scale) == top, "at \(scale)×")
        }
    }

    @Test("insets stay exact: only the alignment offset is snapped")
    func insetsAreNotSnapped() throws {
        var container = TextContainer(width: 100, height: 20.25, verticalAlignment: .center)
        container.insets = EdgeInsets(top: 2.25, left: 0, bottom: 7, right: 0)
        // 20.25 − 2.25 − 7 = 11 inner points: exactly the measured block, so the lines start at the top inset.
        #expect(Double(try typesetter.layout("abc", in: container).lines[0].rect.minY) == 2.25)
    }

    @Test("a display scale that is not a finite number > 0 is a typed error")
    func invalidScale() {
        for scale in [0.0, -2, .nan, .infinity] {
            #expect(throws: LayoutError.self, "\(scale)") {
                try typesetter.layout("abc", in: TextContainer(displayScale: scale))
            }
            #expect(throws: LayoutError.self, "\(scale)") {
                try typesetter.measurement(AttributedString("abc"), in: TextContainer(displayScale: scale))
            }
        }
    }
}

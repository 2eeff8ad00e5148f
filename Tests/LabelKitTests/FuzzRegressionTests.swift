import Foundation
import LabelKit
import Testing

/// Inputs `make fuzz` found misbehaving, kept as tests once fixed (Fuzz/, README "Reliability").
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The checked-in seed that made the caret cycle: bidi overrides, isolates and embeddings around Latin and Arabic.
    static let bidiBomb: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/texts/bidi-bomb.txt")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Every caret position walked left and right until it rests; the walks that come back to a position instead.
    static func cycles(in layout: TextLayout) -> [String] {
        var cycles: [String] = []
        for direction in VisualDirection.allCases {
            for start in 0...layout.string.utf16.count {
                for affinity in [TextPosition.Affinity.downstream, .upstream] {
                    var position = TextPosition(index: start, affinity: affinity)
                    var seen: Set<TextPosition> = [position]
                    while true {
                        let next = layout.position(movedVisually: direction, from: position)
                        if next == position { break }
                        if !seen.insert(next).inserted {
                            cycles.append("\(direction) from \(start) \(affinity): back at \(next.index)")
                            break
                        }
                        position = next
                    }
                }
            }
        }
        return cycles
    }

    @Test(
        "arrow keys over bidi control bombs come to rest at an end of the text, from every start",
        arguments: [nil, 40.0, 90.0, 200.0])
    func caretMotionEnds(width: Double?) throws {
        #expect(!Self.bidiBomb.isEmpty)
        let layout = try LabelTypesetter.system.layout(Self.bidiBomb, in: TextContainer(width: width))
        let cycles = Self.cycles(in: layout)
        #expect(cycles.isEmpty, "\(cycles.count) walks cycle, e.g. \(cycles.prefix(3))")
    }

    @Test("Left across a left-to-right line that opens with Arabic stops at the line's left edge")
    func leftToRightLineOpeningWithArabic() throws {
        var text = AttributedString("مرحبا hello")
        var paragraph = ParagraphStyle()
        paragraph.baseWritingDirection = .leftToRight
        text.labelKit.paragraphStyle = paragraph
        let layout = try LabelTypesetter.system.layout(text)
        #expect(Self.cycles(in: layout).isEmpty)
        var position = TextPosition(index: layout.string.utf16.count)
        for _ in 0..<40 { position = layout.position(movedVisually: .left, from: position) }
        // It rests at the leftmost edge on screen: the end of the Arabic word, which is drawn right to left.
        let rest = try #require(layout.caretRect(for: position))
        #expect(rest.minX < 1, "came to rest at \(position), x = \(rest.minX)")
        #expect(layout.position(movedVisually: .left, from: position) == position)
    }
}

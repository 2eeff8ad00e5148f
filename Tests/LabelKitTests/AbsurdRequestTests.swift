import Foundation
import LabelKit
import Testing

/// Requests no sensible app makes, and every app may receive: each lays out with finite geometry that measures,
/// hits and breaks like any other, or is a typed error.
@Suite("Absurd requests")
struct AbsurdRequestTests {
    @Test("a font size of 10,000 — the largest allowed — lays out, measures as it lays out, and is hit")
    func hugeFont() throws {
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 10_000))
        let layout = try typesetter.layout("Hi 決", in: TextContainer())
        #expect(layout.size.height > 10_000 && layout.size.width > 10_000)
        #expect(layout.size.height.isFinite && layout.size.width.isFinite)
        #expect(try typesetter.measurement("Hi 決", width: nil) == TextMeasurement(layout))
        let first = try #require(layout.lines.first?.clusters.first)
        let centre = CGPoint(x: first.x + first.width / 2, y: Double(layout.lines[0].rect.midY))
        #expect(layout.character(at: centre)?.range == 0..<1)
        #expect(throws: LayoutError.self) {
            try LabelTypesetter.system(style: TextStyle(fontSize: 10_001)).layout("Hi")
        }
    }

    @Test("a width of a billion points: the text on one line, measured at its own width, in bounds a billion wide")
    func billionPointWidth() throws {
        let text = String(repeating: "words that would wrap anywhere else ", count: 20)
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 1e9))
        #expect(layout.lines.count == 1)
        #expect(layout.size.width < 10_000)
        #expect(Double(layout.bounds.width) == 1e9)
        let last = try #require(layout.lines[0].clusters.last)
        #expect(layout.character(at: CGPoint(x: last.x + last.width / 2, y: 8)) != nil)
        #expect(layout.character(at: CGPoint(x: 5e8, y: 8)) == nil)
    }

    @Test("a line limit of a million is no limit; a text of 10,000 lines lays out every one of them")
    func manyLines() throws {
        let text = String(repeating: "line\n", count: 10_000) + "last"
        let unlimited = try LabelTypesetter.system.layout("one\ntwo three", in: TextContainer(width: 40))
        let limited = try LabelTypesetter.system.layout(
            "one\ntwo three", in: TextContainer(width: 40, maximumNumberOfLines: 1_000_000))
        #expect(limited.lines.map(\.textRange) == unlimited.lines.map(\.textRange))
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200))
        #expect(layout.lines.count == 10_001)
        #expect(try LabelTypesetter.system.measurement(text, width: 200) == TextMeasurement(layout))
        let lastLine = layout.lines[10_000]
        let hit = layout.character(at: CGPoint(x: 2, y: Double(lastLine.rect.midY)))
        #expect(hit?.range == 50_000..<50_001)
    }

    @Test("sizes and widths that are not finite numbers ≥ 0 are typed errors, never a layout")
    func invalidNumbers() {
        for bad in [-1.0, .nan, .infinity, -.infinity] {
            #expect(throws: LayoutError.self) { try LabelTypesetter.system.layout("x", in: TextContainer(width: bad)) }
            #expect(throws: LayoutError.self) {
                try LabelTypesetter.system(style: TextStyle(fontSize: bad)).layout("x")
            }
        }
        #expect(throws: LayoutError.self) {
            try LabelTypesetter.system.layout("x", in: TextContainer(maximumNumberOfLines: -1))
        }
    }
}

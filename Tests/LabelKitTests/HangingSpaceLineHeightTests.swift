import Foundation
import LabelKit
import Testing

/// A line's height counts every run on it, the hanging spaces that end it too, as Pango, TextKit and CSS do; the
/// line break that ends a paragraph does not count.
@Suite("Line heights count the runs of a line's hanging spaces")
struct HangingSpaceLineHeightTests {
    let typesetter = LabelTypesetter.system

    /// `first` at 15 px, then `second` with `size` and `baselineOffset`.
    static func text(_ first: String, _ second: String, size: Double = 15, baselineOffset: Double = 0)
        -> AttributedString
    {
        var tail = AttributedString(second)
        tail.labelKit.fontSize = size
        if baselineOffset != 0 { tail.labelKit.baselineOffset = baselineOffset }
        return AttributedString(first) + tail
    }

    @Test("a line ending in a space of a 30 px run is as tall as a line of 30 px text, and no wider")
    func largerHangingSpace() throws {
        // "Hello" and 30 px "world" each fit 100 px, together they do not: the 30 px space hangs at the end of the
        // first line.
        let layout = try typesetter.layout(Self.text("Hello", " world", size: 30), in: TextContainer(width: 100))
        var large = AttributedString("world")
        large.labelKit.fontSize = 30
        let reference = try typesetter.layout(large)
        let small = try typesetter.layout("Hello")
        try #require(layout.lines.count == 2)
        #expect(abs(layout.lines[0].ascent - reference.lines[0].ascent) < 1e-9)
        #expect(abs(layout.lines[0].descent - reference.lines[0].descent) < 1e-9)
        #expect(abs(layout.lines[0].rect.height - reference.lines[0].rect.height) < 1e-9)
        #expect(abs(layout.lines[0].rect.width - small.lines[0].rect.width) < 1e-9, "the space hangs")
        #expect(layout.lines[0].ascent > small.lines[0].ascent + 10)
    }

    @Test("a raised hanging space raises its line's ascent by its offset")
    func raisedHangingSpace() throws {
        let layout = try typesetter.layout(
            Self.text("Hello", " world", baselineOffset: 8), in: TextContainer(width: 60))
        let plain = try typesetter.layout("Hello world", in: TextContainer(width: 60))
        try #require(layout.lines.count == 2 && plain.lines.count == 2)
        #expect(abs(layout.lines[0].ascent - (plain.lines[0].ascent + 8)) < 1e-9)
        #expect(abs(layout.lines[0].descent - plain.lines[0].descent) < 1e-9)
    }

    @Test("a larger hanging space before a newline counts; the newline itself does not, as in Pango")
    func newlineDoesNotCount() throws {
        let plain = try typesetter.layout("Hello\nx")
        let largeNewline = try typesetter.layout(Self.text("Hello", "\n", size: 30) + AttributedString("x"))
        #expect(largeNewline.size == plain.size)
        let largeSpace = try typesetter.layout(Self.text("Hello", " \n", size: 30) + AttributedString("x"))
        #expect(largeSpace.lines[0].ascent > plain.lines[0].ascent + 10)
    }

    @Test("the measured size is the drawn size with hanging spaces of other runs")
    func measuredIsDrawn() throws {
        let text = Self.text("Hello", " world again and again", size: 24, baselineOffset: -4)
        for width in stride(from: 40.0, through: 300, by: 20) {
            let container = TextContainer(width: width)
            let drawn = try typesetter.layout(text, in: container)
            #expect(try typesetter.measurement(text, in: container).size == drawn.size, "at \(width)")
        }
    }
}

import Foundation
import LabelKit
import Testing

/// `TextContainer.minimumScaleFactor` (shrink to fit) and `allowsTighteningForTruncation`, with the system fonts.
@Suite("Fitting: shrinking and tightening")
struct FittingTests {
    let typesetter = LabelTypesetter.system
    static let title = "Quarterly Report"

    /// `string` at `size` points, set directly: a second path to a shrunk layout.
    static func text(_ string: String, size: Double) -> AttributedString {
        var text = AttributedString(string)
        text.labelKit.fontSize = size
        return text
    }

    @Test(
        "a one-line title at 100 px with minimum scale 0.5 reports the largest scale that fits, and 0.01 more truncates"
    )
    func oneLineTitle() throws {
        let container = TextContainer(width: 100, maximumNumberOfLines: 1, minimumScaleFactor: 0.5)
        let layout = try typesetter.layout(Self.title, in: container)
        #expect(!layout.isTruncated)
        #expect(layout.scaleFactor >= 0.5 && layout.scaleFactor < 1)
        #expect(abs(layout.scaleFactor * 100 - (layout.scaleFactor * 100).rounded()) < 1e-9, "hundredths")
        let plain = TextContainer(width: 100, maximumNumberOfLines: 1)
        let atScale = try typesetter.layout(Self.text(Self.title, size: 15 * layout.scaleFactor), in: plain)
        #expect(!atScale.isTruncated)
        #expect(atScale.size == layout.size)
        let larger = try typesetter.layout(Self.text(Self.title, size: 15 * (layout.scaleFactor + 0.01)), in: plain)
        #expect(larger.isTruncated)
        let measured = try typesetter.measurement(AttributedString(Self.title), in: container)
        #expect(measured.scaleFactor == layout.scaleFactor)
    }

    @Test("two lines at 120 px: the largest scale that keeps the text in two lines")
    func twoLines() throws {
        let text = "Shrinking keeps every word of this longer sentence on the label"
        let container = TextContainer(width: 120, maximumNumberOfLines: 2, minimumScaleFactor: 0.3)
        let layout = try typesetter.layout(text, in: container)
        #expect(!layout.isTruncated)
        #expect(layout.lines.count <= 2)
        let plain = TextContainer(width: 120, maximumNumberOfLines: 2)
        #expect(!(try typesetter.layout(Self.text(text, size: 15 * layout.scaleFactor), in: plain).isTruncated))
        #expect(try typesetter.layout(Self.text(text, size: 15 * (layout.scaleFactor + 0.01)), in: plain).isTruncated)
        #expect(try typesetter.measurement(AttributedString(text), in: container) == TextMeasurement(layout))
    }

    @Test("a text that fits is not shrunk; one that does not fit even at the minimum is laid out at it and truncated")
    func limits() throws {
        let fits = try typesetter.layout(
            "Short", in: TextContainer(width: 100, maximumNumberOfLines: 1, minimumScaleFactor: 0.5))
        #expect(fits.scaleFactor == 1)
        #expect(fits.size == (try typesetter.layout("Short", in: TextContainer(width: 100))).size)
        let long = String(repeating: "Much too long for the label ", count: 4)
        let layout = try typesetter.layout(
            long, in: TextContainer(width: 100, maximumNumberOfLines: 1, minimumScaleFactor: 0.5))
        #expect(layout.scaleFactor == 0.5)
        #expect(layout.isTruncated)
        let atHalf = try typesetter.layout(
            Self.text(long, size: 7.5), in: TextContainer(width: 100, maximumNumberOfLines: 1))
        #expect(layout.size == atHalf.size)
    }

    @Test("attachments keep their size when the text shrinks")
    func attachmentsKeepTheirSize() throws {
        var text = AttributedString(Self.title + " ")
        text += AttributedString(
            attachment: TextAttachment(width: 12, height: 12, content: .custom(identifier: "badge"), altText: "badge"))
        let layout = try typesetter.layout(
            text, in: TextContainer(width: 110, maximumNumberOfLines: 1, minimumScaleFactor: 0.4))
        #expect(layout.scaleFactor < 1)
        #expect(layout.attachments.count == 1)
        #expect(layout.attachments.first?.rect.size == CGSize(width: 12, height: 12))
    }

    @Test("tightening fits a title 2 % too wide, not one 20 % too wide, and is off by default")
    func tightening() throws {
        let natural = try typesetter.layout(Self.title).lines[0].rect.width
        let slightly = TextContainer(width: natural * 0.98, maximumNumberOfLines: 1)
        #expect(try typesetter.layout(Self.title, in: slightly).isTruncated)
        var tightened = slightly
        tightened.allowsTighteningForTruncation = true
        let layout = try typesetter.layout(Self.title, in: tightened)
        #expect(!layout.isTruncated)
        #expect(layout.scaleFactor == 1)
        #expect(layout.lines[0].rect.width <= natural * 0.98)
        var far = tightened
        far.width = natural * 0.8
        #expect(try typesetter.layout(Self.title, in: far).isTruncated)
    }

    @Test("a minimum scale of 0, below 0, above 1 or not a number is a typed error", arguments: [0, -1, 1.5, .nan])
    func badScale(scale: Double) {
        #expect(throws: LayoutError.self) {
            try typesetter.layout(Self.title, in: TextContainer(width: 100, minimumScaleFactor: scale))
        }
    }
}

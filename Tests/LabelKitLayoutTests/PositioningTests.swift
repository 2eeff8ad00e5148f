import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

@Suite("Positioning")
struct PositioningTests {
    func layout(_ text: String, alignment: TextAlignment, container: TextContainer) throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        return try LabelTypesetter.fixed(paragraph: paragraph).layout(text, in: container)
    }

    @Test("left, right and centre alignment place each line within the width")
    func horizontalAlignment() throws {
        let container = TextContainer(width: 100)
        #expect(try layout("abc", alignment: .left, container: container).lines[0].rect.minX == 0)
        #expect(try layout("abc", alignment: .right, container: container).lines[0].rect.minX == 70)
        #expect(try layout("abc", alignment: .center, container: container).lines[0].rect.minX == 35)
        #expect(try layout("abc", alignment: .natural, container: container).lines[0].rect.minX == 0)
    }

    @Test("natural alignment is right for a right-to-left paragraph")
    func naturalRightToLeft() throws {
        let layout = try layout("אבג", alignment: .natural, container: TextContainer(width: 100))
        #expect(layout.lines[0].rect.minX == 70)
        #expect(layout.lines[0].paragraphLevel == 1)
    }

    @Test("justified lines fill the width at spaces, except a paragraph's last line")
    func justified() throws {
        let layout = try layout("aa bb cc dd", alignment: .justified, container: TextContainer(width: 100))
        // "aa bb cc" (80 pt) on the first line, 20 pt spread over 2 spaces.
        #expect(layout.lineTexts == ["aa bb cc", "dd"])
        #expect(layout.lines[0].rect.width == 100)
        #expect(layout.lines[1].rect.width == 20)
        let firstLineBoxes = layout.lines[0].clusters
        #expect(firstLineBoxes.last.map { $0.x + $0.width } == 100)
        let firstGlyphOfCC = layout.lines[0].runs.flatMap(\.glyphs)[6]
        #expect(firstGlyphOfCC.x == 80)
    }

    @Test("insets move the text and add to the size")
    func insets() throws {
        let container = TextContainer(insets: EdgeInsets(top: 5, left: 7, bottom: 3, right: 2))
        let layout = try layout("abc", alignment: .left, container: container)
        #expect(layout.size == CGSize(width: 39, height: 18))
        #expect(layout.lines[0].rect.origin == CGPoint(x: 7, y: 5))
        #expect(layout.lines[0].baseline == 13)
    }

    @Test("vertical alignment places the lines at the top, centre or bottom of taller bounds")
    func verticalAlignment() throws {
        for (alignment, top) in [(VerticalAlignment.top, 0.0), (.center, 45), (.bottom, 90)] {
            let container = TextContainer(width: 100, height: 100, verticalAlignment: alignment)
            let layout = try layout("abc", alignment: .left, container: container)
            // Compared as Double: #expect mixing CGFloat and Double operands picks an overload that never matches.
            #expect(Double(layout.lines[0].rect.minY) == top, "\(alignment)")
        }
    }

    @Test("line spacing goes between lines, not after the last")
    func lineSpacing() throws {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 4
        let layout = try LabelTypesetter.fixed(paragraph: paragraph).layout("a\nb\nc")
        #expect(layout.lines.map(\.rect.minY) == [0, 14, 28])
        #expect(layout.size.height == 38)
    }

    @Test("line height multiple and minimum height add space above the text")
    func lineHeights() throws {
        var paragraph = ParagraphStyle()
        paragraph.lineHeightMultiple = 2
        let doubled = try LabelTypesetter.fixed(paragraph: paragraph).layout("a\nb")
        #expect(doubled.lines.map(\.rect.height) == [20, 20])
        #expect(doubled.lines[0].baseline == 18)
        paragraph = ParagraphStyle(minimumLineHeight: 15, maximumLineHeight: 0)
        let minimum = try LabelTypesetter.fixed(paragraph: paragraph).layout("a")
        #expect(minimum.size.height == 15)
        paragraph = ParagraphStyle(maximumLineHeight: 6)
        let maximum = try LabelTypesetter.fixed(paragraph: paragraph).layout("a")
        #expect(maximum.size.height == 6)
    }

    @Test("a line's height comes from its tallest run, so a fallback emoji makes it taller")
    func tallestRun() throws {
        let layout = try LabelTypesetter.fixed().layout("a😀\nb")
        // The emoji face has ascent 10 (1 em), the text face 8; both descend 2.
        #expect(layout.lines[0].rect.height == 12)
        #expect(layout.lines[1].rect.height == 10)
        #expect(layout.runs.map(\.face.familyName) == ["Fixed", "Wide Emoji", "Fixed"])
    }

    @Test("right-to-left runs are placed in visual order")
    func bidiOrder() throws {
        let layout = try LabelTypesetter.fixed().layout("ab אבג cd")
        let runs = layout.runs
        #expect(runs.count == 3)
        #expect(runs.map(\.bidiLevel) == [0, 1, 0])
        // Inside the right-to-left run the first letter (א, offset 3) is drawn rightmost.
        let boxes = layout.lines[0].clusters.filter { (3...5).contains($0.range.lowerBound) }
        #expect(boxes.map(\.range.lowerBound) == [5, 4, 3])
        #expect(boxes.map(\.x) == [30, 40, 50])
    }

    @Test("bad container values are typed errors, not crashes")
    func badInput() {
        let typesetter = LabelTypesetter.fixed()
        #expect(throws: LayoutError.self) { try typesetter.layout("a", in: TextContainer(width: -1)) }
        #expect(throws: LayoutError.self) { try typesetter.layout("a", in: TextContainer(width: .nan)) }
        #expect(throws: LayoutError.self) { try typesetter.layout("a", in: TextContainer(maximumNumberOfLines: -2)) }
        var text = AttributedString("a")
        text.labelKit.fontSize = 0
        #expect(throws: LayoutError.self) { try typesetter.layout(text) }
        text.labelKit.fontSize = 1e300
        #expect(throws: LayoutError.self) { try typesetter.layout(text) }
        text.labelKit.fontSize = 10
        text.labelKit.fontFamily = "Nope"
        #expect(throws: LayoutError.font(.noMatch(FontDescriptor(family: "Nope")))) { try typesetter.layout(text) }
    }

    @Test("links over adjacent runs with one target are one link")
    func linksMerge() throws {
        var text = AttributedString("read the terms now")
        let url = URL(string: "https://example.com/terms")
        let range = try #require(text.range(of: "the terms"))
        text[range].link = url
        let bold = try #require(text.range(of: "terms"))
        text[bold].labelKit.fontWeight = 700
        let layout = try LabelTypesetter.fixed().layout(text)
        #expect(layout.links.count == 1)
        #expect(layout.links.first?.range == 5..<14)
        // "read " and "the " share a face but not a style (one is a link), so they are separate runs.
        #expect(layout.runs.map(\.face.familyName) == ["Fixed", "Fixed", "Fixed Bold", "Fixed"])
        #expect(layout.runs.map { $0.style.linkIndex } == [nil, 0, 0, nil])
    }
}

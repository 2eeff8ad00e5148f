import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Indents and paragraph spacing with the fixed font: size 10, every grapheme 10 pt wide, lines 10 pt tall.
@Suite("Paragraph indents and spacing")
struct ParagraphIndentTests {
    func layout(
        _ text: String, width: Double? = 100, _ configure: (inout ParagraphStyle) -> Void
    ) throws -> TextLayout {
        var paragraph = ParagraphStyle()
        configure(&paragraph)
        return try LabelTypesetter.fixed(paragraph: paragraph).layout(text, in: TextContainer(width: width))
    }

    @Test("the first line starts at its own indent, the others at the head indent; the tail indent narrows them")
    func indents() throws {
        // 100 pt wide: the first line has 100 - 20 - 15 = 65 pt, the others 100 - 10 - 15 = 75 pt.
        let layout = try layout("aaa bbb ccc ddd") {
            $0.firstLineHeadIndent = 20
            $0.headIndent = 10
            $0.tailIndent = 15
        }
        #expect(layout.lineTexts == ["aaa", "bbb ccc", "ddd"])
        #expect(layout.lines.map(\.rect.minX) == [20, 10, 10])
        #expect(layout.lines[0].runs[0].glyphs.first?.x == 20)
        #expect(layout.lines[0].clusters.first?.x == 20)
    }

    @Test("a right-to-left paragraph is indented from the right")
    func rightToLeft() throws {
        let layout = try layout("אבג דהו זחט") {
            $0.firstLineHeadIndent = 20
            $0.headIndent = 10
            $0.tailIndent = 15
        }
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].rect.maxX == 80)
        #expect(layout.lines[1].rect.maxX == 90)
    }

    @Test("alignment works within the indented width")
    func alignmentWithinIndents() throws {
        let right = try layout("abc") {
            $0.alignment = .right
            $0.headIndent = 10
            $0.tailIndent = 15
            $0.firstLineHeadIndent = 10
        }
        #expect(right.lines[0].rect.maxX == 85)
        let centred = try layout("abc") {
            $0.alignment = .center
            $0.firstLineHeadIndent = 20
            $0.tailIndent = 10
        }
        // 70 pt between the indents, 30 pt of text: 20 pt on either side of it.
        #expect(centred.lines[0].rect.minX == 40)
        let justified = try layout("aa bb cc dd") {
            $0.alignment = .justified
            $0.firstLineHeadIndent = 10
            $0.headIndent = 10
            $0.tailIndent = 10
        }
        #expect(justified.lineTexts == ["aa bb cc", "dd"])
        #expect(justified.lines[0].rect.minX == 10)
        #expect(justified.lines[0].rect.maxX == 90)
    }

    @Test("without a width the size includes the indents, and laying out at that width gives the same lines")
    func unboundedWidth() throws {
        let unbounded = try layout("abc\nde", width: nil) {
            $0.firstLineHeadIndent = 20
            $0.tailIndent = 5
        }
        #expect(unbounded.size.width == 55)
        #expect(unbounded.lines.map(\.rect.minX) == [20, 20])
        let atSize = try layout("abc\nde", width: unbounded.size.width) {
            $0.firstLineHeadIndent = 20
            $0.tailIndent = 5
        }
        #expect(atSize.lineTexts == unbounded.lineTexts)
    }

    @Test("indents wider than the label leave one cluster per line, never a lost one")
    func indentsWiderThanTheLabel() throws {
        let layout = try layout("abc") {
            $0.headIndent = 200
            $0.firstLineHeadIndent = 200
        }
        #expect(layout.lineTexts == ["a", "b", "c"])
    }

    @Test("spacing after a paragraph and before the next add up between them, never above the first or below the last")
    func paragraphSpacing() throws {
        var first = ParagraphStyle()
        first.paragraphSpacing = 7
        first.paragraphSpacingBefore = 100
        var second = ParagraphStyle()
        second.paragraphSpacingBefore = 3
        second.paragraphSpacing = 100
        var text = AttributedString("a\n")
        text.labelKit.paragraphStyle = first
        var next = AttributedString("b")
        next.labelKit.paragraphStyle = second
        text += next
        let typesetter = LabelTypesetter.fixed()
        let layout = try typesetter.layout(text)
        #expect(layout.lines.map(\.rect.minY) == [0, 20])
        #expect(layout.size.height == 30)
        #expect(try typesetter.measurement(text, width: nil).size.height == 30)
        // The space between them is shared by their hit bands, half and half.
        #expect(layout.character(at: CGPoint(x: 5, y: 14.9))?.range == 0..<1)
        #expect(layout.character(at: CGPoint(x: 5, y: 15.1))?.range == 2..<3)
    }

    @Test("lines of one paragraph get no paragraph spacing; line spacing adds to it between paragraphs")
    func spacingOnlyBetweenParagraphs() throws {
        let layout = try layout("aaa bbb\nccc", width: 40) {
            $0.paragraphSpacing = 5
            $0.paragraphSpacingBefore = 2
            $0.lineSpacing = 1
        }
        #expect(layout.lineTexts == ["aaa", "bbb", "ccc"])
        #expect(layout.lines.map(\.rect.minY) == [0, 11, 29])
    }

    @Test("paragraph spacing counts towards the height limit")
    func spacingAndHeightLimit() throws {
        var paragraph = ParagraphStyle()
        paragraph.paragraphSpacing = 15
        let typesetter = LabelTypesetter.fixed(paragraph: paragraph)
        let layout = try typesetter.layout("a\nb", in: TextContainer(width: 100, height: 30))
        #expect(layout.lines.count == 1)
        #expect(layout.isTruncated)
    }

    @Test("a negative or non-finite indent or spacing is a typed error naming it")
    func invalid() {
        let changes: [(String, (inout ParagraphStyle) -> Void)] = [
            ("tailIndent", { $0.tailIndent = -20 }),
            ("headIndent", { $0.headIndent = .nan }),
            ("firstLineHeadIndent", { $0.firstLineHeadIndent = -.infinity }),
            ("paragraphSpacing", { $0.paragraphSpacing = -1 }),
            ("paragraphSpacingBefore", { $0.paragraphSpacingBefore = .infinity }),
        ]
        for (name, change) in changes {
            let error = #expect(throws: LayoutError.self) { try layout("a", change) }
            #expect(error?.description.contains(name) == true, "\(name)")
        }
    }

    @Test("measurement equals the layout's size with indents and spacing")
    func measuredEqualsLaidOut() throws {
        var paragraph = ParagraphStyle()
        paragraph.firstLineHeadIndent = 12
        paragraph.headIndent = 4
        paragraph.tailIndent = 7
        paragraph.paragraphSpacing = 3
        paragraph.paragraphSpacingBefore = 2
        let typesetter = LabelTypesetter.fixed(paragraph: paragraph)
        for width in [nil, 40.0, 63, 100] {
            let text = "aa bb cc\ndd ee\n\nff"
            let layout = try typesetter.layout(text, in: TextContainer(width: width))
            #expect(try typesetter.measurement(text, width: width).size == layout.size)
        }
    }

    @Test("a paragraph style archived before indents existed still reads, with no indents")
    func decodesOlderArchives() throws {
        let older = Data(#"{"alignment":"center","lineSpacing":2}"#.utf8)
        let style = try JSONDecoder().decode(ParagraphStyle.self, from: older)
        #expect(style.alignment == .center && style.lineSpacing == 2)
        #expect(style.firstLineHeadIndent == 0 && style.tailIndent == 0 && style.paragraphSpacing == 0)
        var indented = ParagraphStyle(alignment: .right, firstLineHeadIndent: 3, tailIndent: 4, paragraphSpacing: 5)
        indented.baseWritingDirection = .rightToLeft
        #expect(try JSONDecoder().decode(ParagraphStyle.self, from: JSONEncoder().encode(indented)) == indented)
    }
}

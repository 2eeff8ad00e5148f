import Foundation
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// `ParagraphStyle.lineHeight` with the fixed-advance face: at 10 points its text is 8 above the baseline and 2 below
/// (10 tall), at 20 points 16 and 4. Every expected number here is worked out by hand from those.
@Suite("Line height with half-leading")
struct LineHeightTests {
    func typesetter(_ lineHeight: LineHeight?, lineSpacing: Double = 0) -> LabelTypesetter {
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = lineHeight
        paragraph.lineSpacing = lineSpacing
        return LabelTypesetter.fixed(paragraph: paragraph)
    }

    @Test("a multiple makes each line taller and centres the text in it: half the extra above, half below")
    func multipleCentresTheText() throws {
        let layout = try typesetter(.multiple(2)).layout("a\nb")
        #expect(layout.lines.map(\.rect.height) == [20, 20])
        #expect(layout.lines.map(\.rect.minY) == [0, 20])
        // 5 points of the extra 10 above the text's 8 points of ascent.
        #expect(layout.lines.map(\.baseline) == [13, 33])
        #expect(layout.size.height == 40)
        // The line's ascent and descent stay its text's.
        #expect(layout.lines[0].ascent == 8 && layout.lines[0].descent == 2)
    }

    @Test("UIKit's lineHeightMultiple puts the same extra above the text; lineHeight, when set, wins over it")
    func uikitMultipleDiffers() throws {
        var paragraph = ParagraphStyle()
        paragraph.lineHeightMultiple = 2
        let uikit = try LabelTypesetter.fixed(paragraph: paragraph).layout("a")
        #expect(uikit.lines[0].baseline == 18)
        paragraph.lineHeight = .absolute(30)
        paragraph.minimumLineHeight = 50
        let both = try LabelTypesetter.fixed(paragraph: paragraph).layout("a")
        #expect(both.lines[0].rect.height == 30)
        #expect(both.lines[0].baseline == 18)   // (30 - 10) / 2 + 8
    }

    @Test("an absolute height is every line's, the text centred in it")
    func absoluteHeight() throws {
        let layout = try typesetter(.absolute(30)).layout("ab cd", in: TextContainer(width: 25))
        #expect(layout.lines.count == 2)
        #expect(layout.lines.map(\.rect.height) == [30, 30])
        #expect(layout.lines.map(\.baseline) == [18, 48])
        #expect(layout.size.height == 60)
    }

    @Test("an absolute height smaller than the text: the lines overlap and the text overflows evenly")
    func absoluteSmallerThanText() throws {
        let layout = try typesetter(.absolute(4)).layout("a\nb\nc")
        #expect(layout.lines.map(\.rect.height) == [4, 4, 4])
        #expect(layout.lines.map(\.rect.minY) == [0, 4, 8])
        // 6 points missing, 3 taken from each side: the baseline is 8 - 3 below the line's top.
        #expect(layout.lines.map(\.baseline) == [5, 9, 13])
        let line = layout.lines[1]
        #expect(line.rect.minY - (line.baseline - line.ascent) == 3)
        #expect((line.baseline + line.descent) - line.rect.maxY == 3)
        #expect(layout.size.height == 12)
        // A zero height stacks every baseline 0 points apart.
        let zero = try typesetter(.absolute(0)).layout("a\nb")
        #expect(zero.lines.map(\.baseline) == [3, 3])
        #expect(zero.size.height == 0)
    }

    @Test("a multiple scales each run's own height: the line holds the tallest box, each centred on its own text")
    func multipleWithMixedSizes() throws {
        var text = AttributedString("ab")
        text.labelKit.paragraphStyle = {
            var paragraph = ParagraphStyle()
            paragraph.lineHeight = .multiple(1.5)
            return paragraph
        }()
        let big = text.index(text.startIndex, offsetByCharacters: 1)
        text[big..<text.endIndex].labelKit.fontSize = 20
        let layout = try LabelTypesetter.fixed().layout(text)
        // "a" (10 tall) gets a box of 15, "b" (20 tall) one of 30: 8 + 2.5 above "a"'s baseline, 16 + 5 above
        // "b"'s; 2 + 2.5 and 4 + 5 below. The line spans 21 above and 9 below.
        #expect(layout.lines[0].rect.height == 30)
        #expect(layout.lines[0].baseline == 21)
        #expect(layout.lines[0].ascent == 16 && layout.lines[0].descent == 4)
    }

    @Test("line spacing and paragraph spacing still add between lines")
    func spacingStillAdds() throws {
        let layout = try typesetter(.multiple(2), lineSpacing: 4).layout("a\nb\nc")
        #expect(layout.lines.map(\.rect.minY) == [0, 24, 48])
        #expect(layout.lines.map(\.baseline) == [13, 37, 61])
        #expect(layout.size.height == 68)
        var paragraph = ParagraphStyle()
        paragraph.lineHeight = .absolute(12)
        paragraph.paragraphSpacing = 6
        let spaced = try LabelTypesetter.fixed(paragraph: paragraph).layout("a\nb")
        #expect(spaced.lines.map(\.rect.minY) == [0, 18])
        #expect(spaced.lines.map(\.baseline) == [9, 27])
    }

    @Test("an empty paragraph's line gets the line height too")
    func emptyLine() throws {
        let layout = try typesetter(.multiple(3)).layout("a\n\nb")
        #expect(layout.lines.map(\.rect.height) == [30, 30, 30])
        #expect(layout.lines[1].baseline == 30 + 10 + 8)
    }

    @Test("the measurement equals the layout's size, line count and used height")
    func measurementEqualsLayout() throws {
        let texts = ["a", "ab cd ef gh ij", "a\n\nb c d e f", "", "日本語のテキストです"]
        let heights: [LineHeight] = [.multiple(0.5), .multiple(1), .multiple(1.7), .absolute(0), .absolute(13.3)]
        for lineHeight in heights {
            let typesetter = typesetter(lineHeight, lineSpacing: 1.5)
            for text in texts {
                for width in [25.0, 47, 1000] {
                    let container = TextContainer(width: width)
                    let layout = try typesetter.layout(text, in: container)
                    let measurement = try typesetter.measurement(AttributedString(text), in: container)
                    #expect(measurement == TextMeasurement(layout), "\(lineHeight) \(text) \(width)")
                    let heights = layout.lines.reduce(0.0) { $0 + $1.rect.height }
                    let spacing = 1.5 * Double(max(layout.lines.count - 1, 0))
                    #expect(abs(Double(layout.usedRect.height) - (heights + spacing)) < 1e-9)
                }
            }
        }
    }

    @Test("hits, rects and selection use the whole line: its half-leading and half the spacing on each side")
    func hitsAndRects() throws {
        let layout = try typesetter(.absolute(30), lineSpacing: 10).layout("ab\ncd")
        // Line 0 spans 0…30, line 1 40…70; the spacing is split at 35.
        #expect(layout.character(at: CGPoint(x: 5, y: 1))?.range == 0..<1)
        #expect(layout.character(at: CGPoint(x: 5, y: 34.9))?.range == 0..<1)
        #expect(layout.character(at: CGPoint(x: 5, y: 35.1))?.range == 3..<4)
        #expect(layout.character(at: CGPoint(x: 15, y: 69))?.range == 4..<5)
        let rects = layout.rects(for: 0..<5)
        #expect(rects.map(\.rect.minY) == [0, 40])
        #expect(rects.map(\.rect.height) == [30, 30])
        // Selection tiles the lines' hit bands: the whole line height and the spacing between them.
        let selection = layout.selectionRects(for: 1..<4)
        #expect(selection.map(\.rect.minY) == [0, 35])
        #expect(selection.map(\.rect.height) == [35, 35])
    }

    @Test("in vertical text the line height is the column's thickness, the text centred across it")
    func columns() throws {
        var container = TextContainer(width: 200, height: 30)
        container.writingMode = .verticalRightToLeft
        let plain = try typesetter(nil).layout("abcdef", in: container)
        let doubled = try typesetter(.multiple(2)).layout("abcdef", in: container)
        #expect(plain.lines.count == 2 && doubled.lines.count == 2)
        #expect(doubled.lines.map(\.rect.height) == plain.lines.map { $0.rect.height * 2 })
        #expect(doubled.size.width == plain.size.width * 2)
        // The first column's middle line (its baseline, centred) moves by half the extra, as in a row.
        let plainBaseline = plain.lines[0].baseline - plain.lines[0].rect.minY
        #expect(doubled.lines[0].baseline - doubled.lines[0].rect.minY == plainBaseline + 5)
        #expect(
            try typesetter(.multiple(2)).measurement(AttributedString("abcdef"), in: container)
                == TextMeasurement(doubled))
    }
}

import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Inline boxes: the one concept for what takes room in a line without being shaped text. An attachment is a box on
/// its U+FFFC; these tests read the box's answers — size, place, hit, copy, speech — through the layout, with the
/// fixed font (size 10: every grapheme 10 pt wide, ascent 8, descent 2).
@Suite("Inline boxes")
struct InlineBoxTests {
    let typesetter = LabelTypesetter.fixed()

    static let badge = TextAttachment(
        width: 15, height: 20, alignment: .baseline(offset: 0), content: .custom(identifier: "badge"),
        altText: "verified")

    /// "ab", the badge, "cd".
    static var text: AttributedString {
        AttributedString("ab") + AttributedString(attachment: badge) + AttributedString("cd")
    }

    @Test("an attachment is an inline box on its U+FFFC: its size, alignment, and its alt text to copy and speak")
    func attachmentIsABox() {
        let box = InlineBox(attachment: Self.badge, at: 2)
        #expect(box.attachment == Self.badge)
        #expect(box.width == 15 && box.height == 20)
        #expect(box.alignment == .baseline(offset: 0))
        #expect(box.textRange == 2..<3)
        #expect(box.copyText == "verified" && box.spokenText == "verified")
    }

    @Test("the layout lists its placed boxes, and its attachments are the boxes that show one")
    func placedBoxes() throws {
        let layout = try typesetter.layout(Self.text)
        let placed = try #require(layout.inlineBoxes.first)
        #expect(layout.inlineBoxes.count == 1)
        #expect(placed.box == InlineBox(attachment: Self.badge, at: 2))
        #expect(placed.rect == CGRect(x: 20, y: 0, width: 15, height: 20))
        #expect(placed.lineIndex == 0 && !placed.isInTruncationToken)
        let attachment = try #require(layout.attachments.first)
        #expect(attachment.attachment == Self.badge)
        #expect(attachment.rect == placed.rect && attachment.runIndex == placed.runIndex && attachment.index == 2)
    }

    @Test("a tap on a box answers the text it stands for; a tap past the line's end answers nothing")
    func hits() throws {
        let layout = try typesetter.layout(Self.text)
        let box = try #require(layout.inlineBoxes.first)
        #expect(layout.character(at: CGPoint(x: box.rect.midX, y: box.rect.midY))?.range == box.box.textRange)
        #expect(layout.character(at: CGPoint(x: 60, y: 10)) == nil)
    }

    @Test("copying and the screen reader read a box as its copy text and spoken text, never U+FFFC")
    func copyAndSpeech() throws {
        let layout = try typesetter.layout(Self.text)
        #expect(layout.plainText() == "abverifiedcd")
        #expect(layout.plainText(in: 2..<3) == "verified")
        let accessible = AccessibleText(layout: layout)
        #expect(accessible.text == "abverifiedcd")
        // Every character of the spoken text maps back to the box's one code unit.
        #expect(accessible.utf16Range(forCharacters: 2..<10) == 2..<3)
    }

    @Test("in a column a box stands upright: its height runs along the column, centred across it")
    func boxInAColumn() throws {
        var container = TextContainer(width: 100, height: 200)
        container.writingMode = .verticalRightToLeft
        let layout = try typesetter.layout(Self.text, in: container)
        let placed = try #require(layout.inlineBoxes.first)
        // The box keeps its own size in the label's coordinates, and the text it stands for.
        #expect(placed.rect.width == 15 && placed.rect.height == 20)
        #expect(placed.box.textRange == 2..<3)
        // Upright in the column: below "ab" (two cells of 10), within the column's band.
        #expect(placed.rect.minY == 20)
        let column = layout.labelRect(fromLineRect: layout.lines[0].rect)
        #expect(placed.rect.minX >= column.minX - 1e-9 && placed.rect.maxX <= column.maxX + 1e-9)
        #expect(layout.character(at: CGPoint(x: placed.rect.midX, y: placed.rect.midY))?.range == 2..<3)
    }

    @Test("a measurement and a layout agree on a line that holds boxes, in lines and in columns")
    func measurementEqualsLayout() throws {
        for vertical in [false, true] {
            var container = TextContainer(width: 100, height: 200)
            if vertical { container.writingMode = .verticalRightToLeft }
            let layout = try typesetter.layout(Self.text, in: container)
            #expect(try typesetter.measurement(Self.text, in: container) == TextMeasurement(layout))
        }
    }
}

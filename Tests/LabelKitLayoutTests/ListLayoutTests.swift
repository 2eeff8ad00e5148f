import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Lists with the fixed font: size 10, every grapheme 10 pt wide (a marker "1. " is 30 pt), lines 10 pt tall.
@Suite("Lists: markers, numbering and hanging indents")
struct ListLayoutTests {
    /// `items` as paragraphs, each an item of the lists its `depth` gives (the list at each depth `lists[depth]`).
    func text(_ items: [(String, [TextList])], direction: WritingDirection? = nil) -> AttributedString {
        var text = AttributedString()
        for (index, (item, lists)) in items.enumerated() {
            var paragraph = AttributedString(item + (index + 1 < items.count ? "\n" : ""))
            var style = ParagraphStyle()
            style.textLists = lists
            style.baseWritingDirection = direction
            paragraph.labelKit.paragraphStyle = style
            text += paragraph
        }
        return text
    }

    func layout(_ text: AttributedString, width: Double? = 200) throws -> TextLayout {
        try LabelTypesetter.fixed().layout(text, in: TextContainer(width: width))
    }

    func markers(_ layout: TextLayout) -> [String] {
        layout.inlineBoxes.compactMap {
            if case .listMarker(let text) = $0.box.content { text } else { nil }
        }
    }

    let decimal = TextList(marker: .decimal)
    let bullets = TextList(marker: .disc)

    @Test("a wrapped item's second line starts at the item's text, not at its marker")
    func hangingIndent() throws {
        let layout = try layout(text([("aaa bbb ccc", [decimal])]), width: 110)
        // 110 − 40 = 70 pt for the text: "aaa bbb" fits, "ccc" wraps.
        #expect(layout.lineTexts == ["aaa bbb", "ccc"])
        #expect(layout.lines.map(\.rect.minX) == [40, 40])
        let marker = try #require(layout.inlineBoxes.first)
        #expect(marker.box.content == .listMarker("1. "))
        #expect(marker.rect.minX == 10)
        #expect(marker.rect.maxX == 40)
        #expect(marker.lineIndex == 0)
    }

    @Test("items are numbered in order, from the start number, and a paragraph outside the list ends it")
    func numbering() throws {
        let five = TextList(marker: .decimal, startingNumber: 5)
        let layout = try layout(
            text([("a", [five]), ("b", [five]), ("c", [five]), ("plain", []), ("d", [five])]))
        #expect(markers(layout) == ["5. ", "6. ", "7. ", "5. "])
    }

    @Test("a nested list numbers apart, and its parent goes on counting after it")
    func nesting() throws {
        let inner = TextList(marker: .lowerAlpha)
        let layout = try layout(
            text([
                ("one", [decimal]), ("a", [decimal, inner]), ("b", [decimal, inner]), ("two", [decimal]),
                ("a", [decimal, inner]),
            ]))
        #expect(markers(layout) == ["1. ", "a. ", "b. ", "2. ", "a. "])
        // The nested items' text starts a second indent further in.
        #expect(layout.lines.map(\.rect.minX) == [40, 80, 80, 40, 80])
    }

    @Test("two equal lists told apart by their identifiers number apart")
    func identifiers() throws {
        let first = TextList(marker: .decimal, identifier: 1)
        let second = TextList(marker: .decimal, identifier: 2)
        let layout = try layout(text([("a", [first]), ("b", [first]), ("c", [second])]))
        #expect(markers(layout) == ["1. ", "2. ", "1. "])
    }

    @Test(
        "every marker kind",
        arguments: [
            (TextList.Marker.disc, "• "), (.circle, "◦ "), (.square, "▪ "), (.decimal, "4. "), (.lowerAlpha, "d. "),
            (.upperAlpha, "D. "), (.lowerRoman, "iv. "), (.upperRoman, "IV. "), (.custom("→"), "→ "),
        ])
    func markerKinds(marker: TextList.Marker, expected: String) {
        #expect(TextList(marker: marker).markerText(forItemNumber: 4) == expected)
    }

    @Test("letters go on past z as aa, ab…, and Roman numerals past 3999 are decimal")
    func longNumbers() {
        #expect(TextList(marker: .lowerAlpha).markerText(forItemNumber: 27) == "aa. ")
        #expect(TextList(marker: .upperAlpha).markerText(forItemNumber: 52) == "AZ. ")
        #expect(TextList(marker: .lowerRoman).markerText(forItemNumber: 1994) == "mcmxciv. ")
        #expect(TextList(marker: .upperRoman).markerText(forItemNumber: 4000) == "4000. ")
    }

    @Test("in a right-to-left paragraph the marker stands on the right of the item's text")
    func rightToLeft() throws {
        let layout = try layout(text([("אבג דהו זחט", [bullets])], direction: .rightToLeft), width: 110)
        #expect(layout.lines.count == 2)
        // The text's right edge is 40 pt in from the right; the marker "• " (20 pt) stands right of it.
        #expect(layout.lines.map(\.rect.maxX) == [70, 70])
        let marker = try #require(layout.inlineBoxes.first)
        #expect(marker.rect.minX == 70)
        #expect(marker.rect.maxX == 90)
    }

    @Test("a tap on the marker answers the item's first character; left of the marker hits nothing")
    func hits() throws {
        let layout = try layout(text([("first", [decimal]), ("second", [decimal])]))
        // The second item's marker "2. " is at x 10…40 on the second line (y 10…20).
        #expect(layout.character(at: CGPoint(x: 25, y: 15))?.range == 6..<7)
        #expect(layout.character(at: CGPoint(x: 5, y: 15)) == nil)
        #expect(layout.character(at: CGPoint(x: 45, y: 15))?.range == 6..<7)
    }

    @Test("copy gives the markers as text, as TextKit does; a range inside an item has none")
    func copy() throws {
        let layout = try layout(text([("first", [decimal]), ("second", [decimal])]))
        #expect(layout.plainText() == "1. first\n2. second")
        #expect(layout.plainText(in: 6..<12) == "2. second")
        #expect(layout.plainText(in: 1..<3) == "ir")
    }

    @Test("a screen reader reads the markers, and an item's offset is its own character, not its marker's")
    func accessibility() throws {
        let layout = try layout(text([("first", [bullets]), ("second", [bullets])]))
        let accessible = AccessibleText(layout: layout)
        #expect(accessible.text == "• first\n• second")
        #expect(accessible.characterOffset(forUTF16: 0) == 2)
        #expect(accessible.characterOffset(forUTF16: 6) == 10)
    }

    @Test("a line separator continues the item: no marker, and the line starts at the item's text")
    func lineSeparator() throws {
        let layout = try layout(text([("first\u{2028}more", [decimal]), ("second", [decimal])]))
        #expect(markers(layout) == ["1. ", "2. "])
        #expect(layout.lines.map(\.rect.minX) == [40, 40, 40])
    }

    @Test("measuring a list gives the size of its layout")
    func measurement() throws {
        let text = text([("aaa bbb ccc", [decimal]), ("d", [decimal, bullets])])
        for width in [60.0, 90, 110, 200] {
            let typesetter = LabelTypesetter.fixed()
            let container = TextContainer(width: width)
            #expect(try typesetter.measurement(text, in: container).size == typesetter.layout(text, in: container).size)
        }
    }

    @Test("a list nested 10,000 deep lays out, indented as deep as the deepest level laid out")
    func deepNesting() throws {
        let lists = (0..<10_000).map { TextList(marker: .decimal, indent: 1, identifier: $0) }
        let layout = try layout(text([("deep", lists)]), width: nil)
        #expect(layout.lineTexts == ["deep"])
        #expect(abs(layout.lines[0].rect.minX - Double(ListNumbering.maximumDepth)) < 1e-6)
        #expect(markers(layout) == ["1. "])
    }

    @Test("an indent that is not a finite length ≥ 0 is a typed error")
    func badIndent() {
        for indent in [-1.0, .nan, .infinity] {
            #expect(throws: LayoutError.self) {
                try layout(text([("a", [TextList(indent: indent)])]))
            }
        }
    }
}

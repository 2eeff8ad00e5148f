import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Selection geometry, caret motion and word queries with the fixed test font: every grapheme 10 pt wide, lines 10 pt
/// tall.
@Suite("Selection geometry, caret motion and words")
struct SelectionGeometryTests {
    func layout(_ text: String, width: Double? = 75, lineSpacing: Double = 0) throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = lineSpacing
        return try LabelTypesetter.fixed(paragraph: paragraph).layout(text, in: TextContainer(width: width))
    }

    func rects(_ layout: TextLayout, _ range: Range<Int>) -> [[Double]] {
        layout.selectionRects(for: range).map {
            [Double($0.rect.minX), Double($0.rect.minY), Double($0.rect.width), Double($0.rect.height)]
        }
    }

    @Test("a selection over three lines is one rect per line, each the line's whole band: they meet without gaps")
    func rectsTileLineBands() throws {
        // "aaa bbb ccc" at 45 pt: "aaa " / "bbb " / "ccc", 4 pt of line spacing split 2 and 2 between the lines.
        let layout = try layout("aaa bbb ccc", width: 45, lineSpacing: 4)
        #expect(rects(layout, 1..<10) == [[10, 0, 20, 12], [0, 12, 30, 14], [0, 26, 20, 12]])
        #expect(layout.selectionRects(for: 1..<10).map(\.lineIndex) == [0, 1, 2])
        #expect(layout.rects(for: 4..<7).map { Double($0.rect.height) } == [10], "rects(for:) keeps the line's height")
    }

    @Test("a selection across right-to-left text splits where the writing direction changes, without overlap")
    func bidiSplits() throws {
        // Visual order: a b ␣ ג ב א ␣ c d (א at 50–60). Selecting "b אב" covers b, ␣ and א ב: b␣ at 10–30, בא at 40–60.
        let layout = try layout("ab אבג cd", width: nil)
        #expect(rects(layout, 1..<5) == [[10, 0, 20, 10], [40, 0, 20, 10]])
        // The whole Hebrew word and its spaces: one left-to-right piece, one right-to-left, one left-to-right.
        #expect(rects(layout, 2..<7) == [[20, 0, 10, 10], [30, 0, 30, 10], [60, 0, 10, 10]])
    }

    @Test("hidden text, an empty range and the truncation token have no selection rects")
    func nothingToHighlight() throws {
        let truncated = try LabelTypesetter.fixed().layout(
            "aaaa bbbb cccc", in: TextContainer(width: 60, maximumNumberOfLines: 1))
        #expect(truncated.isTruncated)
        #expect(rects(truncated, 10..<14).isEmpty)
        #expect(rects(truncated, 2..<2).isEmpty)
        #expect(rects(truncated, 0..<14).count == 1)
    }

    @Test("the caret moves one cluster right on screen, through right-to-left text too")
    func visualMotion() throws {
        let layout = try layout("ab אבג cd", width: nil)
        var position = TextPosition(index: 0)
        var edges: [Double] = []
        for _ in 0..<9 {
            position = layout.position(movedVisually: .right, from: position)
            edges.append(Double(layout.caretRect(for: position)?.minX ?? -1))
        }
        #expect(edges == [10, 20, 30, 40, 50, 60, 70, 80, 90])
        for _ in 0..<9 {
            position = layout.position(movedVisually: .left, from: position)
            edges.append(Double(layout.caretRect(for: position)?.minX ?? -1))
        }
        #expect(edges.suffix(9) == [80, 70, 60, 50, 40, 30, 20, 10, 0])
        #expect(layout.position(movedVisually: .left, from: position).index == 0, "it stays at the start")
    }

    @Test("at a line's end the caret moves on across the trailing space, then into the next line")
    func motionAcrossLines() throws {
        // "aaa " / "bbb": the end of "aaa" is 3, the line ends after the space at 4.
        let layout = try layout("aaa bbb", width: 40)
        let end = TextPosition(index: 3, affinity: .upstream)
        let afterSpace = layout.position(movedVisually: .right, from: end)
        #expect(afterSpace == TextPosition(index: 4, affinity: .upstream))
        #expect(layout.position(movedVisually: .right, from: afterSpace) == TextPosition(index: 5, affinity: .upstream))
        #expect(layout.position(movedVisually: .left, from: TextPosition(index: 4)).index == 3)
        #expect(layout.lineBoundary(of: TextPosition(index: 1), atEnd: true) == afterSpace)
        #expect(layout.lineBoundary(of: TextPosition(index: 6), atEnd: false) == TextPosition(index: 4))
        let hard = try self.layout("ab\ncd", width: nil)
        #expect(hard.lineBoundary(of: TextPosition(index: 1), atEnd: true) == TextPosition(index: 2))
    }

    @Test("words: the segment under an index, the next word's end, the previous word's start")
    func words() throws {
        let words = try layout("Read the 利用規約に同意 now", width: nil).words()
        #expect(words.segments.filter(\.isWord).map(\.range) == [0..<4, 5..<8, 9..<13, 13..<14, 14..<16, 17..<20])
        #expect(words.segment(containing: 10)?.range == 9..<13)
        #expect(words.segment(containing: 4) == WordSegment(range: 4..<5, isWord: false))
        #expect(words.segment(containing: 99)?.range == 17..<20, "past the end: the last segment")
        #expect(words.wordEnd(after: 4) == 8)
        #expect(words.wordEnd(after: 17) == 20)
        #expect(words.wordEnd(after: 20) == 20)
        #expect(words.wordStart(before: 9) == 5)
        #expect(words.wordStart(before: 0) == 0)
    }

    @Test("an analyzer without word segmentation gets the default: letters and digits in runs, CJK in one run")
    func defaultWordSegments() {
        struct NoWords: TextAnalyzer {
            func analyzeBoundaries(of text: UnsafeBufferPointer<UInt16>, into flags: inout [TextBoundaryFlags]) {
                SimpleTextAnalyzer().analyzeBoundaries(of: text, into: &flags)
            }
            func bidiLevels(
                of text: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, baseDirection: WritingDirection?,
                into levels: inout [UInt8]
            ) -> UInt8 {
                SimpleTextAnalyzer().bidiLevels(
                    of: text, paragraph: paragraph, baseDirection: baseDirection, into: &levels)
            }
        }
        let text = Array("don't stop, e\u{301}te\u{301} 42x 日本語".utf16)
        var segments: [WordSegment] = []
        text.withUnsafeBufferPointer { NoWords().wordSegments(of: $0, into: &segments) }
        let pieces = segments.map { (String(decoding: text[$0.range], as: UTF16.self), $0.isWord) }
        #expect(pieces.map(\.0) == ["don't", " ", "stop", ",", " ", "e\u{301}te\u{301}", " ", "42x", " ", "日本語"])
        #expect(pieces.map(\.1) == [true, false, true, false, false, true, false, true, false, true])
    }

    @Test("a paragraph is the text between hard line breaks")
    func paragraphs() throws {
        let layout = try layout("one\ntwo three\r\nfour", width: nil)
        #expect(layout.paragraphRange(containing: 0) == 0..<3)
        #expect(layout.paragraphRange(containing: 7) == 4..<13)
        #expect(layout.paragraphRange(containing: 3) == 0..<3, "the break belongs to the paragraph it ends")
        #expect(layout.paragraphRange(containing: 16) == 15..<19)
    }

    @Test("key names read and write the way `xdotool key` and `labelkit interact` spell them")
    func keyNames() {
        let names = [
            "Tab", "shift+Tab", "Return", "space", "Left", "Right", "shift+Left", "shift+Right", "ctrl+shift+Left",
            "ctrl+shift+Right", "shift+Home", "shift+End", "ctrl+a", "ctrl+c", "Menu", "shift+F10", "Escape",
        ]
        for name in names {
            #expect(KeyPress(name: name)?.name == name)
        }
        #expect(KeyPress(name: "ctrl+shift+Left") == KeyPress(.left, modifiers: [.control, .shift]))
        #expect(KeyPress(name: "Enter") == KeyPress(.enter))
        #expect(KeyPress(name: "ctrl+A") == KeyPress(.character("a"), modifiers: .control))
        #expect(KeyPress(name: "hyper+Tab") == nil)
        #expect(KeyPress(name: "F25") == nil)
        #expect(KeyPress(name: "") == nil)
        #expect(KeyPress(name: "shift+") == nil)
    }
}

import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Every grapheme of the fixed test font is 10 pt wide and every line 10 pt tall (ascent 8, descent 2).
@Suite("Line breaking")
struct LineBreakingTests {
    let typesetter = LabelTypesetter.fixed()

    @Test("words wrap greedily at the width and trailing spaces hang")
    func greedyWrapping() throws {
        let layout = try typesetter.layout("aaa bbb ccc", in: TextContainer(width: 75))
        #expect(layout.lineTexts == ["aaa bbb", "ccc"])
        // "aaa bbb " is 80 pt with its trailing space, which hangs past the 75 pt width.
        #expect(layout.lines[0].rect.width == 70)
        #expect(layout.lines[0].textRange == 0..<8)
        #expect(layout.size == CGSize(width: 70, height: 20))
    }

    @Test("a line exactly as wide as the container fits")
    func exactFit() throws {
        let layout = try typesetter.layout("aaa bbb", in: TextContainer(width: 70))
        #expect(layout.lineTexts == ["aaa bbb"])
    }

    @Test("hard breaks: \\n, \\r\\n, U+2028 and U+2029 each end a line")
    func hardBreaks() throws {
        // The simple test analyzer only knows "\n"; the ICU analyzer's handling of the others is tested with it.
        let layout = try typesetter.layout("one\ntwo\n\nfour")
        #expect(layout.lineTexts == ["one", "two", "", "four"])
        #expect(layout.lines.map(\.textRange) == [0..<4, 4..<8, 8..<9, 9..<13])
    }

    @Test("a text ending in a line break has an empty last line")
    func trailingBreak() throws {
        let layout = try typesetter.layout("one\n")
        #expect(layout.lines.count == 2)
        #expect(layout.size.height == 20)
    }

    @Test("a word wider than the line breaks between grapheme clusters")
    func emergencyBreak() throws {
        let layout = try typesetter.layout("abcdefghij xy", in: TextContainer(width: 40))
        #expect(layout.lineTexts == ["abcd", "efgh", "ij", "xy"])
    }

    @Test("an emergency break never splits a cluster with combining marks")
    func emergencyBreakKeepsClusters() throws {
        // "e" + U+0301 is one grapheme, 10 pt wide.
        let layout = try typesetter.layout("ae\u{301}e\u{301}e\u{301}", in: TextContainer(width: 20))
        #expect(layout.lineTexts == ["ae\u{301}", "e\u{301}e\u{301}"])
    }

    @Test("a container narrower than one grapheme still shows one grapheme per line")
    func narrowerThanOneGrapheme() throws {
        let layout = try typesetter.layout("abc", in: TextContainer(width: 5))
        #expect(layout.lineTexts == ["a", "b", "c"])
    }

    @Test("Japanese breaks between ideographs and never before 。")
    func japanese() throws {
        let layout = try typesetter.layout("利用規約に同意。した", in: TextContainer(width: 70))
        // 7 graphemes fit; "。" may not start a line, so "意" moves down with it.
        #expect(layout.lineTexts == ["利用規約に同", "意。した"])
    }

    @Test("character wrapping breaks anywhere")
    func characterWrapping() throws {
        var style = ParagraphStyle()
        style.wordBreak = .anywhere
        let layout = try LabelTypesetter.fixed(paragraph: style).layout("aaa bbb", in: TextContainer(width: 50))
        #expect(layout.lineTexts == ["aaa b", "bb"])
    }

    @Test("no width limit: lines break only at hard breaks")
    func unlimitedWidth() throws {
        let layout = try typesetter.layout("a long line of text\nshort")
        #expect(layout.lineTexts == ["a long line of text", "short"])
        #expect(layout.size.width == 190)
    }

    @Test("the empty text has no lines and no size")
    func emptyText() throws {
        let layout = try typesetter.layout("", in: TextContainer(width: 100))
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(!layout.isTruncated)
    }

    @Test("a ligature shares its advance between its graphemes")
    func ligatureAdvance() throws {
        // "fi" is one 20 pt glyph in the test font; line breaking still sees two 10 pt graphemes.
        let layout = try typesetter.layout("fifi", in: TextContainer(width: 30))
        #expect(layout.lineTexts == ["fif", "i"])
        #expect(layout.lines[0].clusters.map(\.width) == [10, 10, 10])
    }

    @Test("kerning adds space after every grapheme")
    func kerning() throws {
        var text = AttributedString("abc")
        text.labelKit.kern = 2
        let layout = try typesetter.layout(text)
        #expect(layout.usedRect.width == 36)
    }
}

@Suite("Layout storage")
struct LayoutStorageTests {
    @Test("runs, lines, glyphs and cluster boxes stay compact: 48, 104, 12 and 12 bytes")
    func compact() {
        #expect(MemoryLayout<RunData>.stride == 48)
        #expect(MemoryLayout<LineData>.stride <= 104)
        #expect(MemoryLayout<GlyphData>.stride == 12)
        #expect(MemoryLayout<StoredClusterBox>.stride == 12)
    }

    @Test("layouts in the same faces and sizes share one faces table and one metrics table")
    func equalTablesAreShared() throws {
        let typesetter = LabelTypesetter.fixed()
        func address<Element>(_ array: [Element]) -> UnsafeRawPointer? {
            array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        // The tables kept are the last few used by any thread: tests running alongside may push this one out between
        // two layouts, but not every time.
        var shared = false
        var first = try typesetter.layout("first label", in: TextContainer(width: 90))
        for _ in 0..<10 where !shared {
            first = try typesetter.layout("first label", in: TextContainer(width: 90))
            let second = try typesetter.layout("another one", in: TextContainer(width: 40))
            shared =
                address(first.faces) != nil && address(first.faces) == address(second.faces)
                && address(first.metrics) != nil && address(first.metrics) == address(second.metrics)
        }
        #expect(shared)
        // A different size is a different metrics table.
        var large = AttributedString("large")
        large.labelKit.fontSize = 40
        let third = try typesetter.layout(large)
        #expect(third.metrics != first.metrics)
        #expect(address(third.metrics) != address(first.metrics))
    }

    @Test("a stored box keeps its range and flags")
    func boxFields() {
        let box = StoredClusterBox(x: 1, start: 7, end: 11, isInTruncationToken: true, isRightToLeft: false)
        #expect(box.end == 11)
        #expect(box.isInTruncationToken)
        #expect(!box.isRightToLeft)
    }

    @Test("a line's boxes tile it: each starts where the one before it ends, the last ends at the line's right edge")
    func boxesTileTheirLine() throws {
        let layout = try LabelTypesetter.fixed().layout(
            "tiled boxes\nand a second line", in: TextContainer(width: 90))
        for line in layout.lines {
            let boxes = Array(line.clusters)
            #expect(!boxes.isEmpty)
            for (left, right) in zip(boxes, boxes.dropFirst()) { #expect(left.x + left.width == right.x) }
            #expect(boxes.first?.x == Double(line.rect.minX))
            #expect(boxes.last.map { $0.x + $0.width } == Double(line.rect.maxX))
        }
    }

    @Test("a glyph's advance reaches the next glyph's pen position, and the last glyph's the end of its run")
    func advancesReachTheNextGlyph() throws {
        let layout = try LabelTypesetter.fixed().layout("advances\nadd up", in: TextContainer(width: 200))
        for run in layout.runs where !run.glyphs.isEmpty {
            let glyphs = Array(run.glyphs)
            for (glyph, next) in zip(glyphs, glyphs.dropFirst()) { #expect(glyph.x + glyph.advance == next.x) }
            #expect(glyphs.last.map { $0.x + $0.advance } == Double(run.rect.maxX))
        }
    }
}

@Suite("Control characters")
struct ControlCharacterTests {
    @Test("a tab is blank space to the next default stop; other control characters are blank and take no space")
    func tabsAndControls() throws {
        let typesetter = LabelTypesetter.fixed()
        let tab = try typesetter.layout("a\tb")
        // Without tab stops, a tab goes to the next multiple of eight spaces (80 pt), as in Pango.
        #expect(tab.usedRect.width == 90)
        #expect(tab.runs.flatMap(\.glyphs)[1].glyphID == ShapedGlyphBuffer.invisibleGlyph)
        let control = try typesetter.layout("a\u{1}b\u{7F}c")
        #expect(control.usedRect.width == 30)
        #expect(control.runs.flatMap(\.glyphs).filter { $0.glyphID == ShapedGlyphBuffer.invisibleGlyph }.count == 2)
    }
}

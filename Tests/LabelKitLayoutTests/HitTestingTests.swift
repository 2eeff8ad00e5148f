import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Fixed test font: every grapheme 10 pt wide, lines 10 pt tall.
@Suite("Hit-testing")
struct HitTestingTests {
    func layout(
        _ text: String, alignment: TextAlignment = .left, container: TextContainer = TextContainer(width: 75),
        lineSpacing: Double = 0
    ) throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        paragraph.lineSpacing = lineSpacing
        return try LabelTypesetter.fixed(paragraph: paragraph).layout(LabelMarkup.attributedString(text), in: container)
    }

    func hitText(_ layout: TextLayout, _ x: Double, _ y: Double) -> String? {
        guard let hit = layout.character(at: CGPoint(x: x, y: y)) else { return nil }
        if hit.isInTruncationToken { return "token" }
        return String(decoding: layout.utf16Units()[hit.range], as: UTF16.self)
    }

    @Test("a tap inside a character's box hits that character, both halves")
    func insideBox() throws {
        let layout = try layout("aaa bcd ccc")
        #expect(hitText(layout, 41, 5) == "b")
        #expect(hitText(layout, 49.9, 5) == "b")
        #expect(hitText(layout, 50, 5) == "c")
    }

    @Test("a tap past the end of the first line hits nothing")
    func pastLineEnd() throws {
        let layout = try layout("aaa bbb ccc")
        // "aaa bbb" ends at x = 70; its trailing space hangs and is not a target.
        #expect(hitText(layout, 69, 5) == "b")
        #expect(hitText(layout, 72, 5) == nil)
        #expect(hitText(layout, 75, 5) == nil)
    }

    @Test("a tap left of a centred line's first glyph hits nothing")
    func beforeCentredLine() throws {
        let layout = try layout("aaa bbb ccc", alignment: .center, container: TextContainer(width: 100))
        // Line 2, "ccc", is 30 pt wide and starts at x = 35.
        #expect(hitText(layout, 34, 15) == nil)
        #expect(hitText(layout, 36, 15) == "c")
        #expect(hitText(layout, 66, 15) == nil)
    }

    @Test("taps in the insets hit nothing, and insets move every box")
    func insets() throws {
        let container = TextContainer(width: 95, insets: EdgeInsets(top: 10, left: 20, bottom: 10, right: 0))
        let layout = try layout("aaa bbb", container: container)
        #expect(hitText(layout, 10, 15) == nil)
        #expect(hitText(layout, 25, 5) == nil)
        #expect(hitText(layout, 25, 15) == "a")
        #expect(hitText(layout, 25, 25) == nil)
    }

    @Test("vertical centring moves the hit boxes with the drawn lines")
    func verticalCentring() throws {
        let container = TextContainer(width: 75, height: 60, verticalAlignment: .center)
        let layout = try layout("aaa bbb ccc", container: container)
        // Two lines (20 pt) centred in 60 pt: lines at y 20 and 30.
        #expect(hitText(layout, 5, 19) == nil)
        #expect(hitText(layout, 5, 21) == "a")
        #expect(hitText(layout, 5, 31) == "c")
        #expect(hitText(layout, 5, 41) == nil)
    }

    @Test("the space between lines is split half and half")
    func betweenLines() throws {
        let layout = try layout("aaa\nbbb", lineSpacing: 4)
        // Line 1 is y 0–10, line 2 y 14–24: the gap's upper half belongs to line 1.
        #expect(hitText(layout, 5, 11.9) == "a")
        #expect(hitText(layout, 5, 12.1) == "b")
    }

    @Test("hidden text is never hit; the truncation token is hit as the token")
    func truncation() throws {
        var container = TextContainer(width: 75, maximumNumberOfLines: 1)
        container.truncationToken = AttributedString("…more")
        let layout = try layout("aaa bbb ccc", container: container)
        // "aa…more": text up to x = 20, token from 20 to 70.
        #expect(hitText(layout, 15, 5) == "a")
        #expect(hitText(layout, 25, 5) == "token")
        #expect(layout.isInTruncationToken(at: CGPoint(x: 65, y: 5)))
        #expect(hitText(layout, 72, 5) == nil)
        #expect(!layout.lines.contains { $0.rect.minY >= 10 })
    }

    @Test("right-to-left text is hit in visual order")
    func rightToLeft() throws {
        let layout = try layout("ab אבג cd", container: TextContainer())
        // Visual order: a b ␣ ג ב א ␣ c d; א (logical first) is drawn at x 50–60.
        #expect(hitText(layout, 55, 5) == "א")
        #expect(hitText(layout, 35, 5) == "ג")
    }

    @Test("a link wrapped over two lines is one link with two rects, found from either line")
    func wrappedLink() throws {
        let layout = try layout("see [aaa bbb](https://example.com) now")
        #expect(layout.links.count == 1)
        let first = try #require(layout.link(at: CGPoint(x: 45, y: 5)))
        let second = try #require(layout.link(at: CGPoint(x: 5, y: 15)))
        #expect(first.index == second.index)
        #expect(first.rects.count == 2)
        #expect(
            first.rects.map(\.rect) == [
                CGRect(x: 40, y: 0, width: 30, height: 10), CGRect(x: 0, y: 10, width: 30, height: 10),
            ])
        #expect(first.boundingRect == CGRect(x: 0, y: 0, width: 70, height: 20))
    }

    @Test("the right half of a link's last character hits the link; the next character does not")
    func linkEdges() throws {
        let layout = try layout("[ab](https://example.com)cd", container: TextContainer())
        #expect(layout.link(at: CGPoint(x: 19.9, y: 5)) != nil)
        #expect(layout.link(at: CGPoint(x: 20.1, y: 5)) == nil)
    }

    @Test("with a radius the nearest link within reach is found; beyond it nothing")
    func radius() throws {
        let layout = try layout("[ab](https://a.example) x [cd](https://c.example)", container: TextContainer())
        // "ab" spans x 0–20, "cd" 50–70, all at y 0–10.
        let below = CGPoint(x: 10, y: 14)
        #expect(layout.link(at: below) == nil)
        #expect(layout.link(at: below, radius: 5)?.link.target.host == "a.example")
        #expect(layout.link(at: CGPoint(x: 44, y: 5), radius: 10)?.link.target.host == "c.example")
        #expect(layout.link(at: CGPoint(x: 10, y: 30), radius: 10) == nil)
    }

    @Test("a link inside the truncation token is that link")
    func tokenLink() throws {
        var container = TextContainer(width: 75, maximumNumberOfLines: 1)
        container.truncationToken = LabelMarkup.attributedString("…[more](app://expand)")
        let layout = try layout("aaa bbb ccc", container: container)
        let hit = try #require(layout.link(at: CGPoint(x: 45, y: 5)))
        #expect(hit.link.isInTruncationToken)
        #expect(hit.link.target.absoluteString == "app://expand")
    }

    @Test("rects for a range: one per line fragment, several where bidi splits the range")
    func rectsForRange() throws {
        let wrapped = try layout("aaa bbb ccc")
        #expect(
            wrapped.rects(for: 4..<11).map(\.rect) == [
                CGRect(x: 40, y: 0, width: 30, height: 10), CGRect(x: 0, y: 10, width: 30, height: 10),
            ])
        let mixed = try layout("ab אבג cd", container: TextContainer())
        // Logical 1..<4 is "b", " ", "א": visually "b␣" then, apart, "א".
        #expect(
            mixed.rects(for: 1..<4).map(\.rect) == [
                CGRect(x: 10, y: 0, width: 20, height: 10), CGRect(x: 50, y: 0, width: 10, height: 10),
            ])
        #expect(mixed.boundingRect(for: 1..<4) == CGRect(x: 10, y: 0, width: 50, height: 10))
    }

    /// "the caret is after `…`": the text of the caret's line before it.
    func caret(_ layout: TextLayout, _ x: Double, _ y: Double) throws -> String {
        let position = layout.position(at: CGPoint(x: x, y: y))
        let line = try #require(
            layout.lines.first { $0.textRange.contains(position.index) || $0.textRange.upperBound == position.index })
        let before = String(decoding: layout.utf16Units()[line.textRange.lowerBound..<position.index], as: UTF16.self)
        return "after `\(before)`"
    }

    @Test("carets: the caret goes to the nearest cluster edge, clamped to the text")
    func carets() throws {
        let layout = try layout("利用規約に同意 bbb", container: TextContainer(width: 75))
        #expect(try caret(layout, 21, 5) == "after `利用`")
        #expect(try caret(layout, 16, 5) == "after `利用`")
        #expect(try caret(layout, 14, 5) == "after `利`")
        #expect(try caret(layout, -50, 5) == "after ``")
        #expect(try caret(layout, 500, 5) == "after `利用規約に同意`")
        #expect(try caret(layout, 12, 500) == "after `b`")
    }

    @Test("a caret at a soft line break leans to the line it was placed on")
    func caretAffinity() throws {
        let layout = try layout("aaa bbb ccc")
        let endOfFirst = layout.position(at: CGPoint(x: 74, y: 5))
        #expect(endOfFirst == TextPosition(index: 7, affinity: .downstream))
        let startOfSecond = layout.position(at: CGPoint(x: 1, y: 15))
        #expect(startOfSecond == TextPosition(index: 8, affinity: .downstream))
        #expect(layout.caretRect(for: startOfSecond) == CGRect(x: 0, y: 10, width: 1, height: 10))
        #expect(layout.caretRect(for: endOfFirst) == CGRect(x: 70, y: 0, width: 1, height: 10))
    }

    @Test("round trip: the centre of every cluster's rect hits exactly that cluster, in every configuration")
    func roundTrip() throws {
        let texts = ["aaa bbb ccc ddd", "利用規約に同意。した", "ab אבג cd ef", "e\u{301}e\u{301} x😀y fi fl"]
        var checked = 0
        for text in texts {
            for alignment in TextAlignment.allCases {
                for vertical in VerticalAlignment.allCases {
                    for insets in [EdgeInsets.zero, EdgeInsets(top: 3, left: 7, bottom: 5, right: 11)] {
                        for lines in [0, 1] {
                            let container = TextContainer(
                                width: 90, height: 80, maximumNumberOfLines: lines, insets: insets,
                                verticalAlignment: vertical
                            )
                            let layout = try layout(text, alignment: alignment, container: container)
                            for box in layout.lines.flatMap(\.clusters) where !box.isInTruncationToken {
                                let range = box.range
                                for fragment in layout.rects(for: range) {
                                    let hit = layout.character(
                                        at: CGPoint(x: fragment.rect.midX, y: fragment.rect.midY))
                                    #expect(hit?.range == range, "\(text) \(alignment) \(vertical) \(range)")
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
    }
}

@Suite("Geometry of truncated text")
struct TruncatedGeometryTests {
    @Test("middle truncation: the kept end of the text has rects on the last line and is hit there")
    func middleTruncationKeepsTail() throws {
        let text = "aaa bbb ccc ddd eee"
        let layout = try LabelTypesetter.fixed().layout(
            text, in: TextContainer(width: 75, maximumNumberOfLines: 1, truncation: .middle)
        )
        // "aaa…eee": "eee" (16..<19) is drawn at x 40–70 though the line stood for "aaa bbb " only.
        let rects = layout.rects(for: 16..<19).map(\.rect)
        #expect(rects == [CGRect(x: 40, y: 0, width: 30, height: 10)])
        #expect(layout.character(at: CGPoint(x: 45, y: 5))?.range == 16..<17)
        #expect(layout.rects(for: 8..<11).isEmpty, "the hidden middle has no rects")
    }
}

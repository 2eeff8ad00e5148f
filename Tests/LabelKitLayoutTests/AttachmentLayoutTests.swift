import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Inline attachments with the fixed font: size 10, every grapheme 10 pt wide, ascent 8, descent 2.
@Suite("Inline attachments")
struct AttachmentLayoutTests {
    let typesetter = LabelTypesetter.fixed()

    func badge(
        width: Double = 15, height: Double = 20, alignment: AttachmentAlignment = .baseline(offset: 0),
        alt: String = "badge"
    ) -> TextAttachment {
        TextAttachment(
            width: width, height: height, alignment: alignment, content: .custom(identifier: "badge"), altText: alt)
    }

    /// `before`, the attachment, then `after`.
    func text(_ before: String, _ attachment: TextAttachment, _ after: String = "") -> AttributedString {
        AttributedString(before) + AttributedString(attachment: attachment) + AttributedString(after)
    }

    @Test("an attachment is one box of its width on the baseline, and the line grows to hold it")
    func baselineBox() throws {
        let layout = try typesetter.layout(text("ab", badge(), "cd"))
        let line = layout.lines[0]
        #expect(line.ascent == 20)
        #expect(line.descent == 2)
        #expect(line.rect.height == 22)
        #expect(layout.size == CGSize(width: 55, height: 22))
        let placed = try #require(layout.attachments.first)
        #expect(placed.rect == CGRect(x: 20, y: 0, width: 15, height: 20))
        #expect(placed.index == 2)
        #expect(placed.lineIndex == 0)
        // Its cluster box is as wide as the box, and the text after it starts after it.
        #expect(line.clusters.map(\.width) == [10, 10, 15, 10, 10])
        #expect(line.clusters[3].x == 35)
    }

    @Test("an attachment's run has the attachment and no glyphs")
    func attachmentRun() throws {
        let layout = try typesetter.layout(text("ab", badge(), "cd"))
        let runs = Array(layout.lines[0].runs)
        #expect(runs.count == 3)
        #expect(runs[1].attachment == badge())
        #expect(runs[1].glyphs.isEmpty)
        #expect(runs[1].clusters.count == 1)
        #expect(runs[1].textRange == 2..<3)
        #expect(runs[0].attachment == nil && runs[2].attachment == nil)
        #expect(layout.attachments[0].runIndex == runs[1].index)
    }

    @Test("the attachment's centre hits the attachment; the text beside it does not")
    func hitTesting() throws {
        let layout = try typesetter.layout(text("ab", badge(), "cd"))
        let centre = CGPoint(x: 27.5, y: 10)
        #expect(layout.attachment(at: centre)?.index == 2)
        #expect(layout.character(at: centre)?.range == 2..<3)
        #expect(layout.attachment(at: CGPoint(x: 15, y: 10)) == nil)
        #expect(layout.character(at: CGPoint(x: 15, y: 10))?.range == 1..<2)
        #expect(layout.attachment(at: CGPoint(x: 36, y: 10)) == nil)
        #expect(layout.character(at: CGPoint(x: 36, y: 10))?.range == 3..<4)
        // Below the box but on its line: the cluster is hit, the attachment's box is not.
        #expect(layout.attachment(at: CGPoint(x: 27.5, y: 21)) == nil)
        #expect(layout.character(at: CGPoint(x: 27.5, y: 21))?.range == 2..<3)
        #expect(layout.rects(for: 2..<3).map(\.rect) == [CGRect(x: 20, y: 0, width: 15, height: 22)])
    }

    @Test("a box raised or lowered by its offset makes the ascent and descent fit it")
    func baselineOffset() throws {
        let lowered = try typesetter.layout(text("a", badge(height: 10, alignment: .baseline(offset: -5))))
        #expect(lowered.lines[0].ascent == 8)
        #expect(lowered.lines[0].descent == 5)
        #expect(lowered.attachments[0].rect == CGRect(x: 10, y: 3, width: 15, height: 10))
        let raised = try typesetter.layout(text("a", badge(height: 10, alignment: .baseline(offset: 4))))
        #expect(raised.lines[0].ascent == 14)
        #expect(raised.lines[0].descent == 2)
        #expect(raised.attachments[0].rect.minY == 0)
        #expect(raised.attachments[0].rect.maxY == 10)
    }

    @Test("centre, top and bottom place the box against the line's text")
    func textRelativeAlignment() throws {
        // Text: ascent 8, descent 2, so its middle is 3 above the baseline.
        let centred = try typesetter.layout(text("a", badge(height: 20, alignment: .center)))
        #expect(centred.lines[0].ascent == 13)
        #expect(centred.lines[0].descent == 7)
        #expect(centred.attachments[0].rect.minY == 0)
        let small = try typesetter.layout(text("a", badge(height: 4, alignment: .center)))
        #expect(small.lines[0].ascent == 8 && small.lines[0].descent == 2)
        #expect(small.attachments[0].rect == CGRect(x: 10, y: 3, width: 15, height: 4))
        let top = try typesetter.layout(text("a", badge(height: 20, alignment: .top)))
        #expect(top.lines[0].ascent == 8 && top.lines[0].descent == 12)
        #expect(Double(top.attachments[0].rect.minY) == top.lines[0].baseline - 8)
        let bottom = try typesetter.layout(text("a", badge(height: 20, alignment: .bottom)))
        #expect(bottom.lines[0].ascent == 18 && bottom.lines[0].descent == 2)
        #expect(Double(bottom.attachments[0].rect.maxY) == bottom.lines[0].baseline + 2)
    }

    @Test("an attachment never splits and moves to the next line whole")
    func wrapsWhole() throws {
        let layout = try typesetter.layout(text("aa", badge()), in: TextContainer(width: 30))
        #expect(layout.lines.count == 2)
        #expect(layout.attachments[0].lineIndex == 1)
        #expect(layout.attachments[0].rect.minX == 0)
        #expect(layout.lines[0].rect.height == 10)
        #expect(layout.lines[1].rect.height == 22)
        #expect(layout.attachments[0].rect.minY == layout.lines[1].rect.minY)
        #expect(Double(layout.attachments[0].rect.maxY) == layout.lines[1].baseline)
    }

    @Test("truncation keeps an attachment whole or drops it; a hidden one is not placed but still copied")
    func truncation() throws {
        let dropped = try typesetter.layout(
            text("aaaa", badge(), "bb"), in: TextContainer(width: 50, maximumNumberOfLines: 1))
        #expect(dropped.isTruncated)
        #expect(dropped.attachments.isEmpty)
        #expect(dropped.lineTexts == ["aaaa…"])
        #expect(dropped.plainText() == "aaaabadgebb")
        let kept = try typesetter.layout(
            text("aa", badge(), "bbbbb"), in: TextContainer(width: 50, maximumNumberOfLines: 1))
        #expect(kept.lineTexts == ["aa\u{FFFC}…"])
        #expect(kept.attachments.count == 1)
    }

    @Test("an attachment in the truncation token is placed as part of the token")
    func attachmentInToken() throws {
        let token = AttributedString("…") + AttributedString(attachment: badge(width: 10, height: 10))
        let container = TextContainer(width: 60, maximumNumberOfLines: 1, truncationToken: token)
        let layout = try typesetter.layout("aaaaaaaaaa", in: container)
        let placed = try #require(layout.attachments.first)
        #expect(placed.isInTruncationToken)
        #expect(placed.index == 1)
        #expect(placed.rect.minX == 50)
    }

    @Test("a link on an attachment makes the badge tappable")
    func linkedAttachment() throws {
        var badgeText = AttributedString(attachment: badge())
        badgeText.link = URL(string: "https://example.com/ana")
        let layout = try typesetter.layout(AttributedString("Ana ") + badgeText)
        let hit = try #require(layout.link(at: CGPoint(x: 47, y: 10)))
        #expect(hit.link.target.absoluteString == "https://example.com/ana")
        #expect(hit.link.range == 4..<5)
        #expect(hit.rects.map(\.rect) == [CGRect(x: 40, y: 0, width: 15, height: 22)])
        #expect(layout.link(at: CGPoint(x: 25, y: 10)) == nil)
    }

    @Test("copying \"Ana ✓\" gives the badge's alt text, never U+FFFC")
    func copyGivesAltText() throws {
        let layout = try typesetter.layout(text("Ana ", badge(alt: "verified")))
        #expect(layout.plainText() == "Ana verified")
        #expect(layout.plainText(in: 2..<5) == "a verified")
        #expect(layout.plainText(in: 0..<3) == "Ana")
        var pasteboard = InMemoryPasteboard()
        #expect(pasteboard.copy(layout) == "Ana verified")
        let menu = CopyMenu(link: nil, location: .zero, copyEnabled: true)
        #expect(menu.perform(.copy, layout: layout, pasteboard: &pasteboard) == .copied("Ana verified"))
        #expect(layout.accessibilityElements().first?.label == "Ana verified")
    }

    @Test("in right-to-left text an attachment is a neutral between the letters around it")
    func rightToLeft() throws {
        let layout = try typesetter.layout(text("אב", badge(), "גד"))
        #expect(layout.lines[0].paragraphLevel == 1)
        // Visual order, left to right: ד ג ￼ ב א.
        #expect(layout.lines[0].clusters.map(\.range.lowerBound) == [4, 3, 2, 1, 0])
        #expect(layout.attachments[0].rect.minX == 20)
        #expect(layout.character(at: CGPoint(x: 27.5, y: 10))?.range == 2..<3)
    }

    @Test("only U+FFFC becomes the attachment; other characters under the attribute stay text")
    func otherCharactersStayText() throws {
        var mixed = AttributedString("x\u{FFFC}y")
        mixed.labelKit.attachment = badge()
        let layout = try typesetter.layout(mixed)
        #expect(layout.attachments.map(\.index) == [1])
        #expect(layout.lines[0].runs.map { $0.attachment != nil } == [false, true, false])
        #expect(layout.lines[0].clusters.map(\.width) == [10, 15, 10])
    }

    @Test("two attachments in a row are two boxes")
    func adjacentAttachments() throws {
        let twice = AttributedString(attachment: badge()) + AttributedString(attachment: badge())
        let layout = try typesetter.layout(twice)
        #expect(layout.attachments.map(\.rect.minX) == [0, 15])
        #expect(layout.plainText() == "badgebadge")
    }

    @Test("a line of attachments alone holds their boxes and their font's descent")
    func attachmentsAlone() throws {
        let layout = try typesetter.layout(AttributedString(attachment: badge(height: 30)))
        #expect(layout.lines[0].ascent == 30 && layout.lines[0].descent == 2)
        #expect(layout.size == CGSize(width: 15, height: 32))
        let centred = try typesetter.layout(AttributedString(attachment: badge(height: 4, alignment: .center)))
        #expect(centred.lines[0].rect.height == 10)
        #expect(centred.attachments[0].rect.minY == 3)
    }

    @Test("a negative, infinite or NaN size or offset is a typed error")
    func invalidAttachments() {
        for attachment in [
            badge(width: -1), badge(height: .infinity), badge(width: .nan),
            badge(alignment: .baseline(offset: .infinity)),
        ] {
            #expect(throws: LayoutError.self) { try typesetter.layout(text("a", attachment)) }
        }
    }

    @Test("measurement equals the layout's size with attachments")
    func measuredEqualsLaidOut() throws {
        let alignments: [AttachmentAlignment] = [.baseline(offset: -3), .center, .top, .bottom]
        for alignment in alignments {
            for width in [nil, 30.0, 45] {
                let attributed = text("ab ", badge(height: 25, alignment: alignment), " cd ef")
                let layout = try typesetter.layout(attributed, in: TextContainer(width: width))
                let measured = try typesetter.measurement(attributed, width: width)
                #expect(measured.size == layout.size, "\(alignment) at \(String(describing: width))")
                #expect(measured.lineCount == layout.lines.count)
            }
        }
    }

    @Test("pixels must be width × height × 4 bytes; equal images are equal whatever their bytes' sample")
    func pixels() throws {
        #expect(throws: AttachmentPixelsError.wrongByteCount(expected: 8, actual: 7)) {
            try AttachmentPixels(width: 2, height: 1, rgba: Array(repeating: 0, count: 7))
        }
        #expect(throws: AttachmentPixelsError.invalidSize(width: 0, height: 3)) {
            try AttachmentPixels(width: 0, height: 3, rgba: [])
        }
        #expect(throws: AttachmentPixelsError.invalidSize(width: .max, height: 2)) {
            try AttachmentPixels(width: .max, height: 2, rgba: [])
        }
        let red = try AttachmentPixels(width: 1, height: 2, rgba: [255, 0, 0, 255, 255, 0, 0, 255])
        let copy = try AttachmentPixels(width: 1, height: 2, rgba: [255, 0, 0, 255, 255, 0, 0, 255])
        let other = try AttachmentPixels(width: 1, height: 2, rgba: [255, 0, 0, 255, 255, 0, 1, 255])
        #expect(red == copy && red.hashValue == copy.hashValue)
        #expect(red != other)
        #expect(AttachmentImage.pixels(red) != AttachmentImage.file(path: "red.png"))
    }
}

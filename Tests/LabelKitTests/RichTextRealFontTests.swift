import Foundation
import LabelKit
import Testing

/// Rich text with the system fonts: what is measured is what is drawn is what is hit.
@Suite("Rich text with real fonts")
struct RichTextRealFontTests {
    static let alignments: [AttachmentAlignment] = [.baseline(offset: -3), .center, .top, .bottom]

    /// `text` with attachments after its 3rd and 11th characters, a raised and a lowered range, a tracked range,
    /// and, in every paragraph, indents: everything issue 11 adds to the layout at once.
    static func rich(_ text: String, alignment: AttachmentAlignment) -> AttributedString {
        var result = AttributedString()
        for (index, character) in text.enumerated() {
            var piece = AttributedString(String(character))
            switch index {
            case 5..<8: piece.labelKit.baselineOffset = 5
            case 14..<16: piece.labelKit.baselineOffset = -3
            case 18..<24: piece.labelKit.tracking = 1.5
            default: break
            }
            result += piece
            if index == 2 || index == 10 {
                result += AttributedString(
                    attachment: TextAttachment(
                        width: 13, height: index == 2 ? 22 : 9, alignment: alignment,
                        content: .custom(identifier: "icon"), altText: "icon"))
            }
        }
        return result
    }

    static func paragraph(_ alignment: TextAlignment) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        paragraph.firstLineHeadIndent = 12
        paragraph.headIndent = 6
        paragraph.tailIndent = 9
        paragraph.paragraphSpacing = 4
        return paragraph
    }

    @Test(
        "round trip with attachments, offsets, tracking and indents: every cluster's centre hits it, every box its attachment"
    )
    func roundTrip() throws {
        var checked = 0
        var attachmentsChecked = 0
        for text in RealFontHitTestingTests.corpus {
            for attachmentAlignment in Self.alignments {
                let attributed = Self.rich(text + "\n" + text, alignment: attachmentAlignment)
                let units = attributed.characters.count
                for alignment in TextAlignment.allCases {
                    let typesetter = LabelTypesetter.system(style: TextStyle(paragraphStyle: Self.paragraph(alignment)))
                    for lines in [0, 3] {
                        let container = TextContainer(
                            width: 200, height: 260, maximumNumberOfLines: lines,
                            insets: EdgeInsets(top: 3, left: 5, bottom: 2, right: 7), verticalAlignment: .center)
                        let layout = try typesetter.layout(attributed, in: container)
                        #expect(units > 0)
                        for line in layout.lines {
                            for cluster in line.clusters where cluster.width > 0 {
                                let centre = CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY)
                                let hit = layout.character(at: centre)
                                #expect(
                                    hit?.range == cluster.range
                                        && hit?.isInTruncationToken == cluster.isInTruncationToken,
                                    "\(text) \(alignment) \(attachmentAlignment) \(cluster.range): \(String(describing: hit))"
                                )
                                checked += 1
                            }
                        }
                        for placed in layout.attachments {
                            let centre = CGPoint(x: placed.rect.midX, y: placed.rect.midY)
                            #expect(layout.attachment(at: centre) == placed)
                            #expect(layout.character(at: centre)?.range == placed.range)
                            let beside = CGPoint(x: placed.rect.minX - 0.5, y: placed.rect.midY)
                            #expect(layout.attachment(at: beside) == nil)
                            #expect(layout.character(at: beside)?.range != placed.range)
                            let line = layout.lines[placed.lineIndex]
                            #expect(
                                placed.rect.minY >= line.rect.minY - 1e-9 && placed.rect.maxY <= line.rect.maxY + 1e-9)
                            attachmentsChecked += 1
                        }
                        let measured = try typesetter.measurement(attributed, in: container)
                        #expect(measured.size == layout.size)
                        #expect(measured.lineCount == layout.lines.count)
                    }
                }
            }
        }
        print("rich round trip: \(checked) clusters, \(attachmentsChecked) attachments")
        #expect(checked > 15_000)
        #expect(attachmentsChecked > 500)
    }

    @Test("glyphs of a raised run sit on its baseline, which lies inside its line")
    func raisedGlyphsInsideTheLine() throws {
        var text = AttributedString("Price 12")
        var note = AttributedString("3")
        try note.applyScript(.superscript, to: note.startIndex..<note.endIndex, using: .system)
        text += note
        let layout = try LabelTypesetter.system.layout(text)
        let run = try #require(layout.lines[0].runs.last)
        #expect(run.style.baselineOffset > 5)
        #expect(run.baseline < layout.lines[0].baseline)
        #expect(run.glyphs.allSatisfy { abs($0.y - run.baseline) < 1e-9 })
        let metrics = run.metrics
        #expect(run.baseline - metrics.ascent >= Double(layout.lines[0].rect.minY) - 1e-9)
    }

    @Test("DejaVu Sans gives its OS/2 superscript and subscript, scaled to the size")
    func dejaVuScriptMetrics() throws {
        // DejaVu Sans' OS/2 table (2048 units per em): ySuperscriptYSize 1433, ySuperscriptYOffset 983,
        // ySubscriptYSize 1433, ySubscriptYOffset 286.
        let face = try SystemFontSystem.shared.face(for: FontDescriptor(family: "DejaVu Sans"))
        let superscript = try #require(face.scriptMetrics(.superscript, size: 20))
        #expect(abs(superscript.fontSize - 1433.0 / 2048 * 20) < 0.01)
        #expect(abs(superscript.baselineOffset - 983.0 / 2048 * 20) < 0.01)
        let `subscript` = try #require(face.scriptMetrics(.subscript, size: 20))
        #expect(abs(`subscript`.baselineOffset + 286.0 / 2048 * 20) < 0.01)
        let picked = try LabelTypesetter.system.scriptMetrics(
            .superscript, descriptor: FontDescriptor(family: "DejaVu Sans"), fontSize: 20)
        #expect(picked == superscript)
    }

    /// The summed advances of `text` laid out with `features` (nil for none), and its glyph count.
    func shaped(_ text: String, family: String = "DejaVu Sans", features: String?) throws -> (Double, Int) {
        var attributed = AttributedString(text)
        attributed.labelKit.fontFamily = family
        if let features { attributed.labelKit.fontFeatures = try FontFeatures(parsing: features) }
        let layout = try LabelTypesetter.system.layout(attributed)
        let glyphs = layout.runs.flatMap { Array($0.glyphs) }
        return (glyphs.reduce(0) { $0 + $1.advance }, glyphs.count)
    }

    @Test("OpenType features reach HarfBuzz: -kern undoes DejaVu's AV kerning, palt narrows Japanese punctuation")
    func featuresChangeShaping() throws {
        let kerned = try shaped("AVAVAV AVAV", features: nil)
        let unkerned = try shaped("AVAVAV AVAV", features: "-kern")
        #expect(unkerned.0 > kerned.0 + 1)
        // Shaped again through the word cache: each set of features keeps its own words.
        #expect(try shaped("AVAVAV AVAV", features: nil).0 == kerned.0)
        #expect(try shaped("AVAVAV AVAV", features: "-kern").0 == unkerned.0)
        let full = try shaped("「はい」、そう。", family: "Noto Sans CJK JP", features: nil)
        let proportional = try shaped("「はい」、そう。", family: "Noto Sans CJK JP", features: "palt")
        #expect(proportional.0 < full.0 - 5)
        #expect(proportional.1 == full.1)
    }

    @Test("a verified badge after a name: centred on the text, tappable, copied as its alt text")
    func verifiedBadge() throws {
        var badge = AttributedString(
            attachment: TextAttachment(
                width: 14, height: 14, alignment: .center, content: .image(.file(path: "verified.png")),
                altText: "verified"))
        badge.link = URL(string: "https://example.com/ana")
        let layout = try LabelTypesetter.system.layout(AttributedString("Ana ") + badge)
        let placed = try #require(layout.attachments.first)
        // Centred on DejaVu Sans' ascent and descent (13.92 and 3.54 at 15 px): its middle 5.19 above the baseline.
        let line = layout.lines[0]
        #expect(abs((line.baseline - Double(placed.rect.midY)) - (13.923828125 - 3.537109375) / 2) < 1e-6)
        #expect(layout.link(at: CGPoint(x: placed.rect.midX, y: placed.rect.midY))?.link.target.host == "example.com")
        var pasteboard = InMemoryPasteboard()
        #expect(pasteboard.copy(layout) == "Ana verified")
    }
}

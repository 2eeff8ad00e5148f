import Foundation
import LabelKit
import LabelKitCairo
import LabelKitCorpus
import Testing

/// Vertical text (縦書き) with the system fonts: columns top to bottom and right to left, answered in the label's
/// coordinates by every query.
@Suite("Vertical text")
struct VerticalTextTests {
    let typesetter = LabelTypesetter.system

    static let notice = "決済をしたと同時に利用規約に同意したとみなします"
    static let termsRange = 9..<13   // 利用規約

    static func vertical(height: Double? = 200, lines: Int = 0, orientation: TextOrientation = .mixed)
        -> TextContainer
    {
        TextContainer(
            height: height, maximumNumberOfLines: lines, writingMode: .verticalRightToLeft,
            textOrientation: orientation)
    }

    func utf16Range(of part: String, in string: String) throws -> Range<Int> {
        let range = try #require(string.range(of: part))
        return range.lowerBound.utf16Offset(in: string)..<range.upperBound.utf16Offset(in: string)
    }

    @Test("in a vertical label 200 px tall, 利用規約 is hit at the centre of its rect")
    func termsAreHitAtTheirCentre() throws {
        var text = AttributedString(Self.notice)
        let units = Array(Self.notice.utf16)
        let start = text.index(text.startIndex, offsetByCharacters: Self.termsRange.lowerBound)
        let end = text.index(text.startIndex, offsetByCharacters: Self.termsRange.upperBound)
        text[start..<end].link = URL(string: "https://example.com/terms")
        #expect(String(decoding: units[Self.termsRange], as: UTF16.self) == "利用規約")
        let layout = try typesetter.layout(text, in: Self.vertical())
        let rects = layout.rects(forLink: 0)
        #expect(!rects.isEmpty)
        for fragment in rects {
            let centre = CGPoint(x: fragment.rect.midX, y: fragment.rect.midY)
            #expect(layout.link(at: centre)?.index == 0)
            let hit = try #require(layout.character(at: centre))
            #expect(Self.termsRange.contains(hit.index))
            // A vertical band: taller than wide.
            #expect(fragment.rect.height > fragment.rect.width)
            #expect(layout.bounds.contains(centre))
        }
    }

    @Test("columns run top to bottom and follow one another from right to left; the height is the longest column")
    func columnsRunRightToLeft() throws {
        let layout = try typesetter.layout(Self.notice, in: Self.vertical())
        #expect(layout.lines.count == 2)
        let bands = layout.lines.map { layout.labelRect(fromLineRect: $0.rect) }
        #expect(bands[0].minX > bands[1].minX)
        #expect(bands[0].maxX <= layout.size.width + 1e-9)
        for band in bands { #expect(band.minY >= 0 && band.maxY <= 200) }
        let longest = layout.lines.map(\.rect.width).max() ?? 0
        #expect(layout.size.height == longest.rounded(.up))
        #expect(longest <= 200)
        // The first character is at the top of the rightmost column.
        let first = try #require(layout.rects(for: 0..<1).first?.rect)
        #expect(first.minY < 1 && first.maxX > layout.size.width - 1)
        // Measuring gives what is drawn.
        let measured = try typesetter.measurement(AttributedString(Self.notice), in: Self.vertical())
        #expect(measured.size == layout.size)
        #expect(measured.lineCount == layout.lines.count)
    }

    @Test("a column of ten kanji at 15 px is 150 px long: upright glyphs advance by the font's vertical advance")
    func kanjiAdvanceByAnEm() throws {
        let layout = try typesetter.layout("漢字漢字漢字漢字漢字", in: Self.vertical(height: nil))
        #expect(layout.lines.count == 1)
        #expect(abs(layout.lines[0].rect.width - 150) < 0.01)
        #expect(layout.lines[0].runs.allSatisfy { $0.orientation == .upright })
    }

    @Test("。 sits in the top right of its cell")
    func fullStopSitsTopRight() throws {
        let layout = try typesetter.layout("あ。", in: Self.vertical(height: nil))
        let cell = try #require(layout.rects(for: 1..<2).first?.rect)
        let image = try LabelRenderer(scale: 4, backgroundColor: .white).render(layout)
        var ink = CGRect.null
        for y in Int(cell.minY * 4)..<Int(cell.maxY * 4) {
            for x in Int(cell.minX * 4)..<Int(cell.maxX * 4) {
                guard let pixel = image.pixel(x: x, y: y), pixel.red < 128 else { continue }
                ink = ink.union(CGRect(x: Double(x) / 4, y: Double(y) / 4, width: 0.25, height: 0.25))
            }
        }
        #expect(!ink.isNull)
        #expect(ink.midX > cell.midX, "the stop is right of the cell's centre: \(ink) in \(cell)")
        #expect(ink.midY < cell.midY, "the stop is above the cell's centre: \(ink) in \(cell)")
        // The font's vertical form, not the horizontal glyph.
        let horizontal = try typesetter.layout("あ。")
        #expect(layout.lines[0].runs[0].glyphs[1].glyphID != horizontal.lines[0].runs[0].glyphs[1].glyphID)
    }

    @Test("an underline in a column is drawn on its right side, beyond the glyphs, all along the run")
    func underlineOnTheRight() throws {
        /// The largest share of the run's rows that are dark in one pixel column between the em box's right edge
        /// (the column's centre plus half an em) and the column's right edge.
        func darkestShare(underlined: Bool) throws -> Double {
            var text = AttributedString("利用規約")
            if underlined { text.labelKit.underline = .single }
            let layout = try typesetter.layout(text, in: Self.vertical(height: nil))
            let column = layout.labelRect(fromLineRect: layout.lines[0].rect)
            let image = try LabelRenderer(scale: 4, backgroundColor: .white).render(layout)
            let rows = Int(column.minY * 4)..<Int(column.maxY * 4)
            var best = 0.0
            for x in Int(((column.midX + 7.5) * 4).rounded(.up))..<Int(column.maxX * 4) {
                let dark = rows.filter { (image.pixel(x: x, y: $0)?.red ?? 255) < 160 }.count
                best = max(best, Double(dark) / Double(rows.count))
            }
            return best
        }
        #expect(try darkestShare(underlined: true) > 0.95)
        #expect(try darkestShare(underlined: false) < 0.05)
    }

    @Test("a Tr character stands upright in its font's vertical form (「ー」) and is turned where its font has none (《》)")
    func transformedRotatedFallsBackToRotation() throws {
        let brackets = try typesetter.layout("「本ー」", in: Self.vertical(height: nil))
        #expect(brackets.runs.allSatisfy { $0.orientation == .upright })
        #expect(abs(brackets.lines[0].rect.width - 60) < 0.01)
        // 《 and 》 come from a fallback font without vertical forms: turned, as long as they are wide.
        let titles = try typesetter.layout("《本》", in: Self.vertical(height: nil))
        let orientations = titles.runs.map { ($0.textRange, $0.orientation) }
        #expect(orientations.contains { $0.0 == 0..<1 && $0.1 == .sideways })
        #expect(orientations.contains { $0.0 == 1..<2 && $0.1 == .upright })
        let turned = try #require(titles.rects(for: 0..<1).first?.rect.height)
        let horizontal = try #require(try typesetter.layout("《").lines.first?.rect.width)
        #expect(abs(turned - horizontal) < 0.01)
    }

    @Test("2024年10月1日 sets 10 and 1 upright and combined when .digits(2) is on, and 2024 sideways")
    func dateCombinesShortDigits() throws {
        var text = AttributedString("2024年10月1日")
        text.labelKit.combineUpright = .digits(2)
        let layout = try typesetter.layout(text, in: Self.vertical(height: nil))
        let runs = layout.runs
        func orientation(of range: Range<Int>) -> GlyphOrientation? {
            runs.first { $0.textRange == range }?.orientation
        }
        #expect(orientation(of: 0..<4) == .sideways)
        #expect(orientation(of: 5..<7) == .combinedUpright)
        #expect(orientation(of: 8..<9) == .combinedUpright)
        // Each combined run takes one em down the column, centred across it.
        for range in [5..<7, 8..<9] {
            let rect = try #require(layout.boundingRect(for: range))
            #expect(abs(rect.height - 15) < 0.01)
            let column = layout.labelRect(fromLineRect: layout.lines[0].rect)
            #expect(abs(rect.midX - column.midX) < 0.01)
        }
        // One digit fits the em; two DejaVu Sans digits (1.27 em) are narrowed to exactly the em.
        #expect(runs.first { $0.textRange == 8..<9 }?.combinedScale == 1)
        let twoDigits = try typesetter.layout("10").lines[0].rect.width
        let scale = try #require(runs.first { $0.textRange == 5..<7 }?.combinedScale)
        #expect(abs(scale * twoDigits - 15) < 0.001)
        // Without the attribute every digit is sideways.
        let plain = try typesetter.layout("2024年10月1日", in: Self.vertical(height: nil))
        #expect(plain.runs.allSatisfy { $0.orientation != .combinedUpright })
    }

    @Test("a combined run wider than the em is compressed to fit the column")
    func wideCombinationIsCompressed() throws {
        var text = AttributedString("第12345回")
        let start = text.index(text.startIndex, offsetByCharacters: 1)
        let end = text.index(text.startIndex, offsetByCharacters: 6)
        text[start..<end].labelKit.combineUpright = .all
        let layout = try typesetter.layout(text, in: Self.vertical(height: nil))
        let run = try #require(layout.runs.first { $0.orientation == .combinedUpright })
        #expect(run.textRange == 1..<6)
        #expect(run.combinedScale < 1 && run.combinedScale > 0.1)
        #expect(abs(run.rect.width - 15) < 0.01)
    }

    @Test("a Latin word is rotated and its rects are vertical bands")
    func latinIsSideways() throws {
        let string = "漢字 Swift 漢字"
        let layout = try typesetter.layout(string, in: Self.vertical(height: nil))
        let word = try utf16Range(of: "Swift", in: string)
        let run = try #require(layout.runs.first { $0.textRange.contains(word.lowerBound) })
        #expect(run.orientation == .sideways)
        let rects = layout.rects(for: word)
        #expect(rects.count == 1)
        for fragment in rects {
            #expect(fragment.rect.height > fragment.rect.width)
            // Its letters go down the column in order.
            let s = try #require(layout.rects(for: word.lowerBound..<(word.lowerBound + 1)).first?.rect)
            let t = try #require(layout.rects(for: (word.upperBound - 1)..<word.upperBound).first?.rect)
            #expect(s.minY < t.minY)
        }
        // In upright orientation the same word stands letter by letter.
        let upright = try typesetter.layout(string, in: Self.vertical(height: nil, orientation: .upright))
        #expect(upright.runs.allSatisfy { $0.orientation == .upright })
    }

    @Test("a tap below the end of a column, or between columns' text and the edge, hits nothing")
    func tapsPastTheEndHitNothing() throws {
        let layout = try typesetter.layout(Self.notice, in: Self.vertical(height: 300))
        let last = layout.labelRect(fromLineRect: layout.lines[layout.lines.count - 1].rect)
        #expect(layout.character(at: CGPoint(x: last.midX, y: last.maxY + 5)) == nil)
        #expect(layout.character(at: CGPoint(x: last.midX, y: last.maxY - 5)) != nil)
    }

    @Test("a column limit truncates inside the last column, with the token in it")
    func truncationInTheLastColumn() throws {
        let long = String(repeating: Self.notice, count: 4)
        let layout = try typesetter.layout(long, in: Self.vertical(height: 120, lines: 2))
        #expect(layout.isTruncated)
        #expect(layout.lines.count == 2)
        let token = try #require(layout.truncationTokenRect)
        let lastColumn = layout.labelRect(fromLineRect: layout.lines[1].rect)
        #expect(token.minX >= lastColumn.minX - 1e-9 && token.maxX <= lastColumn.maxX + 1e-9)
        #expect(token.maxY <= 120 + 1e-9)
        #expect(layout.isInTruncationToken(at: CGPoint(x: token.midX, y: token.midY)))
    }

    @Test("selection rects are vertical bands per column and the caret is a horizontal bar")
    func selectionAndCaret() throws {
        let layout = try typesetter.layout(Self.notice, in: Self.vertical())
        let rects = layout.selectionRects(for: 5..<20)
        #expect(rects.count == 2)
        for fragment in rects { #expect(fragment.rect.height > fragment.rect.width) }
        #expect(rects[0].rect.minX > rects[1].rect.minX)
        let caret = try #require(layout.caretRect(for: TextPosition(index: 3)))
        #expect(caret.width > caret.height)
        // A point in the lower half of a cell puts the caret after it.
        let cell = try #require(layout.rects(for: 2..<3).first?.rect)
        #expect(layout.position(at: CGPoint(x: cell.midX, y: cell.maxY - 1)).index == 3)
        #expect(layout.position(at: CGPoint(x: cell.midX, y: cell.minY + 1)).index == 2)
    }

    @Test("Down moves forward along the column and Left moves to the next column")
    func keyboardMotion() throws {
        let layout = try typesetter.layout(Self.notice, in: Self.vertical())
        let start = TextPosition(index: 2)
        #expect(layout.position(movedVisually: .down, from: start).index == 3)
        #expect(layout.position(movedVisually: .up, from: start).index == 1)
        let next = layout.position(movedVisually: .left, from: start)
        #expect(layout.lines[1].textRange.contains(next.index))
        // Back to the first column, at the same height.
        #expect(layout.position(movedVisually: .right, from: next).index == 2)
    }

    @Test("an attachment stands upright: its frame keeps its width and height")
    func attachmentsStayUpright() throws {
        var text = AttributedString("漢字")
        text.append(
            AttributedString(
                attachment: TextAttachment(width: 30, height: 10, content: .custom(identifier: "box"), altText: "box")))
        text.append(AttributedString("漢字"))
        let layout = try typesetter.layout(text, in: Self.vertical(height: nil))
        let placed = try #require(layout.attachments.first)
        #expect(placed.rect.width == 30 && placed.rect.height == 10)
        #expect(layout.attachment(at: CGPoint(x: placed.rect.midX, y: placed.rect.midY)) != nil)
        // It takes its height along the column.
        #expect(abs(layout.lines[0].rect.width - 70) < 0.01)
    }

    @Test("insets stay on their sides and the block of columns sits at the right with top alignment")
    func insetsAndAlignment() throws {
        var container = Self.vertical()
        container.width = 200
        container.insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        container.verticalAlignment = .top
        let layout = try typesetter.layout(Self.notice, in: container)
        let first = layout.labelRect(fromLineRect: layout.lines[0].rect)
        #expect(abs(first.maxX - 160) < 1e-9)
        #expect(first.minY >= 10 - 1e-9)
        for line in layout.lines { #expect(layout.labelRect(fromLineRect: line.rect).maxY <= 170 + 1e-9) }
        container.verticalAlignment = .bottom
        let bottom = try typesetter.layout(Self.notice, in: container)
        let lastColumn = bottom.labelRect(fromLineRect: bottom.lines[bottom.lines.count - 1].rect)
        #expect(abs(lastColumn.minX - 20) < 1)
    }

    @Test("alignment places text along its column: centred text sits in the middle of the column's length")
    func alignmentAlongTheColumn() throws {
        var text = AttributedString("利用規約")
        var centred = ParagraphStyle()
        centred.alignment = .center
        text.labelKit.paragraphStyle = centred
        let layout = try typesetter.layout(text, in: Self.vertical(height: 200))
        let column = try #require(layout.boundingRect(for: 0..<4))
        #expect(abs(column.minY - 70) < 0.01 && abs(column.maxY - 130) < 0.01)
        var end = ParagraphStyle()
        end.alignment = .right
        text.labelKit.paragraphStyle = end
        let bottom = try #require(try typesetter.layout(text, in: Self.vertical(height: 200)).boundingRect(for: 0..<4))
        #expect(abs(bottom.maxY - 200) < 0.01)
    }

    @Test("a hyphenated word turned in a column draws its hyphen in line with its letters; upright, none is drawn")
    func hyphenInAColumn() throws {
        var text = AttributedString("responsibility")
        text.labelKit.paragraphStyle = ParagraphStyle(hyphenation: .auto)
        let layout = try typesetter.layout(text, in: Self.vertical(height: 60))
        #expect(layout.lines.count > 1 && layout.lines[0].isHyphenated)
        let glyphs = Array(layout.lines[0].runs[0].glyphs)
        #expect(layout.lines[0].runs[0].orientation == .sideways)
        let letters = Set(glyphs.dropLast().map(\.y))
        #expect(letters.count == 1)
        #expect(glyphs.last?.y == letters.first)
        // Upright, letter by letter down the column, a word is not hyphenated.
        let upright = try typesetter.layout(text, in: Self.vertical(height: 100, orientation: .upright))
        #expect(upright.lines.count > 1 && upright.lines.allSatisfy { !$0.isHyphenated })
        #expect(upright.plainText() == "responsibility")
    }

    @Test("a shaped text laid out in a vertical container equals a vertical layout")
    func shapedTextLaysOutVertically() throws {
        let shaped = try typesetter.shapedText(Self.notice)
        let fromShaped = try shaped.layout(in: Self.vertical())
        let direct = try typesetter.layout(Self.notice, in: Self.vertical())
        #expect(fromShaped.size == direct.size)
        #expect(fromShaped.lines.map(\.textRange) == direct.lines.map(\.textRange))
        #expect(fromShaped.runs.map(\.orientation) == direct.runs.map(\.orientation))
    }

    @Test("over the Japanese corpus, measured equals drawn and every character's rect is hit at its centre")
    func corpusQueriesAgree() throws {
        for label in makeCorpus(count: 120, seed: 27, kinds: [.japanese]) {
            let container = Self.vertical(height: label.width)
            let layout = try typesetter.layout(label.text, in: container)
            let measured = try typesetter.measurement(AttributedString(label.text), in: container)
            #expect(measured.size == layout.size)
            #expect(measured.lineCount == layout.lines.count)
            for line in layout.lines {
                #expect(line.rect.width <= label.width + 1e-6)
                for cluster in line.clusters where cluster.width > 0.5 {
                    // The cluster's centre along its line, on the line's centre across it.
                    let centre = layout.labelPoint(
                        fromLinePoint: CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY))
                    #expect(layout.character(at: centre)?.range == cluster.range)
                }
            }
        }
    }
}

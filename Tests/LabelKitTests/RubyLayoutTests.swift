import Foundation
import LabelKit
import Testing

/// Ruby (furigana) laid out in lines: the annotation over its base, the line grown to hold it, the base widened when
/// its annotation is wider, bases kept whole across lines, and the typed errors of bad annotations.
@Suite("Ruby in lines")
struct RubyLayoutTests {
    let typesetter = LabelTypesetter.system

    /// `text` with `ruby` on the first occurrence of `base`.
    func annotated(_ text: String, base: String, _ ruby: RubyAnnotation) throws -> AttributedString {
        var attributed = AttributedString(text)
        let range = try #require(attributed.range(of: base))
        attributed[range].labelKit.ruby = ruby
        return attributed
    }

    /// The UTF-16 range of `part` in `text`.
    func offsets(of part: String, in text: String) throws -> Range<Int> {
        let range = try #require(text.range(of: part))
        let start = text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound)
        return start..<(start + part.utf16.count)
    }

    func rubyBoxes(_ layout: TextLayout) -> [LayoutInlineBox] {
        layout.inlineBoxes.filter { if case .ruby = $0.box.content { true } else { false } }
    }

    /// The base's run and the annotation's (a run of its own, answering no text) on the first line.
    func baseAndAnnotationRuns(_ layout: TextLayout, base: Int) throws -> (base: GlyphRun, annotation: GlyphRun) {
        let baseRun = try #require(layout.runs.first { $0.textRange.contains(base) })
        let annotationRun = try #require(layout.runs.first { $0.textRange.isEmpty && $0.lineIndex == 0 })
        return (baseRun, annotationRun)
    }

    @Test("the annotation stands over its base, centred, its em box on the base's, and the line grows to hold it")
    func overAndCentred() throws {
        let text = "漢字を読む"
        let plain = try typesetter.layout(AttributedString(text))
        let layout = try typesetter.layout(annotated(text, base: "漢字", RubyAnnotation("かんじ")))
        let box = try #require(rubyBoxes(layout).first)
        #expect(box.box.content == .ruby("かんじ"))
        #expect(box.box.textRange == 0..<2)
        let base = try #require(layout.boundingRect(for: 0..<2))
        #expect(abs(box.rect.midX - base.midX) < 0.01, "centred: \(box.rect) over \(base)")
        // As in CSS Ruby: the annotation's em box (Noto Sans CJK: 0.12 em below its baseline) on its base's (0.88 em
        // above), each rounded up to a whole point; the taller boxes of their fonts overlap.
        let runs = try baseAndAnnotationRuns(layout, base: 0)
        let baseEm = runs.base.face.emBox(size: runs.base.style.fontSize)
        let annotationEm = runs.annotation.face.emBox(size: runs.annotation.style.fontSize)
        let expected = runs.base.baseline - baseEm.ascent.rounded(.up) - annotationEm.descent.rounded(.up)
        let annotationBaseline = box.rect.minY + runs.annotation.metrics.ascent
        #expect(abs(annotationBaseline - expected) < 0.01, "baseline \(annotationBaseline) vs \(expected)")
        #expect(
            annotationBaseline + annotationEm.descent <= runs.base.baseline - baseEm.ascent,
            "the annotation's em box stands over the base's")
        let baseTop = runs.base.baseline - runs.base.metrics.ascent
        #expect(box.rect.maxY > baseTop, "the boxes overlap: \(box.rect) over \(baseTop)")
        let line = try #require(layout.lines.first)
        // The line grows just enough to hold the annotation's box: the annotation is at the label's top.
        #expect(abs(box.rect.minY - line.rect.minY) < 0.01, "at its line's top: \(box.rect) in \(line.rect)")
        let grown = layout.size.height - plain.size.height
        let reach = runs.base.baseline - box.rect.minY - (plain.lines.first?.ascent ?? 0)
        #expect(abs(grown - reach) < 1, "the line grew by what the annotation reaches above it: \(grown) vs \(reach)")
    }

    @Test("under puts the annotation below its base, and the line grows below")
    func under() throws {
        let layout = try typesetter.layout(
            annotated("漢字を読む", base: "漢字", RubyAnnotation("かんじ", position: .under)))
        let box = try #require(rubyBoxes(layout).first)
        let line = try #require(layout.lines.first)
        #expect(box.rect.minY >= line.baseline, "below the baseline: \(box.rect) baseline \(line.baseline)")
        #expect(box.rect.maxY <= line.rect.maxY + 0.01)
    }

    @Test("a base narrower than its annotation is widened by the difference, its character centred in it")
    func widenedBase() throws {
        let text = "字を書く"
        let plain = try typesetter.layout(AttributedString(text))
        var wide = RubyAnnotation("もじもじ")
        wide.overhang = .none
        let layout = try typesetter.layout(annotated(text, base: "字", wide))
        let box = try #require(rubyBoxes(layout).first)
        let base = try #require(layout.boundingRect(for: 0..<1))
        let plainBase = try #require(plain.boundingRect(for: 0..<1))
        #expect(base.width > plainBase.width + 1, "widened: \(base.width) vs \(plainBase.width)")
        #expect(abs(base.width - box.rect.width) < 0.01, "as wide as the annotation: \(base) vs \(box.rect)")
        // The text after the base moves by the difference.
        let after = try #require(layout.boundingRect(for: 1..<2))
        let plainAfter = try #require(plain.boundingRect(for: 1..<2))
        #expect(abs((after.minX - plainAfter.minX) - (base.width - plainBase.width)) < 0.01)
        // The base's glyph stands in the middle of its widened box.
        let glyph = try #require(layout.runs.first { $0.textRange.contains(0) }?.glyphs.first)
        let inset = glyph.position.x - base.minX
        #expect(abs(inset - (base.width - plainBase.width) / 2) < 0.01, "glyph inset \(inset)")
    }

    @Test("a wide annotation reaches over a neighbouring kana by up to one of its characters, never over a kanji")
    func overhang() throws {
        // 字 between two kana: the annotation reaches over both, the base spread by that much less.
        let text = "を字を"
        let spread = RubyAnnotation("もじもじ", overhang: .none)
        let reaching = RubyAnnotation("もじもじ")
        let plain = try typesetter.layout(AttributedString(text))
        let without = try typesetter.layout(annotated(text, base: "字", spread))
        let with = try typesetter.layout(annotated(text, base: "字", reaching))
        let annotation = try #require(rubyBoxes(with).first).rect
        let base = try #require(with.boundingRect(for: 1..<2))
        let plainBase = try #require(plain.boundingRect(for: 1..<2))
        let rubyCharacter = try #require(rubyBoxes(without).first).rect.width / 4
        let reach = (annotation.width - base.width) / 2
        #expect(reach > 0.01, "it reaches over both kana: \(annotation) over \(base)")
        #expect(reach <= rubyCharacter + 0.01, "by no more than one of its characters: \(reach)")
        #expect(base.width >= plainBase.width - 0.01, "the base never narrower than its text")
        #expect(abs(annotation.midX - base.midX) < 0.01, "still centred: \(annotation) \(base)")
        #expect(with.size.width < without.size.width - 0.01, "the line is shorter by the overhang")
        // The glyph of 字 stays centred under the annotation.
        let run = try #require(with.runs.first { $0.textRange.contains(1) })
        let glyph = try #require(run.glyphs.first(where: { $0.clusterOffset == 1 }))
        let glyphCentre = glyph.x + plainBase.width / 2
        #expect(abs(glyphCentre - annotation.midX) < 0.01, "\(glyphCentre) under \(annotation.midX)")
        // Between kanji, or next to another ruby's base, it reaches over nothing.
        let kanji = try typesetter.layout(annotated("漢字漢", base: "字", reaching))
        let kanjiAnnotation = try #require(rubyBoxes(kanji).first).rect
        let kanjiBase = try #require(kanji.boundingRect(for: 1..<2))
        #expect(abs(kanjiAnnotation.width - kanjiBase.width) < 0.01, "over kanji: the base takes the whole width")
        var neighbours = try annotated("を字を", base: "字", reaching)
        neighbours[try #require(neighbours.range(of: "を"))].labelKit.ruby = RubyAnnotation("お")
        let beside = try typesetter.layout(neighbours)
        let besideAnnotation = try #require(rubyBoxes(beside).first { $0.box.textRange == 1..<2 }).rect
        let besideBase = try #require(beside.boundingRect(for: 1..<2))
        #expect(besideAnnotation.minX >= besideBase.minX - 0.01, "never over another ruby's base")
        #expect(besideAnnotation.maxX > besideBase.maxX + 0.01, "over the plain kana after it")
    }

    @Test("a group ruby's base is never broken across lines; a mono ruby's may break between its parts")
    func basesKeptWhole() throws {
        let text = "あいうえお漢字かな"
        let plain = try typesetter.layout(AttributedString(text))
        let em = try #require(plain.boundingRect(for: 0..<1)).width
        // Room for six characters: without ruby the line breaks between 漢 and 字.
        let container = TextContainer(width: em * 6 + 0.5)
        let unannotated = try typesetter.layout(AttributedString(text), in: container)
        #expect(unannotated.lines.first?.textRange == 0..<6)
        let group = try typesetter.layout(annotated(text, base: "漢字", RubyAnnotation("かんじ")), in: container)
        #expect(group.lines.first?.textRange == 0..<5, "the group moves to the next line whole")
        let mono = try typesetter.layout(
            annotated(text, base: "漢字", RubyAnnotation(parts: ["かん", "じ"])), in: container)
        #expect(mono.lines.first?.textRange == 0..<6, "mono ruby breaks between its parts")
        #expect(rubyBoxes(mono).map(\.box.textRange) == [5..<6, 6..<7])
        #expect(rubyBoxes(mono).map(\.lineIndex) == [0, 1])
    }

    @Test("a narrow annotation starts at its base's start, or spreads over it, as its alignment says")
    func alignments() throws {
        let text = "東京都に住む"
        let base = try offsets(of: "東京都", in: text)
        for alignment in RubyAnnotation.Alignment.allCases {
            let layout = try typesetter.layout(
                annotated(text, base: "東京都", RubyAnnotation("とう", alignment: alignment)))
            let box = try #require(rubyBoxes(layout).first)
            let baseRect = try #require(layout.boundingRect(for: base))
            switch alignment {
            case .center: #expect(abs(box.rect.midX - baseRect.midX) < 0.01)
            case .start: #expect(abs(box.rect.minX - baseRect.minX) < 0.01)
            case .spaceAround:
                #expect(abs(box.rect.width - baseRect.width) < 0.01, "spread over the base: \(box.rect) \(baseRect)")
            }
        }
    }

    @Test("in vertical text the annotation stands upright on the right of its column, left with under")
    func vertical() throws {
        let text = "決済をしたと同時に利用規約に同意したとみなします"
        let container = TextContainer(height: 200, writingMode: .verticalRightToLeft)
        for position in RubyAnnotation.Position.allCases {
            let layout = try typesetter.layout(
                annotated(text, base: "利用規約", RubyAnnotation("りようきやく", position: position)), in: container)
            let box = try #require(rubyBoxes(layout).first)
            let base = try #require(layout.rects(for: 9..<13).first).rect
            let plain = try typesetter.layout(AttributedString(text), in: container)
            let column = try #require(plain.rects(for: 9..<13).first).rect
            #expect(box.rect.height > box.rect.width, "set down the column: \(box.rect)")
            #expect(abs(box.rect.midY - base.midY) < 0.01, "centred along its base: \(box.rect) \(base)")
            // Across the column, the em boxes stack as in lines: half an em each side of the centre lines, each
            // rounded up to a whole point, so the annotation's centre is beyond the column's edge.
            let runs = try baseAndAnnotationRuns(layout, base: 9)
            let distance =
                (runs.base.style.fontSize / 2).rounded(.up) + (runs.annotation.style.fontSize / 2).rounded(.up)
            if position == .over {
                let centre = base.minX + column.width / 2
                #expect(abs(box.rect.midX - (centre + distance)) < 0.01, "on the right: \(box.rect) \(base)")
                #expect(box.rect.midX > base.minX + column.width, "beyond the column: \(box.rect) \(base)")
            } else {
                let centre = base.maxX - column.width / 2
                #expect(abs(box.rect.midX - (centre - distance)) < 0.01, "on the left: \(box.rect) \(base)")
                #expect(box.rect.midX < base.maxX - column.width, "beyond the column: \(box.rect) \(base)")
            }
            let hit = try #require(layout.character(at: CGPoint(x: box.rect.midX, y: box.rect.midY)))
            #expect(hit.range == 9..<13)
        }
    }

    @Test("a tap on the annotation answers its whole base")
    func hitOnRuby() throws {
        let text = "決済をしたと同時に利用規約に同意したとみなします"
        var attributed = try annotated(text, base: "利用規約", RubyAnnotation("りようきやく"))
        let terms = try #require(attributed.range(of: "利用規約"))
        attributed[terms].link = URL(string: "https://example.com/terms")
        let layout = try typesetter.layout(attributed, in: TextContainer(width: 200))
        let box = try #require(rubyBoxes(layout).first)
        let hit = try #require(layout.character(at: CGPoint(x: box.rect.midX, y: box.rect.midY)))
        #expect(hit.range == 9..<13)
        #expect(
            layout.link(at: CGPoint(x: box.rect.midX, y: box.rect.midY))?.link.target.absoluteString
                == "https://example.com/terms")
    }

    @Test("measuring with ruby gives the size of the layout that is drawn")
    func measurementEqualsLayout() throws {
        let text = try annotated("決済をしたと同時に利用規約に同意したとみなします", base: "利用規約", RubyAnnotation("りようきやく"))
        for width in stride(from: 40.0, through: 400, by: 30) {
            let layout = try typesetter.layout(text, in: TextContainer(width: width))
            let measured = try typesetter.measurement(text, in: TextContainer(width: width))
            #expect(measured == TextMeasurement(layout), "width \(width)")
        }
    }

    @Test("copying gives the base text, or each annotation in parentheses after its whole base when asked")
    func copyGivesBase() throws {
        var text = try annotated("漢字を読む", base: "漢字", RubyAnnotation("かんじ"))
        text[try #require(text.range(of: "読"))].labelKit.ruby = RubyAnnotation("よ")
        let layout = try typesetter.layout(text)
        #expect(layout.plainText() == "漢字を読む")
        #expect(layout.plainText(ruby: .parenthesized) == "漢字(かんじ)を読(よ)む")
        #expect(layout.plainText(in: 1..<4, ruby: .parenthesized) == "字を読(よ)", "a base cut by the range: no ruby")
        let mono = try typesetter.layout(annotated("漢字", base: "漢字", RubyAnnotation(parts: ["かん", "じ"])))
        #expect(mono.plainText(ruby: .parenthesized) == "漢(かん)字(じ)")
    }

    @Test("the rects of a base span its annotation, and rubyRects gives the annotations of a range")
    func rects() throws {
        let text = "決済をしたと同時に利用規約に同意したとみなします"
        let layout = try typesetter.layout(
            annotated(text, base: "利用規約", RubyAnnotation("りようきやく")), in: TextContainer(width: 200))
        let box = try #require(rubyBoxes(layout).first)
        let base = try #require(layout.boundingRect(for: 9..<13))
        #expect(base.contains(box.rect.insetBy(dx: 0.01, dy: 0.01)), "\(base) holds \(box.rect)")
        #expect(layout.rubyRects(for: 10..<11).map(\.rect) == [box.rect])
        #expect(layout.rubyRects(for: 11..<11).map(\.rect) == [box.rect], "an empty range inside the base")
        let selection = layout.selectionRects(for: 9..<13).map(\.rect)
        #expect(selection.contains { $0.contains(box.rect.insetBy(dx: 0.01, dy: 0.01)) }, "selected with its base")
        #expect(layout.rubyRects(for: 0..<9).isEmpty)
        #expect(layout.rubyRects(for: 13..<20).isEmpty)
    }

    @Test("bad annotations are typed errors: empty, more parts than characters, a bad size, on an attachment")
    func badAnnotations() throws {
        #expect(throws: LayoutError.self) {
            try typesetter.layout(annotated("漢字", base: "漢字", RubyAnnotation("")))
        }
        #expect(throws: LayoutError.self) {
            try typesetter.layout(annotated("漢字", base: "漢字", RubyAnnotation(parts: ["か", "ん", "じ"])))
        }
        for factor in [0, -1, .infinity, .nan] {
            #expect(throws: LayoutError.self) {
                try typesetter.layout(annotated("漢字", base: "漢字", RubyAnnotation("かんじ", sizeFactor: factor)))
            }
        }
        var attachment = AttributedString("a\u{FFFC}b")
        let box = try #require(attachment.range(of: "\u{FFFC}"))
        attachment[box].labelKit.attachment = TextAttachment(width: 10, height: 10, content: .custom(identifier: "box"))
        attachment[box].labelKit.ruby = RubyAnnotation("え")
        #expect(throws: LayoutError.self) { try typesetter.layout(attachment) }
    }
}

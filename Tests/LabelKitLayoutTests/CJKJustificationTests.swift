import Foundation
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// Justification of Chinese and Japanese with the fixed-advance face (every grapheme 10 points wide, so the stretch of
/// a gap is its cluster's width less 10): the slack goes between ideographs and kana, at spaces too in mixed lines,
/// and still only between words in Latin lines.
@Suite("CJK justification")
struct CJKJustificationTests {
    let typesetter: LabelTypesetter = {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .justified
        return LabelTypesetter.fixed(paragraph: paragraph)
    }()

    /// How much wider than its 10 points justification made each cluster of line `index`, with its text.
    func stretches(_ layout: TextLayout, line index: Int) -> [(text: String, stretch: Double)] {
        let units = Array(layout.string.utf16)
        return layout.lines[index].clusters.map { cluster in
            (String(decoding: units[cluster.range], as: UTF16.self), cluster.width - 10)
        }
    }

    @Test("a Japanese line with one space spreads its slack over every gap, not all at that space")
    func oneSpaceNoLongerTakesItAll() throws {
        // "日本 語のテキストだ" is 10 clusters, 100 points, in 104: its 8 gaps (the space, 日|本 and the six between
        // 語 and だ; not 本|space, which the space stretches for) get half a point each.
        let layout = try typesetter.layout("日本 語のテキストだよです", in: TextContainer(width: 104))
        #expect(layout.lineTexts == ["日本 語のテキストだ", "よです"])
        #expect(layout.lines[0].rect.width == 104)
        let stretches = stretches(layout, line: 0)
        #expect(stretches.map(\.stretch) == [0.5, 0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0])
        // The last line keeps its natural width.
        #expect(layout.lines[1].rect.width == 30)
    }

    @Test("hits, rects and carets see the stretched advances")
    func queriesSeeTheStretch() throws {
        let layout = try typesetter.layout("日本語のテキストです", in: TextContainer(width: 95))
        // Nine clusters (90 points) on the first line, 5 points over 8 gaps.
        #expect(layout.lineTexts == ["日本語のテキストで", "す"])
        let extra = 5.0 / 8
        #expect(layout.character(at: CGPoint(x: 10 + extra + 10 + extra / 2, y: 5))?.range == 1..<2)
        #expect(layout.character(at: CGPoint(x: 2 * (10 + extra) + 0.1, y: 5))?.range == 2..<3)
        let rect = try #require(layout.rects(for: 2..<3).first)
        #expect(abs(Double(rect.rect.minX) - 2 * (10 + extra)) < 1e-4)
        #expect(abs(Double(rect.rect.width) - (10 + extra)) < 1e-4)
        var runWidths = 0.0
        for run in layout.lines[0].runs { runWidths += Double(run.rect.width) }
        #expect(abs(runWidths - 95) < 1e-9)
    }

    @Test("Latin lines keep spreading the slack between words; a line without spaces or CJK, between clusters")
    func latinUnchanged() throws {
        let words = try typesetter.layout("aa bb cc dd", in: TextContainer(width: 100))
        #expect(stretches(words, line: 0).map(\.stretch) == [0, 0, 10, 0, 0, 10, 0, 0])
        let word = try typesetter.layout("abcdefghijkl", in: TextContainer(width: 95))
        #expect(word.lineTexts == ["abcdefghi", "jkl"])
        #expect(stretches(word, line: 0).map(\.stretch) == Array(repeating: 5.0 / 8, count: 8) + [0])
    }

    @Test("Hangul lines keep word spacing: Korean separates words with spaces")
    func hangulAtSpaces() throws {
        let layout = try typesetter.layout("한국어 문장을 나눕니다", in: TextContainer(width: 105))
        #expect(layout.lineTexts == ["한국어 문장을", "나눕니다"])
        #expect(stretches(layout, line: 0).map(\.stretch) == [0, 0, 0, 35, 0, 0, 0])
    }

    @Test("a truncated line and a paragraph's last line are not stretched")
    func truncatedAndLastLines() throws {
        let container = TextContainer(width: 95, maximumNumberOfLines: 1)
        let layout = try typesetter.layout("日本語のテキストです", in: container)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].rect.width < 95)
        let paragraphs = try typesetter.layout("日本語の\nテキストです", in: TextContainer(width: 95))
        #expect(paragraphs.lines.map(\.rect.width) == [40, 60])
    }

    @Test("measuring is unaffected: the measurement equals the layout, and justified text measures as left-aligned")
    func measurement() throws {
        let left = LabelTypesetter.fixed()
        for text in ["日本 語のテキストだよです", "漢字とkanaとSwift UIの文章、そして。", "aa bb cc dd"] {
            for width in [64.0, 95, 104, 1000] {
                let container = TextContainer(width: width)
                let measured = try typesetter.measurement(AttributedString(text), in: container)
                #expect(measured == TextMeasurement(try typesetter.layout(text, in: container)))
                #expect(measured.size == (try left.measurement(AttributedString(text), in: container)).size)
            }
        }
    }

    /// Characters for the generated paragraphs: CJK ones (ideographs, kana, fullwidth punctuation) and others
    /// (Latin letters, digits, Hangul), by the test's own account.
    static let cjk = Array("日本語漢字文章中国话東京のはがをにテキストカナー、。「」（）！？ㄅㄆ")
    static let other = Array("abcdefgxyzABC0123한국")

    @Test("every justified line but the last is as wide as the container, with equal gaps between CJK characters")
    func generatedParagraphs() throws {
        var generator = SeededNumbers(seed: 43)
        var checkedLines = 0
        var checkedGaps = 0
        for paragraphIndex in 0..<120 {
            var text = ""
            let kind = paragraphIndex % 3   // 0: CJK alone, 1: CJK with spaces, 2: mixed
            for _ in 0..<generator.next(in: 15...70) {
                let roll = generator.next(below: 100)
                if kind > 0, roll < 12 {
                    if !text.hasSuffix(" ") { text += " " }
                } else if kind == 2, roll < 45 {
                    text.append(Self.other[generator.next(below: Self.other.count)])
                } else {
                    text.append(Self.cjk[generator.next(below: Self.cjk.count)])
                }
            }
            for width in [73.0, 120, 157.5, 233] {
                let layout = try typesetter.layout(text, in: TextContainer(width: width))
                for index in layout.lines.indices.dropLast() where layout.lines[index].clusters.count > 1 {
                    #expect(abs(Double(layout.lines[index].rect.width) - width) < 1e-6, "\(text) at \(width)")
                    // A cluster whose gap to the next is between two CJK characters (or a space's) stretches by the
                    // line's one extra.
                    let clusters = stretches(layout, line: index)
                    var extras: [Double] = []
                    for (cluster, next) in zip(clusters, clusters.dropFirst()) {
                        let isCJK = { (text: String) in text.count == 1 && Self.cjk.contains(text.first ?? " ") }
                        if isCJK(cluster.text) && isCJK(next.text) { extras.append(cluster.stretch) }
                    }
                    if let first = extras.first {
                        #expect(extras.allSatisfy { abs($0 - first) < 1e-4 }, "\(text) at \(width): \(extras)")
                        // Slack to spread, unless the line's clusters (10 points each) fill it already.
                        #expect(first > 0 || 10 * Double(clusters.count) >= width - 1e-9)
                        checkedGaps += extras.count
                    }
                    // Glyphs are drawn where their clusters' boxes are: drawing and hit-testing agree.
                    for run in layout.lines[index].runs {
                        for glyph in run.glyphs {
                            let box = layout.lines[index].clusters.first { $0.range.contains(glyph.clusterOffset) }
                            #expect(box.map { abs($0.x - glyph.x) < 1e-3 } == true, "\(text) at \(width)")
                        }
                    }
                    checkedLines += 1
                }
            }
        }
        #expect(checkedLines > 500 && checkedGaps > 3000, "\(checkedLines) lines, \(checkedGaps) gaps")
    }
}

/// Deterministic pseudo-random numbers for generated test text (SplitMix64's steps).
private struct SeededNumbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (bound > 0).
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func next(in range: ClosedRange<Int>) -> Int { range.lowerBound + next(below: range.count) }
}

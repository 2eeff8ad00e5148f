import Foundation
import LabelKitInteraction
import LabelKitLayout
import LabelKitTestSupport
import LabelKitText
import Testing

/// The public views of a layout — lines → runs → glyphs and cluster boxes — read exactly what the layout holds.
@Suite("Layout views")
struct LayoutViewTests {
    static let texts = [
        "aa bb cc dd ee", "abc אבג def", "fifi fi", "a\tb\u{1}c", "first\nsecond line here", "",
        "שלום world עולם",
    ]

    static func layouts() throws -> [TextLayout] {
        let typesetter = LabelTypesetter.fixed()
        var layouts: [TextLayout] = []
        for text in texts {
            for width in [35.0, 60, 1_000] {
                layouts.append(try typesetter.layout(text, in: TextContainer(width: width)))
                layouts.append(try typesetter.layout(text, in: TextContainer(width: width, maximumNumberOfLines: 1)))
            }
        }
        return layouts
    }

    @Test("every run belongs to one line, in order, and a line's clusters are its runs' clusters left to right")
    func linesRunsAndClustersNest() throws {
        for layout in try Self.layouts() {
            let runsByLine = layout.lines.flatMap { Array($0.runs) }
            #expect(runsByLine == Array(layout.runs), "\(layout.string)")
            for line in layout.lines {
                #expect(line.runs.allSatisfy { $0.lineIndex == line.index })
                #expect(Array(line.clusters) == line.runs.flatMap { Array($0.clusters) }, "\(layout.string)")
                let xs = line.clusters.map(\.x)
                #expect(xs == xs.sorted(), "clusters left to right in \(layout.string)")
            }
        }
    }

    @Test("a run's clusters tile its box, and its glyphs lie in its text and start inside it")
    func runsHoldTheirGlyphsAndClusters() throws {
        for layout in try Self.layouts() {
            for run in layout.runs {
                let clusters = Array(run.clusters)
                if let first = clusters.first, let last = clusters.last {
                    #expect(abs(first.x - run.rect.minX) < 1e-3, "\(layout.string)")
                    #expect(abs(last.x + last.width - run.rect.maxX) < 1e-3, "\(layout.string)")
                }
                #expect(clusters.allSatisfy { $0.isInTruncationToken == run.isInTruncationToken })
                #expect(clusters.allSatisfy { run.textRange.contains($0.range.lowerBound) })
                #expect(clusters.allSatisfy { $0.isRightToLeft == (run.bidiLevel & 1 == 1) })
                var advances = 0.0
                for glyph in run.glyphs {
                    #expect(run.textRange.contains(glyph.clusterOffset), "\(layout.string)")
                    #expect(glyph.x >= run.rect.minX - 1e-3 && glyph.x <= run.rect.maxX + 1e-3)
                    #expect(glyph.y == run.baseline)
                    advances += glyph.advance
                }
                // A ligature that a line break cuts ("fif|i") keeps its glyph whole on the first line: its advance
                // is on one line, its graphemes' boxes on two. Elsewhere the glyphs' advances are the run's width.
                if !layout.string.contains("fi") {
                    #expect(abs(advances - run.rect.width) < 1e-3, "advances add up in \(layout.string)")
                }
            }
        }
    }

    @Test("the truncation token's rect is the union of its clusters on the last line, and its centre hits the token")
    func truncationTokenRect() throws {
        let typesetter = LabelTypesetter.fixed()
        var container = TextContainer(width: 80, maximumNumberOfLines: 1)
        container.truncationToken = AttributedString(" more")
        let layout = try typesetter.layout("aaa bbb ccc ddd", in: container)
        let rect = try #require(layout.truncationTokenRect)
        let last = try #require(layout.lines.last)
        let tokenClusters = last.clusters.filter(\.isInTruncationToken)
        #expect(tokenClusters.count == 5)
        #expect(rect.minX == tokenClusters.map(\.x).min() && rect.maxX == tokenClusters.map { $0.x + $0.width }.max())
        #expect(rect.minY == last.rect.minY && rect.height == last.rect.height)
        #expect(layout.isInTruncationToken(at: CGPoint(x: rect.midX, y: rect.midY)))
        #expect(try typesetter.layout("aaa", in: container).truncationTokenRect == nil)
        container.truncation = .clip
        #expect(try typesetter.layout("aaa bbb ccc ddd", in: container).truncationTokenRect == nil)
    }

    @Test("views of one layout are equal when they are the same line or run, and differ across layouts")
    func identity() throws {
        let typesetter = LabelTypesetter.fixed()
        let one = try typesetter.layout("aa bb", in: TextContainer(width: 30))
        let other = try typesetter.layout("aa bb", in: TextContainer(width: 30))
        #expect(one.lines[0] == one.lines[0] && one.lines[0] != one.lines[1])
        #expect(one.lines[0] != other.lines[0])
        #expect(one.runs[0] == one.lines[0].runs[0] && one.runs[0] != other.runs[0])
    }
}

import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Selection geometry and word segments over the multi-script corpus (Latin with URLs, Japanese, Vietnamese, emoji,
/// Arabic and Hebrew mixed with Latin), with real fonts and ICU.
@Suite("Selection over the multi-script corpus")
struct SelectionCorpusTests {
    /// A small deterministic generator for the random ranges.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return bound > 0 ? Int((state >> 33) % UInt64(bound)) : 0
        }
    }

    /// For random ranges: every rect's centre hits a selected cluster, every selected cluster's centre is in a
    /// rect, and rects of one line do not overlap.
    @Test("selection rects cover exactly the selected clusters and do not overlap")
    func selectionRectsCoverExactlyTheSelectedClusters() throws {
        var generator = Generator(state: 2026)
        var failures: [String] = []
        var checkedRanges = 0
        var checkedClusters = 0
        for label in makeCorpus(count: 1200, seed: 31) {
            let layout = try LabelTypesetter.system.layout(label.text, in: TextContainer(width: label.width))
            let length = layout.string.utf16.count
            for _ in 0..<4 {
                let start = generator.next(below: length)
                let range = start..<min(length, start + 1 + generator.next(below: 40))
                let fragments = layout.selectionRects(for: range)
                checkedRanges += 1
                func fail(_ problem: String) {
                    failures.append("\(label.kind) \(label.text.debugDescription) \(range): \(problem)")
                }
                for fragment in fragments {
                    let centre = CGPoint(x: fragment.rect.midX, y: fragment.rect.midY)
                    guard let hit = layout.character(at: centre), !hit.isInTruncationToken,
                        hit.range.overlaps(range)
                    else {
                        fail("the centre of \(fragment.rect) hits no selected cluster")
                        continue
                    }
                    if hit.lineIndex != fragment.lineIndex { fail("\(fragment.rect) is tagged with the wrong line") }
                }
                for line in layout.lines {
                    let own = fragments.filter { $0.lineIndex == line.index }.map(\.rect).sorted { $0.minX < $1.minX }
                    for (left, right) in zip(own, own.dropFirst()) where left.maxX > right.minX + 1e-9 {
                        fail("\(left) and \(right) overlap on line \(line.index)")
                    }
                    for cluster in line.clusters
                    where !cluster.isInTruncationToken && cluster.width > 0 && cluster.range.overlaps(range) {
                        checkedClusters += 1
                        let centre = CGPoint(x: cluster.x + cluster.width / 2, y: Double(line.rect.midY))
                        if !own.contains(where: { $0.contains(centre) }) {
                            fail("the selected cluster \(cluster.range) has its centre in no rect")
                        }
                    }
                }
            }
        }
        #expect(checkedRanges == 4800 && checkedClusters > 20_000)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
    }

    @Test("word segments tile every corpus text and fall between grapheme clusters (Swift's Characters)")
    func wordSegmentsTileTheCorpus() throws {
        var failures: [String] = []
        for label in makeCorpus(count: 2000, seed: 12) {
            let layout = try LabelTypesetter.system.layout(label.text)
            let string = layout.string
            let clusterBoundaries = Set(string.indices.map { $0.utf16Offset(in: string) } + [string.utf16.count])
            var expectedStart = 0
            for segment in layout.words().segments {
                let boundaryIsCluster = clusterBoundaries.contains(segment.range.upperBound)
                if segment.range.lowerBound != expectedStart || segment.range.isEmpty || !boundaryIsCluster {
                    failures.append("\(label.text.debugDescription): \(segment.range)")
                    break
                }
                expectedStart = segment.range.upperBound
            }
            if expectedStart != layout.string.utf16.count {
                failures.append("\(label.text.debugDescription) ends at \(expectedStart)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(5))")
    }
}

import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// The layout cache's fast paths and layouts made on many threads at once give exactly what one serial, uncached
/// typesetter gives, label by label, on the multi-script corpus with real fonts.
@Suite("Cached and concurrent layouts equal serial ones")
struct LayoutCacheAgreementTests {
    static let labels = makeCorpus(count: 300, seed: 2026)
    static let lineLimits = [0, 2]

    /// The widths a label is laid out at: its corpus width, a narrow one and no limit.
    static func widths(of label: CorpusLabel) -> [Double?] { [label.width, 130, nil] }

    @Test(
        "measurement through the cache — a miss, then hits answered from the cache's own record — equals the uncached measurement and the layout"
    )
    func cachedMeasurementsEqualUncached() throws {
        let typesetter = LabelTypesetter.system
        let cache = TextLayoutCache(typesetter: typesetter, countLimit: 10_000, byteLimit: 1 << 30)
        var requests = 0
        for label in Self.labels {
            for width in Self.widths(of: label) {
                for lines in Self.lineLimits {
                    let uncached = try typesetter.measurement(label.text, width: width, numberOfLines: lines)
                    let drawn = try typesetter.layout(
                        label.text, in: TextContainer(width: width, maximumNumberOfLines: lines))
                    #expect(uncached == TextMeasurement(drawn), "\(label.text) at \(String(describing: width))")
                    for _ in 0..<3 {
                        let cached = try cache.measurement(label.text, width: width, numberOfLines: lines)
                        #expect(cached == uncached, "\(label.text) at \(String(describing: width)), \(lines) lines")
                        requests += 1
                    }
                }
            }
        }
        let statistics = cache.statistics
        // Every label, width and limit missed once and was a hit twice: the fast path answered two thirds.
        #expect(statistics.misses * 3 == requests && statistics.hits * 3 == requests * 2)
    }

    @Test("layouts through the cache — the miss that makes them and the hits that return them — equal uncached layouts")
    func cachedLayoutsEqualUncached() throws {
        var uncached = LabelTypesetter.system
        uncached.context = TypesettingContext(wordCache: nil)
        let cache = TextLayoutCache(typesetter: .system, countLimit: 10_000, byteLimit: 1 << 30)
        for label in Self.labels {
            for width in Self.widths(of: label) {
                let container = TextContainer(width: width, maximumNumberOfLines: 3)
                let expected = LayoutSnapshot(try uncached.layout(label.text, in: container))
                let made = try cache.layout(label.text, in: container)
                let hit = try cache.layout(label.text, in: container)
                #expect(hit === made)
                #expect(LayoutSnapshot(made) == expected, "\(label.text) at \(String(describing: width))")
            }
        }
        #expect(cache.statistics.hits == Self.labels.count * 3)
    }

    @Test("layouts, measurements and cache use from eight threads at once equal the serial results, label by label")
    func concurrentResultsEqualSerial() async throws {
        let typesetter = LabelTypesetter.system
        let labels = Array(Self.labels.prefix(120))
        let serial = try labels.map { label in
            LayoutSnapshot(try typesetter.layout(label.text, in: TextContainer(width: label.width)))
        }
        // A small cache, so that threads also evict what others read.
        let cache = TextLayoutCache(typesetter: typesetter, countLimit: 40)
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches: [String] = []
                    for step in 0..<labels.count {
                        let index = (step * 7 + task * 13) % labels.count
                        let label = labels[index]
                        let container = TextContainer(width: label.width)
                        let direct = LayoutSnapshot(try typesetter.layout(label.text, in: container))
                        let cached = LayoutSnapshot(try cache.layout(label.text, in: container))
                        let measured = try cache.measurement(label.text, width: label.width)
                        if direct != serial[index] { mismatches.append("layout of label \(index)") }
                        if cached != serial[index] { mismatches.append("cached layout of label \(index)") }
                        if measured.size != serial[index].size || measured.lineCount != serial[index].lines.count {
                            mismatches.append("cached size of label \(index)")
                        }
                    }
                    return mismatches
                }
            }
            var all: [String] = []
            for try await mismatches in group { all += mismatches }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(cache.statistics.hits + cache.statistics.misses == 8 * labels.count * 2)
    }
}

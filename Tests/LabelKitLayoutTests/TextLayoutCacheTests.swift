import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

/// The layout cache over the fixed test font: hits return the very layout made on the miss, keys cover the text and
/// the whole container, and the count and byte limits hold under eviction and under concurrent use.
@Suite("Layout cache")
struct TextLayoutCacheTests {
    @Test("the second request for the same text and container is a hit returning the same layout")
    func hit() throws {
        let cache = TextLayoutCache(typesetter: .fixed())
        let first = try cache.layout("aaa bbb ccc", in: TextContainer(width: 75))
        let second = try cache.layout("aaa bbb ccc", in: TextContainer(width: 75))
        #expect(first === second)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1 && cache.statistics.count == 1)
        #expect(first.lines.count == 2)
    }

    @Test("another text, width, line limit, inset or attributed text is a miss")
    func miss() throws {
        let cache = TextLayoutCache(typesetter: .fixed())
        let base = try cache.layout("aaa bbb ccc", in: TextContainer(width: 75))
        #expect(try cache.layout("aaa bbb ccd", in: TextContainer(width: 75)) !== base)
        #expect(try cache.layout("aaa bbb ccc", in: TextContainer(width: 76)) !== base)
        #expect(try cache.layout("aaa bbb ccc", in: TextContainer(width: 75, maximumNumberOfLines: 1)) !== base)
        #expect(try cache.layout("aaa bbb ccc", in: TextContainer(width: 75, insets: EdgeInsets(left: 1))) !== base)
        var attributed = AttributedString("aaa bbb ccc")
        attributed.link = URL(string: "https://example.com")
        let linked = try cache.layout(attributed, in: TextContainer(width: 75))
        #expect(linked !== base && linked.links.count == 1)
        #expect(cache.statistics.misses == 6 && cache.statistics.hits == 0)
    }

    @Test("NFC and NFD spellings of a text are different keys: they shape differently")
    func canonicalEquivalentsAreDifferentKeys() throws {
        let cache = TextLayoutCache(typesetter: .fixed())
        let composed = try cache.layout("Vi\u{1EC7}t", in: TextContainer(width: 100))
        let decomposed = try cache.layout("Vie\u{323}\u{302}t", in: TextContainer(width: 100))
        #expect(composed !== decomposed)
        #expect(composed.utf16Count == 4 && decomposed.utf16Count == 6)
    }

    @Test("beyond the count limit the least recently used layout goes first")
    func evictionByCount() throws {
        let cache = TextLayoutCache(typesetter: .fixed(), countLimit: 3)
        let a = try cache.layout("a", in: TextContainer(width: 100))
        _ = try cache.layout("b", in: TextContainer(width: 100))
        _ = try cache.layout("c", in: TextContainer(width: 100))
        #expect(try cache.layout("a", in: TextContainer(width: 100)) === a)   // "a" is now referenced
        _ = try cache.layout("d", in: TextContainer(width: 100))   // evicts "b", the oldest unreferenced
        #expect(cache.statistics.count == 3 && cache.statistics.evictions == 1)
        #expect(try cache.layout("a", in: TextContainer(width: 100)) === a)
        let hitsBefore = cache.statistics.hits
        _ = try cache.layout("b", in: TextContainer(width: 100))
        #expect(cache.statistics.hits == hitsBefore)   // "b" was evicted: a miss
    }

    @Test("the byte limit holds, and a layout larger than the whole limit is returned but not kept")
    func byteBound() throws {
        let probe = try LabelTypesetter.fixed().layout("abcdefghij", in: TextContainer(width: 1000))
        let limit = probe.estimatedByteCount * 3
        let cache = TextLayoutCache(typesetter: .fixed(), countLimit: 1000, byteLimit: limit)
        for index in 0..<20 {
            _ = try cache.layout("abcdefghi\(index % 10)", in: TextContainer(width: 1000))
            #expect(cache.statistics.byteCount <= limit)
        }
        #expect(cache.statistics.count >= 1 && cache.statistics.count <= 3 && cache.statistics.evictions > 0)
        let huge = String(repeating: "x ", count: 2_000)
        let layout = try cache.layout(huge, in: TextContainer(width: 1000))
        #expect(layout.lines.count > 1 && cache.statistics.byteCount <= limit)
    }

    @Test("removeAll empties the cache and its statistics")
    func removeAll() throws {
        let cache = TextLayoutCache(typesetter: .fixed())
        _ = try cache.layout("a", in: TextContainer(width: 100))
        cache.removeAll()
        #expect(cache.statistics == TextLayoutCacheStatistics())
    }

    @Test("concurrent requests from many tasks equal the serial layouts label by label and keep within the limit")
    func concurrency() async throws {
        let typesetter = LabelTypesetter.fixed()
        let cache = TextLayoutCache(typesetter: typesetter, countLimit: 16)
        // Labels of one to five lines at 60 pt, so that a mix-up between two of them shows.
        let texts = (0..<32).map { "label \($0) " + String(repeating: "ab ", count: $0 % 5 * 2) + "end" }
        let container = TextContainer(width: 60)
        let serial = try texts.map { try typesetter.layout($0, in: container) }
        #expect(Set(serial.map(\.lines.count)).count >= 4)
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches: [String] = []
                    for round in 0..<50 {
                        let index = (task * 7 + round) % texts.count
                        let expected = serial[index]
                        let layout = try cache.layout(texts[index], in: container)
                        if layout.lineTexts != expected.lineTexts || layout.size != expected.size
                            || layout.lines.map(\.rect) != expected.lines.map(\.rect)
                        {
                            mismatches.append("layout of \(texts[index])")
                        }
                        let measured = try cache.measurement(texts[index], width: 60)
                        if measured != TextMeasurement(expected) { mismatches.append("size of \(texts[index])") }
                    }
                    return mismatches
                }
            }
            var all: [String] = []
            for try await mismatches in group { all += mismatches }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        let statistics = cache.statistics
        #expect(statistics.count <= 16 && statistics.hits + statistics.misses == 800)
    }
}

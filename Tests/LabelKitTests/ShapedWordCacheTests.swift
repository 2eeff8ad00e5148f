import Foundation
import LabelKit
import Testing

@Suite("Shaped word cache")
struct ShapedWordCacheTests {
    static let texts = [
        "The office of Dr. Waffle — fine fluffy AVA Type, 1,234.56 km/h, again: The office of Dr. Waffle",
        "مرحبا بالعالم، هذا نص عربي مرحبا بالعالم",
        "שלום עולם, זה טקסט בעברית שלום",
        "Xin chào 👋🏽 Việt Nam 🇻🇳 người những được Xin chào",
        "決済をしたと同時に利用規約に同意したとみなします。 利用規約",
    ]

    @Test("layouts through the word cache equal layouts without it, glyph for glyph")
    func sameGlyphs() throws {
        let cache = ShapedWordCache(capacity: 1_000)
        var cached = LabelTypesetter.system
        cached.wordCache = cache
        var uncached = LabelTypesetter.system
        uncached.wordCache = nil
        for text in Self.texts {
            for width in [120.0, 250, 1_000] {
                // Twice: the second layout is served from the cache.
                for _ in 0..<2 {
                    let a = try cached.layout(text, in: TextContainer(width: width))
                    let b = try uncached.layout(text, in: TextContainer(width: width))
                    #expect(a.lines.map(\.textRange) == b.lines.map(\.textRange), "\(text) at \(width)")
                    #expect(a.size == b.size)
                    let glyphsA = a.runs.flatMap(\.glyphs)
                    let glyphsB = b.runs.flatMap(\.glyphs)
                    #expect(glyphsA.map(\.glyphID) == glyphsB.map(\.glyphID), "\(text)")
                    let drift = zip(glyphsA, glyphsB).map { abs($0.position.x - $1.position.x) }.max() ?? 0
                    #expect(drift < 0.001, "\(text)")
                }
            }
        }
        #expect(cache.count > 0)
    }

    @Test("the cache stays within its capacity")
    func bounded() throws {
        let cache = ShapedWordCache(capacity: 100)
        var typesetter = LabelTypesetter.system
        typesetter.wordCache = cache
        let words = (0..<1_000).map { "w\($0)x" }.joined(separator: " ")
        _ = try typesetter.layout(words, in: TextContainer(width: 300))
        #expect(cache.count <= 100)
        #expect(cache.count >= 50)
        cache.removeAll()
        #expect(cache.count == 0)
    }
}

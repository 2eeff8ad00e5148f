import Foundation
import LabelKit
import LabelKitCorpus
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

    /// Lays each text out at each width twice through `cache` (the second time served from it) and once without a
    /// word cache, and expects the same lines, size, glyphs, clusters and positions.
    /// The system typesetter with `cache` for its words.
    static func typesetter(caching cache: ShapedWordCache) -> LabelTypesetter {
        var typesetter = LabelTypesetter.system
        typesetter.wordCache = cache
        return typesetter
    }

    static func expectSameAsUncached(_ texts: [String], widths: [Double], cache: ShapedWordCache) throws {
        var cached = LabelTypesetter.system
        cached.wordCache = cache
        var uncached = LabelTypesetter.system
        uncached.wordCache = nil
        for text in texts {
            for width in widths {
                for _ in 0..<2 {
                    let a = try cached.layout(text, in: TextContainer(width: width))
                    let b = try uncached.layout(text, in: TextContainer(width: width))
                    #expect(a.lines.map(\.textRange) == b.lines.map(\.textRange), "\(text) at \(width)")
                    #expect(a.size == b.size, "\(text) at \(width)")
                    let glyphsA = a.runs.flatMap(\.glyphs)
                    let glyphsB = b.runs.flatMap(\.glyphs)
                    #expect(glyphsA.map(\.glyphID) == glyphsB.map(\.glyphID), "\(text)")
                    #expect(glyphsA.map(\.clusterOffset) == glyphsB.map(\.clusterOffset), "\(text)")
                    let drift = zip(glyphsA, glyphsB).map { abs($0.position.x - $1.position.x) }.max() ?? 0
                    #expect(drift < 0.001, "\(text)")
                }
            }
        }
    }

    @Test("layouts through the word cache equal layouts without it, glyph for glyph")
    func sameGlyphs() throws {
        let cache = ShapedWordCache(capacity: 1_000)
        try Self.expectSameAsUncached(Self.texts, widths: [120, 250, 1_000], cache: cache)
        #expect(cache.count > 0)
    }

    /// Text without spaces is cached by its shaping segments (one per script), never as a whole word.
    static let longWords = [
        "決済をしたと同時に利用規約に同意したとみなします利用規約ダウンロードは今日ｶﾀｶﾅ！。",
        "今日はiPhoneでダウンロードした写真をｶﾀｶﾅで整理しました、２０２６年。",
        "前 \u{3099}がぎぐげごダウンロードダウンロードダウンロードダウンロードダウンロード",
        "a \u{301}b c \u{308}\u{301}d — e\u{301} f",
        "مرحباWorldمرحباWorldمرحباWorldمرحباWorldمرحبا",
        "中文没有空格所以整段文字就是一个很长的词語，標點符號也在其中。",
    ]

    @Test("text without spaces through the cache, segment by segment, equals shaping it whole, glyph for glyph")
    func longWordsSameGlyphs() throws {
        let japanese = makeCorpus(count: 400, seed: 15).filter { $0.kind == .japanese }.map(\.text)
        #expect(japanese.count > 50)
        try Self.expectSameAsUncached(
            Self.longWords + japanese, widths: [90, 300], cache: ShapedWordCache(capacity: 10_000))
    }

    @Test("corpus labels of every kind, links among them, lay out through the cache as without it, glyph for glyph")
    func corpusSameGlyphs() throws {
        let labels = makeCorpus(count: 300, seed: 16).map(\.text)
        #expect(labels.contains { $0.contains("https://") })
        try Self.expectSameAsUncached(labels, widths: [120, 400], cache: ShapedWordCache(capacity: 10_000))
    }

    @Test("a Japanese sentence without spaces leaves its script segments in the cache")
    func japaneseSegmentsAreCached() throws {
        let cache = ShapedWordCache(capacity: 1_000)
        let typesetter = Self.typesetter(caching: cache)
        // 30 units, no space: too long to be one cached word; kanji, hiragana and katakana segments alternate.
        let sentence = "今日はダウンロードした写真を整理しました利用規約に同意しました"
        #expect(sentence.utf16.count > ShapedWordCache.maximumWordLength)
        _ = try typesetter.layout(sentence, in: TextContainer(width: 200))
        let afterFirst = cache.count
        #expect(afterFirst >= 8)
        // The same segments again: nothing new is stored.
        _ = try typesetter.layout(sentence + "今日は", in: TextContainer(width: 200))
        #expect(cache.count == afterFirst)
    }

    @Test("a link, one long Latin segment, is cached whole and shapes as it does uncached")
    func linksAreCached() throws {
        let cache = ShapedWordCache(capacity: 1_000)
        let typesetter = Self.typesetter(caching: cache)
        let link = "https://very-long-subdomain.example.co.uk/path/to/a/really/deep/resource.html"
        #expect(link.utf16.count > ShapedWordCache.maximumWordLength)
        #expect(link.utf16.count <= ShapedWordCache.maximumSegmentLength)
        _ = try typesetter.layout("see " + link, in: TextContainer(width: 200))
        let afterFirst = cache.count
        // "see " and the link.
        #expect(afterFirst == 2)
        _ = try typesetter.layout("look " + link, in: TextContainer(width: 200))
        #expect(cache.count == afterFirst + 1)   // only "look " is new
        try Self.expectSameAsUncached(
            [link, "see " + link + " and " + link, "a\u{301}" + link], widths: [60, 200, 900],
            cache: ShapedWordCache(capacity: 100))
    }

    @Test("the cache stays within its capacity")
    func bounded() throws {
        let cache = ShapedWordCache(capacity: 100)
        let typesetter = Self.typesetter(caching: cache)
        let words = (0..<1_000).map { "w\($0)x" }.joined(separator: " ")
        _ = try typesetter.layout(words, in: TextContainer(width: 300))
        #expect(cache.count <= 100)
        #expect(cache.count >= 50)
        cache.removeAll()
        #expect(cache.count == 0)
    }
}

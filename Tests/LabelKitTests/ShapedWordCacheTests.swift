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

    /// The system typesetter with `cache` for its words.
    static func typesetter(caching cache: ShapedWordCache) -> LabelTypesetter {
        var typesetter = LabelTypesetter.system
        typesetter.context = TypesettingContext(wordCache: cache)
        return typesetter
    }

    /// Lays each text out at each width twice through `cache` (the second time served from it) and once without a
    /// word cache, and expects the same lines, size, glyphs, clusters and positions.
    static func expectSameAsUncached(_ texts: [String], widths: [Double], cache: ShapedWordCache) throws {
        var cached = LabelTypesetter.system
        cached.context = TypesettingContext(wordCache: cache)
        var uncached = LabelTypesetter.system
        uncached.context = TypesettingContext(wordCache: nil)
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

    @Test("labels in the world's other scripts lay out through the cache as without it, glyph for glyph")
    func worldScriptsSameGlyphs() throws {
        let labels = makeCorpus(count: 540, seed: 16, kinds: CorpusKind.world).map(\.text)
        try Self.expectSameAsUncached(labels, widths: [120, 400], cache: ShapedWordCache(capacity: 10_000))
    }

    @Test("Thai and Khmer, without spaces between words, are cached word by word as the dictionary finds them")
    func dictionaryWordsAreCached() throws {
        let cache = ShapedWordCache(capacity: 1_000)
        let typesetter = Self.typesetter(caching: cache)
        // วันนี้ อากาศ ดี มาก ("the weather is very good today"), then the same words in another order.
        _ = try typesetter.layout("วันนี้อากาศดีมาก", in: TextContainer(width: 400))
        let afterFirst = cache.count
        #expect(afterFirst >= 3)
        _ = try typesetter.layout("อากาศดีมากวันนี้", in: TextContainer(width: 400))
        #expect(cache.count == afterFirst)
        // ខ្ញុំ ស្រឡាញ់ ភាសា ខ្មែរ ("I love the Khmer language"), then two of its words.
        _ = try typesetter.layout("ខ្ញុំស្រឡាញ់ភាសាខ្មែរ", in: TextContainer(width: 400))
        let afterKhmer = cache.count
        _ = try typesetter.layout("ភាសាខ្មែរ", in: TextContainer(width: 400))
        #expect(cache.count == afterKhmer)
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

    /// `count` distinct words, each ending in a space, for one layout: `w0x w1x …` with the given letter.
    static func distinctWords(_ count: Int, letter: Character = "w") -> String {
        (0..<count).map { "\(letter)\($0)x " }.joined()
    }

    @Test("the cache stays within its capacity, and holds all of it once full")
    func bounded() throws {
        let cache = ShapedWordCache(capacity: 100)
        let typesetter = Self.typesetter(caching: cache)
        _ = try typesetter.layout(Self.distinctWords(1_000), in: TextContainer(width: 300))
        #expect(cache.count == 100)
        #expect(cache.statistics.evictions == 900)
        cache.removeAll()
        #expect(cache.count == 0)
        let statistics = cache.statistics
        #expect(statistics.hits == 0 && statistics.misses == 0 && statistics.evictions == 0)
    }

    @Test("a vocabulary just under the capacity, asked for again and again, is found whole every time after the first")
    func vocabularyUnderTheCapacityStays() throws {
        let cache = ShapedWordCache(capacity: 100)
        let typesetter = Self.typesetter(caching: cache)
        // 90 words in three labels of 30, laid out in turn five times: 90 misses the first time, none after. (A
        // cache that keeps only the latest half of its capacity lost a third of these words on every round.)
        let labels = (0..<3).map { part in
            (0..<30).map { "w\(part * 30 + $0)x " }.joined()
        }
        for label in labels { _ = try typesetter.layout(label, in: TextContainer(width: 300)) }
        let afterFirst = cache.statistics
        #expect(afterFirst.misses == 90)
        for _ in 0..<4 {
            for label in labels { _ = try typesetter.layout(label, in: TextContainer(width: 300)) }
        }
        #expect(cache.statistics.misses == afterFirst.misses)
        #expect(cache.statistics.hits == afterFirst.hits + 4 * 90)
        #expect(cache.count == 90)
    }

    @Test("after a stream of twenty times its capacity of new words, the cache finds every word it holds")
    func churnKeepsEveryHeldWordFindable() throws {
        // Every new word past the hundredth evicts one: its index loses a position and closes the gap behind it. If a
        // removal left a word unreachable, the last hundred words (the ones held) would miss when asked for again.
        let cache = ShapedWordCache(capacity: 100)
        let typesetter = Self.typesetter(caching: cache)
        let words = (0..<2_000).map { "c\($0)q\(String(repeating: "z", count: $0 % 7)) " }
        for start in stride(from: 0, to: words.count, by: 40) {
            _ = try typesetter.layout(words[start..<start + 40].joined(), in: TextContainer(width: 300))
        }
        #expect(cache.count == 100)
        let before = cache.statistics
        _ = try typesetter.layout(words.suffix(100).joined(), in: TextContainer(width: 300))
        #expect(cache.statistics.misses == before.misses)
        #expect(cache.statistics.hits == before.hits + 100)
        try Self.expectSameAsUncached(
            [words.suffix(100).joined(), words.prefix(30).joined()], widths: [300], cache: cache)
    }

    @Test("a word asked for again survives a stream of new words; a word never asked for again does not")
    func askedWordsSurvive() throws {
        let cache = ShapedWordCache(capacity: 100)
        let typesetter = Self.typesetter(caching: cache)
        func misses(_ text: String) throws -> Int {
            let before = cache.statistics.misses
            _ = try typesetter.layout(text, in: TextContainer(width: 300))
            return cache.statistics.misses - before
        }
        #expect(try misses("keep ") == 1)
        #expect(try misses(Self.distinctWords(99)) == 99)   // w0x … w98x: the cache is full
        #expect(try misses("keep ") == 0)   // asked for again
        #expect(try misses(Self.distinctWords(50, letter: "v")) == 50)   // fifty new words replace fifty old ones
        #expect(cache.count == 100)
        #expect(try misses("keep ") == 0)
        #expect(try misses("w0x ") == 1)   // the oldest word never asked for again is gone
        #expect(try misses("w98x ") == 0)   // the newest is still there
    }
}

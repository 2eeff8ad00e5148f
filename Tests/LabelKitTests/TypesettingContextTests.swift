import Foundation
import LabelKit
import Testing

/// What a typesetter keeps from layout to layout lives in its context, and only there.
@Suite("Typesetting contexts")
struct TypesettingContextTests {
    /// Latin words, Japanese (drawn by a fallback face: DejaVu Sans has no kana) and an emoji.
    static let text = "Hello world, こんにちは世界 👋🏽 hello again"

    static func typesetter(_ context: TypesettingContext) -> LabelTypesetter {
        LabelTypesetter(fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer(), context: context)
    }

    /// The address of a layout's faces table: equal for layouts that share one table.
    static func facesTable(of layout: TextLayout) -> UnsafeRawPointer? {
        layout.faces.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("two typesetters with separate contexts share nothing: what one keeps, the other neither holds nor finds")
    func separateContextsShareNothing() throws {
        let first = TypesettingContext()
        let second = TypesettingContext()
        let firstWords = try #require(first.wordCache)
        let secondWords = try #require(second.wordCache)

        let fromFirst = try Self.typesetter(first).layout(Self.text, in: TextContainer(width: 200))
        // The first context keeps shaped words, a set of scratch buffers with the fallback answers for the Japanese and
        // the emoji, and the layout's face and metrics tables.
        #expect(firstWords.count > 0)
        #expect(first.scratchSetCount == 1)
        #expect(first.keptFallbackAnswerCount > 0)
        #expect(first.sharedTableCount.faces == 1 && first.sharedTableCount.metrics == 1)
        // The second holds none of it.
        #expect(secondWords.count == 0)
        #expect(second.scratchSetCount == 0)
        #expect(second.keptFallbackAnswerCount == 0)
        #expect(second.sharedTableCount.faces == 0 && second.sharedTableCount.metrics == 0)

        // The same text through the second typesetter finds nothing the first shaped: every lookup the first missed,
        // the second misses too, and the first context sees no lookup at all.
        let firstStatistics = firstWords.statistics
        let fromSecond = try Self.typesetter(second).layout(Self.text, in: TextContainer(width: 200))
        #expect(secondWords.statistics.misses == firstStatistics.misses)
        #expect(secondWords.statistics.hits == firstStatistics.hits, "only repeats within the text itself hit")
        #expect(firstWords.statistics == firstStatistics)
        #expect(secondWords.count == firstWords.count)
        // Equal layouts, each with its own tables.
        #expect(fromSecond.lines.map(\.textRange) == fromFirst.lines.map(\.textRange))
        #expect(fromSecond.size == fromFirst.size)
        #expect(Self.facesTable(of: fromSecond) != Self.facesTable(of: fromFirst))
    }

    @Test("typesetters handed one context share it: the second finds every word the first shaped, and its tables")
    func sharedContextIsShared() throws {
        let context = TypesettingContext()
        let words = try #require(context.wordCache)
        let body = Self.typesetter(context)
        var caption = Self.typesetter(context)
        caption.style = TextStyle(fontSize: 15)
        let first = try body.layout(Self.text, in: TextContainer(width: 200))
        let missesAfterFirst = words.statistics.misses
        let countAfterFirst = words.count
        let second = try caption.layout(Self.text, in: TextContainer(width: 300))
        #expect(words.statistics.misses == missesAfterFirst, "no word shaped again")
        #expect(words.count == countAfterFirst)
        #expect(context.scratchSetCount == 1, "one layout at a time: one set of scratch buffers, reused")
        #expect(Self.facesTable(of: second) == Self.facesTable(of: first))
    }

    @Test("a context without a word cache shapes every word anew and still keeps its scratch buffers")
    func noWordCache() throws {
        let context = TypesettingContext(wordCache: nil)
        let cached = try Self.typesetter(TypesettingContext()).layout(Self.text)
        let uncached = try Self.typesetter(context).layout(Self.text)
        #expect(
            uncached.runs.map { Array($0.glyphs.map(\.glyphID)) } == cached.runs.map { Array($0.glyphs.map(\.glyphID)) }
        )
        #expect(context.scratchSetCount == 1)
    }

    @Test("removeAll empties everything a context keeps; earlier layouts keep working")
    func removeAllEmpties() throws {
        let context = TypesettingContext()
        let layout = try Self.typesetter(context).layout(Self.text, in: TextContainer(width: 200))
        context.removeAll()
        #expect(context.wordCache?.count == 0)
        #expect(context.scratchSetCount == 0)
        #expect(context.keptFallbackAnswerCount == 0)
        #expect(context.sharedTableCount.faces == 0 && context.sharedTableCount.metrics == 0)
        #expect(layout.character(at: CGPoint(x: 1, y: 5))?.range == 0..<1)
        #expect(try Self.typesetter(context).layout(Self.text, in: TextContainer(width: 200)).size == layout.size)
    }

    @Test(
        "LabelTypesetter.system typesetters share the documented system context; a typesetter made without one owns its own"
    )
    func systemContextIsShared() {
        #expect(LabelTypesetter.system.context === TypesettingContext.system)
        #expect(LabelTypesetter.system(style: TextStyle(fontSize: 20)).context === TypesettingContext.system)
        let own = LabelTypesetter(fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared)
        let other = LabelTypesetter(fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared)
        #expect(own.context !== TypesettingContext.system)
        #expect(own.context !== other.context)
        var copy = own
        copy.style = TextStyle(fontSize: 30)
        #expect(copy.context === own.context, "a copy of a typesetter keeps its context")
    }
}

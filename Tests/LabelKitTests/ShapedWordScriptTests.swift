import Foundation
import LabelKit
import Testing

/// A word with no letter of its own (digits, brackets) takes the script of the run around it when the run is shaped
/// whole, but is shaped as script Common (OpenType's `DFLT`) when the word cache shapes it alone. Fonts whose `DFLT`
/// and `latn` lookups differ then draw other glyphs: Noto Sans CJK JP substitutes its Latin digits only under `latn`.
/// Found by `SharedCacheConcurrencyTests`. The typesetter therefore shapes and caches such a word behind the nearest
/// letter before it (after it, at the start of a run), which gives it the script it has inside the run.
@Suite("Shaped words without a script of their own")
struct ShapedWordScriptTests {
    @Test("digits between Latin words in Noto Sans CJK JP get the same glyphs with and without the word cache")
    func digitsBetweenLatinWords() throws {
        let style = TextStyle(fontFamily: "Noto Sans CJK JP", fontSize: 17)
        var cached = LabelTypesetter.system(style: style)
        cached.context = TypesettingContext(wordCache: ShapedWordCache(capacity: 64))
        var whole = LabelTypesetter.system(style: style)
        whole.context = TypesettingContext(wordCache: nil)
        for text in [
            "today 3.5 test", "a 2026 b", "a (3) b", "3 apples", "“quoted” words", "x 3日本 y", "(12) 34 56", "99",
        ] {
            let wordByWord = try cached.layout(text).runs.flatMap(\.glyphs).map(\.glyphID)
            let inTheRun = try whole.layout(text).runs.flatMap(\.glyphs).map(\.glyphID)
            #expect(wordByWord == inTheRun, "\(text)")
        }
    }
}

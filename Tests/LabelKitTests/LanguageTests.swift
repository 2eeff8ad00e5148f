import Foundation
import LabelKit
import Testing

/// The language of a run, through fallback (fontconfig's `FC_LANG`) and shaping (HarfBuzz's language, `locl`), with
/// the installed fonts: DejaVu Sans and Noto Sans CJK (fonts-noto-cjk).
@Suite("Language of the text")
struct LanguageTests {
    /// The face and glyph of the first glyph of `character`'s cluster in `layout`.
    static func faceAndGlyph(of character: Character, in layout: TextLayout, text: String) throws
        -> (family: String, file: FontFile?, glyph: UInt32)
    {
        let index = try #require(text.firstIndex(of: character))
        let offset = text.utf16.distance(from: text.startIndex, to: index)
        let run = try #require(layout.runs.first { $0.textRange.contains(offset) })
        let glyph = try #require(run.glyphs.first { $0.clusterOffset == offset })
        return (run.face.familyName, run.face.file, glyph.glyphID)
    }

    /// A typesetter of its own (a fresh context), so that no test sees another's kept answers.
    static func typesetter(language: String? = nil, family: String = "DejaVu Sans") throws -> LabelTypesetter {
        var style = TextStyle(fontFamily: family)
        style.language = try language.map { try LanguageTag($0) }
        return LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: style,
            context: TypesettingContext())
    }

    static func shaped(_ text: String, _ character: Character, language: String?, family: String = "DejaVu Sans")
        throws -> (family: String, file: FontFile?, glyph: UInt32)
    {
        let layout = try typesetter(language: language, family: family).layout(text)
        return try faceAndGlyph(of: character, in: layout, text: text)
    }

    @Test("直 in Japanese comes from Noto Sans CJK JP and in Simplified Chinese from SC, with other glyphs")
    func hanInJapaneseAndSimplifiedChinese() throws {
        let japanese = try Self.shaped("直角", "直", language: "ja")
        let chinese = try Self.shaped("直角", "直", language: "zh-Hans")
        #expect(japanese.family == "Noto Sans CJK JP")
        #expect(chinese.family == "Noto Sans CJK SC")
        #expect(japanese.file != chinese.file, "one file, other faces of it")
        #expect(japanese.glyph != chinese.glyph)
    }

    @Test("骨 in Traditional Chinese comes from Noto Sans CJK TC, with another glyph than in Japanese")
    func boneInTraditionalChinese() throws {
        let japanese = try Self.shaped("骨", "骨", language: "ja")
        let traditional = try Self.shaped("骨", "骨", language: "zh-Hant")
        #expect(traditional.family == "Noto Sans CJK TC")
        #expect(traditional.glyph != japanese.glyph)
    }

    @Test("each Chinese tag reaches the face its readers expect, and Korean reaches KR")
    func chineseRegionsAndKorean() throws {
        let expected: [(String, String)] = [
            ("zh", "SC"), ("zh-CN", "SC"), ("zh-SG", "SC"), ("zh-Hans", "SC"), ("zh-Hans-HK", "SC"),
            ("zh-TW", "TC"), ("zh-Hant", "TC"), ("zh-HK", "HK"), ("zh-MO", "HK"), ("zh-Hant-HK", "HK"),
            ("ja", "JP"), ("ja-JP", "JP"), ("ko", "KR"), ("ko-KR", "KR"),
        ]
        for (tag, region) in expected {
            #expect(try Self.shaped("角", "角", language: tag).family == "Noto Sans CJK \(region)", "\(tag)")
        }
    }

    @Test("without a language the face is the one chosen before languages existed, the same as with none given")
    func noLanguageIsUnchanged() throws {
        let text = "直 Serbian б, Arabic مرحبا, 😀 and 骨"
        let plain = try LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: TextStyle(),
            context: TypesettingContext()
        ).layout(text)
        let none = try Self.typesetter(language: nil).layout(AttributedString(text))
        #expect(plain.runs.map(\.face.familyName) == none.runs.map(\.face.familyName))
        #expect(plain.runs.flatMap(\.glyphs).map(\.glyphID) == none.runs.flatMap(\.glyphs).map(\.glyphID))
        #expect(plain.runs.allSatisfy { $0.style.language == nil })
        // fontconfig's own answer, asked outside LabelKit with no language, is the face the label uses for 直.
        if let oracle = try Self.fcMatchFamily("DejaVu Sans:charset=76f4") {
            #expect(try Self.faceAndGlyph(of: "直", in: plain, text: text).family == oracle)
        }
    }

    /// The first family of `fc-match`'s answer for `pattern`, or nil without the tool.
    static func fcMatchFamily(_ pattern: String) throws -> String? {
        let tool = "/usr/bin/fc-match"
        guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-f", "%{family[0]}", pattern]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("Serbian б takes DejaVu Sans' localized form (locl), Russian б the default one")
    func serbianLocalizedForm() throws {
        let serbian = try Self.shaped("баба", "б", language: "sr")
        let russian = try Self.shaped("баба", "б", language: "ru")
        let none = try Self.shaped("баба", "б", language: nil)
        #expect(serbian.family == "DejaVu Sans")
        #expect(serbian.glyph != russian.glyph)
        #expect(russian.glyph == none.glyph)
        #expect(try Self.shaped("баба", "б", language: "mk").glyph == serbian.glyph, "Macedonian shares the form")
    }

    @Test("a run's language attribute overrides the label's, and a change of language splits the run")
    func runAttributeSplitsRuns() throws {
        var text = AttributedString("баба баба")
        let second = try #require(text.range(of: "баба", options: .backwards))
        text[second].labelKit.language = try LanguageTag("sr")
        let layout = try Self.typesetter(language: "ru").layout(text)
        #expect(layout.runs.count == 2)
        #expect(layout.runs.map { $0.style.language?.identifier } == ["ru", "sr"])
        let glyphs = layout.runs.map { Array($0.glyphs.map(\.glyphID)) }
        #expect(glyphs[0].first != glyphs[1].first, "б in Russian, then in Serbian")
    }

    @Test("Japanese and Simplified Chinese runs in one label each get their own face")
    func mixedLanguagesInOneLabel() throws {
        var text = AttributedString("直直")
        let first = text.startIndex..<text.index(afterCharacter: text.startIndex)
        text[first].labelKit.language = try LanguageTag("ja")
        text[first.upperBound...].labelKit.language = try LanguageTag("zh-Hans")
        let layout = try Self.typesetter().layout(text)
        #expect(layout.runs.map(\.face.familyName) == ["Noto Sans CJK JP", "Noto Sans CJK SC"])
        let glyphs = layout.runs.flatMap(\.glyphs).map(\.glyphID)
        #expect(glyphs.count == 2 && glyphs[0] != glyphs[1])
    }

    /// The documented choice for a CJK family asked for by name: the family stays (the app named it), and the shaper
    /// gives it the language's forms from its `locl` table, which every Noto Sans CJK face has for all five regions.
    @Test("Noto Sans CJK JP asked for by name in Simplified Chinese stays JP and draws the SC face's glyph for 直")
    func namedCJKFamilyTakesTheLanguagesForms() throws {
        let named = try Self.shaped("直", "直", language: "zh-Hans", family: "Noto Sans CJK JP")
        let simplified = try Self.shaped("直", "直", language: nil, family: "Noto Sans CJK SC")
        let japanese = try Self.shaped("直", "直", language: nil, family: "Noto Sans CJK JP")
        #expect(named.family == "Noto Sans CJK JP")
        #expect(named.glyph == simplified.glyph)
        #expect(named.glyph != japanese.glyph)
    }

    @Test("a generic family in a language matches that language's face")
    func genericFamilyFollowsTheLanguage() throws {
        let japanese = try Self.shaped("abc", "a", language: "ja", family: "sans-serif")
        #expect(japanese.family == "Noto Sans CJK JP")
    }

    @Test("the same word in two languages through one word cache gives two entries and two glyphs")
    func wordCacheKeepsLanguagesApart() throws {
        let cache = ShapedWordCache(capacity: 100)
        let context = TypesettingContext(wordCache: cache)
        func layout(_ language: String) throws -> TextLayout {
            var style = TextStyle()
            style.language = try LanguageTag(language)
            return try LabelTypesetter(
                fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: style, context: context
            ).layout("баба")
        }
        let russian = try layout("ru").runs.flatMap(\.glyphs).map(\.glyphID)
        #expect(cache.count == 1)
        let serbian = try layout("sr").runs.flatMap(\.glyphs).map(\.glyphID)
        #expect(cache.count == 2, "a second entry, not the Russian word")
        #expect(russian != serbian)
        let again = try layout("ru").runs.flatMap(\.glyphs).map(\.glyphID)
        #expect(again == russian)
        #expect(cache.statistics.hits == 1)
    }

    @Test("fallback answers kept in one context are kept per language")
    func keptFallbackAnswersPerLanguage() throws {
        let context = TypesettingContext()
        func family(_ language: String) throws -> String {
            var style = TextStyle()
            style.language = try LanguageTag(language)
            let typesetter = LabelTypesetter(
                fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: style, context: context)
            return try Self.faceAndGlyph(of: "直", in: typesetter.layout("直"), text: "直").family
        }
        for _ in 0..<2 {
            #expect(try family("ja") == "Noto Sans CJK JP")
            #expect(try family("zh-Hans") == "Noto Sans CJK SC")
            #expect(try family("ko") == "Noto Sans CJK KR")
        }
    }

    @Test("fontconfig's language for each tag")
    func fontconfigLanguages() throws {
        let expected = [
            "zh": "zh-cn", "zh-Hans": "zh-cn", "zh-SG": "zh-cn", "zh-Hant": "zh-tw", "zh-TW": "zh-tw",
            "zh-HK": "zh-hk", "zh-MO": "zh-hk", "zh-Hant-MO": "zh-hk", "yue": "zh-hk", "ja-JP": "ja", "ko-KR": "ko",
            "sr-Latn-RS": "sr", "es-419": "es", "pa-Arab-PK": "pa-pk", "az_IR": "az-ir",
        ]
        for (tag, language) in expected {
            #expect(try LanguageTag(tag).fontconfigLanguage == language, "\(tag)")
        }
    }
}

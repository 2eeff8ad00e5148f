import Foundation
import LabelKitText
import Testing

@Suite("Language tags")
struct LanguageTagTests {
    @Test("a tag is written in RFC 5646's case: language lower, script title, region upper")
    func canonicalCase() throws {
        #expect(try LanguageTag("zh-hans").identifier == "zh-Hans")
        #expect(try LanguageTag("ZH-HANT-hk").identifier == "zh-Hant-HK")
        #expect(try LanguageTag("JA").identifier == "ja")
        #expect(try LanguageTag("sr-latn-rs").identifier == "sr-Latn-RS")
        #expect(try LanguageTag("es-419").identifier == "es-419")
        #expect(try LanguageTag("de-CH-1996").identifier == "de-CH-1996")
        #expect(try LanguageTag("en-US-u-CA-Gregory").identifier == "en-US-u-ca-gregory")
        #expect(try LanguageTag("zh-yue-HK").identifier == "zh-yue-HK")
        #expect(try LanguageTag("x-Klingon").identifier == "x-klingon")
    }

    @Test("an underscore between subtags, as a POSIX locale writes it, is read as a hyphen")
    func underscores() throws {
        #expect(try LanguageTag("zh_CN").identifier == "zh-CN")
        #expect(try LanguageTag("pt_br").identifier == "pt-BR")
    }

    @Test("the script and the region are read by their form and place")
    func scriptAndRegion() throws {
        let tag = try LanguageTag("zh-Hant-HK")
        #expect(tag.language == "zh")
        #expect(tag.script == "Hant")
        #expect(tag.region == "HK")
        #expect(try LanguageTag("ja").script == nil)
        #expect(try LanguageTag("ja").region == nil)
        #expect(try LanguageTag("zh-TW").region == "TW")
        #expect(try LanguageTag("zh-TW").script == nil)
        #expect(try LanguageTag("en-x-hans").script == nil, "private use is not a script")
        #expect(try LanguageTag("es-419").region == "419")
    }

    @Test("an empty string, punctuation and a 500-character string are typed errors, not crashes")
    func badTags() {
        #expect(throws: LanguageTagError.empty) { try LanguageTag("") }
        #expect(throws: LanguageTagError.malformed("!!")) { try LanguageTag("!!") }
        #expect(throws: LanguageTagError.tooLong(length: 500)) { try LanguageTag(String(repeating: "a", count: 500)) }
        for bad in [
            "-", "ja-", "-ja", "ja--JP", "j", "1a", "ja-JP-", "en-a", "en-x", "ja JP", "日本語", "abcdefghi",
            "zh-Hans-abc",
            "en-\u{0}", "x", "ja-Latn-Latn-JP",
        ] {
            #expect(throws: LanguageTagError.self, "\(bad.debugDescription)") { try LanguageTag(bad) }
        }
    }

    @Test("an error says what was wrong in words")
    func errorMessages() {
        #expect(LanguageTagError.malformed("!!").description.contains(#""!!" is not a BCP 47 language tag"#))
        #expect(LanguageTagError.empty.description == "the language tag is empty")
        #expect(LanguageTagError.tooLong(length: 500).description.contains("500 characters"))
    }

    @Test("a tag round-trips through JSON as its string, and a bad string does not decode")
    func codable() throws {
        let tag = try LanguageTag("zh-hans")
        let data = try JSONEncoder().encode([tag])
        #expect(String(decoding: data, as: UTF8.self) == #"["zh-Hans"]"#)
        #expect(try JSONDecoder().decode([LanguageTag].self, from: data) == [tag])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LanguageTag].self, from: Data(#"["!!"]"#.utf8))
        }
    }

    @Test("tags that differ only in case are the same tag")
    func equality() throws {
        #expect(try LanguageTag("ZH-hans") == LanguageTag("zh-Hans"))
        #expect(try LanguageTag("zh-Hans") != LanguageTag("zh-Hant"))
    }

    @Test("the language is part of a style's font descriptor, and absent by default")
    func styleDescriptor() throws {
        #expect(TextStyle().fontDescriptor.language == nil)
        #expect(TextStyle().fontDescriptor == FontDescriptor(family: "DejaVu Sans"))
        let style = TextStyle(language: try LanguageTag("ja"))
        #expect(style.fontDescriptor.language?.identifier == "ja")
        #expect(style.fontDescriptor.description == #""DejaVu Sans" weight 400 language ja"#)
    }
}

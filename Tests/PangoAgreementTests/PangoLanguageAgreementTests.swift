import Foundation
import LabelKit
import Testing

/// LabelKit's fallback face for a Han character in a language against Pango's (`pango-view --language`), read from
/// the fonts each embeds: both ask fontconfig, with the same fonts.
///
/// Only the tags both read alike are compared. Pango gives fontconfig its language as it is and takes a Han character
/// out of a language whose sample scripts lack Han (Korean: Hangul alone) into its default language for Han, so
/// Pango draws 直 in `ko` and in `zh-Hans` from Noto Sans CJK JP on this system, where LabelKit picks KR and SC.
@Suite struct PangoLanguageAgreementTests {
    static let pangoView = "/usr/bin/pango-view"

    /// The name of the first font Pango embeds in a PDF of `text` in `language`, such as `NotoSansCJKsc-Regular`.
    static func pangoFontName(_ text: String, language: String) throws -> String? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pango-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pangoView)
        process.arguments = ["-q", "--language=\(language)", "--font=DejaVu Sans 15px", "-t", text, "--output", path]
        try process.run()
        process.waitUntilExit()
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        guard let tail = pdf.components(separatedBy: "/FontName /").dropFirst().first else { return nil }
        let name = tail.prefix { !$0.isWhitespace && $0 != "/" }
        return String(name.drop { $0 != "+" }.dropFirst())
    }

    @Test(
        "直 in ja, zh-CN, zh-TW and zh-HK comes from the Noto Sans CJK face Pango picks",
        .enabled(if: FileManager.default.isExecutableFile(atPath: pangoView)))
    func hanFaceAgreesWithPango() throws {
        for (tag, pangoTag) in [("ja", "ja"), ("zh-CN", "zh-cn"), ("zh-TW", "zh-tw"), ("zh-HK", "zh-hk")] {
            var style = TextStyle()
            style.language = try LanguageTag(tag)
            let typesetter = LabelTypesetter(
                fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, style: style,
                context: TypesettingContext())
            let family = try #require(try typesetter.layout("直").runs.first).face.familyName
            let pango = try #require(try Self.pangoFontName("直", language: pangoTag))
            // "Noto Sans CJK JP" is embedded as "NotoSansCJKjp-Regular".
            let squeezed = family.replacingOccurrences(of: " ", with: "").lowercased()
            #expect(pango.lowercased().hasPrefix(squeezed), "\(tag): LabelKit \(family), Pango \(pango)")
        }
    }
}

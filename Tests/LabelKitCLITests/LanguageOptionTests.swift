import Foundation
import Testing

/// `--lang TAG`, a batch record's `"lang"` and a run's `"lang"`: the language reaches font fallback and shaping.
/// No command prints glyph ids, so the tests read what the output shows of them: the fonts a PDF embeds (Noto Sans
/// CJK JP or SC for 直) and the width of Serbian б, which is DejaVu Sans' localized form, narrower than the Russian.
@Suite("labelkit --lang")
struct LanguageOptionTests {
    /// Forty б: the Serbian form is 10/2048 em narrower each, three pixels over the line at 15 px.
    static let cyrillic = String(repeating: "б", count: 40)

    /// The names of the fonts `render` embeds in a PDF of `arguments`.
    static func pdfFontNames(_ arguments: [String]) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try labelkit(["render", "--out", path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        // Each embedded font is named `/FontName /ABCDEF+NotoSansCJKjp-Regular`.
        return pdf.components(separatedBy: "/FontName /").dropFirst().compactMap { tail in
            tail.split(whereSeparator: { $0.isWhitespace || $0 == "/" }).first.map { String($0.drop { $0 != "+" }) }
        }
    }

    static func width(_ result: LabelkitResult) throws -> Double {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first?["width"] as? Double)
    }

    @Test("--lang ja draws 直 with Noto Sans CJK JP, --lang zh-Hans with SC")
    func langOptionChoosesTheFace() throws {
        #expect(try Self.pdfFontNames(["--lang", "ja", "直角"]) == ["+NotoSansCJKjp-Regular"])
        #expect(try Self.pdfFontNames(["--lang", "zh-Hans", "直角"]) == ["+NotoSansCJKsc-Regular"])
        #expect(try Self.pdfFontNames(["--lang", "zh-Hant", "直角"]) == ["+NotoSansCJKtc-Regular"])
        #expect(try Self.pdfFontNames(["--lang", "ko", "直角"]) == ["+NotoSansCJKkr-Regular"])
    }

    @Test("--lang sr measures Cyrillic б in its Serbian form, narrower than without a language or in Russian")
    func langOptionReachesTheShaper() throws {
        let serbian = try Self.width(labelkit(["measure", "--lang", "sr", Self.cyrillic]))
        let russian = try Self.width(labelkit(["measure", "--lang", "ru", Self.cyrillic]))
        let none = try Self.width(labelkit(["measure", Self.cyrillic]))
        #expect(serbian < russian)
        #expect(russian == none)
    }

    @Test("a run's \"lang\" sets that run's language over --lang")
    func runsLang() throws {
        let names = try Self.pdfFontNames([
            "--lang", "ja", "--runs", #"[{"text":"直"},{"text":"直","lang":"zh-Hans"}]"#,
        ])
        #expect(Set(names) == ["+NotoSansCJKjp-Regular", "+NotoSansCJKsc-Regular"])
        let runs = #"[{"text":"\#(Self.cyrillic)","lang":"sr"}]"#
        #expect(
            try Self.width(labelkit(["measure", "--runs", runs]))
                < Self.width(labelkit(["measure", "--lang", "ru", Self.cyrillic])))
    }

    @Test("a batch record's \"lang\" sets the language of that record alone")
    func batchLang() throws {
        let input = [
            #"{"text":"\#(Self.cyrillic)","lang":"sr"}"#, #"{"text":"\#(Self.cyrillic)"}"#,
            #"{"text":"\#(Self.cyrillic)","lang":null}"#,
        ].joined(separator: "\n")
        let result = try labelkit(["measure", "--batch", "-", "--lang", "ru"], stdin: input + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let widths = result.jsonLines.compactMap { $0["width"] as? Double }
        #expect(widths.count == 3)
        #expect(widths[0] < widths[1], "Serbian in the first record only")
        #expect(widths[1] == widths[2], "null is no value: --lang stays")
    }

    @Test("a bad tag is a usage error naming the option, the key or the run, never a crash")
    func badTags() throws {
        let long = String(repeating: "a", count: 500)
        for tag in ["", "!!", long] {
            let result = try labelkit(["measure", "--lang", tag, "x"])
            #expect(result.status == 2, "\(tag.prefix(10))")
            #expect(result.stderr.contains("labelkit: error: --lang"), "\(result.stderr)")
        }
        #expect(try labelkit(["measure", "--lang", "!!", "x"]).stderr.contains(#""!!" is not a BCP 47 language tag"#))
        let batch = try labelkit(
            ["measure", "--batch", "-"], stdin: #"{"text":"x","lang":"!!"}"# + "\n" + #"{"text":"x","lang":5}"# + "\n")
        #expect(batch.status == 2)
        let errors = batch.jsonLines.compactMap { $0["error"] as? String }
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix(#"line 1: "lang": "!!" is not a BCP 47 language tag"#) == true, "\(errors)")
        #expect(errors.last == #"line 2: "lang" must be a BCP 47 language tag as a string"#, "\(errors)")
        let runs = try labelkit(["measure", "--runs", #"[{"text":"x","lang":"\#(long)"}]"#])
        #expect(runs.status == 2)
        #expect(runs.stderr.contains("runs[0].lang: a language tag of 500 characters"), "\(runs.stderr)")
    }

    @Test("--lang is listed in the help of every command that lays text out, and the runs' \"lang\" with --runs")
    func help() throws {
        for command in ["measure", "render", "hit", "rects", "interact"] {
            let help = try labelkit([command, "--help"])
            #expect(help.stdout.contains("--lang TAG"), "\(command)")
        }
        // As one line: the help wraps wherever a word ends.
        let help = try labelkit(["measure", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(help.contains(#""lang" (a BCP 47 tag, as --lang)"#))
    }
}

import Foundation
import Testing

/// `--indent`, `--head-indent`, `--tail-indent` and `--paragraph-spacing`, and their batch keys.
@Suite("labelkit paragraph options")
struct ParagraphOptionsTests {
    static let text = "Paragraph options move lines in from their edges and space paragraphs apart.\nSecond one."

    static func rects(_ range: String, _ options: [String]) throws -> [[Double]] {
        let result = try labelkit(["rects", "--width", "200", "--range", range] + options + [text])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first?["rects"] as? [[Double]])
    }

    @Test("--indent moves the first line, --head-indent the others")
    func indents() throws {
        let first = try Self.rects("0,1", ["--indent", "30", "--head-indent", "12"])
        #expect(first.first?[0] == 30)
        // "move" starts the second line at this width.
        let secondLine = try Self.rects("0,77", ["--indent", "30", "--head-indent", "12"])
        #expect(secondLine.count >= 2)
        #expect(secondLine[1][0] == 12)
    }

    @Test("--tail-indent narrows every line and makes more of them")
    func tailIndent() throws {
        let plain = try labelkit(["measure", "--width", "200", Self.text])
        let narrowed = try labelkit(["measure", "--width", "200", "--tail-indent", "80", Self.text])
        let plainLines = try #require(plain.jsonLines.first?["lines"] as? Double)
        let narrowedLines = try #require(narrowed.jsonLines.first?["lines"] as? Double)
        #expect(narrowedLines > plainLines)
        let rects = try Self.rects("0,77", ["--tail-indent", "80"])
        #expect(rects.allSatisfy { $0[0] + $0[2] <= 120.01 })
    }

    @Test("--paragraph-spacing adds space between paragraphs, not around the label")
    func paragraphSpacing() throws {
        let plain = try labelkit(["measure", "--width", "200", Self.text])
        let spaced = try labelkit(["measure", "--width", "200", "--paragraph-spacing", "4,10", Self.text])
        let plainHeight = try #require(plain.jsonLines.first?["height"] as? Double)
        let spacedHeight = try #require(spaced.jsonLines.first?["height"] as? Double)
        #expect(spacedHeight == plainHeight + 14, "10 after the first paragraph and 4 before the second")
    }

    @Test("batch keys do what the options do")
    func batchKeys() throws {
        let flags = try labelkit([
            "measure", "--width", "200", "--indent", "30", "--head-indent", "12", "--tail-indent", "20",
            "--paragraph-spacing", "4,10", Self.text,
        ])
        let record =
            ##"{"text":"\##(Self.text.replacingOccurrences(of: "\n", with: "\\n"))","width":200,"indent":30,"headIndent":12,"tailIndent":20,"paragraphSpacing":[4,10]}"##
        let batch = try labelkit(["measure", "--batch", "-"], stdin: record)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == flags.stdout)
        let asString = try labelkit(
            ["measure", "--batch", "-"], stdin: record.replacingOccurrences(of: "[4,10]", with: ##""4,10""##))
        #expect(asString.stdout == flags.stdout)
    }

    @Test(
        "bad values exit with 2 and name the option",
        arguments: [
            (["--indent", "-1"], "--indent"), (["--head-indent", "x"], "--head-indent"),
            (["--tail-indent", "inf"], "--tail-indent"), (["--paragraph-spacing", "5"], "--paragraph-spacing"),
            (["--paragraph-spacing", "1,-2"], "--paragraph-spacing"),
        ])
    func badValues(options: [String], named: String) throws {
        let result = try labelkit(["measure"] + options + ["text"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(named), "\(result.stderr)")
    }

    @Test("a bad batch key is an error line naming it")
    func badBatchKey() throws {
        let input = ##"{"text":"a","paragraphSpacing":[1]}"## + "\n" + ##"{"text":"a","headIndent":-3}"##
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let errors = result.jsonLines.compactMap { $0["error"] as? String }
        #expect(errors.count == 2)
        #expect(errors[0].contains("paragraphSpacing") && errors[1].contains("headIndent"))
    }
}

import Foundation
import Testing

@Suite("labelkit measure")
struct MeasureCommandTests {
    @Test("measure prints width, height, lines and truncated as one JSON object")
    func measure() throws {
        let result = try labelkit([
            "measure", "--width", "100", "--lines", "2", "The quick brown fox jumps over the lazy dog",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\"width\":"))
        let object = try #require(result.jsonLines.first)
        #expect(object["lines"] as? Int == 2)
        #expect(object["truncated"] as? Bool == true)
        let width = try #require(object["width"] as? Double)
        #expect(width <= 100 && width > 50)
    }

    @Test("the seed sentence at 120 px is three lines of 22 px (Noto Sans CJK JP)")
    func seed() throws {
        let result = try labelkit(["measure", "--width", "120", "決済をしたと同時に利用規約に同意したとみなします"])
        let object = try #require(result.jsonLines.first)
        #expect(object["lines"] as? Int == 3)
        #expect(object["width"] as? Int == 120)
        // Noto Sans CJK JP at 15 px: ascent 17.4 + descent 4.32 = 21.72 per line, 65.16 rounded up.
        #expect(object["height"] as? Int == 66)
    }

    @Test("--batch prints one object per line, in order, and names a malformed line")
    func batch() throws {
        let input = """
            {"text":"hello","width":30}
            {"text":"one\\ntwo\\nthree","lines":2}
            {not json
            {"width":100}
            {"text":"利用規約","font":"DejaVu Sans","size":30,"extra":"ignored"}

            """
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let lines = result.jsonLines
        #expect(lines.count == 5)
        #expect(lines[0]["lines"] as? Int == 2)
        #expect(lines[1]["lines"] as? Int == 2)
        #expect(lines[1]["truncated"] as? Bool == true)
        #expect((lines[2]["error"] as? String)?.contains("line 3") == true)
        #expect((lines[3]["error"] as? String)?.contains("line 4") == true)
        #expect(lines[4]["width"] as? Int == 120)
        #expect(result.stderr.contains("line 3: not a JSON object"))
        #expect(result.stderr.contains("line 4: missing \"text\""))
        let boolean = try labelkit(["measure", "--batch", "-"], stdin: "{\"text\":\"x\",\"width\":true}\n")
        #expect(boolean.status == 2)
        #expect(boolean.stderr.contains("line 1: \"width\" must be a number"))
    }

    @Test("--batch handles 10,000 labels in one process")
    func tenThousand() throws {
        let words = ["alpha", "ベータ", "gamma", "👋🏽", "Việt", "delta", "利用規約", "epsilon"]
        var input = ""
        for index in 0..<10_000 {
            let text = (0..<(3 + index % 9)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
            input += "{\"text\":\"\(text)\",\"width\":\(120 + index % 300)}\n"
        }
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 10_000)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"width\":") })
    }

    @Test("bad usage and bad input exit with 2 and a clear message, never a crash")
    func errors() throws {
        let cases: [([String], String)] = [
            (["measure", "--width", "abc", "x"], "--width needs a number"),
            (["measure", "--width", "-5", "x"], "--width needs a number ≥ 0"),
            (["measure", "--lines", "1.5", "x"], "--lines needs a whole number"),
            (["measure", "--truncate", "sideways", "x"], "head|middle|tail|clip"),
            (["measure", "--font", "No Such Family 42", "x"], "no font matches \"No Such Family 42\""),
            (["measure", "--bogus", "x"], "unknown option --bogus"),
            (["measure"], "missing TEXT"),
            (["measure", "--batch", "/no/such/file.jsonl"], "cannot read batch file '/no/such/file.jsonl'"),
            (["frobnicate"], "unknown subcommand 'frobnicate'"),
            (["measure", "--inset", "1,2,3", "x"], "--inset needs four numbers"),
        ]
        for (arguments, message) in cases {
            let result = try labelkit(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("every subcommand has --help, exiting 0")
    func help() throws {
        let overview = try labelkit(["--help"])
        #expect(overview.status == 0)
        let subcommands = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("SUBCOMMANDS") }.dropFirst()
            .prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(subcommands.contains("measure"))
        for subcommand in subcommands {
            let result = try labelkit([subcommand, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: labelkit \(subcommand)"))
        }
    }
}

@Suite("labelkit --font-file")
struct FontFileOptionTests {
    @Test("--font-file registers a font file and lays the text out in its family")
    func registersAndUses() throws {
        let mono = try labelkit([
            "measure", "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "iiii",
        ])
        let proportional = try labelkit(["measure", "iiii"])
        let monoWidth = try #require(mono.jsonLines.first?["width"] as? Int)
        let proportionalWidth = try #require(proportional.jsonLines.first?["width"] as? Int)
        // Four monospaced "i" (9.03 px each at 15 px) are far wider than four proportional ones.
        #expect(monoWidth > proportionalWidth * 2)
    }

    @Test("a missing or garbage font file is a clear error with exit code 2")
    func badFiles() throws {
        let missing = try labelkit(["measure", "--font-file", "/no/such/font.ttf", "x"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/font.ttf"))
        let garbage = try labelkit(["measure", "--font-file", #filePath, "x"])
        #expect(garbage.status == 2)
        #expect(garbage.stderr.contains("--font-file"))
    }
}

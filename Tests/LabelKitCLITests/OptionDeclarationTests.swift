import Foundation
import Testing

/// Each option is declared once, and `--help`, parsing and batch records all follow the declaration: what help lists
/// is what the command accepts, and a record key does what its option does.
@Suite("labelkit option declarations")
struct OptionDeclarationTests {
    static let commands = ["measure", "render", "hit", "rects", "links", "interact", "demo"]

    /// The option names `labelkit COMMAND --help` lists under OPTIONS.
    static func listedOptions(_ command: String) throws -> [String] {
        let help = try labelkit([command, "--help"])
        #expect(help.status == 0)
        return help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "OPTIONS:" }.dropFirst()
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  --") }
            .compactMap { $0.dropFirst(4).split(separator: " ").first.map(String.init) }
    }

    /// The record keys `labelkit COMMAND --help` lists under BATCH RECORDS, with the option each sets.
    static func listedBatchKeys(_ command: String) throws -> [String] {
        let help = try labelkit([command, "--help"])
        let section = help.stdout.components(separatedBy: "BATCH RECORDS:\n").dropFirst().first ?? ""
        // As one line: the help wraps wherever a word ends.
        let prose = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let afterAnyOf = prose.components(separatedBy: "any of ").dropFirst().first ?? ""
        return afterAnyOf.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test("every option --help lists is one the command accepts, and a swap of two of its letters is traced back to it")
    func helpListsWhatParsingAccepts() throws {
        for command in Self.commands {
            let options = try Self.listedOptions(command)
            #expect(options.count >= 3, "\(command): \(options)")
            #expect(options.last == "help")
            for option in options where option != "help" {
                let given = try labelkit([command, "--\(option)"])
                #expect(!given.stderr.contains("unknown option"), "\(command) --\(option): \(given.stderr)")
                let letters = Array(option)
                guard letters.count >= 3, letters[1] != letters[2] else { continue }
                var swapped = letters
                swapped.swapAt(1, 2)
                let misspelt = try labelkit([command, "--\(String(swapped))"])
                #expect(
                    misspelt.stderr.contains("unknown option --\(String(swapped)); did you mean --\(option)?"),
                    "\(command): \(misspelt.stderr)")
            }
        }
    }

    @Test("an option another command declares is not in this command's help, nor accepted")
    func optionsStayWithTheirCommand() throws {
        #expect(try !Self.listedOptions("links").contains("width"))
        #expect(try labelkit(["links", "--width", "5", "x"]).stderr.contains("unknown option --width"))
        #expect(try !Self.listedOptions("measure").contains("out"))
        #expect(try Self.listedOptions("render").contains("out"))
    }

    /// What each batch key of `measure` is tested with: the option's command-line value and the record's value.
    static let batchCases: [String: (option: String, commandLine: String, record: String)] = [
        "font": ("--font", "DejaVu Sans Mono", #""DejaVu Sans Mono""#),
        "size": ("--size", "30", "30"),
        "width": ("--width", "60", "60"),
        "height": ("--height", "30", "30"),
        "lines": ("--lines", "1", "1"),
        "indent": ("--indent", "20", "20"),
        "headIndent": ("--head-indent", "60", "60"),
        "tailIndent": ("--tail-indent", "40", "40"),
        "paragraphSpacing": ("--paragraph-spacing", "4,10", "[4,10]"),
        "wrap": ("--wrap", "balanced", #""balanced""#),
        "wordBreak": ("--word-break", "keep-all", #""keep-all""#),
        "minScale": ("--min-scale", "0.5", "0.5"),
        "tighten": ("--tighten", "", "true"),
        "lang": ("--lang", "sr", #""sr""#),
        "hyphenate": ("--hyphenate", "", "true"),
        "vertical": ("--vertical", "", "true"),
        "orientation": ("--orientation", "upright", #""upright""#),
        "textStyle": ("--text-style", "largeTitle", #""largeTitle""#),
        "textScale": ("--text-scale", "2", "2"),
        "maximumFontSize": ("--maximum-font-size", "10", "10"),
        "appearance": ("--appearance", "dark", #""dark""#),
        "contrast": ("--contrast", "high", #""high""#),
        "lineHeight": ("--line-height", "2", "2"),
        "tabStops": ("--tab-stops", "300:right", #""300:right""#),
        "tabInterval": ("--tab-interval", "200", "200"),
    ]

    /// The keys that change only what `render` draws: measure prints the same with them.
    static let drawingKeys: Set<String> = ["appearance", "contrast"]

    /// Options a batch key is tried with, where it shows only under a line limit (tightening) or in vertical text
    /// (orientation).
    static let batchArguments = ["tighten": ["--lines", "1"], "orientation": ["--vertical"]]

    /// The text a key is tested on where the shared one would not show its effect: keep-all changes Korean, not
    /// English; tightening needs a line a little too wide; Serbian б is DejaVu Sans' localized form, a little
    /// narrower, so forty of them measure narrower on one line (no width).
    static let batchTexts: [String: String] = [
        "wordBreak": "대한민국의 수도는 서울특별시입니다", "tighten": "Tighten to fit the line",
        "lang": String(repeating: "б", count: 40), "hyphenate": "Some words responsibility",
        "tabStops": "Tab\tstop", "tabInterval": "Tab\tinterval",
    ]

    /// The keys tried without the shared width.
    static let unwrappedKeys: Set<String> = ["width", "lang", "tabStops", "tabInterval"]

    @Test("each batch key measure's help lists sets its option for that record, as the option does")
    func batchKeysDoWhatOptionsDo() throws {
        let keys = try Self.listedBatchKeys("measure")
        #expect(Set(keys) == Set(Self.batchCases.keys), "\(keys)")
        let sharedText = "Batch keys set the options of their names.\nA second paragraph."
        for key in keys {
            let text = Self.batchTexts[key] ?? sharedText
            let escaped = text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
            let testCase = try #require(Self.batchCases[key])
            let baseWidth =
                (Self.unwrappedKeys.contains(key) ? [] : ["--width", "150"]) + (Self.batchArguments[key] ?? [])
            let plain = try labelkit(["measure"] + baseWidth + [text])
            let value = testCase.commandLine.isEmpty ? [] : [testCase.commandLine]
            let flag = try labelkit(["measure"] + baseWidth + [testCase.option] + value + [text])
            #expect(flag.status == 0, "\(key): \(flag.stderr)")
            if Self.drawingKeys.contains(key) {
                #expect(flag.stdout == plain.stdout, "\(testCase.option) \(testCase.commandLine) changes a measurement")
            } else {
                #expect(flag.stdout != plain.stdout, "\(testCase.option) \(testCase.commandLine) changes nothing")
            }
            let record = #"{"text":"\#(escaped)","\#(key)":\#(testCase.record)}"#
            let batch = try labelkit(["measure", "--batch", "-"] + baseWidth, stdin: record + "\n")
            #expect(batch.status == 0, "\(key): \(batch.stderr)")
            #expect(batch.stdout == flag.stdout, "\(record)")
        }
    }

    @Test("a record's value is checked by its option's declaration and named by its key")
    func recordValuesAreChecked() throws {
        let input = [
            #"{"text":"x","lines":1.5}"#, #"{"text":"x","size":0}"#, #"{"text":"x","headIndent":"a"}"#,
            #"{"text":"x","lines":null,"width":null}"#,
        ].joined(separator: "\n")
        let result = try labelkit(["measure", "--batch", "-"], stdin: input + "\n")
        #expect(result.status == 2)
        let lines = result.jsonLines
        #expect(lines.count == 4)
        #expect(lines[0]["error"] as? String == #"line 1: "lines" must be a whole number ≥ 0"#)
        #expect(lines[1]["error"] as? String == #"line 2: "size" must be a number ≥ 0.001"#)
        #expect(lines[2]["error"] as? String == #"line 3: "headIndent" must be a number ≥ 0"#)
        #expect(lines[3]["width"] is Int, "null is no value: the command line's (none) stays")
    }
}

import Foundation
import LabelKit
import LabelKitJSON
import Testing

@testable import labelkit

/// `--tab-stops`, `--tab-interval` and `--line-height`, and their batch keys `"tabStops"`, `"tabInterval"` and
/// `"lineHeight"` (issue 43): how each form is read, what reaches the paragraph style, and every refused value.
@Suite("labelkit tab stops and line height")
struct StructuredTextOptionsTests {
    /// The paragraph style `measure` lays TEXT out in with `arguments`, as the command builds it.
    static func paragraph(_ arguments: [String]) throws -> ParagraphStyle {
        let parsed = try CommandLineArguments(arguments + ["x"], options: MeasureCommand.acceptedOptions)
        return try LayoutOptions(parsed).style.paragraphStyle
    }

    /// The paragraph style of a batch record `json` read with the command line's `arguments` under it.
    static func recordParagraph(_ json: String, _ arguments: [String] = []) throws -> ParagraphStyle {
        let parsed = try CommandLineArguments(arguments + ["--batch", "-"], options: MeasureCommand.acceptedOptions)
        let members = try JSONObjectReader(keys: BatchRecord.keys(for: MeasureCommand.acceptedOptions))
            .read(Array(json.utf8))
        return try LayoutOptions(parsed).applying(BatchRecord(members: members, line: 1)).style.paragraphStyle
    }

    @Test("--tab-stops reads LOCATION[:ALIGNMENT] items, left by default, into the paragraph's tab stops")
    func tabStops() throws {
        let paragraph = try Self.paragraph(["--tab-stops", "100,200:right,250:center,300:decimal"])
        #expect(
            paragraph.tabStops == [
                TabStop(100, alignment: .left), TabStop(200, alignment: .right), TabStop(250, alignment: .center),
                TabStop(300, alignment: .decimal),
            ])
        #expect(
            try Self.paragraph(["--tab-stops", "0:left, 12.5 : right"]).tabStops == [
                TabStop(0), TabStop(12.5, alignment: .right),
            ])
        #expect(try Self.paragraph(["--tab-stops=80"]).tabStops == [TabStop(80)])
    }

    @Test("--tab-interval sets the default interval; without the options the paragraph has none of them")
    func tabIntervalAndDefaults() throws {
        #expect(try Self.paragraph(["--tab-interval", "40"]).defaultTabInterval == 40)
        let plain = try Self.paragraph([])
        #expect(plain.tabStops.isEmpty)
        #expect(plain.defaultTabInterval == 0)
        #expect(plain.lineHeight == nil)
    }

    @Test("--line-height F is a multiple and Npx a length")
    func lineHeight() throws {
        #expect(try Self.paragraph(["--line-height", "1.5"]).lineHeight == .multiple(1.5))
        #expect(try Self.paragraph(["--line-height", "2"]).lineHeight == .multiple(2))
        #expect(try Self.paragraph(["--line-height", "24px"]).lineHeight == .absolute(24))
        #expect(try Self.paragraph(["--line-height", "0px"]).lineHeight == .absolute(0))
        #expect(try Self.paragraph(["--line-height", "17.5px"]).lineHeight == .absolute(17.5))
    }

    @Test("the batch keys set what the options set, and override the command line for their record")
    func batchKeysReachTheParagraph() throws {
        let record = try Self.recordParagraph(
            #"{"text":"x","tabStops":"100,200:right","tabInterval":30,"lineHeight":1.25}"#)
        #expect(record.tabStops == [TabStop(100), TabStop(200, alignment: .right)])
        #expect(record.defaultTabInterval == 30)
        #expect(record.lineHeight == .multiple(1.25))
        #expect(try Self.recordParagraph(#"{"text":"x","lineHeight":"24px"}"#).lineHeight == .absolute(24))
        #expect(try Self.recordParagraph(#"{"text":"x","lineHeight":"1.5"}"#).lineHeight == .multiple(1.5))
        let overridden = try Self.recordParagraph(
            #"{"text":"x","lineHeight":"30px","tabStops":"50:center"}"#,
            ["--line-height", "2", "--tab-stops", "10", "--tab-interval", "20"])
        #expect(overridden.lineHeight == .absolute(30))
        #expect(overridden.tabStops == [TabStop(50, alignment: .center)])
        #expect(overridden.defaultTabInterval == 20, "a record without the key keeps the command line's value")
        let nulls = try Self.recordParagraph(
            #"{"text":"x","lineHeight":null,"tabStops":null}"#, ["--line-height", "2"])
        #expect(nulls.lineHeight == .multiple(2), "null is no value")
    }

    @Test(
        "a refused value exits with 2 and names the option",
        arguments: [
            (["--tab-stops", "100,,200"], "--tab-stops: stop 2 is empty"),
            (["--tab-stops", "100,"], "--tab-stops: stop 2 is empty"),
            (["--tab-stops", ""], "--tab-stops: stop 1 is empty"),
            (["--tab-stops", ":right"], "--tab-stops: stop 1 needs a location that is a number ≥ 0, not ''"),
            (["--tab-stops", "-5"], "--tab-stops: stop 1 needs a location that is a number ≥ 0, not '-5'"),
            (["--tab-stops", "10,nan"], "--tab-stops: stop 2 needs a location that is a number ≥ 0, not 'nan'"),
            (["--tab-stops", "inf"], "--tab-stops: stop 1 needs a location that is a number ≥ 0, not 'inf'"),
            (["--tab-stops", "1e400"], "--tab-stops: stop 1 needs a location"),
            (["--tab-stops", "abc:left"], "--tab-stops: stop 1 needs a location"),
            (
                ["--tab-stops", "100:middle"],
                "--tab-stops: stop 1's alignment must be one of left|right|center|decimal, not 'middle'"
            ),
            (["--tab-stops", "100:rigth"], "not 'rigth'; did you mean right?"),
            (["--tab-stops", "100:"], "--tab-stops: stop 1's alignment must be one of"),
            (["--tab-interval", "-1"], "--tab-interval needs a number ≥ 0, not '-1'"),
            (["--tab-interval", "nan"], "--tab-interval needs a number ≥ 0, not 'nan'"),
            (["--tab-interval", "inf"], "--tab-interval needs a number ≥ 0, not 'inf'"),
            (
                ["--line-height", "0"],
                "--line-height needs a multiple > 0 (1.5) or a length ≥ 0 in pixels (24px), not '0'"
            ),
            (["--line-height", "-1"], "--line-height needs a multiple > 0"),
            (["--line-height", "nan"], "--line-height needs a multiple > 0"),
            (["--line-height", "inf"], "--line-height needs a multiple > 0"),
            (["--line-height", "-2px"], "--line-height needs a multiple > 0"),
            (["--line-height", "nanpx"], "--line-height needs a multiple > 0"),
            (["--line-height", "infpx"], "--line-height needs a multiple > 0"),
            (["--line-height", "px"], "--line-height needs a multiple > 0"),
            (["--line-height", "24pt"], "--line-height needs a multiple > 0"),
        ])
    func refusedValues(options: [String], message: String) throws {
        let result = try labelkit(["measure"] + options + ["text"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("a refused batch key is an error line naming it; the other records are answered")
    func refusedBatchKeys() throws {
        let input = [
            #"{"text":"a","tabStops":"1,,2"}"#, #"{"text":"a","tabStops":"1:up"}"#, #"{"text":"a","tabStops":[100]}"#,
            #"{"text":"a","tabInterval":-1}"#, #"{"text":"a","tabInterval":"8"}"#, #"{"text":"a","lineHeight":0}"#,
            #"{"text":"a","lineHeight":-1.5}"#, #"{"text":"a","lineHeight":"-3px"}"#,
            #"{"text":"a","lineHeight":true}"#,
            #"{"text":"a","lineHeight":"wide"}"#, #"{"text":"a","lineHeight":1.5,"tabStops":"10:right"}"#,
        ].joined(separator: "\n")
        let result = try labelkit(["measure", "--batch", "-"], stdin: input)
        #expect(result.status == 2)
        let lines = result.jsonLines
        try #require(lines.count == 11)
        let errors = lines.map { $0["error"] as? String }
        #expect(errors[0] == #"line 1: "tabStops": stop 2 is empty (give LOCATION[:ALIGNMENT])"#)
        #expect(errors[1]?.hasPrefix(#"line 2: "tabStops": stop 1's alignment must be one of"#) == true)
        #expect(errors[2] == #"line 3: "tabStops" must be a string of LOCATION[:ALIGNMENT] stops separated by commas"#)
        #expect(errors[3] == #"line 4: "tabInterval" must be a number ≥ 0"#)
        #expect(errors[4] == #"line 5: "tabInterval" must be a number ≥ 0"#)
        for (index, error) in errors[5...9].enumerated() {
            #expect(error?.hasPrefix("line \(index + 6): \"lineHeight\" must be a number > 0 (a multiple)") == true)
        }
        #expect(errors[10] == nil)
        #expect(lines[10]["height"] is Double)
        #expect(result.stderr.contains(#"labelkit: error: line 4: "tabInterval""#))
    }

    @Test(
        "every laying-out command accepts the options and lists them in its help",
        arguments: [
            ["measure"], ["hit", "--x", "1", "--y", "1"], ["rects", "--range", "0,1"],
            ["interact", "--events", "down 1,1 0; up 1,1 0.1"], ["render", "--out", "structured-text-options.png"],
        ])
    func everyCommandAccepts(command: [String]) throws {
        let options = ["--tab-stops", "100:right,150:decimal", "--tab-interval", "40", "--line-height", "1.5"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = command.map { $0.hasSuffix(".png") ? directory.appendingPathComponent($0).path : $0 }
        let result = try labelkit(arguments + options + ["a\tb\t1.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let help = try labelkit([command[0], "--help"])
        for name in ["--tab-stops STOPS", "--tab-interval PX", "--line-height F|Npx", "--html", "--pango-markup"] {
            #expect(help.stdout.contains(name), "\(command[0]) --help lacks \(name)")
        }
    }

    @Test("links takes them too, and its batch records their keys")
    func linksAccepts() throws {
        let result = try labelkit(["links", "--tab-stops", "100", "--line-height", "24px", "see example.com"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((result.jsonLines.first?["links"] as? [Any])?.count == 1)
        let bad = try labelkit(["links", "--tab-stops", "x", "see example.com"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--tab-stops"))
        let batch = try labelkit(
            ["links", "--batch", "-"],
            stdin: #"{"text":"a","lineHeight":"24px"}"# + "\n" + #"{"text":"a","lineHeight":0}"#)
        #expect(batch.status == 2)
        #expect(batch.jsonLines.first?["links"] is [Any])
        #expect((batch.jsonLines.last?["error"] as? String)?.hasPrefix(#"line 2: "lineHeight""#) == true)
    }

    @Test("batch keys answer byte for byte as the options do")
    func batchKeysMatchOptions() throws {
        let flags = try labelkit([
            "measure", "--width", "300", "--tab-stops", "100,200:right", "--tab-interval", "30", "--line-height",
            "24px", "Coffee\t2\t3.50",
        ])
        #expect(flags.status == 0, "\(flags.stderr)")
        let record =
            #"{"text":"Coffee\t2\t3.50","width":300,"tabStops":"100,200:right","tabInterval":30,"lineHeight":"24px"}"#
        let batch = try labelkit(["measure", "--batch", "-"], stdin: record)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == flags.stdout)
    }
}

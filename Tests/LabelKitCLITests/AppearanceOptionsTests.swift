import Foundation
import Testing

/// `--appearance` and `--contrast` change only what `render` draws: a layout never depends on the appearance, so
/// every command that prints geometry or events answers byte for byte as without them.
@Suite("labelkit --appearance and --contrast outside render")
struct AppearanceOptionsTests {
    static let appearanceOptions: [[String]] = [
        ["--appearance", "dark"], ["--contrast", "high"], ["--appearance", "dark", "--contrast", "high"],
        ["--appearance", "light", "--contrast", "normal"],
    ]

    /// A text with a dynamic colour, a named one and a link, and the commands that print what it lays out to.
    static let runs =
        ##"[{"text":"Read the ","color":{"light":"#000000","dark":"#FFFFFF"}},"##
        + ##"{"text":"terms","link":"https://example.com/terms","color":"link"},{"text":" before you sign up today"}]"##
    static let commands: [[String]] = [
        ["measure", "--width", "90", "--line-details", "--runs", runs],
        ["hit", "--width", "90", "--points", "1,1 40,8 30,25 500,500", "--runs", runs],
        ["rects", "--width", "90", "--range", "5,20", "--runs", runs],
        [
            "interact", "--width", "90", "--selectable", "--events", "down 40,8 0; up 40,8 0.1; key Tab 1", "--runs",
            runs,
        ],
        ["measure", "--markup", "--width", "60", "Read the [terms](https://example.com) now"],
    ]

    @Test("measure, hit, rects and interact answer the same bytes with and without --appearance and --contrast")
    func sameBytes() throws {
        for command in Self.commands {
            let plain = try labelkit(command)
            #expect(plain.status == 0, "\(command): \(plain.stderr)")
            #expect(!plain.stdout.isEmpty)
            for options in Self.appearanceOptions {
                let given = try labelkit([command[0]] + options + command.dropFirst())
                #expect(given.status == plain.status, "\(command[0]) \(options): \(given.stderr)")
                #expect(given.stdout == plain.stdout, "\(command[0]) \(options)")
                #expect(given.stderr == plain.stderr)
            }
        }
    }

    @Test("a batch record's \"appearance\" and \"contrast\" are checked per record and change nothing measured")
    func batchKeys() throws {
        let records = [
            #"{"text":"Batch keys do not move text","width":80}"#,
            #"{"text":"Batch keys do not move text","width":80,"appearance":"dark","contrast":"high"}"#,
            #"{"text":"Batch keys do not move text","width":80,"appearance":"dim"}"#,
            #"{"text":"Batch keys do not move text","width":80,"contrast":true}"#,
            #"{"text":"Batch keys do not move text","width":80,"appearance":null}"#,
        ]
        let result = try labelkit(["measure", "--batch", "-"], stdin: records.joined(separator: "\n") + "\n")
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 5, "\(result.stdout)")
        #expect(lines[1] == lines[0])
        #expect(lines[4] == lines[0], "null is no value")
        #expect(lines[2] == #"{"error":"line 3: \"appearance\" must be one of light|dark"}"#)
        #expect(lines[3] == #"{"error":"line 4: \"contrast\" must be one of normal|high"}"#)
    }

    @Test("hit --batch takes \"appearance\" per record and answers as without it")
    func hitBatch() throws {
        let plain = #"{"text":"Tap here","points":[[5,5],[40,5]]}"#
        let dark = #"{"text":"Tap here","points":[[5,5],[40,5]],"appearance":"dark","contrast":"high"}"#
        let result = try labelkit(["hit", "--batch", "-"], stdin: plain + "\n" + dark + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == lines[1])
    }
}

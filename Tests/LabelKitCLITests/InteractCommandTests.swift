import Foundation
import Testing

/// Runs the built `labelkit` and replays the interaction scenarios through `labelkit interact`.
@Suite("labelkit interact")
struct InteractCommandTests {
    static let seed = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
    static let seedOptions = [
        "--markup", "--width", "320", "--height", "100", "--lines", "2", "--inset", "0,100,0,100", "--align", "center",
    ]
    static let termsJSON = #"{"start":9,"length":4,"target":"https://example.com/terms","safe":true,"warnings":[]}"#

    struct Output {
        var status: Int32
        var lines: [String]
        var standardError: String
    }

    /// The `labelkit` binary next to the test bundle (`.build/debug/labelkit`).
    static func binary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("labelkit") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("labelkit not found at \(candidates.map(\.path))")
            throw CancellationError()
        }
        return found
    }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            lines: String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init),
            standardError: String(decoding: errors, as: UTF8.self)
        )
    }

    /// The first rectangle `labelkit rects` reports for a range, as its centre.
    static func centre(ofRange range: String, _ options: [String], _ text: String) throws -> (x: Double, y: Double) {
        let output = try run(["rects"] + options + ["--range", range, text])
        let line = try #require(output.lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let rect = try #require((object["rects"] as? [[Double]])?.first)
        return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
    }

    static func point(_ centre: (x: Double, y: Double)) -> String { "\(centre.x),\(centre.y)" }

    @Test("seed: a tap on 利用規約 fires once; a tap on 同意 does not")
    func seedTap() throws {
        let terms = Self.point(try Self.centre(ofRange: "9,4", Self.seedOptions, Self.seed))
        let tap = try Self.run(
            ["interact"] + Self.seedOptions + ["--events", "down \(terms) 0; up \(terms) 0.1", Self.seed])
        #expect(tap.status == 0)
        #expect(
            tap.lines == [
                #"{"event":"pressed","link":\#(Self.termsJSON)}"#,
                #"{"event":"pressed","link":null}"#,
                #"{"event":"tap","link":\#(Self.termsJSON)}"#,
            ])
        let agree = Self.point(try Self.centre(ofRange: "14,2", Self.seedOptions, Self.seed))
        let miss = try Self.run(
            ["interact"] + Self.seedOptions + ["--events", "down \(agree) 0; up \(agree) 0.1", Self.seed])
        #expect(miss.status == 0)
        #expect(miss.lines.isEmpty)
    }

    @Test("moving beyond the slop cancels")
    func slopCancels() throws {
        let terms = try Self.centre(ofRange: "9,4", Self.seedOptions, Self.seed)
        let away = "\(terms.x + 15),\(terms.y)"
        let output = try Self.run(
            ["interact"] + Self.seedOptions + [
                "--events", "down \(Self.point(terms)) 0; move \(away) 0.1; up \(away) 0.2", Self.seed,
            ])
        #expect(
            output.lines == [#"{"event":"pressed","link":\#(Self.termsJSON)}"#, #"{"event":"pressed","link":null}"#])
    }

    @Test("a long press on a link that wraps gives two rects and the link menu")
    func longPressOnWrappedLink() throws {
        let options = ["--markup", "--width", "165"]
        let terms = Self.point(try Self.centre(ofRange: "9,4", options, Self.seed))
        let output = try Self.run(
            ["interact"] + options + ["--events", "down \(terms) 0; wait 0.5; up \(terms) 0.6", Self.seed])
        #expect(output.lines.count == 4)
        let longPress = try #require(output.lines.dropFirst(2).first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(longPress.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "longPress")
        #expect((object["rects"] as? [[Double]])?.count == 2)
        #expect(output.lines.last == #"{"event":"copyMenu","items":["copy","copyLink","openLink"]}"#)
    }

    @Test("a long press on text opens the copy menu and copies the full text of a truncated label")
    func longPressCopiesFullText() throws {
        let first = Self.point(try Self.centre(ofRange: "0,1", Self.seedOptions, Self.seed))
        let output = try Self.run(
            ["interact"] + Self.seedOptions + [
                "--copy-item", "copy", "--events", "down \(first) 0; wait 0.6; up \(first) 0.7", Self.seed,
            ])
        #expect(
            output.lines == [
                #"{"event":"copyMenu","items":["copy"]}"#,
                #"{"event":"copied","text":"決済をしたと同時に利用規約に同意したとみなします"}"#,
            ])
        let noCopy = try Self.run(
            ["interact"] + Self.seedOptions + [
                "--no-copy", "--events", "down \(first) 0; wait 0.6; up \(first) 0.7", Self.seed,
            ])
        #expect(noCopy.lines.isEmpty)
    }

    @Test("a tap on the truncation token emits tokenTap")
    func tokenTap() throws {
        let options = ["--markup", "--width", "300", "--lines", "1", "--token", "…more"]
        // The token is drawn at the end of the single 300 px line.
        let hit = try Self.run(["hit"] + options + ["--x", "285", "--y", "10", Self.seed])
        #expect(hit.lines.first?.hasSuffix(#""token":true,"attachment":null}"#) == true)
        let output = try Self.run(["interact"] + options + ["--events", "down 285,10 0; up 285,10 0.1", Self.seed])
        #expect(output.lines == [#"{"event":"tokenTap"}"#])
    }

    @Test("checkbox toggling versus its link, and a disabled checkbox does nothing")
    func checkbox() throws {
        let title = "[利用規約](https://example.com/terms)に同意する"
        let options = ["--markup", "--checkbox"]
        let rects = try Self.run(["rects"] + options + ["--range", "0,4", title])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((rects.lines.first ?? "").utf8)) as? [String: Any])
        let box = try #require(object["box"] as? [Double])
        let link = try #require((object["rects"] as? [[Double]])?.first)
        let boxCentre = "\(box[0] + box[2] / 2),\(box[1] + box[3] / 2)"
        let linkCentre = "\(link[0] + link[2] / 2),\(link[1] + link[3] / 2)"
        let agree = Self.point(try Self.centre(ofRange: "5,2", ["--markup", "--checkbox"], title))
        let script =
            "down \(boxCentre) 0; up \(boxCentre) 0.1; down \(linkCentre) 1; up \(linkCentre) 1.1; down \(agree) 2; up \(agree) 2.1"
        let output = try Self.run(["interact"] + options + ["--events", script, title])
        let linkJSON = #"{"start":0,"length":4,"target":"https://example.com/terms","safe":true,"warnings":[]}"#
        #expect(
            output.lines == [
                #"{"event":"focus","link":null,"checkbox":true}"#,
                #"{"event":"toggle","checked":true}"#,
                #"{"event":"pressed","link":\#(linkJSON)}"#,
                #"{"event":"pressed","link":null}"#,
                #"{"event":"tap","link":\#(linkJSON)}"#,
                #"{"event":"toggle","checked":false}"#,
            ])
        let disabled = try Self.run(["interact"] + options + ["--disabled", "--events", script, title])
        #expect(disabled.status == 0)
        #expect(disabled.lines.isEmpty)
    }

    @Test(
        "malformed scripts are usage errors with exit code 2",
        arguments: [
            "down 1,x 0", "down 1,1", "jump 1", "down 1,1 1; up 1,1 0.5", "wait -1", "", "cancel",
        ])
    func malformedScript(script: String) throws {
        let output = try Self.run(["interact", "--events", script, "hi"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--events"))
        #expect(output.lines.isEmpty)
    }
}

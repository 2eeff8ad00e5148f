import Foundation
import Testing

/// `--vertical` and `--orientation`, and their batch keys `"vertical"` and `"orientation"`.
@Suite("labelkit --vertical and --orientation")
struct VerticalOptionsTests {
    static let notice = "決済をしたと同時に利用規約に同意したとみなします"

    @Test("with --vertical, --height is the column length and measure's \"lines\" counts columns")
    func measureCountsColumns() throws {
        let vertical = try labelkit(["measure", "--vertical", "--height", "200", Self.notice])
        #expect(vertical.status == 0, "\(vertical.stderr)")
        let columns = try #require(vertical.jsonLines.first)
        #expect(columns["lines"] as? Int == 2)
        let height = try #require(columns["height"] as? Double)
        let width = try #require(columns["width"] as? Double)
        #expect(height <= 200 && height > 100)
        // Japanese in Noto Sans CJK advances one em both ways, and a column is as wide as a line is tall: the
        // vertical label is the horizontal one turned.
        let horizontal = try labelkit(["measure", "--width", "200", Self.notice])
        let lines = try #require(horizontal.jsonLines.first)
        #expect(lines["lines"] as? Int == 2)
        #expect(lines["width"] as? Double == height)
        #expect(lines["height"] as? Double == width)
    }

    @Test("hit answers 利用規約 at the centre of the rect rects gives for it, in the same coordinates")
    func hitAtTheCentreOfRects() throws {
        let rects = try labelkit(["rects", "--vertical", "--height", "200", "--range", "9,4", Self.notice])
        #expect(rects.status == 0, "\(rects.stderr)")
        let list = try #require(rects.jsonLines.first?["rects"] as? [[Double]])
        try #require(list.count == 1)
        let rect = list[0]
        #expect(rect[3] > rect[2], "a vertical band: \(rect)")
        let x = String(rect[0] + rect[2] / 2)
        for offset in 0..<4 {
            // The centre of each of the four characters, one em apart down the band.
            let y = String(rect[1] + rect[3] / 8 + Double(offset) * rect[3] / 4)
            let hit = try labelkit(["hit", "--vertical", "--height", "200", "--x", x, "--y", y, Self.notice])
            #expect(hit.jsonLines.first?["index"] as? Int == 9 + offset)
        }
    }

    @Test("interact taps 利用規約 at the centre of its band in a vertical label")
    func interactTapsInAColumn() throws {
        let markup = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
        let rects = try labelkit(["rects", "--vertical", "--height", "200", "--range", "9,4", Self.notice])
        let rect = try #require((rects.jsonLines.first?["rects"] as? [[Double]])?.first)
        let point = "\(rect[0] + rect[2] / 2),\(rect[1] + rect[3] / 2)"
        let events = try labelkit([
            "interact", "--vertical", "--height", "200", "--markup", "--events", "down \(point) 0; up \(point) 0.1",
            markup,
        ])
        #expect(events.status == 0, "\(events.stderr)")
        let tap = try #require(events.jsonLines.first { $0["event"] as? String == "tap" })
        #expect((tap["link"] as? [String: Any])?["target"] as? String == "https://example.com/terms")
    }

    @Test("the batch keys \"vertical\" and \"orientation\" set each record's mode")
    func batchKeys() throws {
        let records = [
            #"{"text":"漢字 Swift","height":300,"vertical":true}"#,
            #"{"text":"漢字 Swift","height":300,"vertical":true,"orientation":"upright"}"#,
            #"{"text":"漢字 Swift","width":300}"#,
        ].joined(separator: "\n")
        let batch = try labelkit(["measure", "--batch", "-"], stdin: records)
        #expect(batch.status == 0, "\(batch.stderr)")
        let results = batch.jsonLines
        try #require(results.count == 3)
        let sideways = try #require(results[0]["height"] as? Double)
        let upright = try #require(results[1]["height"] as? Double)
        // Upright, each Latin letter takes a CJK cell's height down the column: longer than turned.
        #expect(upright > sideways)
        #expect(results[2]["height"] as? Double != sideways)
        #expect(results[0]["lines"] as? Int == 1)
    }

    @Test("an orientation that is neither mixed nor upright is refused with the choices")
    func badOrientation() throws {
        let result = try labelkit(["measure", "--vertical", "--orientation", "sideways", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("mixed|upright"))
    }

    @Test("render --vertical draws an SVG and a PDF page as wide as the columns and as tall as --height")
    func renderVertical() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labelkit-vertical-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("notice.svg").path
        let rendered = try labelkit(["render", "--vertical", "--height", "200", "--out", svg, Self.notice])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.contains("width=\"44px\" height=\"200px\""))
        // A PDF page of the same size.
        let pdf = directory.appendingPathComponent("notice.pdf").path
        let printed = try labelkit(["render", "--vertical", "--height", "200", "--out", pdf, Self.notice])
        #expect(printed.status == 0, "\(printed.stderr)")
        let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(bytes.contains("/MediaBox [ 0 0 44 200 ]"))
    }
}

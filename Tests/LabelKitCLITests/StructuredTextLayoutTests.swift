import Foundation
import Testing

/// What `--tab-stops`, `--tab-interval` and `--line-height` do to a label, as the issue documents it (issue 43):
/// these need the typesetter's tab stops and line height.
@Suite("labelkit tab stops and line height in layout (needs the layout's tabs and line height)")
struct StructuredTextLayoutTests {
    /// The rectangles of `range` in TEXT laid out with `options`.
    static func rects(_ range: String, _ options: [String], _ text: String) throws -> [[Double]] {
        let result = try labelkit(["rects", "--range", range] + options + [text])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first?["rects"] as? [[Double]])
    }

    static func height(_ options: [String], _ text: String) throws -> Double {
        let result = try labelkit(["measure"] + options + [text])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first?["height"] as? Double)
    }

    @Test("a left stop starts the text after a tab at the stop, a right stop ends it there")
    func leftAndRightStops() throws {
        let left = try Self.rects("2,1", ["--tab-stops", "200"], "a\tb")
        #expect(abs((left.first?[0] ?? -1) - 200) < 0.01)
        let right = try Self.rects("4,3", ["--tab-stops", "50,200:right"], "a\tb\tcde")
        #expect(right.count == 1)
        let end = (right.first?[0] ?? 0) + (right.first?[2] ?? 0)
        #expect(abs(end - 200) < 0.01)
    }

    @Test("without stops, a tab advances to the next multiple of --tab-interval, or of eight spaces")
    func interval() throws {
        let byInterval = try Self.rects("2,1", ["--tab-interval", "50"], "a\tb")
        #expect(abs((byInterval.first?[0] ?? -1) - 50) < 0.01)
        let space = try #require(try Self.rects("0,1", [], " x").first?[2])
        let byDefault = try Self.rects("2,1", [], "a\tb")
        #expect(abs((byDefault.first?[0] ?? -1) - 8 * space) < 0.01)
    }

    @Test("--line-height Npx makes every line N tall; F multiplies each line's height")
    func lineHeight() throws {
        #expect(try Self.height(["--line-height", "30px"], "x") == 30)
        #expect(try Self.height(["--line-height", "30px"], "x\ny") == 60)
        let plain = try Self.height([], "x")
        let doubled = try Self.height(["--line-height", "2"], "x")
        // The label's height is rounded up from 2 × the font's ascent + descent, which `plain` rounds up once.
        #expect(doubled > 2 * plain - 2 && doubled <= 2 * plain)
        let record = try labelkit(["measure", "--batch", "-"], stdin: #"{"text":"x\ny","lineHeight":"30px"}"#)
        #expect(record.jsonLines.first?["height"] as? Double == 60)
    }
}

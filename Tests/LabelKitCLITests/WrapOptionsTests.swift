import Foundation
import Testing

/// `--wrap greedy|balanced|pretty` (`balance` is an alias of `balanced`) and `--word-break normal|keep-all|anywhere`,
/// and their batch keys `"wrap"` and `"wordBreak"`.
@Suite("labelkit --wrap and --word-break")
struct WrapOptionsTests {
    static let heading = "Terms of Service and Privacy Policy"
    static let korean = "한국어 문장은 띄어쓰기 단위로 줄을 바꿉니다"

    static func measure(_ arguments: [String], stdin: String? = nil) throws -> [[String: Any]] {
        let result = try labelkit(["measure"] + arguments, stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        return result.jsonLines
    }

    /// The rects of the whole text, one per line: their widths are the lines' widths.
    static func lineWidths(_ text: String, _ options: [String]) throws -> [Double] {
        let length = text.utf16.count
        let result = try labelkit(["rects", "--range", "0,\(length)"] + options + [text])
        #expect(result.status == 0, "\(result.stderr)")
        let rects = try #require(result.jsonLines.first?["rects"] as? [[Double]])
        return rects.map { $0[2] }
    }

    @Test("--wrap balanced keeps the heading's two lines and makes the widest narrower; balance is the same")
    func balance() throws {
        let greedy = try Self.lineWidths(Self.heading, ["--width", "200"])
        let balanced = try Self.lineWidths(Self.heading, ["--width", "200", "--wrap", "balanced"])
        #expect(greedy.count == 2 && balanced.count == 2)
        #expect((balanced.max() ?? 0) < (greedy.max() ?? 0) - 10)
        let measured = try #require(try Self.measure(["--width", "200", "--wrap", "balanced", Self.heading]).first)
        #expect(measured["width"] as? Double == (balanced.max() ?? 0).rounded(.up))
        // CSS's name, kept as an alias.
        #expect(try Self.lineWidths(Self.heading, ["--width", "200", "--wrap", "balance"]) == balanced)
    }

    @Test("--word-break anywhere fills a line up to the width where normal breaks at the space before a long word")
    func anywhere() throws {
        let text = "aaa bbbbbbbbbbbb"
        let normal = try Self.lineWidths(text, ["--width", "80"])
        let anywhere = try Self.lineWidths(text, ["--width", "80", "--word-break", "anywhere"])
        // Normal ends the first line after "aaa"; anywhere goes on into the long word, up to the width.
        #expect(normal.count >= 2 && anywhere.count >= 2)
        #expect(anywhere[0] > normal[0] + 20)
        #expect(anywhere.allSatisfy { $0 <= 80 })
        let record = try #require(
            try Self.measure(["--batch", "-"], stdin: #"{"text":"\#(text)","width":80,"wordBreak":"anywhere"}"#).first)
        #expect(record["lines"] as? Double == Double(anywhere.count))
    }

    @Test("--word-break keep-all makes more lines of Korean at a narrow width, and the batch keys do the same")
    func keepAllAndBatchKeys() throws {
        let normal = try #require(try Self.measure(["--width", "80", Self.korean]).first)
        let keepAll = try #require(try Self.measure(["--width", "80", "--word-break", "keep-all", Self.korean]).first)
        #expect((keepAll["lines"] as? Double ?? 0) > (normal["lines"] as? Double ?? 0))
        let records = [
            #"{"text":"\#(Self.korean)","width":80,"wordBreak":"keep-all"}"#,
            #"{"text":"\#(Self.heading)","width":200,"wrap":"balanced"}"#,
            #"{"text":"\#(Self.heading)","width":200}"#,
        ].joined(separator: "\n")
        let batch = try Self.measure(["--batch", "-"], stdin: records)
        try #require(batch.count == 3)
        #expect(batch[0]["lines"] as? Double == keepAll["lines"] as? Double)
        #expect((batch[1]["width"] as? Double ?? 0) < (batch[2]["width"] as? Double ?? 0))
    }

    @Test("a wrong value names the choices")
    func wrongValues() throws {
        let wrap = try labelkit(["measure", "--wrap", "even", "x"])
        #expect(wrap.status != 0)
        #expect(wrap.stderr.contains("greedy|balanced|pretty"))
        let rule = try labelkit(["measure", "--word-break", "keepAll", "x"])
        #expect(rule.status != 0)
        #expect(rule.stderr.contains("normal|keep-all|anywhere"))
    }
}

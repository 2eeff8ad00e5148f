import Foundation
import Testing

/// `--min-scale F` and `--tighten`, and their batch keys `"minScale"` and `"tighten"`.
@Suite("labelkit --min-scale and --tighten")
struct FittingOptionsTests {
    static let title = "Quarterly Report"

    @Test("--min-scale shrinks a one-line title to fit and measure prints the scale; without it, no scale")
    func minScale() throws {
        let shrunk = try labelkit(["measure", "--width", "100", "--lines", "1", "--min-scale", "0.5", Self.title])
        #expect(shrunk.status == 0, "\(shrunk.stderr)")
        let result = try #require(shrunk.jsonLines.first)
        #expect(result["truncated"] as? Bool == false)
        let scale = try #require(result["scale"] as? Double)
        #expect(scale >= 0.5 && scale < 1)
        // The title at the reported size fits; one hundredth larger does not.
        let size = String(15 * scale)
        let atScale = try labelkit(["measure", "--width", "100", "--lines", "1", "--size", size, Self.title])
        #expect(atScale.jsonLines.first?["truncated"] as? Bool == false)
        let larger = String(15 * (scale + 0.01))
        let above = try labelkit(["measure", "--width", "100", "--lines", "1", "--size", larger, Self.title])
        #expect(above.jsonLines.first?["truncated"] as? Bool == true)
        let plain = try labelkit(["measure", "--width", "100", "--lines", "1", Self.title])
        #expect(plain.jsonLines.first?["scale"] == nil)
        #expect(plain.jsonLines.first?["truncated"] as? Bool == true)
    }

    @Test("a batch prints the scale for the records that give minScale, and tighten fits a title a little too wide")
    func batchKeys() throws {
        let records = [
            #"{"text":"\#(Self.title)","width":100,"lines":1,"minScale":0.5}"#,
            #"{"text":"\#(Self.title)","width":100,"lines":1}"#,
            #"{"text":"Tighten to fit the line","width":150,"lines":1,"tighten":true}"#,
            #"{"text":"Tighten to fit the line","width":150,"lines":1,"tighten":false}"#,
        ].joined(separator: "\n")
        let batch = try labelkit(["measure", "--batch", "-"], stdin: records)
        #expect(batch.status == 0, "\(batch.stderr)")
        let results = batch.jsonLines
        try #require(results.count == 4)
        #expect(results[0]["scale"] is Double)
        #expect(results[1]["scale"] == nil)
        #expect(results[2]["truncated"] as? Bool == false)
        #expect(results[3]["truncated"] as? Bool == true)
    }

    @Test("a scale of 0, above 1 or not a number is refused with the rule", arguments: ["0", "1.5", "x"])
    func badScale(value: String) throws {
        let result = try labelkit(["measure", "--min-scale", value, "x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("> 0 and ≤ 1"))
    }
}

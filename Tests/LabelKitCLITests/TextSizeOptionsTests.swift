import Foundation
import Testing

/// `--text-scale`, `--text-style` and `--maximum-font-size`, and their batch and run keys: the person's text size is
/// a new layout, so it changes what measure, hit and rects answer.
@Suite("labelkit text size: --text-scale, --text-style, --maximum-font-size")
struct TextSizeOptionsTests {
    static let text = "Follow the person's text size"

    /// `labelkit measure` of `text` with `options`: width and height.
    static func size(_ options: [String], _ text: String = text) throws -> (width: Double, height: Double) {
        let result = try labelkit(["measure"] + options + [text])
        try #require(result.status == 0, "\(options): \(result.stderr)")
        let object = try #require(result.jsonLines.first)
        return (try #require(object["width"] as? Double), try #require(object["height"] as? Double))
    }

    @Test("--text-scale 2 measures larger than 1, and 0.5 smaller; 1 is the default")
    func textScale() throws {
        let standard = try Self.size([])
        let double = try Self.size(["--text-scale", "2"])
        let half = try Self.size(["--text-scale", "0.5"])
        #expect(double.width > standard.width * 1.5 && double.height > standard.height * 1.5)
        #expect(half.width < standard.width && half.height < standard.height)
        #expect(try Self.size(["--text-scale", "1"]) == standard)
    }

    @Test("large text grows less than small text, as the system's text size does")
    func largeTextGrowsLess() throws {
        let small = try Self.size(["--size", "12"])
        let smallDouble = try Self.size(["--size", "12", "--text-scale", "2"])
        let large = try Self.size(["--size", "40"])
        let largeDouble = try Self.size(["--size", "40", "--text-scale", "2"])
        #expect(smallDouble.width / small.width > largeDouble.width / large.width)
    }

    @Test("--text-style largeTitle measures larger than caption2; body is --size 17 and overrides --size")
    func textStyle() throws {
        let largeTitle = try Self.size(["--text-style", "largeTitle"])
        let caption2 = try Self.size(["--text-style", "caption2"])
        #expect(largeTitle.width > caption2.width * 2 && largeTitle.height > caption2.height * 2)
        #expect(try Self.size(["--text-style", "body"]) == Self.size(["--size", "17"]))
        #expect(try Self.size(["--text-style", "body", "--size", "40"]) == Self.size(["--size", "17"]))
        #expect(try Self.size(["--text-style", "headline"]).width > Self.size(["--size", "17"]).width, "semibold")
        let scaled = try Self.size(["--text-style", "caption2", "--text-scale", "2"])
        #expect(scaled.width > caption2.width)
    }

    @Test("--maximum-font-size caps the scaled size")
    func maximumFontSize() throws {
        #expect(try Self.size(["--text-scale", "3", "--maximum-font-size", "20"]) == Self.size(["--size", "20"]))
        let capped = #"[{"text":"Follow the person's text size","maximumFontSize":20}]"#
        #expect(try Self.size(["--text-scale", "3", "--runs"], capped) == Self.size(["--size", "20"]))
    }

    @Test("a run's \"textStyle\" sizes its text as the style does, scaled by --text-scale")
    func runTextStyle() throws {
        let runs = #"[{"text":"Follow the person's text size","textStyle":"largeTitle"}]"#
        #expect(try Self.size(["--runs"], runs) == Self.size(["--text-style", "largeTitle"]))
        #expect(
            try Self.size(["--runs", "--text-scale", "1.5"], runs)
                == Self.size(["--text-style", "largeTitle", "--text-scale", "1.5"]))
    }

    @Test("hit and rects follow the scale: the same point and range answer for bigger text")
    func hitAndRects() throws {
        let rects = { (options: [String]) throws -> [[Double]] in
            let result = try labelkit(["rects", "--range", "0,6"] + options + [Self.text])
            return try #require(result.jsonLines.first?["rects"] as? [[Double]])
        }
        let standard = try #require(try rects([]).first)
        let scaled = try #require(try rects(["--text-scale", "2"]).first)
        #expect(scaled[2] > standard[2] * 1.5 && scaled[3] > standard[3] * 1.5)

        // A point right of the unscaled text's last character hits a character of the scaled one.
        let x = String(try Self.size([]).width + 10)
        let plain = try labelkit(["hit", "--x", x, "--y", "5", Self.text])
        let big = try labelkit(["hit", "--x", x, "--y", "5", "--text-scale", "2", Self.text])
        #expect(plain.jsonLines.first?["index"] is NSNull)
        #expect(big.jsonLines.first?["index"] is Int)
    }

    @Test("batch records set \"textScale\", \"textStyle\" and \"maximumFontSize\" for themselves alone")
    func batchKeys() throws {
        let records = [
            #"{"text":"Follow the person's text size","textScale":2}"#,
            #"{"text":"Follow the person's text size"}"#,
            #"{"text":"Follow the person's text size","textStyle":"largeTitle"}"#,
            #"{"text":"Follow the person's text size","textScale":3,"maximumFontSize":20}"#,
        ]
        let result = try labelkit(["measure", "--batch", "-"], stdin: records.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { String($0) + "\n" }
        try #require(lines.count == 4)
        #expect(lines[0] == (try labelkit(["measure", "--text-scale", "2", Self.text])).stdout)
        #expect(lines[1] == (try labelkit(["measure", Self.text])).stdout)
        #expect(lines[2] == (try labelkit(["measure", "--text-style", "largeTitle", Self.text])).stdout)
        #expect(lines[3] == (try labelkit(["measure", "--size", "20", Self.text])).stdout)
    }
}

import Foundation
import Testing

/// `--hyphenate`, `--hyphenation-factor`, the batch key `"hyphenate"` and `measure --line-details`.
@Suite("labelkit --hyphenate and --line-details")
struct HyphenationOptionsTests {
    static func details(_ arguments: [String], stdin: String? = nil) throws -> [[String: Any]] {
        let result = try labelkit(["measure", "--line-details"] + arguments, stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(result.jsonLines.first?["lineDetails"] as? [[String: Any]])
    }

    @Test("--line-details reports each line's UTF-16 range, drawn width and hyphen; the hyphen is in the width")
    func lineDetails() throws {
        let lines = try Self.details(["--width", "60", "--hyphenate", "responsibility"])
        try #require(lines.count == 2)
        #expect(lines[0]["start"] as? Double == 0)
        #expect(lines[0]["length"] as? Double == 6)
        #expect(lines[0]["hyphenated"] as? Bool == true)
        #expect(lines[1]["start"] as? Double == 6)
        #expect(lines[1]["length"] as? Double == 8)
        #expect(lines[1]["hyphenated"] as? Bool == false)
        // The hyphenated line is wider than its letters alone.
        let letters = try #require(try Self.details(["respon"]).first?["width"] as? Double)
        let hyphen = try #require(try Self.details(["\u{2010}"]).first?["width"] as? Double)
        let width = try #require(lines[0]["width"] as? Double)
        #expect(abs(width - (letters + hyphen)) < 0.002)
    }

    @Test("without --hyphenate a long word breaks between clusters with no hyphen; the batch key turns it on")
    func batchKey() throws {
        let plain = try Self.details(["--width", "60", "responsibility"])
        #expect(plain.allSatisfy { $0["hyphenated"] as? Bool == false })
        let records =
            #"{"text":"responsibility","width":60,"hyphenate":true}"# + "\n"
            + #"{"text":"responsibility","width":60}"#
        let result = try labelkit(["measure", "--line-details", "--batch", "-"], stdin: records)
        let batch = result.jsonLines.compactMap { $0["lineDetails"] as? [[String: Any]] }
        try #require(batch.count == 2)
        #expect(batch[0].first?["hyphenated"] as? Bool == true)
        #expect(batch[1].first?["hyphenated"] as? Bool == false)
    }

    @Test("--hyphenation-factor 0.5 keeps a word whole on a line more than half full")
    func factor() throws {
        let full = try Self.details(["--width", "120", "--hyphenate", "Some words responsibility"])
        let half = try Self.details(
            ["--width", "120", "--hyphenate", "--hyphenation-factor", "0.5", "Some words responsibility"])
        #expect(full.first?["hyphenated"] as? Bool == true)
        #expect(half.first?["hyphenated"] as? Bool == false)
    }
}

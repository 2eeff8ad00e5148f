import Foundation
import Testing

/// The twitter-text conformance files in `../shared/conformance/twitter-text/`, found from this file's path.
///
/// The data lives beside the repository, not in it. A clone without it skips the test that reads it (one line saying
/// what is missing) and runs every other test; where the folder is there, a file missing from it or malformed fails.
enum ConformanceData {
    /// The package root: this file is `Tests/LinkDetectionTests/ConformanceData.swift`.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared/conformance/twitter-text`, beside the repository.
    static var twitterTextDirectory: URL {
        packageRoot.appendingPathComponent("../shared/conformance/twitter-text").standardizedFileURL
    }

    static func twitterTextFile(_ name: String) -> URL {
        twitterTextDirectory.appendingPathComponent(name)
    }

    /// Whether the twitter-text folder exists. Only its absence skips: the files inside it are required.
    static var isTwitterTextAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: twitterTextDirectory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The reason printed when the suites skip.
    static var twitterTextMissing: Comment {
        Comment(
            rawValue: "twitter-text conformance data not found: no folder \(twitterTextDirectory.path) "
                + "(the shared conformance data, ../shared beside the repository); its cases are not run")
    }

    struct Case {
        var description: String
        var text: String
        /// Plain groups: the expected strings. Groups with indices: the expected strings and code point ranges.
        var expectedValues: [String]
        var expectedCodePointRanges: [Range<Int>]?
    }

    /// The cases of `group` in `file`; records an issue (never skips) when the file is missing or malformed.
    static func cases(file: String, group: String) throws -> [Case] {
        let url = twitterTextFile(file)
        let data = try #require(
            FileManager.default.contents(atPath: url.path),
            "conformance file missing: \(url.path) — it is required, not optional")
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(root["tests"] as? [String: Any])
        let list = try #require(tests[group] as? [[String: Any]], "group \(group) missing in \(file)")
        return try list.map { entry in
            let description = try #require(entry["description"] as? String)
            let text = try #require(entry["text"] as? String)
            let expected = try #require(entry["expected"] as? [Any])
            if let strings = expected as? [String] {
                return Case(description: description, text: text, expectedValues: strings)
            }
            var values: [String] = []
            var ranges: [Range<Int>] = []
            for item in expected {
                let object = try #require(item as? [String: Any])
                let indices = try #require(object["indices"] as? [Int])
                let value = try #require(object.first { $0.key != "indices" }?.value as? String)
                values.append(value)
                ranges.append(indices[0]..<indices[1])
            }
            return Case(description: description, text: text, expectedValues: values, expectedCodePointRanges: ranges)
        }
    }

    /// Converts a range of code points (how twitter-text counts) into UTF-16 units, independently of LabelKit.
    static func utf16Range(codePoints: Range<Int>, in text: String) -> Range<Int> {
        let scalars = Array(text.unicodeScalars)
        let start = scalars[..<codePoints.lowerBound].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        let length = scalars[codePoints].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        return start..<(start + length)
    }
}

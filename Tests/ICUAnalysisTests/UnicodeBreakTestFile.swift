import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText

/// One case of a Unicode break test file (`÷ 0023 × 0308 ÷ # comment`), converted to UTF-16.
struct UnicodeBreakTestCase {
    /// The 1-based line number in the file, to name the case in failures and in lists of known deviations.
    var lineNumber: Int
    /// The text of the case as UTF-16.
    var utf16: [UInt16]
    /// For every UTF-16 offset `0...utf16.count`: whether the file says a break is allowed there (÷). Offsets inside
    /// a surrogate pair are never breaks.
    var breakAllowed: [Bool]
    /// The code points and the rules from the file's comment, for readable failure messages.
    var description: String
}

/// Reads a Unicode break test file such as `GraphemeBreakTest.txt` or `LineBreakTest.txt`.
func readUnicodeBreakTestFile(at path: String) throws -> [UnicodeBreakTestCase] {
    let contents = try String(contentsOfFile: path, encoding: .utf8)
    var cases: [UnicodeBreakTestCase] = []
    for (lineIndex, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let tokens = (data.first ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { continue }

        var utf16: [UInt16] = []
        var breakAllowed: [Bool] = []
        for token in tokens {
            switch token {
            case "÷": breakAllowed.append(true)
            case "×": breakAllowed.append(false)
            default:
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw BreakTestFileError(lineNumber: lineIndex + 1, token: String(token))
                }
                let unitsBefore = utf16.count
                utf16.append(contentsOf: scalar.utf16)
                // The second unit of a surrogate pair is never a boundary.
                for _ in (unitsBefore + 1)..<utf16.count { breakAllowed.append(false) }
            }
        }
        guard breakAllowed.count == utf16.count + 1 else {
            throw BreakTestFileError(lineNumber: lineIndex + 1, token: "(markers and code points do not alternate)")
        }
        let comment = data.count > 1 ? data[1].trimmingCharacters(in: .whitespaces) : ""
        cases.append(
            UnicodeBreakTestCase(
                lineNumber: lineIndex + 1, utf16: utf16, breakAllowed: breakAllowed,
                description: comment))
    }
    return cases
}

/// A line of a break test file that could not be read.
struct BreakTestFileError: Error, CustomStringConvertible {
    var lineNumber: Int
    var token: String
    var description: String { "line \(lineNumber): cannot read \(token)" }
}

/// Runs `text` through `analyzer` and returns the flags for every offset.
func analyze(_ text: [UInt16], with analyzer: some TextAnalyzer = ICUTextAnalyzer()) -> [TextBoundaryFlags] {
    var flags: [TextBoundaryFlags] = []
    text.withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
    return flags
}

/// Runs `text` through `analyzer` and returns the flags for every offset.
func analyze(_ text: String, with analyzer: some TextAnalyzer = ICUTextAnalyzer()) -> [TextBoundaryFlags] {
    analyze(Array(text.utf16), with: analyzer)
}

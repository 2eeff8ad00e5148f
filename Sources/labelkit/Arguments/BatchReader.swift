import Foundation

/// Reads a JSON Lines file (or standard input for "-"), one object per non-empty line.
struct BatchReader {
    let lines: [Substring]

    init(path: String) throws(UsageError) {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw UsageError(message: "cannot read batch file '\(path)'")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError(message: "batch file '\(path)' is not UTF-8")
        }
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The record on `line` (1-based), nil for a blank line.
    static func record(_ text: Substring, line: Int) throws(UsageError) -> [String: Any]? {
        if text.allSatisfy(\.isWhitespace) { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
            let record = object as? [String: Any]
        else { throw UsageError(message: "line \(line): not a JSON object") }
        return record
    }

    /// The required `"text"` string of a record.
    static func text(of record: [String: Any], line: Int) throws(UsageError) -> String {
        guard let text = record["text"] as? String else {
            throw UsageError(message: "line \(line): missing \"text\" string")
        }
        return text
    }
}

/// Runs `body` on every record of a batch file, printing one JSON object per record. A bad record prints
/// `{"error":"…"}` in its place and a message naming its line on stderr, and makes the exit code 2.
func runBatch(path: String, body: (_ record: [String: Any], _ line: Int) throws(UsageError) -> JSONValue)
    throws(UsageError) -> Int32
{
    let reader = try BatchReader(path: path)
    var output = StandardOutput()
    var status: Int32 = 0
    for (index, text) in reader.lines.enumerated() {
        let line = index + 1
        do {
            guard let record = try BatchReader.record(text, line: line) else { continue }
            output.writeLine(try body(record, line).text)
        } catch {
            output.flush()
            printError("labelkit: error: \(error.message)")
            output.writeLine(JSONValue.object([("error", .string(error.message))]).text)
            status = 2
        }
    }
    output.flush()
    return status
}

/// A JSON number from `JSONSerialization`, rejecting booleans (which Foundation also represents as `NSNumber`).
func jsonNumber(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber else { return nil }
    let type = String(cString: number.objCType)
    guard type != "c", type != "B" else { return nil }
    let double = number.doubleValue
    return double.isFinite ? double : nil
}

import Foundation
import LabelKitJSON

/// One record of a batch: the members of its JSON object that the commands read, and its line number for messages.
/// Other keys are ignored.
struct BatchRecord {
    /// Every key a command reads from a record.
    static let keys: Set<String> = [
        "text", "runs", "width", "height", "size", "lines", "font", "points", "range", "indent", "headIndent",
        "tailIndent", "paragraphSpacing",
    ]

    let members: JSONMembers
    let line: Int

    /// The required `"text"` string.
    func text() throws(UsageError) -> String {
        guard case .string(let text) = members["text"] else {
            throw UsageError(message: "line \(line): missing \"text\" string")
        }
        return text
    }

    /// A number ≥ 0 under `key`; nil when the key is absent or null.
    func nonNegativeNumber(_ key: String) throws(UsageError) -> Double? {
        switch members[key] {
        case nil, .null?: return nil
        case .number(let number)? where number >= 0: return number
        default: throw UsageError(message: "line \(line): \"\(key)\" must be a number ≥ 0")
        }
    }

    /// A string under `key`; nil when the key is absent (null is not a string).
    func string(_ key: String) throws(UsageError) -> String? {
        switch members[key] {
        case nil: return nil
        case .string(let text)?: return text
        default: throw UsageError(message: "line \(line): \"\(key)\" must be a string")
        }
    }

    /// `"paragraphSpacing":[before,after]` (or `"before,after"`, as on the command line), numbers ≥ 0; nil when
    /// absent or null.
    func paragraphSpacing() throws(UsageError) -> (before: Double, after: Double)? {
        switch members["paragraphSpacing"] {
        case nil, .null?: return nil
        case .array(let pair)? where pair.count == 2:
            if case .number(let before) = pair[0], case .number(let after) = pair[1], before >= 0, after >= 0 {
                return (before, after)
            }
        case .string(let text)?:
            if let spacing = try? LayoutOptions.parseSpacing(text) { return spacing }
        default: break
        }
        throw UsageError(message: "line \(line): \"paragraphSpacing\" must be [before,after] with numbers ≥ 0")
    }

    /// `"points":[[x,y],…]`.
    func points() throws(UsageError) -> [CGPoint] {
        guard case .array(let list) = members["points"] else {
            throw UsageError(message: "line \(line): missing \"points\":[[x,y],…]")
        }
        var points: [CGPoint] = []
        points.reserveCapacity(list.count)
        for item in list {
            guard case .array(let pair) = item, pair.count == 2, case .number(let x) = pair[0],
                case .number(let y) = pair[1]
            else { throw UsageError(message: "line \(line): each point must be [x,y] with two numbers") }
            points.append(CGPoint(x: x, y: y))
        }
        return points
    }

    /// `"range":[start,length]`, whole numbers ≥ 0.
    func range() throws(UsageError) -> Range<Int> {
        guard case .array(let pair) = members["range"], pair.count == 2, case .number(let startValue) = pair[0],
            case .number(let lengthValue) = pair[1], let start = Int(exactly: startValue),
            let length = Int(exactly: lengthValue), start >= 0, length >= 0, start <= Int.max - length
        else { throw UsageError(message: "line \(line): missing \"range\":[start,length] with whole numbers ≥ 0") }
        return start..<(start + length)
    }
}

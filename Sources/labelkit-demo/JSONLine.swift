import Foundation

/// A JSON value written as one line: the demo's event protocol. Keys keep their order, so `"event"` comes first.
enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A rectangle as `[x, y, width, height]`.
    static func rect(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.width, rect.height].map { .number(Double($0)) })
    }

    /// Rectangles as `[[x, y, width, height], …]`.
    static func rects(_ rects: [CGRect]) -> JSONValue { .array(rects.map(rect)) }

    var serialized: String {
        switch self {
        case .string(let text): return Self.quote(text)
        case .number(let value): return Self.format(value)
        case .bool(let value): return value ? "true" : "false"
        case .array(let values): return "[" + values.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.0) + ":" + $0.1.serialized }.joined(separator: ",") + "}"
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Writes events as JSON lines on stdout, unbuffered, when enabled.
struct EventLog {
    var isEnabled: Bool

    func emit(_ event: String, _ members: [(String, JSONValue)] = []) {
        guard isEnabled else { return }
        let line = JSONValue.object([("event", .string(event))] + members).serialized + "\n"
        // FileHandle writes straight to the descriptor: each line reaches the reader at once.
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}

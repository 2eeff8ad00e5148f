import Foundation

/// A JSON value whose object members keep the order they were given in, so that output reads as documented
/// (`{"width":…,"height":…}`, `{"event":…}` first). What the command line and the demo write, and what the batch
/// reader hands back for the keys it was asked for.
///
/// ```swift
/// JSONValue.object([("width", .number(120)), ("height", .number(17.5))]).text   // {"width":120,"height":17.5}
/// ```
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, written in ``JSONWriter/writeNumber(_:)``'s format.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object([(String, JSONValue)])

    /// The compact JSON text of this value.
    package var text: String {
        var writer = JSONWriter()
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `[x, y, width, height]`: how LabelKit writes a rectangle.
    package static func rect(_ rect: CGRect) -> JSONValue {
        .array([.number(rect.minX), .number(rect.minY), .number(rect.width), .number(rect.height)])
    }

    /// `[[x, y, width, height], …]`.
    package static func rects(_ rects: [CGRect]) -> JSONValue {
        .array(rects.map(rect))
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

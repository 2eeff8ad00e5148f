/// A JSON array or object given as a command-line argument (`--runs` TEXT, `--background '{"light":…}'`), read by
/// the batch reader's parser.
package enum CommandLineJSON {
    /// The one JSON array or object `text` holds (white space around it allowed), or nil when `text` is not exactly
    /// one array or object.
    ///
    /// ```swift
    /// CommandLineJSON.value(in: #" [{"text":"a"}] "#)   // .array([.object([("text", .string("a"))])])
    /// CommandLineJSON.value(in: #"{"a":1}, {"b":2}"#)   // nil
    /// ```
    package static func value(in text: String) -> JSONValue? {
        guard let end = endOfLeadingValue(text.utf8) else { return nil }
        guard text.utf8[end...].allSatisfy(isWhitespace) else { return nil }
        // The parser reads objects: the value is read as the one member of an object around it, with all its own
        // members (a reader keeps every member of the values of the keys it is asked for).
        let reader = JSONObjectReader(keys: ["value"])
        guard let members = try? reader.read(Array(("{\"value\":" + text + "}").utf8)) else { return nil }
        switch members["value"] {
        case .array(let items)?: return .array(items)
        case .object(let members)?: return .object(members)
        default: return nil
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D].contains(byte)
    }

    /// The index just past the `]` or `}` that closes the array or object `text` starts with (after white space),
    /// skipping brackets in strings; nil when `text` does not start with `[` or `{` or never closes it. Checking it
    /// first keeps a text like `1},"value":{…` from being read as the member it would close and open.
    private static func endOfLeadingValue(_ bytes: String.UTF8View) -> String.UTF8View.Index? {
        var index = bytes.startIndex
        while index < bytes.endIndex, isWhitespace(bytes[index]) {
            index = bytes.index(after: index)
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") else {
            return nil
        }
        var depth = 0
        var inString = false
        var escaped = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

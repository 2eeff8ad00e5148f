/// The escaping of one text field in the line-based files the corpus is handed to the C harnesses in (the oracle,
/// the benchmarks; `Tests/Oracles/field-escape.h` is the C side): `\`, line feed, carriage return and tab are
/// written as `\\`, `\n`, `\r` and `\t`, so a record stays on one line.
///
/// ```swift
/// FieldEscaping.escape("a\tb")            // "a\\tb"
/// FieldEscaping.unescape("a\\tb")         // "a\tb"
/// ```
public enum FieldEscaping {
    /// `text` with its backslashes, line feeds, carriage returns and tabs escaped.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text an escaped field stands for.
    public static func unescape(_ field: Substring) -> String {
        var text = ""
        var iterator = field.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\", let next = iterator.next() else {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": text += "\n"
            case "r": text += "\r"
            case "t": text += "\t"
            default: text.unicodeScalars.append(next)
            }
        }
        return text
    }
}

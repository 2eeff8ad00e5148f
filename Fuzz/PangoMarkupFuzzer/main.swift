// Fuzzes LabelMarkup.pango, the Pango markup reader: it never crashes or hangs; markup it reads gives exactly the
// source's character data (its text with the tags, comments and processing instructions taken out, the references
// decoded and CDATA sections kept), found here by a reader of its own that trusts the markup to be well-formed; and
// markup it rejects gets an error whose line and column lie within the input.
import Foundation
import FuzzSupport
import LabelKitText

func fuzzPangoMarkup(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let markup = FuzzInput(data, size).text
    do {
        let result = try LabelMarkup.pango(markup)
        let text = String(result.text.characters)
        let data = characterData(markup)
        invariant(
            text == data,
            "the text is not the markup's character data: \(text.debugDescription) ≠ \(data.debugDescription)")
        for warning in result.warnings { checkPosition(warning.line, warning.column, in: markup) }
    } catch {
        checkPosition(error.line, error.column, in: markup)
        invariant(!error.message.isEmpty, "an error without a message")
    }
    return 0
}

/// A line and column (from 1, in scalars) lie in `markup` or just after its end.
func checkPosition(_ line: Int, _ column: Int, in markup: String) {
    let lines = markup.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    invariant(line >= 1 && line <= lines.count, "line \(line) outside the input's \(lines.count) lines")
    guard line >= 1, line <= lines.count else { return }
    let length = lines[line - 1].count
    invariant(column >= 1 && column <= length + 1, "column \(column) outside line \(line) of \(length) scalars")
}

/// The character data of well-formed markup.
func characterData(_ markup: String) -> String {
    let scalars = Array(markup.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    func starts(_ literal: String, at position: Int) -> Bool {
        let pattern = Array(literal.unicodeScalars)
        return position + pattern.count <= scalars.count
            && Array(scalars[position..<(position + pattern.count)]) == pattern
    }
    func skip(past literal: String) {
        while index < scalars.count, !starts(literal, at: index) { index += 1 }
        index = min(index + literal.unicodeScalars.count, scalars.count)
    }
    while index < scalars.count {
        if starts("<!--", at: index) {
            index += 2
            skip(past: "-->")
        } else if starts("<!DOCTYPE", at: index) {
            var balance = 0
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if scalar == "<" { balance += 1 }
                if scalar == ">" {
                    balance -= 1
                    if balance == 0 { break }
                }
            }
        } else if starts("<![CDATA[", at: index) {
            index += 9
            while index < scalars.count, !starts("]]>", at: index) {
                result.append(scalars[index])
                index += 1
            }
            index += 3
        } else if starts("<?", at: index) {
            index += 1
            skip(past: "?>")
        } else if scalars[index] == "<" {
            var quote: Unicode.Scalar?
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    break
                }
            }
        } else if scalars[index] == "&" {
            var end = index
            while end < scalars.count, scalars[end] != ";" { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
            let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let scalar = named[name] {
                result.append(scalar)
            } else if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.append(scalar)
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst(), radix: 10),
                let scalar = Unicode.Scalar(value)
            {
                result.append(scalar)
            }
            index = end + 1
        } else {
            result.append(scalars[index])
            index += 1
        }
    }
    return String(result)
}

runFuzzer(fuzzPangoMarkup)

import Foundation

/// A tiny inline markup for labels: `[text](url)` links, `**bold**` and `*italic*`.
///
/// On Linux `AttributedString(markdown:)` does not exist; this covers what a label needs. Markers that are not
/// closed stay as literal text, and `\` escapes the next character, so no input is ever rejected or lost.
///
/// ```swift
/// let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
/// // "決済をしたと同時に利用規約に同意したとみなします", with a link on 利用規約
/// ```
public enum LabelMarkup {
    /// Parses `markup` into an attributed string with `.link`, bold (`fontWeight` 700) and `italic` attributes.
    /// A link's text may hold bold and italic markup; a link whose target is not a valid URL stays literal text.
    public static func attributedString(_ markup: String) -> AttributedString {
        var parser = Parser(characters: Array(markup))
        return parser.parse(until: nil) ?? AttributedString()
    }

    private struct Parser {
        let characters: [Character]
        var position = 0
        var bold = false
        var italic = false

        init(characters: [Character]) {
            self.characters = characters
        }

        /// Parses until `terminator` (a closing marker) or the end; nil when the terminator was required and is
        /// missing (the caller then treats the opening marker as literal).
        mutating func parse(until terminator: String?) -> AttributedString? {
            var result = AttributedString()
            var literal = ""
            func flush(_ result: inout AttributedString, _ literal: inout String, bold: Bool, italic: Bool) {
                guard !literal.isEmpty else { return }
                var piece = AttributedString(literal)
                if bold { piece.labelKit.fontWeight = FontWeight.bold.rawValue }
                if italic { piece.labelKit.italic = true }
                result += piece
                literal = ""
            }
            while position < characters.count {
                if let terminator, matches(terminator) {
                    position += terminator.count
                    flush(&result, &literal, bold: bold, italic: italic)
                    return result
                }
                let character = characters[position]
                if character == "\\", position + 1 < characters.count {
                    literal.append(characters[position + 1])
                    position += 2
                    continue
                }
                if matches("**") || character == "*" || character == "[" {
                    let saved = self
                    flush(&result, &literal, bold: bold, italic: italic)
                    if let styled = parseMarked() {
                        result += styled
                        continue
                    }
                    self = saved
                }
                literal.append(character)
                position += 1
            }
            if terminator != nil { return nil }
            flush(&result, &literal, bold: bold, italic: italic)
            return result
        }

        /// Parses `**…**`, `*…*` or `[…](…)` at the current position; nil if it is not closed.
        private mutating func parseMarked() -> AttributedString? {
            if matches("**") {
                position += 2
                bold.toggle()
                defer { bold.toggle() }
                guard let inner = parse(until: "**"), !inner.characters.isEmpty else { return nil }
                return inner
            }
            if characters[position] == "*" {
                position += 1
                italic.toggle()
                defer { italic.toggle() }
                guard let inner = parse(until: "*"), !inner.characters.isEmpty else { return nil }
                return inner
            }
            position += 1
            guard var inner = parse(until: "]("), !inner.characters.isEmpty else { return nil }
            guard let close = characters[position...].firstIndex(of: ")") else { return nil }
            let target = String(characters[position..<close])
            guard !target.isEmpty, !target.contains(where: \.isWhitespace), let url = URL(string: target) else {
                return nil
            }
            position = close + 1
            inner.link = url
            return inner
        }

        private func matches(_ marker: String) -> Bool {
            var index = position
            for character in marker {
                guard index < characters.count, characters[index] == character else { return false }
                index += 1
            }
            return true
        }
    }
}

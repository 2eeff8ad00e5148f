import Foundation

/// A tiny inline markup for labels: `[text](url)` links, `**bold**` and `*italic*`.
///
/// On Linux `AttributedString(markdown:)` does not exist; this covers what a label needs. Markers that are not
/// closed stay as literal text, and `\` escapes the next character, so no input is ever rejected or lost.
///
/// Any input is read in time linear in its length and in bounded stack: markers nested more than 32 deep stay
/// literal, and once unclosed markers have made the parser re-read the text 16 times over, the markers it has not
/// closed by then stay literal too (ordinary markup never comes near either limit).
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

    /// Markers nested deeper than this stay literal, so that no input can exhaust the stack.
    static let maximumDepth = 32
    /// Characters read per character of the input before unclosed markers stay literal: each unclosed marker makes
    /// the parser read the text after it again, and markers inside unclosed markers would repeat that exponentially.
    static let readsPerCharacter = 16

    /// The characters the parser may still read; shared by every copy of a parser, so that backtracking (which
    /// restores a copy) never gives reads back.
    private final class ReadBudget {
        var remaining: Int

        init(_ remaining: Int) { self.remaining = remaining }
    }

    private struct Parser {
        let characters: [Character]
        /// The ASCII code of each character that is a single ASCII scalar, else 0: markers are compared as bytes.
        let codes: [UInt8]
        var position = 0
        var bold = false
        var italic = false
        var depth = 0
        let budget: ReadBudget

        static let star = UInt8(ascii: "*")
        static let backslash = UInt8(ascii: "\\")
        static let openBracket = UInt8(ascii: "[")
        static let closeParenthesis = UInt8(ascii: ")")
        static let boldMarker: [UInt8] = [star, star]
        static let italicMarker: [UInt8] = [star]
        static let linkMiddle: [UInt8] = [UInt8(ascii: "]"), UInt8(ascii: "(")]

        init(characters: [Character]) {
            self.characters = characters
            codes = characters.map { character in
                let scalars = character.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return 0 }
                return UInt8(scalar.value)
            }
            budget = ReadBudget(characters.count * LabelMarkup.readsPerCharacter + 1_024)
        }

        /// Parses until `terminator` (a closing marker) or the end; nil when the terminator was required and is
        /// missing, or the read budget ran out inside it (the caller then treats the opening marker as literal).
        mutating func parse(until terminator: [UInt8]?) -> AttributedString? {
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
                budget.remaining -= 1
                if let terminator {
                    // Out of reads: give up the marker now rather than read on to the end for nothing.
                    if budget.remaining <= 0 { return nil }
                    if matches(terminator) {
                        position += terminator.count
                        flush(&result, &literal, bold: bold, italic: italic)
                        return result
                    }
                }
                let code = codes[position]
                if code == Self.backslash, position + 1 < characters.count {
                    literal.append(characters[position + 1])
                    position += 2
                    continue
                }
                if code == Self.star || code == Self.openBracket {
                    let saved = self
                    flush(&result, &literal, bold: bold, italic: italic)
                    if let styled = parseMarked() {
                        result += styled
                        continue
                    }
                    self = saved
                }
                literal.append(characters[position])
                position += 1
            }
            if terminator != nil { return nil }
            flush(&result, &literal, bold: bold, italic: italic)
            return result
        }

        /// Parses `**…**`, `*…*` or `[…](…)` at the current position; nil if it is not closed.
        private mutating func parseMarked() -> AttributedString? {
            guard depth < LabelMarkup.maximumDepth, budget.remaining > 0 else { return nil }
            depth += 1
            defer { depth -= 1 }
            if matches(Self.boldMarker) {
                position += 2
                bold.toggle()
                defer { bold.toggle() }
                guard let inner = parse(until: Self.boldMarker), !inner.characters.isEmpty else { return nil }
                return inner
            }
            if codes[position] == Self.star {
                position += 1
                italic.toggle()
                defer { italic.toggle() }
                guard let inner = parse(until: Self.italicMarker), !inner.characters.isEmpty else { return nil }
                return inner
            }
            position += 1
            guard var inner = parse(until: Self.linkMiddle), !inner.characters.isEmpty else { return nil }
            let close = codes[position...].firstIndex(of: Self.closeParenthesis)
            budget.remaining -= (close ?? characters.count) - position
            guard let close else { return nil }
            let target = String(characters[position..<close])
            guard !target.isEmpty, !target.contains(where: \.isWhitespace), let url = URL(string: target) else {
                return nil
            }
            position = close + 1
            inner.link = url
            return inner
        }

        private func matches(_ marker: [UInt8]) -> Bool {
            guard position + marker.count <= codes.count else { return false }
            for (offset, code) in marker.enumerated() where codes[position + offset] != code { return false }
            return true
        }
    }
}

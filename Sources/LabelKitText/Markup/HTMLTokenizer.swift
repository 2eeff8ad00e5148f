/// A place in HTML source: line and column from 1, counted in Unicode scalars (the characters GLib and the HTML
/// standard count); CR LF, CR and LF each end a line.
struct HTMLSourcePosition: Sendable, Hashable {
    /// The line, from 1.
    var line: Int
    /// The column, from 1.
    var column: Int
}

/// An attribute of a tag: its name in lower case, its value with character references decoded.
struct HTMLAttribute: Sendable {
    var name: String
    var value: String
    /// Where the attribute's name starts.
    var position: HTMLSourcePosition
}

/// A start or end tag: its name in lower case (ASCII letters only are folded, as HTML does) and its attributes
/// (the first of two with one name wins, as in browsers).
struct HTMLTag: Sendable {
    var name: String
    var attributes: [HTMLAttribute] = []
    /// Where the tag's `<` is.
    var position: HTMLSourcePosition

    /// The value of the attribute `name`, or nil when the tag has none.
    func value(of name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The attribute `name`, or nil.
    func attribute(_ name: String) -> HTMLAttribute? {
        attributes.first { $0.name == name }
    }
}

/// What the tokenizer reads: text (references decoded, white space as written) and tags. Comments, doctypes,
/// processing instructions and CDATA sections are skipped; so is the content of `script`, `style` and `title`.
enum HTMLToken: Sendable {
    case text(String)
    case startTag(HTMLTag)
    case endTag(HTMLTag)
}

/// Splits HTML into tokens in one pass, in time linear in its length, as browsers' tokenizers do, leniently: a `<`
/// that starts no tag is text, an unknown or unterminated character reference is text, and an unterminated comment
/// runs to the end of the input (with a warning). Only a tag or a quoted attribute value still open at the end of the
/// input cannot be read: a ``MarkupError`` at its start.
struct HTMLTokenizer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var afterCarriageReturn = false
    /// The element whose raw text comes next, skipped up to its end tag.
    private var rawTextElement: String?
    /// Warnings about skipped input not yet collected by the reader.
    var warnings: [MarkupWarning] = []

    /// Elements whose content is not shown: skipped, up to their end tag, without being read as HTML.
    static let rawTextElements: Set<String> = ["script", "style", "title"]

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// The number of scalars in the input.
    var count: Int { scalars.count }

    private var position: HTMLSourcePosition { HTMLSourcePosition(line: line, column: column) }

    /// The next token, or nil at the end of the input.
    mutating func next() throws(MarkupError) -> HTMLToken? {
        if let element = rawTextElement {
            rawTextElement = nil
            skipRawText(of: element)
        }
        while index < scalars.count {
            if scalars[index] == "<", startsMarkup() {
                if let token = try readMarkup() { return token }
                continue
            }
            return .text(readText())
        }
        return nil
    }

    // MARK: Text

    /// Text up to the next `<` that starts markup, with its references decoded.
    private mutating func readText() -> String {
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", startsMarkup() { break }
            if scalar == "&", let (decoded, length) = reference() {
                text.append(decoded)
                advance(by: length)
                continue
            }
            text.append(scalar)
            advance()
        }
        return String(text)
    }

    /// Whether the `<` at the current index starts a tag, an end tag, a comment or a declaration; otherwise it is text
    /// (`a < b`, and `</` at the end of the input, as browsers read them).
    private func startsMarkup() -> Bool {
        guard index + 1 < scalars.count else { return false }
        let next = scalars[index + 1]
        if Self.isASCIILetter(next) || next == "!" || next == "?" { return true }
        return next == "/" && index + 2 < scalars.count
    }

    /// The character reference at the current `&` and its length in scalars, or nil when it is none (the `&` is text).
    private func reference() -> (Unicode.Scalar, Int)? {
        var cursor = index + 1
        guard cursor < scalars.count else { return nil }
        if scalars[cursor] == "#" {
            cursor += 1
            var radix: UInt32 = 10
            if cursor < scalars.count, scalars[cursor] == "x" || scalars[cursor] == "X" {
                radix = 16
                cursor += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while cursor < scalars.count, let digit = Self.digitValue(scalars[cursor], radix: radix) {
                // Saturate past the last code point: any longer number reads as U+FFFD.
                value = min(value * radix + digit, 0x11_0000)
                digits += 1
                cursor += 1
            }
            guard digits > 0, cursor < scalars.count, scalars[cursor] == ";" else { return nil }
            return (HTMLEntities.scalar(number: value), cursor + 1 - index)
        }
        var name = String.UnicodeScalarView()
        while cursor < scalars.count, name.count <= HTMLEntities.longestName,
            Self.isASCIILetter(scalars[cursor]) || Self.digitValue(scalars[cursor], radix: 10) != nil
        {
            name.append(scalars[cursor])
            cursor += 1
        }
        guard !name.isEmpty, cursor < scalars.count, scalars[cursor] == ";",
            let scalar = HTMLEntities.scalar(named: String(name))
        else { return nil }
        return (scalar, cursor + 1 - index)
    }

    // MARK: Markup

    /// Reads the markup at the current `<`: a tag, or nil for what is skipped (a comment, a declaration, `</>`).
    private mutating func readMarkup() throws(MarkupError) -> HTMLToken? {
        let start = position
        let next = scalars[index + 1]
        if Self.isASCIILetter(next) { return .startTag(try readTag(isEnd: false)) }
        if next == "/" {
            if Self.isASCIILetter(scalars[index + 2]) { return .endTag(try readTag(isEnd: true)) }
            if scalars[index + 2] == ">" {
                advance(by: 3)
                return nil
            }
            skipPast(">", from: start, what: "'>' after '</'")
            return nil
        }
        if matches("<!--") {
            advance(by: 4)
            // `<!-->` and `<!--->` are whole (empty) comments.
            if matches(">") {
                advance()
            } else if matches("->") {
                advance(by: 2)
            } else {
                skipPast("-->", from: start, what: "'-->' to close the comment")
            }
        } else if matches("<![CDATA[") {
            skipPast("]]>", from: start, what: "']]>' to close the CDATA section")
        } else {
            skipPast(">", from: start, what: "'>' to close the declaration")
        }
        return nil
    }

    /// Reads a tag from its `<` to its `>`.
    private mutating func readTag(isEnd: Bool) throws(MarkupError) -> HTMLTag {
        let start = position
        advance(by: isEnd ? 2 : 1)
        var name = String.UnicodeScalarView()
        while index < scalars.count, !Self.isWhitespace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
            name.append(Self.lowercased(scalars[index]))
            advance()
        }
        var tag = HTMLTag(name: String(name), position: start)
        // The names so far, so that a tag with many attributes is still read in linear time.
        var names: Set<String> = []
        func unterminated() -> MarkupError {
            MarkupError(
                line: start.line, column: start.column,
                message:
                    "the tag <\(isEnd ? "/" : "")\(tag.name)> is not closed: expected '>' before the end of the input")
        }
        while true {
            while index < scalars.count, Self.isWhitespace(scalars[index]) || scalars[index] == "/" { advance() }
            guard index < scalars.count else { throw unterminated() }
            if scalars[index] == ">" {
                advance()
                break
            }
            let attributeStart = position
            var attributeName = String.UnicodeScalarView([Self.lowercased(scalars[index])])
            advance()
            while index < scalars.count, !Self.isWhitespace(scalars[index]),
                !"/>=".unicodeScalars.contains(scalars[index])
            {
                attributeName.append(Self.lowercased(scalars[index]))
                advance()
            }
            var value = ""
            skipWhitespace()
            if index < scalars.count, scalars[index] == "=" {
                advance()
                skipWhitespace()
                guard index < scalars.count else { throw unterminated() }
                value = try readAttributeValue(named: String(attributeName), at: attributeStart)
            }
            let attributeNameString = String(attributeName)
            if names.insert(attributeNameString).inserted {
                tag.attributes.append(HTMLAttribute(name: attributeNameString, value: value, position: attributeStart))
            }
        }
        if !isEnd, Self.rawTextElements.contains(tag.name) { rawTextElement = tag.name }
        return tag
    }

    /// An attribute's value, quoted or not, from the current index (just after `=` and white space).
    private mutating func readAttributeValue(named name: String, at start: HTMLSourcePosition) throws(MarkupError)
        -> String
    {
        var value = String.UnicodeScalarView()
        let quote = scalars[index]
        let quoted = quote == "\"" || quote == "'"
        if quoted { advance() }
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted ? scalar == quote : Self.isWhitespace(scalar) || scalar == ">" { break }
            if scalar == "&", let (decoded, length) = reference() {
                value.append(decoded)
                advance(by: length)
                continue
            }
            value.append(scalar)
            advance()
        }
        if quoted {
            guard index < scalars.count else {
                throw MarkupError(
                    line: start.line, column: start.column,
                    message:
                        "the value of attribute \(name) is not closed: expected \(quote == "\"" ? "'\"'" : "\"'\"") before the end of the input"
                )
            }
            advance()
        }
        return String(value)
    }

    /// Skips the content of a raw-text element up to its end tag (left for ``next()`` to read), or to the end of the
    /// input with a warning when it has none.
    private mutating func skipRawText(of element: String) {
        let start = position
        let name = Array(element.unicodeScalars)
        while index < scalars.count {
            if scalars[index] == "<", index + 1 + name.count < scalars.count, scalars[index + 1] == "/" {
                var matched = true
                for (offset, letter) in name.enumerated() where Self.lowercased(scalars[index + 2 + offset]) != letter {
                    matched = false
                    break
                }
                let after = index + 2 + name.count
                if matched,
                    after == scalars.count || Self.isWhitespace(scalars[after]) || scalars[after] == "/"
                        || scalars[after] == ">"
                {
                    return
                }
            }
            advance()
        }
        warnings.append(
            MarkupWarning(
                line: start.line, column: start.column,
                message: "<\(element)> is not closed: expected </\(element)>; the rest of the input is left out"))
    }

    /// Skips past the next `terminator`, or to the end of the input with a warning naming `what` was expected.
    private mutating func skipPast(_ terminator: String, from start: HTMLSourcePosition, what: String) {
        while index < scalars.count {
            if matches(terminator) {
                advance(by: terminator.unicodeScalars.count)
                return
            }
            advance()
        }
        warnings.append(
            MarkupWarning(
                line: start.line, column: start.column,
                message: "expected \(what) before the end of the input; the rest of the input is left out"))
    }

    // MARK: Scalars

    private func matches(_ literal: String) -> Bool {
        var cursor = index
        for scalar in literal.unicodeScalars {
            guard cursor < scalars.count, scalars[cursor] == scalar else { return false }
            cursor += 1
        }
        return true
    }

    private mutating func skipWhitespace() {
        while index < scalars.count, Self.isWhitespace(scalars[index]) { advance() }
    }

    /// Moves past one scalar, counting lines and columns.
    private mutating func advance() {
        let scalar = scalars[index]
        index += 1
        if scalar == "\n" {
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        } else if scalar == "\r" {
            line += 1
            column = 1
            afterCarriageReturn = true
        } else {
            column += 1
            afterCarriageReturn = false
        }
    }

    private mutating func advance(by count: Int) {
        for _ in 0..<count where index < scalars.count { advance() }
    }

    /// HTML's white space: tab, line feed, form feed, carriage return and space.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) else { return scalar }
        return lower
    }

    static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value = scalar.value
        if (0x30...0x39).contains(value) { return value - 0x30 }
        guard radix == 16 else { return nil }
        if (0x61...0x66).contains(value) { return value - 0x61 + 10 }
        if (0x41...0x46).contains(value) { return value - 0x41 + 10 }
        return nil
    }
}

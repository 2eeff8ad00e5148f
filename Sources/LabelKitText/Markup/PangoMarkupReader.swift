import Foundation

/// Reads Pango markup as GMarkup and Pango 1.50 do: elements, attributes in quotes, the five XML character entities
/// and numeric references, comments, CDATA sections and processing instructions; anything else is an error at its
/// position. One pass over the input with an explicit stack of open elements, so any input is read in linear time
/// and bounded stack.
struct PangoMarkupReader {
    /// One element of the input that is open.
    struct OpenElement {
        var name: String
        /// Where its `<` is, in scalars from the start.
        var position: Int
        var style: PangoSpanStyle
    }

    /// A stretch of text in one style.
    struct Run {
        var text: String
        var style: PangoSpanStyle
    }

    let scalars: [Unicode.Scalar]
    let options: MarkupOptions
    var position = 0
    var stack: [OpenElement] = []
    var runs: [Run] = []
    var pending = ""
    /// Warnings with their positions in scalars, turned into lines and columns at the end in one pass.
    var warnings: [(offset: Int, message: String)] = []
    var usesLineHeight = false
    /// Whether text precedes the current position in its paragraph (Pango's `sub`/`sup` size from it).
    var paragraphHasText = false

    init(_ source: String, options: MarkupOptions) {
        scalars = Array(source.unicodeScalars)
        self.options = options
    }

    var style: PangoSpanStyle { stack.last?.style ?? PangoSpanStyle() }

    /// Reads the whole input.
    mutating func read() throws(MarkupError) -> MarkupResult {
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "<" {
                try readMarkup()
            } else if scalar == "&" {
                appendText(try readReference())
            } else {
                appendText(scalar)
                position += 1
            }
        }
        if let open = stack.last {
            let (line, column) = location(of: open.position)
            throw error(
                at: scalars.count,
                "the markup ended with element <\(open.name)> (line \(line), column \(column)) still open; "
                    + "expected </\(open.name)>")
        }
        flush()
        let text = PangoMarkupText.build(runs, options: options, usesLineHeight: usesLineHeight)
        return MarkupResult(text: text, warnings: lineWarnings())
    }

    // MARK: Text

    mutating func appendText(_ scalar: Unicode.Scalar) {
        pending.unicodeScalars.append(scalar)
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2029}": paragraphHasText = false
        default: paragraphHasText = true
        }
    }

    /// Ends the current run: the style is about to change.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        runs.append(Run(text: pending, style: style))
        pending = ""
    }

    /// Reads `&…;` at the position: one of the five entities or a numeric reference.
    mutating func readReference() throws(MarkupError) -> Unicode.Scalar {
        let start = position
        var end = position + 1
        while end < scalars.count, end - start < 40, scalars[end] != ";",
            isNameScalar(scalars[end]) || scalars[end] == "#"
        {
            end += 1
        }
        guard end < scalars.count, scalars[end] == ";", end > start + 1 else {
            throw error(
                at: start,
                "'&' must begin a character reference such as '&amp;', '&lt;' or '&#169;'; write '&amp;' for an "
                    + "ampersand")
        }
        let name = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        position = end + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if name.hasPrefix("#") {
            var digits = name.dropFirst()
            var radix = 10
            if digits.hasPrefix("x") {
                digits = digits.dropFirst()
                radix = 16
            }
            if !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                let value = UInt32(digits, radix: radix), value != 0, let scalar = Unicode.Scalar(value)
            {
                return scalar
            }
            throw error(
                at: start,
                "'&\(name);' is not a character: expected a number from 1 to 0x10FFFF, not a "
                    + "surrogate")
        }
        throw error(
            at: start,
            "unknown entity '&\(name);': expected one of &amp; &lt; &gt; &quot; &apos; or a numeric reference")
    }

    // MARK: Markup

    /// Reads what starts with `<` at the position.
    mutating func readMarkup() throws(MarkupError) {
        let start = position
        if matches("<!--") {
            // As GMarkup, the comment's own "--" may close it: "<!-->" is a whole comment.
            guard let end = find("-->", from: start + 2) else {
                throw error(at: start, "a comment is not closed: expected '-->'")
            }
            position = end + 3
        } else if matches("<![CDATA[") {
            guard let end = find("]]>", from: start + 9) else {
                throw error(at: start, "a CDATA section is not closed: expected ']]>'")
            }
            for index in (start + 9)..<end { appendText(scalars[index]) }
            position = end + 3
        } else if matches("<?") {
            guard let end = find("?>", from: start + 1) else {
                throw error(at: start, "a processing instruction is not closed: expected '?>'")
            }
            position = end + 2
        } else if matches("<!DOCTYPE") {
            // As GMarkup: it ends at the first '>' that balances the '<'s before it (quotes are not special).
            var balance = 0
            var index = start
            while index < scalars.count {
                if scalars[index] == "<" { balance += 1 }
                if scalars[index] == ">" {
                    balance -= 1
                    if balance == 0 { break }
                }
                index += 1
            }
            guard index < scalars.count else {
                throw error(at: start, "a document type declaration is not closed: expected '>'")
            }
            position = index + 1
        } else if matches("<!") {
            throw error(
                at: start, "'<!' must begin a comment '<!--', a CDATA section '<![CDATA[' or '<!DOCTYPE'")
        } else if matches("</") {
            try readEndTag()
        } else {
            try readStartTag()
        }
    }

    mutating func readEndTag() throws(MarkupError) {
        let start = position
        position += 2
        guard let name = readName() else {
            throw error(at: position, "expected an element name after '</'")
        }
        skipWhitespace()
        guard position < scalars.count, scalars[position] == ">" else {
            throw error(at: position, "expected '>' to end the closing tag </\(name)>")
        }
        position += 1
        guard let open = stack.last else {
            throw error(at: start, "element </\(name)> was closed, but no element is open")
        }
        guard open.name == name else {
            throw error(at: start, "element </\(name)> was closed, but the open element is <\(open.name)>")
        }
        flush()
        stack.removeLast()
    }

    mutating func readStartTag() throws(MarkupError) {
        let start = position
        position += 1
        guard let name = readName() else {
            throw error(
                at: start, "'<' must begin an element such as <b> or <span>; write '&lt;' for a literal '<'")
        }
        var attributes: [PangoMarkupAttribute] = []
        while true {
            let hadWhitespace = skipWhitespace()
            guard position < scalars.count else {
                throw error(at: start, "the tag <\(name)> is not closed: expected '>'")
            }
            let scalar = scalars[position]
            if scalar == ">" || scalar == "/" { break }
            guard hadWhitespace, let attributeStart = Optional(position), let attributeName = readName() else {
                throw error(
                    at: position, "unexpected '\(scalar)' in the tag <\(name)>: expected an attribute, '>' or '/>'")
            }
            skipWhitespace()
            guard position < scalars.count, scalars[position] == "=" else {
                throw error(at: position, "expected '=' after the attribute '\(attributeName)' of <\(name)>")
            }
            position += 1
            skipWhitespace()
            guard position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" else {
                throw error(
                    at: position, "expected the value of the attribute '\(attributeName)' of <\(name)> in quotes")
            }
            let value = try readQuotedValue()
            attributes.append(PangoMarkupAttribute(name: attributeName, value: value, position: attributeStart))
        }
        var closesItself = false
        if scalars[position] == "/" {
            guard position + 1 < scalars.count, scalars[position + 1] == ">" else {
                throw error(at: position, "expected '>' after '/' in the tag <\(name)>")
            }
            closesItself = true
            position += 1
        }
        position += 1
        let style = try elementStyle(name, attributes, at: start)
        flush()
        stack.append(OpenElement(name: name, position: start, style: style))
        if closesItself { stack.removeLast() }
    }

    /// Reads a value in quotes, with its references.
    mutating func readQuotedValue() throws(MarkupError) -> String {
        let quote = scalars[position]
        let start = position
        position += 1
        var value = ""
        while position < scalars.count, scalars[position] != quote {
            if scalars[position] == "&" {
                value.unicodeScalars.append(try readReference())
            } else {
                value.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
        guard position < scalars.count else {
            throw error(at: start, "an attribute value is not closed: expected \(quote)")
        }
        position += 1
        return value
    }

    /// Reads an XML name (a letter, `_` or `:`, then letters, digits, `.`, `-`, `_`, `:`), or nil.
    mutating func readName() -> String? {
        guard position < scalars.count else { return nil }
        let first = scalars[position]
        guard first.properties.isAlphabetic || first == "_" || first == ":" else { return nil }
        let start = position
        position += 1
        while position < scalars.count, isNameScalar(scalars[position]) { position += 1 }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == ":"
            || scalar == "." || scalar == "-"
    }

    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) { position += 1 }
        return position > start
    }

    func matches(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// The position of the next `literal` from `start`, or nil.
    func find(_ literal: String, from start: Int) -> Int? {
        let pattern = Array(literal.unicodeScalars)
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= scalars.count {
            if scalars[index] == first, Array(scalars[index..<(index + pattern.count)]) == pattern { return index }
            index += 1
        }
        return nil
    }

    // MARK: Positions

    /// The 1-based line and column (in Unicode scalars, as GMarkup counts) of scalar `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var (line, column) = (1, 1)
        for index in 0..<min(offset, scalars.count) {
            if scalars[index] == "\n" {
                (line, column) = (line + 1, 1)
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    func error(at offset: Int, _ message: String) -> MarkupError {
        let (line, column) = location(of: offset)
        return MarkupError(line: line, column: column, message: message)
    }

    mutating func warn(at offset: Int, _ message: String) {
        warnings.append((offset, message))
    }

    /// The warnings with lines and columns, found in one pass over the input (they are in input order).
    func lineWarnings() -> [MarkupWarning] {
        var result: [MarkupWarning] = []
        var (index, line, column) = (0, 1, 1)
        for warning in warnings {
            while index < min(warning.offset, scalars.count) {
                if scalars[index] == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
                index += 1
            }
            result.append(MarkupWarning(line: line, column: column, message: warning.message))
        }
        return result
    }
}

/// An attribute as written in a tag.
struct PangoMarkupAttribute {
    var name: String
    var value: String
    /// Where its name starts, in scalars from the start of the input.
    var position: Int
}

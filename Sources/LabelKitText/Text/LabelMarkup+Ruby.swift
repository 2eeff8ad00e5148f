import Foundation

// `{base|ruby}` and `{base|part|part}`: ruby annotations in LabelMarkup (see its documentation).

extension LabelMarkup.Parser {
    /// Parses `{base|ruby}` at the current position (a `{`): the base, with its markup, carrying a
    /// ``RubyAnnotation`` of the parts after the bar. Nil when the base is empty, or the base or the annotation is not
    /// closed on its line; the caller then keeps the `{` literal.
    mutating func parseRuby() -> AttributedString? {
        guard depth < LabelMarkup.maximumDepth, budget.remaining > 0 else { return nil }
        depth += 1
        defer { depth -= 1 }
        position += 1
        inRubyBase = true
        let parsedBase = parse(until: [Self.rubySeparator])
        inRubyBase = false
        guard var base = parsedBase, !base.characters.isEmpty, let parts = parseRubyParts() else { return nil }
        base.labelKit.ruby = RubyAnnotation(parts: parts)
        return base
    }

    /// Whether the character with ASCII code `code` at the current position, read in a ruby's base, leaves the markers
    /// open there unclosed: a `}` (the ruby has no bar) or a line break (a ruby stays on its line), or a bar met inside
    /// another marker of the base (`{**漢|かん**}`), which must close before the base ends.
    func endsRubyBaseUnclosed(_ code: UInt8) -> Bool {
        code == Self.closeBrace || code == Self.rubySeparator || characters[position].isNewline
    }

    /// Reads the annotation after a base's bar up to the closing `}`, split at each further bar; `\` makes the next
    /// character literal. Nil, with the characters scanned charged to the read budget, when no `}` closes it before
    /// the line ends.
    private mutating func parseRubyParts() -> [String]? {
        let start = position
        defer { budget.remaining -= position - start }
        var parts = [""]
        while position < characters.count {
            var character = characters[position]
            switch codes[position] {
            case Self.closeBrace:
                position += 1
                return parts
            case Self.rubySeparator:
                parts.append("")
                position += 1
                continue
            case Self.backslash where position + 1 < characters.count:
                position += 1
                character = characters[position]
            default: break
            }
            if character.isNewline { return nil }
            parts[parts.count - 1].append(character)
            position += 1
        }
        return nil
    }
}

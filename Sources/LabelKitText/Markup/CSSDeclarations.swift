/// One `property: value` of a `style` attribute: the property in lower case, the value trimmed and without
/// `!important` (which changes nothing when every style is inline).
struct CSSDeclaration: Sendable, Hashable {
    var property: String
    var value: String
}

/// CSS's `line-height` as an element holds it: a factor of the font size (unitless, inherited as the factor, so that
/// each element multiplies its own size, as CSS does) or a length in points (`px`, `pt`, and `em` or `%` already
/// multiplied by the element's font size).
enum CSSLineHeight: Sendable, Hashable {
    case factor(Double)
    case length(Double)

    /// The height in points for text `fontSize` points tall.
    func length(forFontSize fontSize: Double) -> Double {
        switch self {
        case .factor(let factor): factor * fontSize
        case .length(let length): length
        }
    }
}

/// Reads the declarations of a `style` attribute and the values of the properties the HTML reader knows.
///
/// Lengths: `px`, and `pt` read as `px` because LabelKit's points are pixels (a CSS `pt` would be 4/3 px); `em` and
/// `%` of the parent's font size (of the element's own for `line-height`), `rem` of the label's. Values that are not
/// valid give nil; the reader then warns and keeps the inherited value.
///
/// ```swift
/// CSSDeclarations.parse("color: red; font-size: 1.5em !important")
/// // [color: red, font-size: 1.5em]
/// ```
enum CSSDeclarations {
    /// The declarations of `style`, in order, and the pieces that are not `property: value`.
    static func parse(_ style: String) -> (declarations: [CSSDeclaration], malformed: [String]) {
        var declarations: [CSSDeclaration] = []
        var malformed: [String] = []
        for piece in split(withoutComments(style)) {
            let text = piece.trimmingCSSWhitespace()
            guard !text.isEmpty else { continue }
            guard let colon = text.firstIndex(of: ":") else {
                malformed.append(text)
                continue
            }
            let property = String(text[..<colon]).trimmingCSSWhitespace().lowercased()
            var value = String(text[text.index(after: colon)...]).trimmingCSSWhitespace()
            if let bang = value.lastIndex(of: "!"),
                String(value[value.index(after: bang)...]).trimmingCSSWhitespace().lowercased() == "important"
            {
                value = String(value[..<bang]).trimmingCSSWhitespace()
            }
            guard !property.isEmpty, !value.isEmpty else {
                malformed.append(text)
                continue
            }
            declarations.append(CSSDeclaration(property: property, value: value))
        }
        return (declarations, malformed)
    }

    /// `style` without `/* … */` comments (an unclosed one runs to the end).
    private static func withoutComments(_ style: String) -> String {
        guard style.contains("/*") else { return style }
        var result = String.UnicodeScalarView()
        let scalars = Array(style.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count,
                    !(scalars[index] == "*" && index + 1 < scalars.count
                        && scalars[index + 1] == "/")
                {
                    index += 1
                }
                index += 2
                result.append(" ")
                continue
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    /// `style` split at the semicolons outside quotes and parentheses.
    private static func split(_ style: String) -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        var quote: Unicode.Scalar?
        for scalar in style.unicodeScalars {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "(" {
                depth += 1
            } else if scalar == ")" {
                depth = max(depth - 1, 0)
            } else if scalar == ";", depth == 0 {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                continue
            }
            current.append(scalar)
        }
        pieces.append(String(current))
        return pieces
    }

    // MARK: Values

    /// A number and its unit in lower case (`""` for none): `1.5em` → (1.5, "em").
    static func dimension(_ value: String) -> (number: Double, unit: String)? {
        let scalars = Array(value.lowercased().unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var end = 0
        if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
        while isDigit(end) || (end < scalars.count && scalars[end] == ".") { end += 1 }
        // An exponent only when digits follow the `e`: `1e2` is 100, `1em` is one em.
        if end < scalars.count, scalars[end] == "e" {
            var exponentEnd = end + 1
            if exponentEnd < scalars.count, scalars[exponentEnd] == "+" || scalars[exponentEnd] == "-" {
                exponentEnd += 1
            }
            if isDigit(exponentEnd) {
                end = exponentEnd
                while isDigit(end) { end += 1 }
            }
        }
        var number = String.UnicodeScalarView()
        number.append(contentsOf: scalars[..<end])
        var unit = String.UnicodeScalarView()
        unit.append(contentsOf: scalars[end...])
        guard let value = CSSNumber.parse(String(number)[...]) else { return nil }
        let unitName = String(unit)
        guard ["", "px", "pt", "em", "rem", "%"].contains(unitName) else { return nil }
        return (value, unitName)
    }

    /// The font size `value` gives, in points, or nil when it is not one: `medium` is `base` (the label's size), the
    /// other keywords CSS's scale around it; `smaller` and `larger` a factor of 1.2; `em` and `%` relative to
    /// `parent`, `rem` to `base`.
    static func fontSize(_ value: String, parent: Double, base: Double) -> Double? {
        let keyword = value.lowercased()
        // CSS's scale, as ratios to `medium`, multiplied before dividing so that whole results stay whole.
        let keywords: [String: (Double, Double)] = [
            "xx-small": (3, 5), "x-small": (3, 4), "small": (8, 9), "medium": (1, 1), "large": (6, 5),
            "x-large": (3, 2), "xx-large": (2, 1), "xxx-large": (3, 1),
        ]
        if let (numerator, denominator) = keywords[keyword] { return base * numerator / denominator }
        if keyword == "smaller" { return parent * 5 / 6 }
        if keyword == "larger" { return parent * 6 / 5 }
        guard let (number, unit) = dimension(value), number >= 0 else { return nil }
        switch unit {
        case "px", "pt": return number
        case "em": return number * parent
        case "%": return number / 100 * parent
        case "rem": return number * base
        default: return number == 0 ? 0 : nil
        }
    }

    /// The weight `value` gives (`normal` 400, `bold` 700, a number 1–1000, `bolder` and `lighter` relative to
    /// `parent` as CSS's table), or nil.
    static func fontWeight(_ value: String, parent: Int) -> Int? {
        switch value.lowercased() {
        case "normal": return 400
        case "bold": return 700
        case "bolder": return parent < 350 ? 400 : parent < 550 ? 700 : 900
        case "lighter": return parent < 550 ? 100 : parent < 750 ? 400 : 700
        default:
            guard let number = CSSNumber.parse(value[...]), number >= 1, number <= 1000 else { return nil }
            return Int(number.rounded())
        }
    }

    /// Whether `value` (`italic`, `oblique`, `oblique 10deg`, `normal`) makes text italic, or nil.
    static func isItalic(_ value: String) -> Bool? {
        let keyword = value.lowercased()
        if keyword == "normal" { return false }
        if keyword == "italic" || keyword == "oblique" || keyword.hasPrefix("oblique ") { return true }
        return nil
    }

    /// The line height `value` gives for an element `fontSize` points tall: nil for `normal`, or nil and `false`
    /// when it is not a line height.
    static func lineHeight(_ value: String, fontSize: Double) -> (height: CSSLineHeight?, valid: Bool) {
        if value.lowercased() == "normal" { return (nil, true) }
        guard let (number, unit) = dimension(value), number >= 0 else { return (nil, false) }
        switch unit {
        case "": return (.factor(number), true)
        case "px", "pt": return (.length(number), true)
        case "em": return (.length(number * fontSize), true)
        case "%": return (.length(number / 100 * fontSize), true)
        default: return (nil, false)
        }
    }

    /// What a `text-decoration` (or `text-decoration-line`) value asks for: which lines, their pattern and colour;
    /// nil when a word in it is not one of them. `none` gives no lines.
    static func textDecoration(_ value: String) -> (
        underline: Bool, lineThrough: Bool, pattern: LineDecoration?, color: LabelColor?
    )? {
        var result: (underline: Bool, lineThrough: Bool, pattern: LineDecoration?, color: LabelColor?) =
            (false, false, nil, nil)
        let patterns: [String: LineDecoration] = [
            "solid": .single, "double": .double, "dotted": .dotted, "dashed": .dashed,
        ]
        for word in words(value) {
            switch word.lowercased() {
            case "none": break
            case "underline": result.underline = true
            case "line-through": result.lineThrough = true
            case let keyword where patterns[keyword] != nil: result.pattern = patterns[keyword]
            default:
                guard let color = CSSColor.parse(word) else { return nil }
                result.color = color
            }
        }
        return result
    }

    /// The marker a `list-style-type` (or the type in a `list-style`) names, or nil; `none` is an empty custom marker.
    static func listMarker(_ value: String) -> TextList.Marker? {
        let markers: [String: TextList.Marker] = [
            "disc": .disc, "circle": .circle, "square": .square, "decimal": .decimal, "lower-alpha": .lowerAlpha,
            "lower-latin": .lowerAlpha, "upper-alpha": .upperAlpha, "upper-latin": .upperAlpha,
            "lower-roman": .lowerRoman, "upper-roman": .upperRoman, "none": .custom(""),
        ]
        for word in words(value) {
            if let marker = markers[word.lowercased()] { return marker }
        }
        return nil
    }

    /// The words of a value, split at white space outside parentheses (`underline rgb(0, 0, 0)` is two words).
    private static func words(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in value {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(depth - 1, 0) }
            if depth == 0, character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

/// A list a paragraph is an item of, as `NSTextList`: the marker drawn before the item and how far its items are
/// indented.
///
/// A paragraph's ``ParagraphStyle/textLists`` holds the lists it is nested in, outermost first; the paragraph is an
/// item of the last. Items are numbered in text order: the consecutive paragraphs whose lists at that depth are equal
/// form one list, numbered from ``startingNumber``; a paragraph outside the list ends it. Two lists that follow each
/// other but must number apart need different ``identifier``s.
///
/// Markers are inline boxes before the item's first character: they are not part of the text's offsets, are drawn in
/// the style of the item's first character, are hit as that character, and are copied and read as their text
/// (`"• "`, `"1. "`). Every line of an item starts at the item's text (a hanging indent); the marker stands before the
/// first line, on the right in a right-to-left paragraph.
///
/// ```swift
/// var paragraph = ParagraphStyle()
/// paragraph.textLists = [TextList(marker: .decimal)]
/// text.labelKit.paragraphStyle = paragraph   // "1. First", "2. Second", …
/// ```
public struct TextList: Sendable, Hashable, Codable {
    /// What marks each item.
    public enum Marker: Sendable, Hashable, Codable {
        /// A filled circle: `•`.
        case disc
        /// An open circle: `◦`.
        case circle
        /// A filled square: `▪`.
        case square
        /// Decimal numbers: `1.`, `2.`, `3.`.
        case decimal
        /// Lower-case letters: `a.`, `b.`, … `z.`, `aa.`.
        case lowerAlpha
        /// Upper-case letters: `A.`, `B.`, … `Z.`, `AA.`.
        case upperAlpha
        /// Lower-case Roman numerals: `i.`, `ii.`, `iii.` (decimal from 4000 on).
        case lowerRoman
        /// Upper-case Roman numerals: `I.`, `II.`, `III.` (decimal from 4000 on).
        case upperRoman
        /// The same string before every item (`"–"`, `"→"`).
        case custom(String)
    }

    /// What marks each item.
    public var marker: Marker
    /// The number of the list's first item (for numbered and lettered markers).
    public var startingNumber: Int
    /// How far this list's items are indented from the enclosing list's (or the paragraph's head indent), in points, a
    /// finite number ≥ 0: the item's text starts there, and the marker stands in the space before it.
    public var indent: Double
    /// Tells apart lists that are otherwise equal and follow each other, so each numbers from its own start.
    public var identifier: Int

    /// The indent of a list when none is given: 40 points, as browsers indent a list (`padding-inline-start:
    /// 40px`), room for a marker such as `10. ` in 17-point text.
    public static let defaultIndent = 40.0

    /// Creates a list.
    public init(marker: Marker = .disc, startingNumber: Int = 1, indent: Double = defaultIndent, identifier: Int = 0) {
        self.marker = marker
        self.startingNumber = startingNumber
        self.indent = indent
        self.identifier = identifier
    }

    /// The marker of item `number` as it is drawn, copied and read, with the space that follows it: `"• "`,
    /// `"3. "`, `"iv. "`.
    public func markerText(forItemNumber number: Int) -> String {
        switch marker {
        case .disc: return "• "
        case .circle: return "◦ "
        case .square: return "▪ "
        case .decimal: return "\(number). "
        case .lowerAlpha: return Self.alphabetic(number, uppercase: false) + ". "
        case .upperAlpha: return Self.alphabetic(number, uppercase: true) + ". "
        case .lowerRoman: return Self.roman(number, uppercase: false) + ". "
        case .upperRoman: return Self.roman(number, uppercase: true) + ". "
        case .custom(let string): return string.isEmpty ? "" : string + " "
        }
    }

    /// `1` → `a`, `26` → `z`, `27` → `aa`, as CSS's `lower-alpha`; numbers below 1 are written in decimal.
    static func alphabetic(_ number: Int, uppercase: Bool) -> String {
        guard number >= 1 else { return String(number) }
        let base = UInt32(uppercase ? 65 : 97)
        var letters: [Character] = []
        var rest = number
        while rest > 0 {
            rest -= 1
            letters.append(Character(Unicode.Scalar(base + UInt32(rest % 26)) ?? "a"))
            rest /= 26
        }
        return String(letters.reversed())
    }

    /// `4` → `iv`, as CSS's `lower-roman`; numbers outside 1…3999 are written in decimal.
    static func roman(_ number: Int, uppercase: Bool) -> String {
        guard (1...3999).contains(number) else { return String(number) }
        let numerals = [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
            (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ]
        var result = ""
        var rest = number
        for (value, numeral) in numerals {
            while rest >= value {
                result += numeral
                rest -= value
            }
        }
        return uppercase ? result.uppercased() : result
    }
}

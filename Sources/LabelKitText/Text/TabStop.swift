/// A tab stop of a paragraph: where a tab character moves the text after it, and how that text lines up there, as
/// `NSTextTab` and Pango's `PangoTabArray`.
///
/// A tab advances to the first stop past the pen; past the last stop, to the next multiple of the paragraph's
/// ``ParagraphStyle/defaultTabInterval``, left-aligned. Locations are distances from the start of the line after its
/// head indent, on the paragraph's leading side (the left in a left-to-right paragraph, the right in a right-to-left
/// one). The text after a tab, up to the next tab or the line's end, lines up on the tab's stop; a tab never moves
/// the pen back, so text too wide for the room before its stop pushes past it. A tab that would pass the end of a
/// line hangs there, as a space does, and the text after it wraps.
///
/// ```swift
/// var paragraph = ParagraphStyle()
/// paragraph.tabStops = [TabStop(200, alignment: .right), TabStop(300, alignment: .decimal)]
/// // "Coffee\t2\t3.50": "2" ends at x = 200, the "." of "3.50" is centred on x = 300
/// ```
public struct TabStop: Sendable, Hashable, Codable {
    /// How the text after a tab lines up on its stop: the text up to the next tab or the line's end.
    ///
    /// In a right-to-left paragraph left and right mirror, as the stops do: the text of a `.left` stop starts at the
    /// stop and runs on leftwards (its right edge is on the stop), the text of a `.right` stop ends there (its left
    /// edge is on it) — as Pango lays them out.
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text starts at the stop: its left edge is on the stop (its right edge in a right-to-left paragraph).
        case left
        /// The text ends at the stop: its right edge is on the stop (its left edge in a right-to-left paragraph).
        case right
        /// The text is centred on the stop.
        case center
        /// The text's first decimal separator is centred on the stop, as Pango does (the text before it in reading
        /// order lies before the stop); text without one ends at the stop. The separator is that of the language of
        /// the paragraph's first character: see ``TabStop/decimalSeparator(for:)``.
        case decimal
    }

    /// The distance from the paragraph's leading edge, in points, a finite number ≥ 0.
    public var location: Double
    /// How the text after the tab lines up on the stop.
    public var alignment: Alignment

    /// Creates a stop at `location` points from the leading edge.
    public init(_ location: Double, alignment: Alignment = .left) {
        self.location = location
        self.alignment = alignment
    }
}

extension TabStop {
    /// The languages whose numbers take a decimal comma (CLDR's decimal symbol for the language without a region):
    /// most of continental Europe, Russian and its neighbours, Turkish, Indonesian and Vietnamese.
    private static let commaLanguages: Set<String> = [
        "af", "az", "be", "bg", "bs", "ca", "cs", "da", "de", "el", "es", "et", "eu", "fi", "fo", "fr", "gl", "hr",
        "hu", "hy", "id", "is", "it", "ka", "kk", "ky", "lt", "lv", "mk", "mn", "nb", "nl", "nn", "no", "pl", "pt",
        "ro", "ru", "sk", "sl", "sq", "sr", "sv", "tr", "uk", "uz", "vi",
    ]

    /// The decimal separator a ``Alignment/decimal`` stop lines up in text of `language`: `,` for the languages
    /// that write numbers with a decimal comma (German, French, Spanish, Italian, Russian, Portuguese, Dutch, Polish
    /// and the like), `.` for every other language and for none.
    ///
    /// Only the language subtag counts: a region whose numbers differ from its language's (Swiss German, Mexican
    /// Spanish) takes the language's separator.
    ///
    /// ```swift
    /// TabStop.decimalSeparator(for: try LanguageTag("de-AT"))   // ","
    /// TabStop.decimalSeparator(for: nil)                        // "."
    /// ```
    public static func decimalSeparator(for language: LanguageTag?) -> Character {
        guard let language, commaLanguages.contains(language.language) else { return "." }
        return ","
    }
}

/// What a run of text asks of the font system: a family, a weight, a slant and the language of the text.
///
/// The language does not change which family a named family matches; it orders the fallback faces for characters
/// the family lacks (`ja` puts Noto Sans CJK JP first for Han, `zh-Hans` Noto Sans CJK SC), and a generic family
/// ("sans-serif") matches a face for the language. Nil, the default, asks for no language: the font system's own
/// order, as before there was one.
///
/// ```swift
/// let bold = FontDescriptor(family: "DejaVu Sans", weight: .bold)
/// let japanese = FontDescriptor(family: "DejaVu Sans", language: try LanguageTag("ja"))
/// ```
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The family name, as fontconfig or a registered font file knows it ("DejaVu Sans").
    public var family: String
    /// The weight, on the CSS / OpenType scale (100…900).
    public var weight: FontWeight
    /// Whether an italic or oblique face is wanted.
    public var italic: Bool
    /// The language of the text the face is for, or nil for none (see the discussion above).
    public var language: LanguageTag?

    /// Creates a descriptor.
    public init(family: String, weight: FontWeight = .regular, italic: Bool = false, language: LanguageTag? = nil) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.language = language
    }

    /// A readable form for error messages: `"DejaVu Sans" weight 700 italic`, and ` language ja` when it has one.
    public var description: String {
        "\"\(family)\" weight \(weight.rawValue)\(italic ? " italic" : "")"
            + (language.map { " language \($0.identifier)" } ?? "")
    }
}

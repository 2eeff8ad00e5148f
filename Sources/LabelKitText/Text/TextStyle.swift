import Foundation

/// The base style of a label: what every character has unless its attributes say otherwise.
///
/// ```swift
/// let style = TextStyle(fontFamily: "Noto Sans CJK JP", fontSize: 17)
/// let layout = try typesetter.layout("決済をしたと同時に", style: style, in: TextContainer(width: 200))
/// ```
public struct TextStyle: Sendable, Hashable {
    /// The font family ("DejaVu Sans" by default).
    public var fontFamily: String
    /// The font size in points (15 by default).
    public var fontSize: Double
    /// The font weight.
    public var fontWeight: FontWeight
    /// Whether the text is italic.
    public var italic: Bool
    /// The colour of the glyphs.
    public var foregroundColor: LabelColor
    /// The paragraph attributes of paragraphs that set none.
    public var paragraphStyle: ParagraphStyle
    /// The language of text whose runs set none (``LabelAttributes/LanguageAttribute``), or nil (the default) for
    /// none: fallback faces in the font system's own order and the shaper's default forms.
    ///
    /// ```swift
    /// var style = TextStyle()
    /// style.language = try LanguageTag("zh-Hans")   // 直 from Noto Sans CJK SC, not JP
    /// ```
    public var language: LanguageTag?

    /// Creates a style.
    public init(
        fontFamily: String = "DejaVu Sans",
        fontSize: Double = 15,
        fontWeight: FontWeight = .regular,
        italic: Bool = false,
        foregroundColor: LabelColor = .black,
        paragraphStyle: ParagraphStyle = ParagraphStyle(),
        language: LanguageTag? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.italic = italic
        self.foregroundColor = foregroundColor
        self.paragraphStyle = paragraphStyle
        self.language = language
    }

    /// The descriptor of the base font.
    public var fontDescriptor: FontDescriptor {
        FontDescriptor(family: fontFamily, weight: fontWeight, italic: italic, language: language)
    }
}

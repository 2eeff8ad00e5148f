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
    /// The font size in points (15 by default), unless ``dynamicTextStyle`` gives one. ``textScale`` scales it.
    public var fontSize: Double
    /// The text style whose size the label's text has (body, headline, caption…), instead of ``fontSize``; nil (the
    /// default) for ``fontSize``. ``DynamicTextStyle/headline`` also makes regular text semibold.
    public var dynamicTextStyle: DynamicTextStyle?
    /// How much larger or smaller than their own sizes the text's sizes are (``TextScale/standard`` by default):
    /// every size in the label — ``fontSize``, a text style's, a run's own — is scaled along ``TextScale``'s curve,
    /// then capped by the run's maximum size or ``maximumFontSize``. A new scale is a new layout.
    public var textScale: TextScale
    /// The largest size text may have, in points, where its run sets no maximum of its own (`labelKit.maximumFontSize`):
    /// every size is capped after scaling, at any scale, 1 included. Nil (the default) for no limit.
    public var maximumFontSize: Double?
    /// The font weight.
    public var fontWeight: FontWeight
    /// Whether the text is italic.
    public var italic: Bool
    /// The colour of the glyphs: ``LabelColor/label`` by default, black in light and white in dark.
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
        foregroundColor: LabelColor = .label,
        paragraphStyle: ParagraphStyle = ParagraphStyle(),
        language: LanguageTag? = nil,
        dynamicTextStyle: DynamicTextStyle? = nil,
        textScale: TextScale = .standard,
        maximumFontSize: Double? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.dynamicTextStyle = dynamicTextStyle
        self.textScale = textScale
        self.maximumFontSize = maximumFontSize
        self.fontWeight = fontWeight
        self.italic = italic
        self.foregroundColor = foregroundColor
        self.paragraphStyle = paragraphStyle
        self.language = language
    }

    /// The descriptor of the base font (semibold for a ``DynamicTextStyle/headline`` of regular weight).
    public var fontDescriptor: FontDescriptor {
        var weight = fontWeight
        if let dynamicTextStyle, weight == .regular { weight = dynamicTextStyle.fontWeight }
        return FontDescriptor(family: fontFamily, weight: weight, italic: italic, language: language)
    }

    /// The base size before scaling: the ``dynamicTextStyle``'s, else ``fontSize``.
    public var unscaledFontSize: Double { dynamicTextStyle?.defaultSize ?? fontSize }

    /// The size of text that sets no size of its own: ``unscaledFontSize`` scaled by ``textScale`` and capped by
    /// ``maximumFontSize``.
    public var baseFontSize: Double { scaledFontSize(unscaledFontSize) }

    /// The size text of `size` points (before scaling) has in this style: scaled by ``textScale``, then capped by
    /// `maximum` (a run's own) or ``maximumFontSize``.
    ///
    /// ```swift
    /// let style = TextStyle(dynamicTextStyle: .body, textScale: try TextScale(2), maximumFontSize: 28)
    /// style.scaledFontSize(17)   // 28: 31.06 capped
    /// ```
    public func scaledFontSize(_ size: Double, maximum: Double? = nil) -> Double {
        let scaled = textScale.scaledSize(size)
        guard let cap = maximum ?? maximumFontSize else { return scaled }
        return min(scaled, cap)
    }
}

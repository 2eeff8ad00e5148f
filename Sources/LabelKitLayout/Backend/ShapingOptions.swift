import LabelKitText

/// Shaping options for one run.
public struct ShapingOptions: Sendable, Hashable {
    /// The font size in points.
    public var size: Double
    /// Whether the run is right to left (an odd bidi level).
    public var rightToLeft: Bool
    /// Whether the font's kerning is applied (on by default).
    public var kerning: Bool
    /// Whether standard ligatures are formed (on by default).
    public var ligatures: Bool
    /// Whether the run stands upright in a vertical column: shaped top to bottom, with the font's vertical forms
    /// (`vert`, `vrt2`) and vertical metrics. The glyphs' ``ShapedGlyphBuffer/advances`` are then advances down the
    /// column, their ``ShapedGlyphBuffer/xOffsets`` offsets down the column and their
    /// ``ShapedGlyphBuffer/yOffsets`` offsets towards the column's left side, from the column's centre line to the
    /// glyph's horizontal origin.
    public var vertical: Bool
    /// OpenType feature settings, applied after ``kerning`` and ``ligatures`` (so a setting of `kern` or `liga`
    /// here wins).
    public var features: FontFeatures
    /// The language of the text, for the font's localized forms (OpenType `locl`: the Serbian б, the Japanese or
    /// Chinese form of a Han character); nil for none, the shaper's default.
    public var language: LanguageTag?

    /// Creates options.
    public init(
        size: Double, rightToLeft: Bool = false, kerning: Bool = true, ligatures: Bool = true,
        features: FontFeatures = FontFeatures(), language: LanguageTag? = nil, vertical: Bool = false
    ) {
        self.vertical = vertical
        self.size = size
        self.rightToLeft = rightToLeft
        self.kerning = kerning
        self.ligatures = ligatures
        self.features = features
        self.language = language
    }
}

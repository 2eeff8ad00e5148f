/// Vertical metrics of a face at one size, in points, y up (ascent positive, descent positive below the baseline).
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline to the top of the line box.
    public var ascent: Double
    /// Distance from the baseline to the bottom of the line box (positive).
    public var descent: Double
    /// Extra space the font recommends between lines.
    public var lineGap: Double
    /// Position of the underline's centre below the baseline (positive is below).
    public var underlineOffset: Double
    /// Thickness of the underline.
    public var underlineThickness: Double
    /// Position of the strikethrough's centre above the baseline (positive is above).
    public var strikethroughOffset: Double
    /// Thickness of the strikethrough.
    public var strikethroughThickness: Double

    /// Creates metrics.
    public init(
        ascent: Double, descent: Double, lineGap: Double,
        underlineOffset: Double, underlineThickness: Double,
        strikethroughOffset: Double, strikethroughThickness: Double
    ) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.underlineOffset = underlineOffset
        self.underlineThickness = underlineThickness
        self.strikethroughOffset = strikethroughOffset
        self.strikethroughThickness = strikethroughThickness
    }
}

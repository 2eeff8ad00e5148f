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
    /// The size and raise of superscripts the font recommends (its `OS/2` table), or nil when it gives none.
    public var superscript: ScriptMetrics?
    /// The size and drop of subscripts the font recommends (its `OS/2` table), or nil when it gives none.
    public var `subscript`: ScriptMetrics?

    /// Creates metrics.
    public init(
        ascent: Double, descent: Double, lineGap: Double,
        underlineOffset: Double, underlineThickness: Double,
        strikethroughOffset: Double, strikethroughThickness: Double,
        superscript: ScriptMetrics? = nil, subscript: ScriptMetrics? = nil
    ) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.underlineOffset = underlineOffset
        self.underlineThickness = underlineThickness
        self.strikethroughOffset = strikethroughOffset
        self.strikethroughThickness = strikethroughThickness
        self.superscript = superscript
        self.subscript = `subscript`
    }
}

/// How a font draws superscripts or subscripts at one size: the smaller size and the baseline offset to use, in
/// points — the values of the `baselineOffset` and `fontSize` attributes that make one.
///
/// Fonts give them in their `OS/2` table (`ySuperscriptYSize`, `ySuperscriptYOffset`, `ySubscriptYSize`,
/// `ySubscriptYOffset`); ``FontMetrics/scriptMetrics(_:fontSize:)`` falls back to common proportions when a font
/// gives none.
public struct ScriptMetrics: Sendable, Hashable {
    /// The font size of the raised or lowered text, in points.
    public var fontSize: Double
    /// The baseline offset, in points: positive (up) for a superscript, negative (down) for a subscript.
    public var baselineOffset: Double

    /// Creates script metrics.
    public init(fontSize: Double, baselineOffset: Double) {
        self.fontSize = fontSize
        self.baselineOffset = baselineOffset
    }
}

/// Which way ``ScriptMetrics`` move text.
public enum ScriptPosition: String, Sendable, Hashable, CaseIterable {
    /// Raised and smaller: footnote markers, exponents.
    case superscript
    /// Lowered and smaller: chemical formulas, indices.
    case `subscript`
}

extension FontMetrics {
    /// The size and offset of a superscript or subscript in a font of `fontSize` points with these metrics: the
    /// font's own values when it gives usable ones, else 0.65 em raised by 0.35 em, or lowered by 0.15 em.
    ///
    /// ```swift
    /// let face = try fonts.face(for: FontDescriptor(family: "DejaVu Sans"))
    /// let superscript = face.metrics(size: 15).scriptMetrics(.superscript, fontSize: 15)
    /// ```
    public func scriptMetrics(_ position: ScriptPosition, fontSize: Double) -> ScriptMetrics {
        let own = position == .superscript ? superscript : `subscript`
        if let own, own.fontSize > 0, own.fontSize <= fontSize, own.fontSize.isFinite,
            own.baselineOffset.isFinite, abs(own.baselineOffset) <= fontSize
        {
            return own
        }
        switch position {
        case .superscript: return ScriptMetrics(fontSize: fontSize * 0.65, baselineOffset: fontSize * 0.35)
        case .subscript: return ScriptMetrics(fontSize: fontSize * 0.65, baselineOffset: -fontSize * 0.15)
        }
    }
}

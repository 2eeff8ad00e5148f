/// How a font draws superscripts or subscripts at one size: the smaller size and the baseline offset to use, in
/// points — the values of the `fontSize` and `baselineOffset` attributes that make one.
///
/// Fonts give them in their `OS/2` table (`ySuperscriptYSize`, `ySuperscriptYOffset`, `ySubscriptYSize`,
/// `ySubscriptYOffset`), read by ``FontFace/scriptMetrics(_:size:)``; ``fallback(_:fontSize:)`` gives common
/// proportions for a font without them.
///
/// ```swift
/// let superscript = face.scriptMetrics(.superscript, size: 15) ?? .fallback(.superscript, fontSize: 15)
/// ```
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

    /// Common proportions for a font of `fontSize` points that gives none: 0.65 em, raised 0.35 em or lowered
    /// 0.15 em.
    public static func fallback(_ position: ScriptPosition, fontSize: Double) -> ScriptMetrics {
        switch position {
        case .superscript: ScriptMetrics(fontSize: fontSize * 0.65, baselineOffset: fontSize * 0.35)
        case .subscript: ScriptMetrics(fontSize: fontSize * 0.65, baselineOffset: -fontSize * 0.15)
        }
    }

    /// Whether the values are usable for text of `fontSize` points: a size above 0 and not above the text's, an
    /// offset within one em (a font's table can hold anything).
    public func isPlausible(forFontSize fontSize: Double) -> Bool {
        self.fontSize > 0 && self.fontSize <= fontSize && baselineOffset.isFinite && abs(baselineOffset) <= fontSize
    }
}

/// Which way ``ScriptMetrics`` move text.
public enum ScriptPosition: String, Sendable, Hashable, CaseIterable {
    /// Raised and smaller: footnote markers, exponents.
    case superscript
    /// Lowered and smaller: chemical formulas, indices.
    case `subscript`
}

import Foundation

/// The style in effect inside an element of Pango markup: what each enclosing element set, the innermost winning, as
/// Pango applies its attributes. Sizes and lengths are in points (Pango's points at 72 dpi, so LabelKit's pixels).
struct PangoSpanStyle {
    var family: String?
    /// The innermost absolute size (`size="12pt"`, and what `big`/`small` make of one).
    var size: Double?
    /// The innermost relative size (`size="x-large"`, `150%`, and what `big`/`small` make of one): Pango multiplies
    /// the size by it.
    var scale: Double?
    /// The product of the `sub`/`sup` scales around the text.
    var scriptScale = 1.0
    var weight: Int?
    var italic: Bool?
    var foreground: RGBAColor?
    var foregroundAlpha: Double?
    var background: RGBAColor?
    var backgroundAlpha: Double?
    var underline: LineDecoration?
    var underlineColor: RGBAColor?
    var strikethrough: Bool?
    var strikethroughColor: RGBAColor?
    /// The innermost `rise`, in points, upward positive.
    var rise: Double?
    /// The sum of the `sub`/`sup` shifts around the text, in points, upward positive.
    var scriptShift = 0.0
    var letterSpacing: Double?
    var lineHeight: LineHeight?
    var link: URL?

    // Pango's bookkeeping for relative sizes: what `big`, `small`, `larger` and `smaller` are relative to.
    var baseScaleFactor = 1.0
    var baseFontSize = 0.0
    var hasBaseFontSize = false
    var scaleLevel = 0

    /// The size the text is drawn at, given the label's size `base`.
    func fontSize(base: Double) -> Double {
        let size = (self.size ?? base) * (scale ?? 1) * scriptScale
        guard size.isFinite else { return PangoAttributeValues.largestLength }
        return min(max(size, 1.0 / 1024), PangoAttributeValues.largestLength)
    }

    /// Whether anything changes the size from the label's.
    var changesSize: Bool { size != nil || scale != nil || scriptScale != 1 }

    /// `1.2` to the power of `level`, times `base`: CSS's step between font sizes, which Pango's `big`, `small`,
    /// `larger`, `smaller` and `x-large`-style names take.
    static func scaleFactor(level: Int, base: Double) -> Double {
        base * pow(1.2, Double(level))
    }

    /// Grows (`steps` > 0) or shrinks the text by `steps` of 1.2, as `big` and `small` do: relative to the innermost
    /// absolute size when there is one, else to the innermost relative size.
    mutating func changeSizeLevel(by steps: Int) {
        scaleLevel = scaleLevel.addingReportingOverflow(steps).partialValue
        let level = min(max(scaleLevel, -10_000), 10_000)
        if hasBaseFontSize {
            // Pango keeps the result in whole 1024ths of a point.
            size = (Self.scaleFactor(level: level, base: baseFontSize * 1024)).rounded(.towardZero) / 1024
        } else {
            scale = Self.scaleFactor(level: level, base: baseScaleFactor)
        }
    }

    /// Sets an absolute size, which `big` and `small` inside are then relative to.
    mutating func setAbsoluteSize(_ points: Double) {
        size = points
        (baseFontSize, hasBaseFontSize, scaleLevel) = (points, true, 0)
    }

    /// Sets a relative size (`x-large`, `150%`), which `big` and `small` inside are then relative to.
    mutating func setRelativeSize(_ factor: Double) {
        scale = factor
        (baseScaleFactor, hasBaseFontSize, scaleLevel) = (factor, false, 0)
    }

    /// DejaVu Sans's OS/2 superscript and subscript metrics (in its 2048 units per em), which Pango 1.50's `sup` and
    /// `sub` take from the font of the text before them: the script size, and the superscript's rise and the
    /// subscript's drop.
    static let scriptSize = 1433.0 / 2048
    static let superscriptRise = 983.0 / 2048
    static let subscriptDrop = 286.0 / 2048
    /// What Pango uses when no text precedes the script in its paragraph: a step of 1.2 smaller, and 5000/1024 points.
    static let scriptSizeWithoutFont = 1 / 1.2
    static let scriptShiftWithoutFont = 5000.0 / 1024

    /// Makes the text a superscript (`up`) or a subscript of text of size `parentSize`, as Pango 1.50's `sup` and
    /// `sub` do with LabelKit's default font; `hasPrecedingText` tells whether text precedes it in its paragraph.
    mutating func makeScript(up: Bool, parentSize: Double, hasPrecedingText: Bool) {
        if hasPrecedingText {
            scriptScale *= Self.scriptSize
            scriptShift += (up ? Self.superscriptRise : -Self.subscriptDrop) * parentSize
        } else {
            scriptScale *= Self.scriptSizeWithoutFont
            scriptShift += up ? Self.scriptShiftWithoutFont : -Self.scriptShiftWithoutFont
        }
    }

    /// Sets the text's LabelKit attributes on `piece`; `base` is the label's font size.
    func apply(to piece: inout AttributedString, base: Double) {
        if let family { piece.labelKit.fontFamily = family }
        if changesSize { piece.labelKit.fontSize = fontSize(base: base) }
        if let weight { piece.labelKit.fontWeight = min(max(weight, 1), 1000) }
        if let italic, italic { piece.labelKit.italic = true }
        if let foreground { piece.labelKit.foregroundColor = LabelColor(Self.color(foreground, foregroundAlpha)) }
        if let background { piece.labelKit.backgroundColor = LabelColor(Self.color(background, backgroundAlpha)) }
        if let underline {
            piece.labelKit.underline = underline
            if let underlineColor { piece.labelKit.underlineColor = LabelColor(underlineColor) }
        }
        if let strikethrough, strikethrough {
            piece.labelKit.strikethrough = .single
            if let strikethroughColor { piece.labelKit.strikethroughColor = LabelColor(strikethroughColor) }
        }
        let offset = (rise ?? 0) + scriptShift
        if offset != 0 { piece.labelKit.baselineOffset = Self.clamp(offset) }
        if let letterSpacing, letterSpacing != 0 { piece.labelKit.tracking = Self.clamp(letterSpacing) }
        if let link { piece.link = link }
    }

    private static func color(_ color: RGBAColor, _ alpha: Double?) -> RGBAColor {
        guard let alpha else { return color }
        return RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
    }

    private static func clamp(_ length: Double) -> Double {
        min(max(length, -PangoAttributeValues.largestLength), PangoAttributeValues.largestLength)
    }
}

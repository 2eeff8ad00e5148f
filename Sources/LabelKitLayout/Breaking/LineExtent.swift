import LabelKitText

/// The vertical extent of what a line shows: the union of the baseline and its runs' boxes (y up), each run's
/// font ascent and descent moved by its baseline offset, and its inline boxes — and the extent of the line's text
/// alone, which centre-, top- and bottom-aligned boxes are placed against.
///
/// Text is included first (``include(_:shift:)-(FontMetrics,_)``); inline boxes after it, since where they sit
/// depends on the text.
struct LineExtent {
    var ascent = 0.0
    var descent = 0.0
    var lineGap = 0.0
    /// The largest ascent and descent of the fonts of the line's text, baseline offsets left out.
    var textAscent = 0.0
    var textDescent = 0.0
    /// Whether the line holds text (anything but inline boxes).
    private(set) var hasText = false
    private(set) var isEmpty = true

    /// Includes a run of text in a font with `metrics`, moved up by `shift` points.
    mutating func include(_ metrics: FontMetrics, shift: Double = 0) {
        textAscent = max(textAscent, metrics.ascent)
        textDescent = max(textDescent, metrics.descent)
        lineGap = max(lineGap, metrics.lineGap)
        hasText = true
        includeBox(top: metrics.ascent + shift, bottom: metrics.descent - shift)
    }

    /// Includes an inline box of a run moved up by `shift`. Call it after every text run of the line (on a line
    /// without text, after the fonts of its boxes' runs, which stand in for text).
    mutating func include(_ box: InlineBox, shift: Double) {
        let extent = Self.verticalExtent(of: box, shift: shift, textAscent: textAscent, textDescent: textDescent)
        includeBox(top: extent.top, bottom: -extent.bottom)
    }

    /// An inline box's extent around the baseline, y up: `bottom` and `top`, for its alignment against text of the
    /// given ascent and descent, moved up by `shift`. Line metrics and the layout's box rects both use it.
    static func verticalExtent(
        of box: InlineBox, shift: Double, textAscent: Double, textDescent: Double
    ) -> (bottom: Double, top: Double) {
        let height = box.height
        let bottom: Double
        switch box.alignment {
        case .baseline(let offset): bottom = offset
        case .center: bottom = (textAscent - textDescent) / 2 - height / 2
        case .top: bottom = textAscent - height
        case .bottom: bottom = -textDescent
        }
        return (bottom + shift, bottom + shift + height)
    }

    /// Grows the extent to hold a box reaching `top` above and `bottom` below the baseline (either may be
    /// negative). The extent always holds the baseline itself, as Pango's line extents do: a superscript alone on
    /// a line leaves no negative descent.
    private mutating func includeBox(top: Double, bottom: Double) {
        ascent = max(ascent, top)
        descent = max(descent, bottom)
        isEmpty = false
    }
}

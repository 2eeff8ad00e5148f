import LabelKitText

// A line's height in a paragraph with a `LineHeight` (half-leading, as CSS and Pango 1.50): read only for such
// paragraphs, so a label without one pays a single check per line.

/// The extent of a line whose paragraph sets a ``/LabelKitText/LineHeight``, y up from the baseline: each run of text
/// gets a box of the line height (`multiple`: the factor times its font's ascent plus descent; `absolute`: the
/// length) centred on its own text — half the extra (or missing) space above it, half below — and the line holds all
/// these boxes, and its inline boxes as they are (CSS's inline box model; Pango's union of its runs' logical rects).
///
/// Unlike ``LineExtent`` it does not hold the baseline: a line 5 points tall for 20-point text is 5 points tall, its
/// text overflowing it evenly (Pango's line extents always reach the baseline, so its line is then taller).
struct HalfLeadingExtent {
    let lineHeight: LineHeight
    /// How far the line reaches above and below the baseline (either may be negative); -infinity until something is
    /// included.
    private(set) var above = -Double.infinity
    private(set) var below = -Double.infinity

    init(_ lineHeight: LineHeight) {
        self.lineHeight = lineHeight
    }

    /// Whether nothing has been included.
    var isEmpty: Bool { above == -.infinity }

    /// Includes a run of text in a font with `metrics`, moved up by `shift` points, in its box of the line height.
    mutating func include(_ metrics: FontMetrics, shift: Double = 0) {
        let natural = metrics.ascent + metrics.descent
        let height: Double
        switch lineHeight {
        case .multiple(let factor): height = natural * factor
        case .absolute(let length): height = length
        }
        let halfLeading = (height - natural) / 2
        include(top: metrics.ascent + shift + halfLeading, bottom: metrics.descent - shift + halfLeading)
    }

    /// Includes an inline box of a run moved up by `shift`, aligned against text of `textAscent` and `textDescent`
    /// (as ``LineExtent`` places it): boxes take no leading.
    mutating func include(_ box: InlineBox, shift: Double, textAscent: Double, textDescent: Double) {
        let extent = LineExtent.verticalExtent(
            of: box, shift: shift, textAscent: textAscent, textDescent: textDescent)
        include(top: extent.top, bottom: -extent.bottom)
    }

    /// Includes what reaches `top` above the baseline and `bottom` below it as it is, taking no leading: ruby, which
    /// the line's leading holds when it leaves room, as in CSS.
    mutating func include(top: Double, bottom: Double) {
        above = max(above, top)
        below = max(below, bottom)
    }
}

extension LineBreaker {
    /// Sets the height of `line`, whose paragraph sets `lineHeight`, and its baseline's place in it
    /// (``BrokenLine/extraAbove``): the line spans its ``HalfLeadingExtent``. `line` comes from
    /// ``lineMetrics(content:measured:paragraphIndex:usesFontLeading:of:)`` with the same `measured` code units, with
    /// the natural ascent and descent and the text's; a line with neither text nor boxes takes its style's font's.
    ///
    /// Called after ``lineMetrics(content:measured:paragraphIndex:usesFontLeading:of:)`` rather than from it, so that
    /// a paragraph without a line height runs that function's code as before line heights. The font's line gap and
    /// UIKit's `lineHeightMultiple`, `minimumLineHeight` and `maximumLineHeight` do not apply: the line height
    /// decides.
    @inline(never)
    func applyLineHeight(
        _ lineHeight: LineHeight, to line: inout BrokenLine, measured: Range<Int>, of text: ShapedParagraphs
    ) {
        let probe = measured.isEmpty ? measured.lowerBound..<(measured.lowerBound + 1) : measured
        let lineItems = text.itemized.items(
            overlapping: probe, in: text.itemized.paragraphItems[line.paragraphIndex])
        var extent = HalfLeadingExtent(lineHeight)
        let items = text.itemized.items
        var hasText = false
        for itemIndex in lineItems where !items[itemIndex].isInlineBox {
            guard items[itemIndex].start < probe.upperBound, items[itemIndex].end > probe.lowerBound else { continue }
            extent.include(items[itemIndex].metrics, shift: items[itemIndex].baselineShift)
            hasText = true
        }
        for itemIndex in lineItems where items[itemIndex].isInlineBox {
            let item = items[itemIndex]
            guard item.start < probe.upperBound, item.end > probe.lowerBound else { continue }
            // A line of inline boxes alone still has its font's height: their runs' fonts stand in for text.
            if !hasText { extent.include(item.metrics) }
            extent.include(
                text.inlineBoxes[Int(item.inlineBox)], shift: item.baselineShift, textAscent: line.textAscent,
                textDescent: line.textDescent)
        }
        if extent.isEmpty, let standIn = emptyLineMetrics(of: text, at: probe.lowerBound) { extent.include(standIn) }
        if let rubies = text.rubies, !extent.isEmpty {
            for index in rubies.segments(overlapping: probe) {
                let segment = rubies.segments[index]
                let over = segment.position == .over
                extent.include(top: over ? segment.reach : -.infinity, bottom: over ? -.infinity : segment.reach)
            }
        }
        guard !extent.isEmpty else {
            // Nothing to measure (no font for an empty line): the natural extent, as without a line height.
            line.height = line.ascent + line.descent
            line.extraAbove = 0
            return
        }
        line.height = extent.above + extent.below
        line.extraAbove = extent.above - line.ascent
    }
}

import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

/// Underlines and strikethroughs at the font's own positions and thicknesses, from the run's (offset) baseline.
extension LayoutPainter {
    /// One line of a decoration: its centre, thickness and pattern.
    struct DecorationLine {
        var centre: Double
        var thickness: Double
        var pattern: LineDecoration
    }

    /// The lines an underline or strikethrough of `run` is drawn with.
    ///
    /// Thick is twice the font's thickness (an underline grows downwards, away from the glyphs); double is two lines
    /// of the font's thickness one thickness apart (an underline's second line below the first).
    static func decorationLines(
        _ decoration: LineDecoration, isUnderline: Bool, baseline: Double, metrics: FontMetrics
    ) -> [DecorationLine] {
        let thickness = isUnderline ? metrics.underlineThickness : metrics.strikethroughThickness
        let centre = isUnderline ? baseline + metrics.underlineOffset : baseline - metrics.strikethroughOffset
        guard thickness.isFinite, thickness > 0, centre.isFinite else { return [] }
        switch decoration {
        case .single, .dotted, .dashed:
            return [DecorationLine(centre: centre, thickness: thickness, pattern: decoration)]
        case .thick:
            return [
                DecorationLine(
                    centre: isUnderline ? centre + thickness / 2 : centre, thickness: thickness * 2, pattern: .thick)
            ]
        case .double:
            let first = isUnderline ? centre : centre - thickness
            return [
                DecorationLine(centre: first, thickness: thickness, pattern: .double),
                DecorationLine(centre: first + thickness * 2, thickness: thickness, pattern: .double),
            ]
        }
    }

    /// The baseline an underline hangs from: the run's own; in a vertical column, where the underline is on the
    /// column's right side (CSS `text-underline-position: right`), one that puts it beyond the em box's right edge
    /// (above it in line coordinates), as far out as it is below a horizontal baseline.
    static func underlineBaseline(of run: GlyphRun) -> Double {
        guard run.orientation != .horizontal else { return run.baseline }
        return run.baseline - run.style.fontSize / 2 - 2 * run.metrics.underlineOffset
    }

    /// Draws the run's underline and strikethrough (its `style`'s): in their own colours when the style sets them,
    /// else in `textColor`; opaque in the current source when `asMask`. The underline leaves out `underlineGaps`
    /// (spans of x), where a link overlay draws its own.
    func paintDecorations(
        of run: GlyphRun, style: ResolvedTextStyle, textColor: LabelColor, in cr: OpaquePointer, asMask: Bool,
        underlineGaps: [ClosedRange<Double>] = []
    ) {
        let minX = run.rect.minX
        let maxX = run.rect.maxX
        guard maxX > minX else { return }
        if let underline = style.underline {
            let spans = Self.spans(from: minX, to: maxX, leavingOut: underlineGaps)
            if !spans.isEmpty {
                if !asMask { setColor(cr, style.underlineColor ?? textColor) }
                let lines = Self.decorationLines(
                    underline, isUnderline: true, baseline: Self.underlineBaseline(of: run), metrics: run.metrics)
                if underlineGaps.isEmpty {
                    drawDecorationLines(lines, from: minX, to: maxX, in: cr)
                } else {
                    // Clipped rather than drawn span by span, so that dots and dashes keep the rhythm of the whole
                    // run.
                    cairo_save(cr)
                    let bounds = lineBounds
                    for span in spans {
                        cairo_rectangle(
                            cr, span.lowerBound, bounds.minY - 1, span.upperBound - span.lowerBound, bounds.height + 2)
                    }
                    cairo_clip(cr)
                    drawDecorationLines(lines, from: minX, to: maxX, in: cr)
                    cairo_restore(cr)
                }
            }
        }
        if let strikethrough = style.strikethrough {
            if !asMask { setColor(cr, style.strikethroughColor ?? textColor) }
            // Through the column's centre line in vertical text.
            let baseline =
                run.orientation == .horizontal ? run.baseline : run.baseline + run.metrics.strikethroughOffset
            let lines = Self.decorationLines(
                strikethrough, isUnderline: false, baseline: baseline, metrics: run.metrics)
            drawDecorationLines(lines, from: minX, to: maxX, in: cr)
        }
    }

    /// `minX…maxX` without `gaps`: the spans left, left to right.
    static func spans(
        from minX: Double, to maxX: Double, leavingOut gaps: [ClosedRange<Double>]
    ) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        var start = minX
        for gap in gaps.sorted(by: { $0.lowerBound < $1.lowerBound }) where gap.upperBound > start {
            if gap.lowerBound > start { spans.append(start...min(gap.lowerBound, maxX)) }
            start = max(start, gap.upperBound)
            if start >= maxX { break }
        }
        if start < maxX { spans.append(start...maxX) }
        return spans.filter { $0.upperBound > $0.lowerBound }
    }

    func drawDecorationLines(
        _ lines: [DecorationLine], from minX: Double, to maxX: Double, in cr: OpaquePointer
    ) {
        let devicePixel = 1 / renderer.scale
        for line in lines {
            var centre = line.centre
            var thickness = line.thickness
            if renderer.roundsGlyphPositions {
                thickness = max(snapped(thickness), devicePixel)
                centre = snapped(centre - thickness / 2) + thickness / 2
            }
            switch line.pattern {
            case .single, .thick, .double:
                cairo_rectangle(cr, minX, centre - thickness / 2, maxX - minX, thickness)
                cairo_fill(cr)
            case .dotted, .dashed:
                // Dots and dashes measured in the thickness, at least a point so that they stay visible (a text
                // font's underline is often thinner), and anchored at x = 0 so that neighbouring runs continue one
                // rhythm.
                let unit = max(thickness, 1, devicePixel)
                let dotted = line.pattern == .dotted
                let dashes: [Double] = dotted ? [0, unit * 2] : [unit * 3, unit * 2]
                let period = dashes.reduce(0, +)
                // A dot's round cap reaches half a unit past its centre: keep the dots inside the run.
                let inset = dotted ? unit / 2 : 0
                let start = minX + inset
                var phase = start.truncatingRemainder(dividingBy: period)
                if phase < 0 { phase += period }
                cairo_save(cr)
                cairo_set_line_width(cr, unit)
                cairo_set_line_cap(cr, dotted ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
                dashes.withUnsafeBufferPointer { buffer in
                    cairo_set_dash(cr, buffer.baseAddress, Int32(buffer.count), phase)
                }
                cairo_move_to(cr, start, centre)
                cairo_line_to(cr, max(maxX - inset, start), centre)
                cairo_stroke(cr)
                cairo_restore(cr)
            }
        }
    }
}

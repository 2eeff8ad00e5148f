import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

/// Glyph runs: fill, outline and decorations, in the run's colours.
extension LayoutPainter {
    /// Draws one run's glyphs, outline and decorations, once per colour where foreground overrides recolour part of
    /// it, then the underlines link overlays draw under its clusters in place of its own.
    ///
    /// The run's style is read once and handed down: each read of ``GlyphRun/style`` copies the style.
    func paintRun(_ run: GlyphRun, in cr: OpaquePointer) throws(RenderError) {
        let style = run.style
        guard !run.glyphs.isEmpty || style.underline != nil || style.strikethrough != nil else { return }
        let segments = colorSegments(of: run, base: style.foregroundColor)
        let linkUnderlineSpans = linkUnderlineSpans(of: run)
        let ownUnderlineGaps = linkUnderlineSpans.map { $0.minX...$0.maxX }
        if compositesFromAtlas(run, style: style, segmentCount: segments.count),
            try compositeGlyphs(of: run, size: style.fontSize, color: segments[0].color)
        {
            // Glyphs from the atlas into the pixels, then the decorations through Cairo over them.
            paintDecorations(
                of: run, style: style, textColor: segments[0].color, in: cr, asMask: false,
                underlineGaps: ownUnderlineGaps)
            drawLinkUnderlines(linkUnderlineSpans, of: run, in: cr)
            return
        }
        let hasVariations = !run.face.variations.isEmpty
        if hasVariations { cairo_save(cr) }
        defer { if hasVariations { cairo_restore(cr) } }
        let glyphs = try prepareFont(for: run, size: style.fontSize, in: cr)

        if segments.count == 1 {
            drawContent(
                of: run, style: style, glyphs: glyphs, color: segments[0].color, in: cr,
                ownUnderlineGaps: ownUnderlineGaps)
        } else {
            // Several colours in one run: draw it once per colour, clipped to that colour's clusters. The outer
            // segments reach to the image's edges so glyphs overhanging the run are not cut.
            let farLeft = lineBounds.minX - 1
            let farRight = lineBounds.maxX + 1
            for (index, segment) in segments.enumerated() {
                let minX = index == 0 ? farLeft : segment.minX
                let maxX = index == segments.count - 1 ? farRight : segment.maxX
                cairo_save(cr)
                cairo_rectangle(cr, minX, lineBounds.minY - 1, maxX - minX, lineBounds.height + 2)
                cairo_clip(cr)
                drawContent(
                    of: run, style: style, glyphs: glyphs, color: segment.color, in: cr,
                    ownUnderlineGaps: ownUnderlineGaps)
                cairo_restore(cr)
            }
        }
        drawLinkUnderlines(linkUnderlineSpans, of: run, in: cr)
    }

    /// Sets the run's face, `size` (its style's) and variations on `cr` and returns its glyphs as Cairo draws them.
    ///
    /// A caller drawing a run with variations saves the context before and restores it after, rather than setting
    /// the font options back: Cairo 1.16 copies font options over the old ones without freeing their variations
    /// string, so setting them back leaked one more copy per run (found by `make asan`; the copy Cairo keeps of
    /// the first setting is its own leak, suppressed in `Sanitizers/lsan-suppressions.txt`).
    func prepareFont(for run: GlyphRun, size: Double, in cr: OpaquePointer) throws(RenderError) -> [cairo_glyph_t] {
        let cairoFace = try renderer.context.cairoFace(for: run.face)
        cairo_set_font_face(cr, cairoFace.handle)
        let variations = run.face.variations
        if !variations.isEmpty { Self.setFontOptions(cr, variations: variations) }
        if run.orientation.standsUpright {
            // Drawn in line coordinates, which vertical text turns a quarter clockwise: the glyphs turn back about
            // their origins to stand upright; a combined run is narrowed across the column.
            var matrix = cairo_matrix_t()
            cairo_matrix_init_rotate(&matrix, -Double.pi / 2)
            cairo_matrix_scale(&matrix, size * run.combinedScale, size)
            cairo_set_font_matrix(cr, &matrix)
        } else {
            cairo_set_font_size(cr, size)
        }
        return cairoGlyphs(of: run)
    }

    /// The run's glyphs filled (unless a positive stroke width asks for outlines alone), outlined, then decorated, as
    /// its `style` (``GlyphRun/style``) asks.
    ///
    /// `color` is the text colour of this part of the run; the outline and the decorations take their own colours
    /// when the style sets them. With `asMask` everything is drawn opaque in the current source (a shadow's mask).
    /// The run's own underline leaves out `ownUnderlineGaps`, where a link overlay draws its own.
    func drawContent(
        of run: GlyphRun, style: ResolvedTextStyle, glyphs: [cairo_glyph_t], color: LabelColor, in cr: OpaquePointer,
        asMask: Bool = false, ownUnderlineGaps: [ClosedRange<Double>] = []
    ) {
        let stroke =
            run.face.hasColorGlyphs ? nil : style.stroke.flatMap { $0.width.isFinite && $0.width != 0 ? $0 : nil }
        if !glyphs.isEmpty, stroke?.fillsGlyphs ?? true {
            if !asMask { setColor(cr, color) }
            if run.face.hasColorGlyphs, !asMask {
                // Colour bitmap glyphs are composited through the source's alpha: keep the emoji's own colours but
                // the text colour's opacity.
                cairo_set_source_rgba(cr, 1, 1, 1, resolved(color).alpha)
            }
            glyphs.withUnsafeBufferPointer { buffer in
                cairo_show_glyphs(cr, buffer.baseAddress, Int32(buffer.count))
            }
        }
        if let stroke, !glyphs.isEmpty {
            if !asMask { setColor(cr, stroke.color ?? color) }
            glyphs.withUnsafeBufferPointer { buffer in
                cairo_glyph_path(cr, buffer.baseAddress, Int32(buffer.count))
            }
            cairo_set_line_width(cr, abs(stroke.width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        paintDecorations(
            of: run, style: style, textColor: color, in: cr, asMask: asMask, underlineGaps: ownUnderlineGaps)
    }

    private func cairoGlyphs(of run: GlyphRun) -> [cairo_glyph_t] {
        let positioned = run.glyphs
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(positioned.count)
        for glyph in positioned where glyph.glyphID != ShapedGlyphBuffer.invisibleGlyph {
            var x = glyph.x
            var y = glyph.y
            if renderer.roundsGlyphPositions {
                x = snapped(x)
                y = snapped(y)
            }
            glyphs.append(cairo_glyph_t(index: UInt(glyph.glyphID), x: x, y: y))
        }
        return glyphs
    }

    /// The run's colours left to right: `base` (its style's colour), replaced where a foreground override covers a
    /// cluster.
    private func colorSegments(of run: GlyphRun, base: LabelColor) -> [(color: LabelColor, minX: Double, maxX: Double)]
    {
        // A ruby annotation takes its base's colour: over a link, the link's.
        if let rubyBase = run.rubyBase {
            let color =
                foregroundOverrides.last { $0.overlaps(rubyBase, isInTruncationToken: run.isInTruncationToken) }?
                .color ?? base
            return [(color, run.rect.minX, run.rect.maxX)]
        }
        let overrides = foregroundOverrides.filter {
            $0.overlaps(run.textRange, isInTruncationToken: run.isInTruncationToken)
        }
        guard !overrides.isEmpty else { return [(base, run.rect.minX, run.rect.maxX)] }
        if let whole = overrides.last(where: {
            $0.range.lowerBound <= run.textRange.lowerBound && $0.range.upperBound >= run.textRange.upperBound
        }), overrides.last == whole {
            return [(whole.color, run.rect.minX, run.rect.maxX)]
        }
        var segments: [(color: LabelColor, minX: Double, maxX: Double)] = []
        for cluster in run.clusters {
            let color =
                overrides.last(where: { $0.overlaps(cluster.range, isInTruncationToken: cluster.isInTruncationToken) })?
                .color ?? base
            let minX = cluster.x
            let maxX = cluster.x + cluster.width
            if let last = segments.last, last.color == color {
                segments[segments.count - 1].maxX = max(last.maxX, maxX)
            } else {
                segments.append((color, minX, maxX))
            }
        }
        return segments.isEmpty ? [(base, run.rect.minX, run.rect.maxX)] : segments
    }
}

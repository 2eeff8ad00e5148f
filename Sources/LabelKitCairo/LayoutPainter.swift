import CCairo
import Foundation
import LabelKitCore

/// Draws one layout with one renderer's options into a new Cairo image surface.
struct LayoutPainter {
    let renderer: LabelRenderer
    let layout: TextLayout

    /// Cairo's limit on image sides.
    private static let maximumSide = 32_767

    func paint() throws(RenderError) -> RenderedImage {
        let scale = renderer.scale
        guard scale.isFinite, scale > 0 else {
            throw .invalidOption("scale must be a finite number > 0, not \(scale)")
        }
        let bounds = layout.bounds
        let pixelWidth = (bounds.width * scale).rounded(.up)
        let pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth >= 0, pixelHeight >= 0,
            pixelWidth <= Double(Self.maximumSide), pixelHeight <= Double(Self.maximumSide)
        else {
            throw .surfaceCreationFailed(
                width: pixelWidth.isFinite ? Int(pixelWidth) : -1, height: pixelHeight.isFinite ? Int(pixelHeight) : -1,
                reason: "each side must be 0…\(Self.maximumSide) pixels"
            )
        }
        let width = Int(pixelWidth)
        let height = Int(pixelHeight)
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .surfaceCreationFailed(width: width, height: height, reason: CairoPNG.reason(status))
        }
        if width > 0, height > 0 {
            let context = CairoContext(surface: surface)
            try draw(in: context.handle)
        }
        guard let image = surface.image() else {
            throw .surfaceCreationFailed(width: width, height: height, reason: "no pixel data")
        }
        return image
    }

    private func draw(in cr: OpaquePointer) throws(RenderError) {
        cairo_scale(cr, renderer.scale, renderer.scale)
        cairo_translate(cr, -layout.bounds.minX, -layout.bounds.minY)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        Self.setFontOptions(cr, variations: [])

        if let background = renderer.backgroundColor {
            setColor(cr, background)
            cairo_paint(cr)
        }
        for run in layout.runs {
            guard let color = run.style.backgroundColor else { continue }
            setColor(cr, color)
            addRectangle(cr, run.rect)
            cairo_fill(cr)
        }
        drawSelection(in: cr)
        for highlight in renderer.highlights {
            setColor(cr, highlight.color)
            for rect in highlight.rects { addRoundedRectangle(cr, rect, radius: highlight.cornerRadius) }
            cairo_fill(cr)
        }
        for run in layout.runs {
            try drawRun(run, in: cr)
        }
        drawFocusRings(in: cr)
        if renderer.debug { drawDebugOverlay(in: cr) }
    }

    // MARK: Runs

    private func drawRun(_ run: GlyphRun, in cr: OpaquePointer) throws(RenderError) {
        guard !run.glyphs.isEmpty || run.style.underline != nil || run.style.strikethrough != nil else { return }
        let segments = colorSegments(of: run)
        let cairoFace = try CairoFontCache.cairoFace(for: run.face)
        cairo_set_font_face(cr, cairoFace.handle)
        let variations = run.face.variations
        if !variations.isEmpty {
            Self.setFontOptions(cr, variations: variations)
        }
        defer { if !variations.isEmpty { Self.setFontOptions(cr, variations: []) } }
        cairo_set_font_size(cr, run.style.fontSize)
        let glyphs = cairoGlyphs(of: run)

        if segments.count == 1 {
            drawGlyphsAndDecorations(run, glyphs: glyphs, color: segments[0].color, in: cr)
            return
        }
        // Several colours in one run: draw it once per colour, clipped to that colour's clusters. The outer
        // segments reach to the image's edges so glyphs overhanging the run are not cut.
        let farLeft = layout.bounds.minX - 1
        let farRight = layout.bounds.maxX + 1
        for (index, segment) in segments.enumerated() {
            let minX = index == 0 ? farLeft : segment.minX
            let maxX = index == segments.count - 1 ? farRight : segment.maxX
            cairo_save(cr)
            cairo_rectangle(cr, minX, layout.bounds.minY - 1, maxX - minX, layout.bounds.height + 2)
            cairo_clip(cr)
            drawGlyphsAndDecorations(run, glyphs: glyphs, color: segment.color, in: cr)
            cairo_restore(cr)
        }
    }

    private func drawGlyphsAndDecorations(
        _ run: GlyphRun, glyphs: [cairo_glyph_t], color: LabelColor, in cr: OpaquePointer
    ) {
        setColor(cr, color)
        if run.face.hasColorGlyphs {
            // Colour bitmap glyphs are composited through the source's alpha: keep the emoji's own colours but the
            // text colour's opacity.
            cairo_set_source_rgba(cr, 1, 1, 1, color.alpha)
        }
        if !glyphs.isEmpty {
            glyphs.withUnsafeBufferPointer { buffer in
                cairo_show_glyphs(cr, buffer.baseAddress, Int32(buffer.count))
            }
        }
        setColor(cr, color)
        drawDecorations(of: run, in: cr)
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

    /// The font options every run is drawn with — grey antialiasing, unhinted outlines and metrics, so glyphs sit
    /// exactly at the layout's positions — and the face's variation-axis values, if it has any.
    private static func setFontOptions(_ cr: OpaquePointer, variations: [FontVariation]) {
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        if !variations.isEmpty {
            let settings = variations.map { "\($0.axis)=\($0.value)" }.joined(separator: ",")
            cairo_font_options_set_variations(options, settings)
        }
        cairo_set_font_options(cr, options)
    }

    /// Underline and strikethrough from the run's metrics: thick is twice the font's thickness, double two lines.
    private func drawDecorations(of run: GlyphRun, in cr: OpaquePointer) {
        let metrics = run.metrics
        let minX = run.rect.minX
        let maxX = run.rect.maxX
        guard maxX > minX else { return }
        func stroke(centre: Double, thickness: Double) {
            guard thickness > 0 else { return }
            var top = centre - thickness / 2
            var height = thickness
            if renderer.roundsGlyphPositions {
                height = max(snapped(thickness), 1 / renderer.scale)
                top = snapped(centre - height / 2)
            }
            cairo_rectangle(cr, minX, top, maxX - minX, height)
        }
        if let underline = run.style.underline {
            let thickness = metrics.underlineThickness
            let centre = run.baseline + metrics.underlineOffset
            switch underline {
            case .single: stroke(centre: centre, thickness: thickness)
            case .thick: stroke(centre: centre + thickness / 2, thickness: thickness * 2)
            case .double:
                stroke(centre: centre, thickness: thickness)
                stroke(centre: centre + thickness * 2, thickness: thickness)
            }
        }
        if let strikethrough = run.style.strikethrough {
            let thickness = metrics.strikethroughThickness
            let centre = run.baseline - metrics.strikethroughOffset
            switch strikethrough {
            case .single: stroke(centre: centre, thickness: thickness)
            case .thick: stroke(centre: centre, thickness: thickness * 2)
            case .double:
                stroke(centre: centre - thickness, thickness: thickness)
                stroke(centre: centre + thickness, thickness: thickness)
            }
        }
        cairo_fill(cr)
    }

    /// The run's colours left to right: the style's colour, replaced where a foreground override covers a cluster.
    private func colorSegments(of run: GlyphRun) -> [(color: LabelColor, minX: Double, maxX: Double)] {
        let base = run.style.foregroundColor
        let overrides = renderer.foregroundOverrides.filter {
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

    // MARK: Debug overlay

    private func drawDebugOverlay(in cr: OpaquePointer) {
        let hairline = 1 / renderer.scale
        cairo_set_line_width(cr, hairline)
        for index in layout.links.indices {
            let hue = Double(index % 3)
            cairo_set_source_rgba(cr, hue == 0 ? 0 : 1, hue == 1 ? 0.4 : 0.8, hue == 2 ? 0 : 0.3, 0.25)
            for rect in layout.rects(forLink: index) { addRectangle(cr, rect) }
            cairo_fill(cr)
        }
        cairo_set_source_rgba(cr, 1, 0, 0, 0.6)
        for line in layout.lines {
            // Inset by half a line width so the outline lies inside the box.
            let rect = line.rect.insetBy(dx: hairline / 2, dy: hairline / 2)
            if rect.width > 0, rect.height > 0 { addRectangle(cr, rect) }
        }
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 0, 0.5, 1, 0.8)
        for line in layout.lines {
            cairo_move_to(cr, line.rect.minX, line.baseline)
            cairo_line_to(cr, line.rect.maxX, line.baseline)
        }
        cairo_stroke(cr)
    }

    // MARK: Helpers

    /// `value` (in points) on the nearest whole device pixel.
    private func snapped(_ value: Double) -> Double {
        (value * renderer.scale).rounded() / renderer.scale
    }

    func setColor(_ cr: OpaquePointer, _ color: LabelColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    func addRectangle(_ cr: OpaquePointer, _ rect: CGRect) {
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }

    func addRoundedRectangle(_ cr: OpaquePointer, _ rect: CGRect, radius: Double) {
        let radius = min(max(radius.isFinite ? radius : 0, 0), rect.width / 2, rect.height / 2)
        guard radius > 0 else { return addRectangle(cr, rect) }
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - radius, rect.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, rect.maxX - radius, rect.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, rect.minX + radius, rect.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, rect.minX + radius, rect.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

/// Text shadows: each run's glyphs, outline, decorations (or attachment image) drawn as an alpha mask, offset,
/// blurred and filled with the shadow's colour, beneath all of the text.
///
/// Runs with equal shadows share one mask, so a title split into several runs (colours, fonts, a link) casts one
/// shadow, without darker seams where neighbouring runs' blurs overlap. The blur is a Gaussian whose standard
/// deviation is half the blur radius — CSS's `text-shadow` reading of a radius — approximated by three box blurs;
/// a blur radius of 0 is a hard shadow, drawn as vectors in PDF and SVG.
extension LayoutPainter {
    func paintShadows(in cr: OpaquePointer) throws(RenderError) {
        // The layout's few styles first: most labels cast no shadow, and each run's style is a copy to read.
        guard layout.styles.contains(where: { $0.shadow != nil }) else { return }
        var groups: [(shadow: TextShadow, runs: [GlyphRun])] = []
        for run in layout.runs {
            guard let shadow = run.style.shadow, resolved(shadow.color).alpha > 0, shadow.offsetX.isFinite,
                shadow.offsetY.isFinite, hasShadowContent(run)
            else { continue }
            if let index = groups.firstIndex(where: { $0.shadow == shadow }) {
                groups[index].runs.append(run)
            } else {
                groups.append((shadow, [run]))
            }
        }
        for group in groups {
            try paintShadow(group.shadow, of: group.runs, in: cr)
        }
    }

    private func hasShadowContent(_ run: GlyphRun) -> Bool {
        if let attachment = run.attachment {
            guard case .image = attachment.content else { return false }
            return true
        }
        return !run.glyphs.isEmpty || run.style.underline != nil || run.style.strikethrough != nil
    }

    private func paintShadow(_ shadow: TextShadow, of runs: [GlyphRun], in cr: OpaquePointer) throws(RenderError) {
        let sigma = shadow.blurRadius.isFinite ? max(shadow.blurRadius, 0) / 2 : 0
        cairo_save(cr)
        defer { cairo_restore(cr) }
        guard let fullBlur = AlphaBlur(sigma: sigma * target.effectScale) else {
            // A hard shadow: the content drawn once into a group, then filled through it with the shadow's colour,
            // so that overlapping glyphs, outlines and decorations do not darken a translucent shadow twice.
            cairo_translate(cr, shadow.offsetX, shadow.offsetY)
            cairo_push_group(cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            try drawShadowContent(of: runs, in: cr)
            guard let pattern = cairo_pop_group(cr) else { return }
            setColor(cr, shadow.color)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
            return
        }
        // Only what can reach the visible bounds after the offset is worth blurring.
        let reach = Double(fullBlur.reach) / target.effectScale
        let visible = layout.bounds.offsetBy(dx: -shadow.offsetX, dy: -shadow.offsetY).insetBy(dx: -reach, dy: -reach)
        let ink = runs.map(inkBounds(of:)).union.insetBy(dx: -reach, dy: -reach)
        let area = ink.intersection(visible)
        guard !area.isNull, area.width > 0, area.height > 0 else { return }
        let scale = AlphaBlur.maskScale(area: area, sigma: sigma, scale: target.effectScale)
        guard let blur = scale == target.effectScale ? fullBlur : AlphaBlur(sigma: sigma * scale) else { return }
        // In an image, put the mask's pixels on the image's pixels, so that compositing it resamples nothing.
        var originX = area.minX
        var originY = area.minY
        if target.isRaster, scale == target.effectScale {
            let bounds = layout.bounds
            originX =
                ((area.minX + shadow.offsetX - bounds.minX) * scale).rounded(.down) / scale + bounds.minX
                - shadow.offsetX
            originY =
                ((area.minY + shadow.offsetY - bounds.minY) * scale).rounded(.down) / scale + bounds.minY
                - shadow.offsetY
        }
        let pixelWidth = Int(((area.maxX - originX) * scale).rounded(.up))
        let pixelHeight = Int(((area.maxY - originY) * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= RasterCanvas.maximumSide,
            pixelHeight <= RasterCanvas.maximumSide
        else { return }
        let mask = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pixelWidth), Int32(pixelHeight)))
        guard cairo_surface_status(mask.handle) == CAIRO_STATUS_SUCCESS else { return }
        cairo_surface_set_device_scale(mask.handle, scale, scale)
        do {
            let context = CairoContext(surface: mask)
            cairo_translate(context.handle, -originX, -originY)
            cairo_set_antialias(context.handle, CAIRO_ANTIALIAS_GRAY)
            Self.setFontOptions(context.handle, variations: [])
            cairo_set_source_rgba(context.handle, 0, 0, 0, 1)
            try drawShadowContent(of: runs, in: context.handle)
        }
        cairo_surface_flush(mask.handle)
        if let data = cairo_image_surface_get_data(mask.handle) {
            let stride = Int(cairo_image_surface_get_stride(mask.handle))
            blur.apply(
                to: UnsafeMutableRawBufferPointer(start: data, count: stride * pixelHeight), width: pixelWidth,
                height: pixelHeight, stride: stride)
        }
        cairo_surface_mark_dirty(mask.handle)
        setColor(cr, shadow.color)
        cairo_mask_surface(cr, mask.handle, originX + shadow.offsetX, originY + shadow.offsetY)
    }

    /// The runs' content, opaque in the current source: glyphs, outlines and decorations, or attachment images.
    private func drawShadowContent(of runs: [GlyphRun], in cr: OpaquePointer) throws(RenderError) {
        for run in runs {
            if run.attachment != nil {
                try drawAttachmentShadowShape(of: run, in: cr)
                continue
            }
            let hasVariations = !run.face.variations.isEmpty
            if hasVariations { cairo_save(cr) }
            defer { if hasVariations { cairo_restore(cr) } }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            turnToLineCoordinates(cr)
            let style = run.style
            let glyphs = try prepareFont(for: run, size: style.fontSize, in: cr)
            drawContent(of: run, style: style, glyphs: glyphs, color: .black, in: cr, asMask: true)
        }
    }

    /// An image attachment's shadow follows the image's own alpha (a round badge casts a round shadow); a
    /// placeholder casts its box.
    private func drawAttachmentShadowShape(of run: GlyphRun, in cr: OpaquePointer) throws(RenderError) {
        for placed in attachments where placed.runIndex == run.index {
            try drawImage(of: placed, in: cr) { box in
                addRectangle(cr, box)
                cairo_fill(cr)
            }
        }
    }

    /// Where a run's ink may reach: its box and its font's full height around its (offset) baseline, with room for
    /// glyphs that overhang their advances and for the outline.
    private func inkBounds(of run: GlyphRun) -> CGRect {
        if run.attachment != nil {
            return attachments.filter { $0.runIndex == run.index }.map(\.rect).union
        }
        let metrics = run.metrics
        let size = run.style.fontSize
        let outline = abs(run.style.stroke?.width ?? 0)
        let glyphBox = CGRect(
            x: run.rect.minX, y: run.baseline - metrics.ascent, width: run.rect.width,
            height: metrics.ascent + metrics.descent)
        let margin = size * 0.5 + (outline.isFinite ? outline : 0)
        return layout.labelRect(fromLineRect: run.rect.union(glyphBox).insetBy(dx: -margin, dy: -margin))
    }
}

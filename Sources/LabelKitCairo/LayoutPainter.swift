import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

/// Where a painter draws: an image surface at a scale, or a PDF or SVG surface in points.
enum PaintTarget {
    /// An image, `scale` device pixels per point (the context is already scaled).
    case raster(scale: Double)
    /// A vector document in points; what must be rasterised (blurred shadows) is made `rasterScale` pixels per point.
    case vector(rasterScale: Double)

    /// Device pixels per point of images made for effects (shadow masks).
    var effectScale: Double {
        switch self {
        case .raster(let scale): scale
        case .vector(let rasterScale): rasterScale
        }
    }

    /// Whether the output is pixels, so that snapping to the device grid means something.
    var isRaster: Bool {
        if case .raster = self { return true }
        return false
    }
}

/// Draws one layout with one renderer's options into a Cairo context whose user space is the layout's points.
///
/// Drawing is a list of passes, back to front (``draw(in:firstRun:)``); each pass is a function of its own so that a new
/// overlay (a selection, a focus ring) is one more call in the list.
struct LayoutPainter {
    let renderer: LabelRenderer
    let layout: TextLayout
    let target: PaintTarget
    /// Attachment images decoded once per render, for the shadow and the attachment passes.
    let images = AttachmentImageCache()
    /// The layout's placed attachments, made once per render (the layout makes them from its inline boxes on each
    /// ask), for the passes that look them up run by run.
    let attachments: [LayoutAttachment]
    /// Text colours over ranges of text, later ones winning: the link overlays' colours, then the renderer's own
    /// overrides, which are the app's and more specific.
    let foregroundOverrides: [LabelRenderer.ColorOverride]
    /// What the renderer's link style draws over the links.
    let linkOverlays: [LinkOverlay]
    /// The link overlays' underlines, drawn in place of the text's own under the links' clusters.
    let linkUnderlines: [LinkUnderline]
    /// The image's pixels when the painter may write them itself (glyphs from the ``GlyphAtlas``); nil draws
    /// everything through Cairo.
    var pixelTarget: PixelTarget? = nil
    /// Whether the background colour is in the pixels already (filled before Cairo was given them).
    var backgroundIsFilled = false

    init(renderer: LabelRenderer, layout: TextLayout, target: PaintTarget) {
        self.renderer = renderer
        self.layout = layout
        self.target = target
        attachments = layout.attachments
        let overlays = renderer.linkOverlays(for: layout)
        linkOverlays = overlays
        foregroundOverrides =
            overlays.compactMap { overlay in
                overlay.look.foregroundColor.map {
                    LabelRenderer.ColorOverride(
                        range: overlay.range, color: $0, isInTruncationToken: overlay.isInTruncationToken)
                }
            } + renderer.foregroundOverrides
        linkUnderlines = overlays.compactMap(LinkUnderline.init(overlay:))
    }

    func draw(in cr: OpaquePointer, firstRun: Int = 0) throws(RenderError) {
        cairo_translate(cr, -layout.bounds.minX, -layout.bounds.minY)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        Self.setFontOptions(cr, variations: [])

        paintBackground(in: cr)
        withLineCoordinates(cr) { paintRunBackgrounds(in: cr) }
        paintLinkBackgrounds(in: cr)
        drawSelection(in: cr)
        paintHighlights(linkOverlays.compactMap(LabelRenderer.Highlight.init(linkOverlay:)), in: cr)
        paintHighlights(renderer.highlights, in: cr)
        try paintShadows(in: cr)
        try paintAttachments(in: cr)
        // The runs before `firstRun` are drawn already (compositeRunsFromCache).
        for run in layout.runs.dropFirst(firstRun) {
            if plainRunsPossible, try compositePlainRun(run) { continue }
            cairo_save(cr)
            turnToLineCoordinates(cr)
            defer { cairo_restore(cr) }
            try paintRun(run, in: cr)
        }
        drawFocusRings(in: cr)
        if renderer.debug { paintDebugOverlay(in: cr) }
    }

    /// Whether the runs are all there is to draw: the background already in the pixels (or none), and no run or link
    /// background, selection, highlight, shadow, attachment, focus ring, recolouring, link underline or debug overlay,
    /// the text horizontal. Every pass of ``draw(in:firstRun:)`` but the runs' then draws nothing, so
    /// ``compositeRunsFromCache()`` can draw the layout with no Cairo surface at all.
    var drawsRunsOnly: Bool {
        plainRunsPossible && (backgroundIsFilled || renderer.backgroundColor == nil) && linkOverlays.isEmpty
            && renderer.highlights.isEmpty && renderer.focusRings.isEmpty && !renderer.debug && attachments.isEmpty
            && (renderer.selectedRange?.isEmpty ?? true)
            && !layout.styles.contains { $0.backgroundColor != nil || $0.shadow != nil }
    }

    /// Whether a run may come from the glyph cache (``compositePlainRun(_:)``): no override recolours and no link
    /// overlay underlines any run, and the text is horizontal.
    var plainRunsPossible: Bool {
        foregroundOverrides.isEmpty && linkUnderlines.isEmpty && !layout.writingMode.isVertical
    }

    /// Composites the runs from the glyph cache in order, when ``drawsRunsOnly``, until one needs Cairo: returns that
    /// run's index, for ``draw(in:firstRun:)`` to go on from, or nil when every run is drawn.
    func compositeRunsFromCache() throws(RenderError) -> Int? {
        for (index, run) in layout.runs.enumerated() where try !compositePlainRun(run) { return index }
        return nil
    }

    // MARK: Backgrounds and highlights

    private func paintBackground(in cr: OpaquePointer) {
        guard !backgroundIsFilled, let background = renderer.backgroundColor else { return }
        setColor(cr, background)
        cairo_paint(cr)
    }

    private func paintRunBackgrounds(in cr: OpaquePointer) {
        // The layout's few styles first: most labels have no run background, and each run's style is a copy to read.
        guard layout.styles.contains(where: { $0.backgroundColor != nil }) else { return }
        for run in layout.runs {
            guard let color = run.style.backgroundColor else { continue }
            setColor(cr, color)
            addRectangle(cr, run.rect)
            cairo_fill(cr)
        }
    }

    /// Each highlight's padded, rounded rectangles filled in one pass (overlaps are not doubled), then its border.
    func paintHighlights(_ highlights: [LabelRenderer.Highlight], in cr: OpaquePointer) {
        for highlight in highlights {
            let rects = highlight.paddedRects.filter { $0.width > 0 && $0.height > 0 }
            guard !rects.isEmpty else { continue }
            if resolved(highlight.color).alpha > 0 {
                setColor(cr, highlight.color)
                for rect in rects { addRoundedRectangle(cr, rect, radius: highlight.cornerRadius) }
                cairo_fill(cr)
            }
            let width = highlight.borderWidth
            if let border = highlight.borderColor, width.isFinite, width > 0 {
                // Inside the edge, so that the border never reaches past the padded rectangle.
                setColor(cr, border)
                cairo_set_line_width(cr, width)
                for rect in rects {
                    let inner = rect.insetBy(dx: width / 2, dy: width / 2)
                    guard inner.width > 0, inner.height > 0 else { continue }
                    addRoundedRectangle(cr, inner, radius: highlight.cornerRadius - width / 2)
                }
                cairo_stroke(cr)
            }
        }
    }

    // MARK: Debug overlay

    private func paintDebugOverlay(in cr: OpaquePointer) {
        let hairline = 1 / target.effectScale
        cairo_set_line_width(cr, hairline)
        for index in layout.links.indices {
            let hue = Double(index % 3)
            cairo_set_source_rgba(cr, hue == 0 ? 0 : 1, hue == 1 ? 0.4 : 0.8, hue == 2 ? 0 : 0.3, 0.25)
            for fragment in layout.rects(forLink: index) { addRectangle(cr, fragment.rect) }
            cairo_fill(cr)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        turnToLineCoordinates(cr)
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
        paintAttachmentOutlines(in: cr, lineWidth: hairline)
    }

    // MARK: Helpers

    /// Turns `cr` from the label's coordinates to the layout's line coordinates (nothing for horizontal text): in
    /// vertical text, a quarter turn clockwise about the label's top right corner, so that a line's x runs down its
    /// column (see ``/LabelKitLayout/TextLayout/labelPoint(fromLinePoint:)``).
    func turnToLineCoordinates(_ cr: OpaquePointer) {
        guard layout.writingMode.isVertical else { return }
        cairo_translate(cr, layout.bounds.width, 0)
        cairo_rotate(cr, Double.pi / 2)
    }

    /// Runs `body` with `cr` in line coordinates, and back.
    func withLineCoordinates<Failure: Error>(_ cr: OpaquePointer, _ body: () throws(Failure) -> Void) throws(Failure) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        turnToLineCoordinates(cr)
        try body()
    }

    /// The label's bounds in line coordinates.
    var lineBounds: CGRect {
        let bounds = layout.bounds
        guard layout.writingMode.isVertical else { return bounds }
        return CGRect(x: 0, y: 0, width: bounds.height, height: bounds.width)
    }

    /// The font options every run is drawn with — grey antialiasing, unhinted outlines and metrics, so glyphs sit
    /// exactly at the layout's positions — and the face's variation-axis values, if it has any.
    static func setFontOptions(_ cr: OpaquePointer, variations: [FontVariation]) {
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

    /// `value` (in points) on the nearest whole device pixel of the renderer's scale.
    func snapped(_ value: Double) -> Double {
        (value * renderer.scale).rounded() / renderer.scale
    }

    /// `color`'s value in the renderer's appearance.
    func resolved(_ color: LabelColor) -> RGBAColor {
        color.resolved(for: renderer.appearance)
    }

    func setColor(_ cr: OpaquePointer, _ color: LabelColor) {
        let value = color.resolved(for: renderer.appearance)
        cairo_set_source_rgba(cr, value.red, value.green, value.blue, value.alpha)
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

import CCairo
import LabelKitLayout
import LabelKitText

/// Draws a layout into a one-page PDF or an SVG document, the size of the layout's bounds in points.
enum VectorCanvas {
    /// The largest page side, in points, that PDF viewers accept (Acrobat's limit is 14,400).
    static let maximumSide = 14_400.0

    static func document(
        _ layout: TextLayout, format: LabelRenderer.OutputFormat, with renderer: LabelRenderer
    ) throws(RenderError) -> [UInt8] {
        let scale = try RasterCanvas.validScale(renderer)
        let size = layout.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
            size.width <= maximumSide, size.height <= maximumSide
        else {
            throw .surfaceCreationFailed(
                width: size.width.isFinite ? Int(size.width.rounded(.up)) : -1,
                height: size.height.isFinite ? Int(size.height.rounded(.up)) : -1,
                reason:
                    "a \(format.rawValue.uppercased()) page must be more than 0 and at most \(Int(maximumSide)) points"
                    + " on each side"
            )
        }
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: CairoSurface
        switch format {
        case .pdf:
            surface = CairoSurface(cairo_pdf_surface_create_for_stream(appendToSink, closure, size.width, size.height))
            cairo_pdf_surface_set_metadata(surface.handle, CAIRO_PDF_METADATA_CREATOR, "LabelKit")
        case .svg, .png:
            surface = CairoSurface(cairo_svg_surface_create_for_stream(appendToSink, closure, size.width, size.height))
            // CSS pixels, so that the document shows at the size of the PNG at scale 1 (points are pixels there).
            cairo_svg_surface_set_document_unit(surface.handle, CAIRO_SVG_UNIT_PX)
        }
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .documentWriteFailed(path: nil, reason: CairoPNG.reason(status))
        }
        let painter = LayoutPainter(
            renderer: renderer, layout: layout, target: .vector(rasterScale: max(scale, 2)))
        do {
            let context = CairoContext(surface: surface)
            try painter.draw(in: context.handle)
            let drawn = cairo_status(context.handle)
            guard drawn == CAIRO_STATUS_SUCCESS else {
                throw RenderError.documentWriteFailed(path: nil, reason: CairoPNG.reason(drawn))
            }
        }
        cairo_surface_finish(surface.handle)
        let finished = cairo_surface_status(surface.handle)
        guard finished == CAIRO_STATUS_SUCCESS else {
            throw .documentWriteFailed(path: nil, reason: CairoPNG.reason(finished))
        }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// Cairo's write callback: appends to the `ByteSink` passed as the closure.
    private static let appendToSink: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }
}

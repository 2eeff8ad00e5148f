import CCairo
import LabelKitLayout
import LabelKitText

/// Draws a layout into a new Cairo image surface, `ceil(bounds × scale)` pixels.
enum RasterCanvas {
    /// Cairo's limit on image sides.
    static let maximumSide = 32_767

    static func render(_ layout: TextLayout, with renderer: LabelRenderer) throws(RenderError) -> RenderedImage {
        let scale = try validScale(renderer)
        let bounds = layout.bounds
        let pixelWidth = (bounds.width * scale).rounded(.up)
        let pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth >= 0, pixelHeight >= 0,
            pixelWidth <= Double(maximumSide), pixelHeight <= Double(maximumSide)
        else {
            throw .surfaceCreationFailed(
                width: pixelWidth.isFinite ? Int(pixelWidth) : -1, height: pixelHeight.isFinite ? Int(pixelHeight) : -1,
                reason: "each side must be 0…\(maximumSide) pixels"
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
            cairo_scale(context.handle, scale, scale)
            let painter = LayoutPainter(renderer: renderer, layout: layout, target: .raster(scale: scale))
            try painter.draw(in: context.handle)
        }
        guard let image = surface.image() else {
            throw .surfaceCreationFailed(width: width, height: height, reason: "no pixel data")
        }
        return image
    }

    /// The renderer's scale, checked.
    static func validScale(_ renderer: LabelRenderer) throws(RenderError) -> Double {
        let scale = renderer.scale
        guard scale.isFinite, scale > 0 else {
            throw .invalidOption("scale must be a finite number > 0, not \(scale)")
        }
        return scale
    }
}

import CCairo
import CPixelCompositing
import LabelKitLayout
import LabelKitText

/// Draws a layout into pixels, `ceil(bounds × scale)` of them: a new image, or a buffer the caller owns.
///
/// The pixels are filled with the background first; then Cairo draws into them through an image surface over the
/// same memory, while the common run's glyphs are composited straight from the context's glyph cache
/// (``LayoutPainter/compositeGlyphs(of:size:color:)``). A label with nothing but such runs makes no Cairo surface.
enum RasterCanvas {
    /// Cairo's limit on image sides.
    static let maximumSide = 32_767

    static func render(_ layout: TextLayout, with renderer: LabelRenderer) throws(RenderError) -> RenderedImage {
        let (width, height) = try pixelSize(of: layout, with: renderer)
        let stride = width * 4
        var failure: RenderError? = nil
        let bytes = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            count = stride * height
            guard count > 0, let base = buffer.baseAddress else { return }
            do throws(RenderError) {
                try draw(
                    layout, with: renderer, into: UnsafeMutableRawPointer(base), width: width, height: height,
                    stride: stride)
            } catch {
                base.initialize(repeating: 0, count: count)
                failure = error
            }
        }
        if let failure { throw failure }
        guard let image = RenderedImage(width: width, height: height, stride: stride, bytes: bytes) else {
            throw .surfaceCreationFailed(width: width, height: height, reason: "no pixel data")
        }
        return image
    }

    /// The image's size in pixels, checked against Cairo's limits.
    static func pixelSize(of layout: TextLayout, with renderer: LabelRenderer) throws(RenderError) -> (Int, Int) {
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
        return (Int(pixelWidth), Int(pixelHeight))
    }

    /// Draws `layout` into `width` × `height` pixels at `pixels`, rows `stride` bytes apart (a multiple of 4, at
    /// least `width × 4`; the memory 4-byte aligned): every pixel of that rectangle is written, the background first.
    /// Never inlined, so that Benchmarks/draw-stage-costs.sh finds it by name.
    @inline(never)
    static func draw(
        _ layout: TextLayout, with renderer: LabelRenderer, into pixels: UnsafeMutableRawPointer, width: Int,
        height: Int, stride: Int
    ) throws(RenderError) {
        guard width > 0, height > 0 else { return }
        let scale = try validScale(renderer)
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        let background = renderer.backgroundColor.map { color in
            let value = color.resolved(for: renderer.appearance)
            return LayoutPainter.solidPixel(red: value.red, green: value.green, blue: value.blue, alpha: value.alpha)
        }
        let filled = background ?? 0
        lk_fill(
            lk_pixel_target(pixels: words, stride: stride / 4, width: Int32(width), height: Int32(height)), filled)
        var painter = LayoutPainter(renderer: renderer, layout: layout, target: .raster(scale: scale))
        painter.backgroundIsFilled = true
        // A label of plain runs is composited from the glyph cache with no Cairo surface made; Cairo takes over from
        // the first run the cache cannot draw, over the same pixels.
        var firstRun = 0
        if painter.drawsRunsOnly {
            painter.pixelTarget = PixelTarget(
                pixels: words, stride: stride / 4, width: width, height: height, background: filled, surface: nil)
            guard let unfinished = try painter.compositeRunsFromCache() else { return }
            firstRun = unfinished
        }
        let surface = CairoSurface(
            cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride)))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .surfaceCreationFailed(width: width, height: height, reason: CairoPNG.reason(status))
        }
        let context = CairoContext(surface: surface)
        cairo_scale(context.handle, scale, scale)
        painter.pixelTarget = PixelTarget(
            pixels: words, stride: stride / 4, width: width, height: height, background: filled,
            surface: surface.handle)
        try painter.draw(in: context.handle, firstRun: firstRun)
        cairo_surface_flush(surface.handle)
        cairo_surface_finish(surface.handle)
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

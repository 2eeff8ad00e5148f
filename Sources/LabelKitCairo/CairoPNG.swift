import CCairo

/// Cairo image surfaces and PNG input/output. The only file besides the painter and the font cache that sees Cairo.
enum CairoPNG {
    static func encode(_ image: RenderedImage) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let status = withSurface(over: image) { surface in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
                    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                    if let data, length > 0 {
                        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    }
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .pngWriteFailed(path: nil, reason: reason(status)) }
        return sink.bytes
    }

    static func write(_ image: RenderedImage, to path: String) throws(RenderError) {
        let status = withSurface(over: image) { surface in cairo_surface_write_to_png(surface, path) }
        guard status == CAIRO_STATUS_SUCCESS else { throw .pngWriteFailed(path: path, reason: reason(status)) }
    }

    static func read(_ path: String) throws(RenderError) -> RenderedImage {
        let surface = CairoSurface(cairo_image_surface_create_from_png(path))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw .pngReadFailed(path: path, reason: reason(status)) }
        let format = cairo_image_surface_get_format(surface.handle)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw .pngReadFailed(path: path, reason: "unexpected pixel format \(format.rawValue)")
        }
        guard var image = surface.image() else {
            throw .pngReadFailed(path: path, reason: "no pixel data")
        }
        if format == CAIRO_FORMAT_RGB24 {
            // The fourth byte of an RGB24 pixel is unused; make it what an opaque ARGB32 pixel holds.
            var bytes = image.bytes
            bytes.withUnsafeMutableBytes { raw in
                for row in 0..<image.height {
                    for column in 0..<image.width {
                        let offset = row * image.stride + column * 4
                        let value = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self) | 0xFF00_0000
                        raw.storeBytes(of: value, toByteOffset: offset, as: UInt32.self)
                    }
                }
            }
            image = RenderedImage(width: image.width, height: image.height, stride: image.stride, bytes: bytes) ?? image
        }
        return image
    }

    static func reason(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
        return String(cString: text)
    }

    /// Runs `body` with a Cairo surface over a copy of the image's pixels.
    private static func withSurface(
        over image: RenderedImage, _ body: (OpaquePointer) -> cairo_status_t
    ) -> cairo_status_t {
        guard image.width > 0, image.height > 0 else { return CAIRO_STATUS_INVALID_SIZE }
        var bytes = image.bytes
        return bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return CAIRO_STATUS_NULL_POINTER }
            let surface = CairoSurface(
                cairo_image_surface_create_for_data(
                    base, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.stride)
                ))
            let status = cairo_surface_status(surface.handle)
            guard status == CAIRO_STATUS_SUCCESS else { return status }
            let result = body(surface.handle)
            cairo_surface_finish(surface.handle)
            return result
        }
    }

    private final class ByteSink {
        var bytes: [UInt8] = []
    }
}

/// Owns a `cairo_surface_t` (Cairo returns an error surface rather than NULL when creation fails).
final class CairoSurface {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { cairo_surface_destroy(handle) }

    /// A copy of an image surface's pixels.
    func image() -> RenderedImage? {
        cairo_surface_flush(handle)
        let width = Int(cairo_image_surface_get_width(handle))
        let height = Int(cairo_image_surface_get_height(handle))
        let stride = Int(cairo_image_surface_get_stride(handle))
        guard width > 0, height > 0 else {
            return RenderedImage(width: max(width, 0), height: max(height, 0), stride: max(stride, 0), bytes: [])
        }
        guard let data = cairo_image_surface_get_data(handle) else { return nil }
        return RenderedImage(
            width: width, height: height, stride: stride,
            bytes: Array(UnsafeBufferPointer(start: data, count: stride * height))
        )
    }
}

/// Owns a `cairo_t`.
final class CairoContext {
    let handle: OpaquePointer

    init(surface: CairoSurface) { handle = cairo_create(surface.handle) }

    deinit { cairo_destroy(handle) }
}

import CCairo
import LabelKitCore

/// Attachment images as Cairo image surfaces, decoded once per render (the shadow pass and the attachment pass both
/// draw them), with the reason when one cannot be.
final class AttachmentImageCache {
    private var surfaces: [AttachmentImage: Result<CairoSurface, RenderError>] = [:]

    /// The decoded image, or ``RenderError/unreadableImage(path:reason:)``.
    func surface(for image: AttachmentImage) -> Result<CairoSurface, RenderError> {
        if let cached = surfaces[image] { return cached }
        let result: Result<CairoSurface, RenderError>
        switch image {
        case .file(let path): result = Self.decodePNG(at: path)
        case .pixels(let pixels): result = Self.surface(from: pixels)
        }
        surfaces[image] = result
        return result
    }

    private static func decodePNG(at path: String) -> Result<CairoSurface, RenderError> {
        let surface = CairoSurface(cairo_image_surface_create_from_png(path))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason =
                switch status {
                case CAIRO_STATUS_FILE_NOT_FOUND: "no such file"
                case CAIRO_STATUS_READ_ERROR: "not a PNG file, or a damaged one"
                default: CairoPNG.reason(status)
                }
            return .failure(.unreadableImage(path: path, reason: reason))
        }
        guard cairo_image_surface_get_width(surface.handle) > 0, cairo_image_surface_get_height(surface.handle) > 0
        else { return .failure(.unreadableImage(path: path, reason: "the image is empty")) }
        return .success(surface)
    }

    /// Straight RGBA bytes as Cairo's premultiplied, native-endian ARGB32.
    private static func surface(from pixels: AttachmentPixels) -> Result<CairoSurface, RenderError> {
        let name = "pixels \(pixels.width)×\(pixels.height)"
        guard pixels.width <= RasterCanvas.maximumSide, pixels.height <= RasterCanvas.maximumSide,
            pixels.rgba.count == pixels.width * pixels.height * 4
        else { return .failure(.unreadableImage(path: name, reason: "too large for an image surface")) }
        let surface = CairoSurface(
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height)))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface.handle) else {
            return .failure(.unreadableImage(path: name, reason: CairoPNG.reason(status)))
        }
        cairo_surface_flush(surface.handle)
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        pixels.rgba.withUnsafeBufferPointer { rgba in
            let raw = UnsafeMutableRawPointer(data)
            for row in 0..<pixels.height {
                for column in 0..<pixels.width {
                    let source = (row * pixels.width + column) * 4
                    let alpha = UInt32(rgba[source + 3])
                    func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                    let value =
                        alpha << 24 | premultiplied(rgba[source]) << 16 | premultiplied(rgba[source + 1]) << 8
                        | premultiplied(rgba[source + 2])
                    raw.storeBytes(of: value, toByteOffset: row * stride + column * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface.handle)
        return .success(surface)
    }
}

import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

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

    /// The eight bytes every PNG file starts with.
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func decodePNG(at path: String) -> Result<CairoSurface, RenderError> {
        // Cairo reports most failures as "out of memory" or a bare read error: say what is wrong with the file first.
        guard let file = fopen(path, "rb") else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            return .failure(.unreadableImage(path: path, reason: reason))
        }
        var signature = [UInt8](repeating: 0, count: pngSignature.count)
        let read = signature.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard read == pngSignature.count, signature == pngSignature else {
            return .failure(.unreadableImage(path: path, reason: "not a PNG file"))
        }
        let surface = CairoSurface(cairo_image_surface_create_from_png(path))
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(
                .unreadableImage(path: path, reason: "a damaged PNG file (cairo: \(CairoPNG.reason(status)))"))
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

/// A drawn label: 32-bit pixels as Cairo leaves them, with PNG encoding.
///
/// Each pixel is a native-endian `UInt32` `0xAARRGGBB` with the colour premultiplied by alpha (Cairo's
/// `CAIRO_FORMAT_ARGB32`); on a little-endian machine the bytes of a pixel are blue, green, red, alpha. Rows are
/// ``stride`` bytes apart. ``pixel(x:y:)`` reads one pixel without caring about either.
///
/// ```swift
/// let image = try LabelRenderer(backgroundColor: .white).render(layout)
/// let corner = image.pixel(x: 0, y: 0)     // Pixel(red: 255, green: 255, blue: 255, alpha: 255)
/// let png = try image.pngData()
/// ```
public struct RenderedImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The number of bytes from the start of one row to the start of the next (at least `width × 4`).
    public let stride: Int
    /// The pixels, `stride × height` bytes, premultiplied ARGB32 in native byte order.
    public let bytes: [UInt8]

    /// Wraps pixel data; nil when `bytes` is too short for the size and stride.
    public init?(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, stride >= width * 4, bytes.count >= stride * height else { return nil }
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// One pixel's premultiplied components.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Red, premultiplied by alpha.
        public var red: UInt8
        /// Green, premultiplied by alpha.
        public var green: UInt8
        /// Blue, premultiplied by alpha.
        public var blue: UInt8
        /// Opacity.
        public var alpha: UInt8

        /// Creates a pixel.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// `rgba(r, g, b, a)`.
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }

    /// The pixel at column `x`, row `y` (from the top-left), or nil outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
        return Pixel(
            red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value), alpha: UInt8(truncatingIfNeeded: value >> 24)
        )
    }

    /// The image encoded as a PNG file (un-premultiplied RGBA, as PNG stores it).
    ///
    /// - Throws: ``RenderError/pngWriteFailed(path:reason:)`` (with a nil path) when encoding fails, for example
    ///   for an empty image.
    public func pngData() throws(RenderError) -> [UInt8] {
        try CairoPNG.encode(self)
    }

    /// Writes the image to a PNG file at `path`, replacing any file there.
    ///
    /// - Throws: ``RenderError/pngWriteFailed(path:reason:)`` when the file cannot be written.
    public func writePNG(to path: String) throws(RenderError) {
        try CairoPNG.write(self, to: path)
    }

    /// Reads a PNG file (tests compare renders with golden files).
    package init(pngFile path: String) throws(RenderError) {
        self = try CairoPNG.read(path)
    }
}

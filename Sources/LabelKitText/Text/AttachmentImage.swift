/// The image of an attachment: a PNG file, or pixels already in memory.
///
/// The typesetter never reads it (an attachment's box has its own size); a renderer does when it draws. A renderer
/// that cannot read a file draws a placeholder in the box rather than failing the whole label.
///
/// ```swift
/// let icon = AttachmentImage.file(path: "/usr/share/app/verified.png")
/// let dot = AttachmentImage.pixels(try AttachmentPixels(width: 1, height: 1, rgba: [0x0B, 0x5F, 0xCC, 0xFF]))
/// ```
public enum AttachmentImage: Sendable, Hashable {
    /// A PNG file.
    case file(path: String)
    /// Pixels in memory.
    case pixels(AttachmentPixels)
}

/// An image's pixels: `width × height` pixels of 8-bit red, green, blue and alpha (not premultiplied), row by row
/// from the top, with no padding between rows.
public struct AttachmentPixels: Sendable, Hashable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, rows top to bottom.
    public let rgba: [UInt8]

    /// Creates pixels.
    ///
    /// - Throws: ``AttachmentPixelsError`` when a dimension is not positive or `rgba` does not hold exactly
    ///   `width × height × 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(AttachmentPixelsError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflowBytes) = pixels.multipliedReportingOverflow(by: 4)
        guard !overflow, !overflowBytes else { throw .invalidSize(width: width, height: height) }
        guard rgba.count == bytes else { throw .wrongByteCount(expected: bytes, actual: rgba.count) }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Hashes the size and a sample of the bytes: an icon's pixels are hashed every time its style is looked up, and
    /// equal images compare equal byte for byte anyway.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        let step = max(rgba.count / 64, 1)
        var index = 0
        while index < rgba.count {
            hasher.combine(rgba[index])
            index += step
        }
    }

    /// Whether two images have the same size and bytes.
    public static func == (lhs: AttachmentPixels, rhs: AttachmentPixels) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.rgba == rhs.rgba
    }
}

/// Why pixels could not make an image.
public enum AttachmentPixelsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The width or height is not positive (or their product overflows).
    case invalidSize(width: Int, height: Int)
    /// The byte array is not `width × height × 4` long.
    case wrongByteCount(expected: Int, actual: Int)

    /// A message for people.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height): "an image must be at least 1×1 pixels, not \(width)×\(height)"
        case .wrongByteCount(let expected, let actual):
            "RGBA pixels need \(expected) bytes (width × height × 4), not \(actual)"
        }
    }
}

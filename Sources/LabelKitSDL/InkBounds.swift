import LabelKitCairo

/// The smallest rectangle of an image holding every pixel that is not `background`: what a texture of the image needs
/// to keep when the rest is filled with that colour (``Window/makeTexture(_:croppingAround:)``). A list row's or a
/// label's image is mostly background — its padding, the ends of short lines, the space between lines — and with a
/// software renderer (llvmpipe) copying a texture's pixel costs several times filling one.
///
/// ```swift
/// let ink = InkBounds(of: image, background: 0xFFFF_FFFF)   // nil: the image is all background
/// ```
struct InkBounds: Equatable {
    /// The rectangle's left column and top row, in pixels.
    var x: Int
    var y: Int
    /// The rectangle's size, in pixels (at least one each way).
    var width: Int
    var height: Int

    /// The bounds of the pixels of `image` other than `background` (premultiplied ARGB32, as Cairo stores it); nil
    /// when every pixel is `background`.
    init?(of image: RenderedImage, background: UInt32) {
        let width = image.width
        let height = image.height
        let stride = image.stride
        guard width > 0, height > 0, image.bytes.count >= stride * height else { return nil }
        let bounds = image.bytes.withUnsafeBytes { raw -> (Int, Int, Int, Int)? in
            var top = height
            var bottom = -1
            var left = width
            var right = -1
            for y in 0..<height {
                let row = y * stride
                var first = -1
                var last = -1
                for x in 0..<width where raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self) != background {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                top = min(top, y)
                bottom = y
                left = min(left, first)
                right = max(right, last)
            }
            return bottom < 0 ? nil : (left, top, right - left + 1, bottom - top + 1)
        }
        guard let (x, y, boundsWidth, boundsHeight) = bounds else { return nil }
        self.x = x
        self.y = y
        self.width = boundsWidth
        self.height = boundsHeight
    }

    /// A rectangle given by its corner and size.
    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

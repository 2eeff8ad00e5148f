import CSDL2
import Foundation
import LabelKit
import LabelKitCairo

/// Textures made from rendered labels, and the window's pixels read back.
extension Window {
    /// Uploads a rendered label (premultiplied ARGB32, which is SDL's ARGB8888 on a little-endian machine).
    ///
    /// An opaque image is copied without blending; a translucent one is blended as premultiplied colour where the
    /// renderer supports custom blend modes, and otherwise (SDL's software renderer) with ordinary alpha blending of its
    /// pixels unpremultiplied.
    ///
    /// - Throws: ``SDLError`` when the texture cannot be created (too large, out of memory).
    public func makeTexture(_ image: RenderedImage, isOpaque: Bool) throws(SDLError) -> Texture {
        try makeTexture(
            image, area: InkBounds(x: 0, y: 0, width: image.width, height: image.height), isOpaque: isOpaque)
    }

    /// Uploads the part of a rendered label (premultiplied ARGB32) that is not `background`: the texture is cut to
    /// the smallest rectangle holding every other pixel (`InkBounds`) and drawn at that rectangle's place. Draw it
    /// after ``fill(_:_:around:at:)`` with the same colour, which fills the pixels cut away, so that the window shows
    /// every pixel of the image for less work: a pixel filled costs a software renderer a fraction of a pixel copied.
    ///
    /// An image on a translucent background is uploaded whole and blended, as ``makeTexture(_:isOpaque:)`` does; so is
    /// one whose background pixels do not match the colour exactly.
    ///
    /// ```swift
    /// let renderer = LabelRenderer(scale: window.scale, backgroundColor: .background)
    /// let texture = try window.makeTexture(try renderer.render(layout), croppingAround: .background)
    /// ```
    ///
    /// - Throws: ``SDLError`` when the texture cannot be created (too large, out of memory).
    public func makeTexture(_ image: RenderedImage, croppingAround background: LabelColor) throws(SDLError) -> Texture {
        let (red, green, blue, alpha) = bytes(of: background)
        guard alpha == 255 else { return try makeTexture(image, isOpaque: false) }
        let pixel = 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        // All background: one pixel of it, which the fill around it covers anyway.
        let area = InkBounds(of: image, background: pixel) ?? InkBounds(x: 0, y: 0, width: 1, height: 1)
        return try makeTexture(image, area: area, isOpaque: true)
    }

    private func makeTexture(_ image: RenderedImage, area: InkBounds, isOpaque: Bool) throws(SDLError) -> Texture {
        guard area.width > 0, area.height > 0, area.x >= 0, area.y >= 0, area.x + area.width <= image.width,
            area.y + area.height <= image.height
        else { throw SDLError("SDL_CreateTexture (empty image)") }
        guard
            let texture = SDL_CreateTexture(
                renderer, labelkit_sdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                Int32(area.width), Int32(area.height)
            )
        else { throw SDLError("SDL_CreateTexture") }
        let owned = Texture(
            texture: texture, width: area.width, height: area.height, image: (image.width, image.height),
            offsetX: area.x, offsetY: area.y, isOpaque: isOpaque, window: self)
        var straightAlpha = false
        if isOpaque {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        } else if SDL_SetTextureBlendMode(texture, labelkit_sdl_premultiplied_blend_mode()) != 0 {
            // A renderer without custom blend modes (SDL's software renderer) blends straight alpha: it is given the
            // pixels unpremultiplied, so that translucent edges do not come out darker.
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            straightAlpha = true
        }
        let pixels = straightAlpha ? Self.unpremultiplied(image.bytes) : image.bytes
        let updated = pixels.withUnsafeBytes { bytes in
            SDL_UpdateTexture(
                texture, nil, bytes.baseAddress.map { $0 + area.y * image.stride + area.x * 4 }, Int32(image.stride))
        }
        guard updated == 0 else { throw SDLError("SDL_UpdateTexture") }
        return owned
    }

    /// Premultiplied ARGB32 bytes (blue, green, red, alpha in memory) with each colour divided by its alpha, rounded.
    static func unpremultiplied(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for pixel in Swift.stride(from: 0, to: out.count - 3, by: 4) {
            let alpha = Int(out[pixel + 3])
            guard alpha != 0, alpha != 255 else { continue }
            for channel in pixel..<pixel + 3 {
                out[channel] = UInt8(min(255, (Int(out[channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return out
    }

    /// The colour of each pixel drawn so far in `rect` (points), row by row, as `0xRRGGBB`: a test hook, what the
    /// window shows. Nil when the renderer cannot read its pixels back.
    package func pixels(in rect: CGRect) -> [UInt32]? {
        let frame = pixelRect(rect)
        var area = SDL_Rect(x: Int32(frame.x), y: Int32(frame.y), w: Int32(frame.w), h: Int32(frame.h))
        guard area.w > 0, area.h > 0 else { return [] }
        var pixels = [UInt32](repeating: 0, count: Int(area.w) * Int(area.h))
        let status = pixels.withUnsafeMutableBytes { bytes in
            SDL_RenderReadPixels(renderer, &area, labelkit_sdl_pixelformat_argb8888(), bytes.baseAddress, area.w * 4)
        }
        return status == 0 ? pixels.map { $0 & 0xFF_FFFF } : nil
    }
}

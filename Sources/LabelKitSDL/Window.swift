import CSDL2
import Foundation
import LabelKit
import LabelKitCairo

/// A resizable, HiDPI-aware window with a 2D renderer, drawing in points.
///
/// Every drawing call takes rectangles in window points; the window multiplies them by ``scale`` (drawable pixels
/// per point, 2 on a HiDPI display) so that textures rendered at that scale map one texel to one pixel.
///
/// ```swift
/// let window = try Window(session: session, title: "LabelKit", width: 800, height: 600)
/// window.clear(.white)
/// window.fill(CGRect(x: 10, y: 10, width: 100, height: 20), LabelColor(hex: 0xEEEEEE))
/// window.present()
/// ```
public final class Window {
    private let window: OpaquePointer
    fileprivate let renderer: OpaquePointer
    /// Keeps SDL alive as long as the window.
    /// The session the window belongs to.
    let session: SDLSession
    /// The appearance the window draws in: every colour it is given, and every label drawn into it, takes its value
    /// for this appearance. Light by default.
    public var appearance: Appearance = .light

    /// Opens a window of `width` × `height` points, centred, resizable and allowing HiDPI.
    ///
    /// - Throws: ``SDLError`` when the window or its renderer cannot be created.
    public init(session: SDLSession, title: String, width: Int, height: Int) throws(SDLError) {
        self.session = session
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let position = labelkit_sdl_windowpos_centered()
        guard let window = SDL_CreateWindow(title, position, position, Int32(width), Int32(height), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, 0) else {
            SDL_DestroyWindow(window)
            throw SDLError("SDL_CreateRenderer")
        }
        self.window = window
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in points (SDL window coordinates: what mouse events report).
    public var size: CGSize {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return CGSize(width: Double(width), height: Double(height))
    }

    /// The window's title.
    public var title: String { String(cString: SDL_GetWindowTitle(window)) }

    /// The window's top-left corner on the screen, in points.
    public var position: CGPoint {
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return CGPoint(x: Double(x), y: Double(y))
    }

    /// The drawable size in pixels.
    public var pixelSize: CGSize {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return CGSize(width: Double(width), height: Double(height))
    }

    /// Drawable pixels per point: the scale to render text at. 1 on an ordinary display.
    public var scale: Double {
        let points = size.width
        guard points > 0 else { return 1 }
        let ratio = pixelSize.width / points
        return ratio.isFinite && ratio > 0 ? ratio : 1
    }

    /// Fills the whole window with `color`.
    public func clear(_ color: LabelColor) {
        setColor(color)
        SDL_RenderClear(renderer)
    }

    /// Fills `rect` (points) with `color`, blending when it is translucent.
    public func fill(_ rect: CGRect, _ color: LabelColor) {
        setColor(color)
        var pixels = pixelRect(rect)
        SDL_RenderFillRectF(renderer, &pixels)
    }

    /// Fills `rect` (points) with `color` where `texture`, drawn next at `origin`, will not cover it: the same pixels as
    /// ``fill(_:_:)`` followed by ``draw(_:at:)``, without filling under an opaque texture first. A texture cut to its
    /// ink (``makeTexture(_:croppingAround:)``) with `color` gets the pixels cut away filled too, so the window shows
    /// its whole image. A translucent texture gets the whole fill.
    ///
    /// ```swift
    /// let texture = try window.makeTexture(try renderer.render(layout), croppingAround: panel)
    /// window.fill(frame, panel, around: texture, at: frame.origin)
    /// window.draw(texture, at: frame.origin)
    /// ```
    public func fill(_ rect: CGRect, _ color: LabelColor, around texture: Texture, at origin: CGPoint) {
        guard texture.isOpaque else {
            fill(rect, color)
            return
        }
        let scale = self.scale
        let imageX = Float((Double(origin.x) * scale).rounded())
        let imageY = Float((Double(origin.y) * scale).rounded())
        let image = SDL_FRect(x: imageX, y: imageY, w: Float(texture.imageWidth), h: Float(texture.imageHeight))
        let ink = SDL_FRect(
            x: imageX + Float(texture.offsetX), y: imageY + Float(texture.offsetY), w: Float(texture.pixelWidth),
            h: Float(texture.pixelHeight))
        // The pixels a fill of `rect` covers, those whose centres are inside it (OpenGL's rule), as whole pixels: every
        // strip has whole-pixel edges, which every renderer fills alike. When they include the whole image (a list
        // row's text), the fill goes around the ink; otherwise (an image rounded out of the rectangle by a pixel) the
        // pixels outside the image, then the image outside its ink. No pixel is filled twice.
        let outer = Self.coveredPixels(pixelRect(rect))
        let coversImage =
            outer.x <= image.x && image.x + image.w <= outer.x + outer.w && outer.y <= image.y
            && image.y + image.h <= outer.y + outer.h
        let strips =
            coversImage
            ? Self.strips(of: outer, around: ink)
            : Self.strips(of: outer, around: image) + Self.strips(of: image, around: ink)
        guard !strips.isEmpty else { return }
        setColor(color)
        _ = strips.withUnsafeBufferPointer { SDL_RenderFillRectsF(renderer, $0.baseAddress, Int32($0.count)) }
    }

    /// The whole pixels whose centres are inside `rect` (pixels): what OpenGL fills of it.
    static func coveredPixels(_ rect: SDL_FRect) -> SDL_FRect {
        let left = (rect.x - 0.5).rounded(.up)
        let top = (rect.y - 0.5).rounded(.up)
        let right = max((rect.x + rect.w - 0.5).rounded(.up), left)
        let bottom = max((rect.y + rect.h - 0.5).rounded(.up), top)
        return SDL_FRect(x: left, y: top, w: right - left, h: bottom - top)
    }

    /// `outer` less `hole` (whose edges are whole pixels), as up to four rectangles: above, below, left and right.
    static func strips(of outer: SDL_FRect, around hole: SDL_FRect) -> [SDL_FRect] {
        let outerBottom = outer.y + outer.h
        let outerRight = outer.x + outer.w
        let top = min(max(hole.y, outer.y), outerBottom)
        let bottom = max(min(hole.y + hole.h, outerBottom), top)
        let left = min(max(hole.x, outer.x), outerRight)
        let right = max(min(hole.x + hole.w, outerRight), left)
        let strips = [
            SDL_FRect(x: outer.x, y: outer.y, w: outer.w, h: top - outer.y),
            SDL_FRect(x: outer.x, y: bottom, w: outer.w, h: outerBottom - bottom),
            SDL_FRect(x: outer.x, y: top, w: left - outer.x, h: bottom - top),
            SDL_FRect(x: right, y: top, w: outerRight - right, h: bottom - top),
        ]
        return strips.filter { $0.w > 0 && $0.h > 0 }
    }

    /// Outlines `rect` (points) with lines `width` points thick, inside the rectangle.
    public func stroke(_ rect: CGRect, _ color: LabelColor, width: Double = 1) {
        let side = min(width, rect.width / 2, rect.height / 2)
        fill(CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: side), color)
        fill(CGRect(x: rect.minX, y: rect.maxY - side, width: rect.width, height: side), color)
        fill(CGRect(x: rect.minX, y: rect.minY + side, width: side, height: rect.height - 2 * side), color)
        fill(CGRect(x: rect.maxX - side, y: rect.minY + side, width: side, height: rect.height - 2 * side), color)
    }

    /// Draws a keyboard focus ring: an outline 2 points thick just outside each of `rects` (points), in the focus
    /// colour the Cairo renderer uses.
    public func drawFocusRing(around rects: [CGRect]) {
        for rect in rects {
            stroke(rect.insetBy(dx: -3, dy: -3), LabelRenderer.standardFocusRingColor, width: 2)
        }
    }

    /// Fills the ellipse inside `rect` (points) with `color`: a fan of triangles, one every few pixels of its edge.
    public func fillEllipse(in rect: CGRect, _ color: LabelColor) {
        let scale = self.scale
        let centre = SDL_FPoint(x: Float(Double(rect.midX) * scale), y: Float(Double(rect.midY) * scale))
        let radiusX = Double(rect.width) * scale / 2
        let radiusY = Double(rect.height) * scale / 2
        guard radiusX > 0, radiusY > 0, radiusX.isFinite, radiusY.isFinite else { return }
        let (red, green, blue, alpha) = bytes(of: color)
        let sdlColor = SDL_Color(r: red, g: green, b: blue, a: alpha)
        SDL_SetRenderDrawBlendMode(renderer, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        let segments = max(12, min(256, Int((radiusX + radiusY) * 1.5)))
        var vertices: [SDL_Vertex] = []
        vertices.reserveCapacity(segments * 3)
        func point(_ index: Int) -> SDL_FPoint {
            let angle = 2 * Double.pi * Double(index) / Double(segments)
            return SDL_FPoint(
                x: centre.x + Float(cos(angle) * radiusX), y: centre.y + Float(sin(angle) * radiusY))
        }
        for index in 0..<segments {
            for position in [centre, point(index), point(index + 1)] {
                vertices.append(SDL_Vertex(position: position, color: sdlColor, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
        }
        _ = vertices.withUnsafeBufferPointer { buffer in
            SDL_RenderGeometry(renderer, nil, buffer.baseAddress, Int32(buffer.count), nil, 0)
        }
    }

    /// Draws a line between two points (points), `width` points thick.
    public func line(from start: CGPoint, to end: CGPoint, _ color: LabelColor, width: Double = 1) {
        setColor(color)
        let scale = self.scale
        let steps = max(1, Int((width * scale).rounded()))
        // SDL lines are one pixel wide; a thick line is several, offset across its direction.
        let dx = Double(end.x - start.x)
        let dy = Double(end.y - start.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let normal = (x: -dy / length, y: dx / length)
        for step in 0..<steps {
            let offset = (Double(step) - Double(steps - 1) / 2)
            SDL_RenderDrawLineF(
                renderer,
                Float(Double(start.x) * scale + normal.x * offset), Float(Double(start.y) * scale + normal.y * offset),
                Float(Double(end.x) * scale + normal.x * offset), Float(Double(end.y) * scale + normal.y * offset)
            )
        }
    }

    /// Draws `texture` with the top-left corner of its image at `origin` (points), one texel per pixel (a texture cut
    /// to its ink, ``makeTexture(_:croppingAround:)``, at its place in the image).
    public func draw(_ texture: Texture, at origin: CGPoint) {
        let scale = self.scale
        var destination = SDL_FRect(
            x: Float((Double(origin.x) * scale).rounded()) + Float(texture.offsetX),
            y: Float((Double(origin.y) * scale).rounded()) + Float(texture.offsetY),
            w: Float(texture.pixelWidth), h: Float(texture.pixelHeight)
        )
        SDL_RenderCopyF(renderer, texture.texture, nil, &destination)
    }

    /// Limits drawing to `rect` (points) until the next call; nil draws everywhere.
    public func clip(to rect: CGRect?) {
        guard let rect else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        let pixels = pixelRect(rect)
        var clip = SDL_Rect(
            x: Int32(pixels.x.rounded(.down)), y: Int32(pixels.y.rounded(.down)),
            w: Int32(pixels.w.rounded(.up)), h: Int32(pixels.h.rounded(.up))
        )
        SDL_RenderSetClipRect(renderer, &clip)
    }

    /// Shows what was drawn since the last present.
    public func present() {
        SDL_RenderPresent(renderer)
    }

    /// Uploads a rendered label (premultiplied ARGB32, which is SDL's ARGB8888 on a little-endian machine).
    ///
    /// An opaque image is copied without blending; a translucent one is blended as premultiplied colour where the
    /// renderer supports custom blend modes, and with ordinary alpha blending otherwise.
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
        let updated = image.bytes.withUnsafeBytes { bytes in
            SDL_UpdateTexture(
                texture, nil, bytes.baseAddress.map { $0 + area.y * image.stride + area.x * 4 }, Int32(image.stride))
        }
        guard updated == 0 else { throw SDLError("SDL_UpdateTexture") }
        if isOpaque {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        } else if SDL_SetTextureBlendMode(texture, labelkit_sdl_premultiplied_blend_mode()) != 0 {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        }
        return owned
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

    /// Sets the colour of fills and lines, and their blending: an opaque colour is written without blending, which
    /// gives the same pixels (it covers whatever is below it) for less work per pixel in a GPU renderer, llvmpipe's
    /// above all; a translucent one is blended.
    private func setColor(_ color: LabelColor) {
        let (red, green, blue, alpha) = bytes(of: color)
        SDL_SetRenderDrawColor(renderer, red, green, blue, alpha)
        SDL_SetRenderDrawBlendMode(renderer, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    /// `color` in the window's appearance, as SDL's 8-bit red, green, blue and alpha.
    private func bytes(of color: LabelColor) -> (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        let value = color.resolved(for: appearance)
        return (byte(value.red), byte(value.green), byte(value.blue), byte(value.alpha))
    }

    private func pixelRect(_ rect: CGRect) -> SDL_FRect {
        let scale = self.scale
        return SDL_FRect(
            x: Float(Double(rect.minX) * scale), y: Float(Double(rect.minY) * scale),
            w: Float(Double(rect.width) * scale), h: Float(Double(rect.height) * scale)
        )
    }
}

/// An image uploaded to a ``Window``'s renderer; destroyed when released.
public final class Texture {
    fileprivate let texture: OpaquePointer
    /// The width in pixels (of the part kept, for a texture cut to its ink).
    public let pixelWidth: Int
    /// The height in pixels (of the part kept, for a texture cut to its ink).
    public let pixelHeight: Int
    /// Whether every pixel is opaque: the texture is copied without blending, and hides whatever is under it.
    public let isOpaque: Bool
    /// Where the texture starts in the image it was cut from, in pixels (0 unless it was cut to its ink).
    let offsetX: Int
    let offsetY: Int
    /// The size of the image it was cut from, in pixels.
    let imageWidth: Int
    let imageHeight: Int
    /// Textures die with their renderer: holding the window keeps it alive for as long as this texture.
    private let window: Window

    fileprivate init(
        texture: OpaquePointer, width: Int, height: Int, image: (width: Int, height: Int), offsetX: Int,
        offsetY: Int, isOpaque: Bool, window: Window
    ) {
        imageWidth = image.width
        imageHeight = image.height
        self.texture = texture
        pixelWidth = width
        pixelHeight = height
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.isOpaque = isOpaque
        self.window = window
    }

    deinit {
        SDL_DestroyTexture(texture)
    }

    /// The number of bytes the texture holds, for cache budgets.
    public var byteCount: Int { pixelWidth * pixelHeight * 4 }
}

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
    let renderer: OpaquePointer
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
        guard let renderer = Self.makeRenderer(for: window) else {
            SDL_DestroyWindow(window)
            throw SDLError("SDL_CreateRenderer")
        }
        self.window = window
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The window's renderer: SDL's first choice (OpenGL where there is a GPU), unless that OpenGL is a software
    /// rasterizer (Mesa's llvmpipe or softpipe, as on a machine without a GPU or under Xvfb). Then SDL's software
    /// renderer draws into the window's own pixels, handed to the X server with shared memory
    /// (`SDL_HINT_FRAMEBUFFER_ACCELERATION` off, so that SDL does not upload them through OpenGL again): a scrolling
    /// frame there costs about a third of what it costs through llvmpipe, which fills and copies pixels in generated
    /// shader code (Benchmarks/HISTORY.md). `SDL_RENDER_DRIVER`, when set, is obeyed as it is.
    private static func makeRenderer(for window: OpaquePointer) -> OpaquePointer? {
        guard let first = SDL_CreateRenderer(window, -1, 0) else { return nil }
        guard SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil, rasterizesInSoftware(first) else { return first }
        SDL_DestroyRenderer(first)
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) ?? SDL_CreateRenderer(window, -1, 0)
    }

    /// Whether `renderer` draws through an OpenGL whose rasterizer runs on the CPU.
    private static func rasterizesInSoftware(_ renderer: OpaquePointer) -> Bool {
        guard name(of: renderer).hasPrefix("opengl"), let gl = labelkit_sdl_gl_renderer_string() else { return false }
        let description = String(cString: gl).lowercased()
        return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains { description.contains($0) }
    }

    /// SDL's name for `renderer`, empty when SDL gives none.
    private static func name(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "" }
        return String(cString: name)
    }

    /// The name of the SDL renderer drawing the window: "opengl", "opengles2", "software".
    public var rendererName: String { Self.name(of: renderer) }

    deinit {
        // SDL 2.26 wakes its own event wait by sending the window a message over a second X connection, for events it
        // queues while it waits (a close request among them). One still on its way when the window is destroyed fails
        // with BadWindow, and Xlib's default handler then exits the process with 1 (SDL 2.28 forgets the window first,
        // libsdl-org/SDL#7550). The software renderer lets the window go fast enough to lose that race now and then;
        // pumping for a few milliseconds first lets the message arrive.
        let deadline = SDL_GetTicks64() + 20
        while SDL_GetTicks64() < deadline {
            SDL_PumpEvents()
            SDL_Delay(2)
        }
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
        // The pixels whose centres are inside the rectangle (OpenGL's rule), as whole pixels: SDL's software renderer
        // truncates a fractional rectangle's corner and size instead, which moved a 1.5-point border by a pixel.
        var pixels = Self.coveredPixels(pixelRect(rect))
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

    /// Fills the ellipse inside `rect` (points) with `color`: in each row of pixels, those whose centres are inside
    /// it, as one rectangle a row. Every renderer fills whole-pixel rectangles alike, where a fan of triangles came out
    /// a pixel different at the edge in SDL's software renderer and in OpenGL.
    public func fillEllipse(in rect: CGRect, _ color: LabelColor) {
        let scale = self.scale
        let centreX = Double(rect.midX) * scale
        let centreY = Double(rect.midY) * scale
        let radiusX = Double(rect.width) * scale / 2
        let radiusY = Double(rect.height) * scale / 2
        guard radiusX > 0, radiusY > 0, radiusX.isFinite, radiusY.isFinite, radiusY < 1e5 else { return }
        var rows: [SDL_FRect] = []
        let top = Int((centreY - radiusY - 0.5).rounded(.up))
        let bottom = Int((centreY + radiusY - 0.5).rounded(.up))
        for row in top..<max(bottom, top) {
            let along = (Double(row) + 0.5 - centreY) / radiusY
            guard along * along < 1 else { continue }
            let half = radiusX * (1 - along * along).squareRoot()
            let left = (centreX - half - 0.5).rounded(.up)
            let right = (centreX + half - 0.5).rounded(.up)
            guard right > left else { continue }
            rows.append(SDL_FRect(x: Float(left), y: Float(row), w: Float(right - left), h: 1))
        }
        guard !rows.isEmpty else { return }
        setColor(color)
        _ = rows.withUnsafeBufferPointer { SDL_RenderFillRectsF(renderer, $0.baseAddress, Int32($0.count)) }
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

    /// Sets the colour of fills and lines, and their blending: an opaque colour is written without blending, which
    /// gives the same pixels (it covers whatever is below it) for less work per pixel in a GPU renderer, llvmpipe's
    /// above all; a translucent one is blended.
    private func setColor(_ color: LabelColor) {
        let (red, green, blue, alpha) = bytes(of: color)
        SDL_SetRenderDrawColor(renderer, red, green, blue, alpha)
        SDL_SetRenderDrawBlendMode(renderer, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    /// `color` in the window's appearance, as SDL's 8-bit red, green, blue and alpha.
    func bytes(of color: LabelColor) -> (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        let value = color.resolved(for: appearance)
        return (byte(value.red), byte(value.green), byte(value.blue), byte(value.alpha))
    }

    func pixelRect(_ rect: CGRect) -> SDL_FRect {
        let scale = self.scale
        return SDL_FRect(
            x: Float(Double(rect.minX) * scale), y: Float(Double(rect.minY) * scale),
            w: Float(Double(rect.width) * scale), h: Float(Double(rect.height) * scale)
        )
    }
}

/// An image uploaded to a ``Window``'s renderer; destroyed when released.
public final class Texture {
    let texture: OpaquePointer
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

    init(
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

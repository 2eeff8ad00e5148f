import Foundation
import LabelKit
import LabelKitCairo

/// What a list row's texture shows, all of it: a texture is drawn again only when one of these changes, and kept (in
/// ``ListView``'s least-recently-used cache) while the list scrolls.
///
/// - its layout: the row and the rows' layout generation (a new text width or text scale lays every row out again);
/// - its geometry: the texture's size and where the text sits in it, in pixels;
/// - its look: the scale, the background and the appearance (colour scheme and contrast).
///
/// The row's state — a selection — is not in the key: the selected row is drawn through a texture of its own
/// (``ActiveListRow``), so selecting, dragging and clearing draw that one row only and leave its plain texture cached.
struct RowTextureKey: Hashable {
    var row: Int
    var layoutGeneration: Int
    var pixelWidth: Int
    var pixelHeight: Int
    var textX: Int
    var textY: Int
    var scale: Double
    var background: LabelColor
    var appearance: Appearance
}

extension ListView {
    /// Draws row `index` in `rowFrame` (window points) on `background`: one opaque texture the size of the whole row,
    /// its background and padding drawn into it, so a frame copies each row once, with nothing under it to clear, fill
    /// or blend. The row with a selection is drawn as a fill and a texture of its text, drawn again as its selection
    /// changes.
    func drawRow(_ index: Int, in rowFrame: CGRect, background: LabelColor, window: Window) throws {
        let scale = window.scale
        let textOrigin = CGPoint(x: rowFrame.minX + rowPadding.left, y: rowFrame.minY + rowPadding.top)
        if var active = activeRow, active.index == index, active.width == textWidth,
            let selection = active.interaction.selection
        {
            let renders = active.texture.renderCount
            let texture = try active.texture.texture(
                for: active.interaction.layout, pressedLink: nil, disabledLinks: [], linkStyle: LinkStyle(),
                background: background, window: window, selection: selection.range)
            if active.texture.renderCount != renders { rowsRenderedInLastDraw.append(index) }
            activeRow = active
            window.fill(rowFrame, background, around: texture, at: textOrigin)
            window.draw(texture, at: textOrigin)
            return
        }
        let key = RowTextureKey(
            row: index, layoutGeneration: layoutGeneration,
            pixelWidth: max(1, Int((Double(rowFrame.width) * scale).rounded(.up))),
            pixelHeight: max(1, Int((Double(rowFrame.height) * scale).rounded(.up))),
            textX: Int((rowPadding.left * scale).rounded()), textY: Int((rowPadding.top * scale).rounded()),
            scale: scale, background: background, appearance: window.appearance)
        let texture = try cache.texture(for: key) {
            rowsRenderedInLastDraw.append(index)
            let layout = try rowLayout(index)
            let renderer = LabelTexture.renderer(
                for: layout, pressedLink: nil, disabledLinks: [], linkStyle: LinkStyle(), background: background,
                scale: scale, appearance: window.appearance)
            let color = background.resolved(for: window.appearance)
            let image = try Self.rowImage(
                text: try renderer.render(layout), width: key.pixelWidth, height: key.pixelHeight,
                textX: key.textX, textY: key.textY, background: color)
            return try window.makeTexture(image, isOpaque: color.alpha >= 1)
        }
        window.draw(texture, at: rowFrame.origin)
    }

    /// A row's image: `width` × `height` pixels of `background` (premultiplied, as Cairo stores it), with `text`
    /// copied in at (`textX`, `textY`) and cut at the edges. `text` was drawn on the same background, so the row
    /// looks exactly as the text drawn over a fill of the row.
    ///
    /// - Throws: ``SDLError`` for a size no image can have.
    static func rowImage(
        text: RenderedImage, width: Int, height: Int, textX: Int, textY: Int, background: RGBAColor
    ) throws(SDLError) -> RenderedImage {
        guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14 else {
            throw SDLError("row image (\(width)×\(height) pixels)")
        }
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        let alpha = max(0, min(1, background.alpha))
        // Cairo's ARGB32: premultiplied, alpha in the high byte, native (little-endian) order.
        let fill =
            byte(alpha) << 24 | byte(background.red * alpha) << 16 | byte(background.green * alpha) << 8
            | byte(background.blue * alpha)
        let rowBytes = width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        let copyWidth = max(0, min(text.width, width - textX))
        let copyHeight = max(0, min(text.height, height - textY))
        bytes.withUnsafeMutableBytes { destination in
            guard let base = destination.baseAddress else { return }
            for x in 0..<width { destination.storeBytes(of: fill, toByteOffset: x * 4, as: UInt32.self) }
            for y in 1..<height { (base + y * rowBytes).copyMemory(from: base, byteCount: rowBytes) }
            guard copyWidth > 0, copyHeight > 0, textX >= 0, textY >= 0 else { return }
            text.bytes.withUnsafeBytes { source in
                guard let sourceBase = source.baseAddress else { return }
                for y in 0..<copyHeight {
                    (base + (textY + y) * rowBytes + textX * 4).copyMemory(
                        from: sourceBase + y * text.stride, byteCount: copyWidth * 4)
                }
            }
        }
        guard let image = RenderedImage(width: width, height: height, stride: rowBytes, bytes: bytes) else {
            throw SDLError("row image (\(width)×\(height) pixels)")
        }
        return image
    }
}

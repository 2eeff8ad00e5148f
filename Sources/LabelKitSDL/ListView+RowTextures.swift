import Foundation
import LabelKit
import LabelKitCairo

/// What a list row's texture shows, all of it: a texture is drawn again only when one of these changes, and kept (in
/// ``ListView``'s least-recently-used cache) while the list scrolls.
///
/// - its layout: the row and the rows' layout generation (a new text width or text scale lays every row out again);
/// - its look: the scale, the background and the appearance (colour scheme and contrast).
///
/// The row's state — a selection — is not in the key: the selected row is drawn through a texture of its own
/// (``ActiveListRow``), so selecting, dragging and clearing draw that one row only and leave its plain texture cached.
struct RowTextureKey: Hashable {
    var row: Int
    var layoutGeneration: Int
    var scale: Double
    var background: LabelColor
    var appearance: Appearance
}

extension ListView {
    /// Fills row `index` in `rowFrame` (window points) with `background` around its text's texture, and returns the
    /// texture and where to draw it (``draw(in:)`` copies every row's after filling them all, so that the renderer
    /// batches the fills into one draw instead of switching between filling and copying for each row). The texture is
    /// cut to its ink (``Window/makeTexture(_:croppingAround:)``) and copied without blending, so each pixel of the
    /// row is written once, and most of them by a fill, which costs a software renderer less than a copy. The row
    /// with a selection is drawn from a texture of its own, drawn again as its selection changes.
    func fillRow(
        _ index: Int, in rowFrame: CGRect, background: LabelColor, window: Window
    ) throws -> (texture: Texture, origin: CGPoint) {
        let textOrigin = CGPoint(x: rowFrame.minX + rowPadding.left, y: rowFrame.minY + rowPadding.top)
        let texture: Texture
        if var active = activeRow, active.index == index, active.width == textWidth,
            let selection = active.interaction.selection
        {
            let renders = active.texture.renderCount
            texture = try active.texture.texture(
                for: active.interaction.layout, pressedLink: nil, disabledLinks: [], linkStyle: LinkStyle(),
                background: background, window: window, selection: selection.range)
            if active.texture.renderCount != renders { rowsRenderedInLastDraw.append(index) }
            activeRow = active
        } else {
            let key = RowTextureKey(
                row: index, layoutGeneration: layoutGeneration, scale: window.scale, background: background,
                appearance: window.appearance)
            texture = try cache.texture(for: key) {
                rowsRenderedInLastDraw.append(index)
                let layout = try rowLayout(index)
                let renderer = LabelTexture.renderer(
                    for: layout, pressedLink: nil, disabledLinks: [], linkStyle: LinkStyle(), background: background,
                    scale: key.scale, appearance: window.appearance)
                return try window.makeTexture(try renderer.render(layout), croppingAround: background)
            }
        }
        window.fill(rowFrame, background, around: texture, at: textOrigin)
        return (texture, textOrigin)
    }
}

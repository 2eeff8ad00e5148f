import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

/// Image attachments scaled into their boxes; a placeholder where an image cannot be read.
extension LayoutPainter {
    /// Draws every visible image attachment. Custom attachments are the app's to draw (into
    /// ``LabelKitLayout/LayoutAttachment/rect``) and are skipped.
    func paintAttachments(in cr: OpaquePointer) throws(RenderError) {
        for placed in attachments {
            try drawImage(of: placed, in: cr) { box in drawPlaceholder(in: box, in: cr) }
        }
    }

    /// Draws an image attachment's image into its box; when the image cannot be read, throws or — by the renderer's
    /// ``LabelRenderer/UnreadableImagePolicy`` — calls `unreadable` with the box. Other attachments draw nothing.
    func drawImage(
        of placed: LayoutAttachment, in cr: OpaquePointer, unreadable: (CGRect) -> Void
    ) throws(RenderError) {
        guard case .image(let image) = placed.attachment.content, isDrawable(placed.rect) else { return }
        switch images.surface(for: image) {
        case .success(let surface):
            drawImage(surface, in: placed.rect, in: cr)
        case .failure(let error):
            if renderer.unreadableImagePolicy == .throwError { throw error }
            unreadable(placed.rect)
        }
    }

    /// The image stretched to fill `rect`.
    ///
    /// In an image the rectangle is snapped to whole device pixels, so that an image with as many pixels as its box
    /// has device pixels (a 2× icon at scale 2) is copied pixel for pixel, sharp; otherwise it is resampled with
    /// Cairo's good filter (box filtering when shrinking). Edges are padded rather than faded.
    func drawImage(_ surface: CairoSurface, in rect: CGRect, in cr: OpaquePointer) {
        let box = target.isRaster ? snappedToDevicePixels(rect) : rect
        let imageWidth = Double(cairo_image_surface_get_width(surface.handle))
        let imageHeight = Double(cairo_image_surface_get_height(surface.handle))
        guard box.width > 0, box.height > 0, imageWidth > 0, imageHeight > 0,
            let pattern = cairo_pattern_create_for_surface(surface.handle)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, imageWidth / box.width, imageHeight / box.height)
        cairo_matrix_translate(&matrix, -box.minX, -box.minY)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_save(cr)
        cairo_set_source(cr, pattern)
        addRectangle(cr, box)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// What stands in for an image that cannot be read: a light grey box with a thin border and a diagonal cross,
    /// the way browsers mark a broken image — visibly missing, never mistaken for content.
    func drawPlaceholder(in rect: CGRect, in cr: OpaquePointer) {
        let box = target.isRaster ? snappedToDevicePixels(rect) : rect
        guard box.width > 0, box.height > 0 else { return }
        let line = min(1, box.width / 4, box.height / 4)
        cairo_save(cr)
        setColor(cr, Self.placeholderFill)
        addRectangle(cr, box)
        cairo_fill(cr)
        setColor(cr, Self.placeholderLine)
        cairo_set_line_width(cr, line)
        let inner = box.insetBy(dx: line / 2, dy: line / 2)
        addRectangle(cr, inner)
        cairo_move_to(cr, inner.minX, inner.minY)
        cairo_line_to(cr, inner.maxX, inner.maxY)
        cairo_move_to(cr, inner.maxX, inner.minY)
        cairo_line_to(cr, inner.minX, inner.maxY)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The placeholder's fill: a light grey.
    static let placeholderFill = LabelColor(hex: 0xE5E5EA)
    /// The placeholder's border and cross: a mid grey.
    static let placeholderLine = LabelColor(hex: 0x8E8E93)

    /// Outlines of every attachment's box, for the debug overlay.
    func paintAttachmentOutlines(in cr: OpaquePointer, lineWidth: Double) {
        guard !attachments.isEmpty else { return }
        cairo_set_source_rgba(cr, 0.6, 0, 0.8, 0.8)
        cairo_set_line_width(cr, lineWidth)
        for placed in attachments where isDrawable(placed.rect) {
            let rect = placed.rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
            if rect.width > 0, rect.height > 0 { addRectangle(cr, rect) }
        }
        cairo_stroke(cr)
    }

    func isDrawable(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite && rect.width > 0
            && rect.height > 0
    }

    /// `rect` with its edges on the nearest device pixels, at least one pixel each way.
    func snappedToDevicePixels(_ rect: CGRect) -> CGRect {
        let pixel = 1 / renderer.scale
        let minX = snapped(rect.minX)
        let minY = snapped(rect.minY)
        let maxX = max(snapped(rect.maxX), minX + pixel)
        let maxY = max(snapped(rect.maxY), minY + pixel)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

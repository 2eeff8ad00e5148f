import CHarfBuzz
import LabelKitLayout

/// An immutable `hb_font_t` at one size, with HarfBuzz's OpenType functions (the default) and no hinting.
final class HarfBuzzFont: @unchecked Sendable {
    let handle: OpaquePointer
    /// Multiply a HarfBuzz position by this to get points.
    let pointsPerUnit: Double

    /// Units per point: positions come back in 1/1024 point, as Pango's `PANGO_SCALE`.
    static let unitsPerPoint = 1024.0

    /// The face's vertical metrics at this size.
    let metrics: FontMetrics

    init(face: OpaquePointer, size: Double) {
        let wanted = (size.isFinite ? size : 0) * Self.unitsPerPoint
        let scale = Int32(min(max(wanted.rounded(), 1), Double(Int32.max / 2)))
        handle = hb_font_create(face)
        hb_font_set_scale(handle, scale, scale)
        if size.isFinite, size > 0 { hb_font_set_ptem(handle, Float(size)) }
        hb_font_make_immutable(handle)
        // Exact even when `size * 1024` was rounded.
        pointsPerUnit = size.isFinite && size > 0 ? size / Double(scale) : 0
        metrics = Self.readMetrics(handle, size: size, scale: pointsPerUnit)
    }

    /// The face's metrics from its tables, with HarfBuzz's fallbacks.
    private static func readMetrics(_ font: OpaquePointer, size: Double, scale: Double) -> FontMetrics {
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        func position(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, tag, &value)
            return Double(value) * scale
        }
        var underlineThickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE)
        var strikethroughThickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE)
        if !(underlineThickness > 0) { underlineThickness = size / 14 }
        if !(strikethroughThickness > 0) { strikethroughThickness = underlineThickness }
        // OpenType gives the *top* edge of both strokes, y up (Pango reads them the same way); convert to centres.
        let underlineTop = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET)
        let strikeoutTop = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET)
        return FontMetrics(
            ascent: Double(extents.ascender) * scale,
            descent: -Double(extents.descender) * scale,
            lineGap: Double(extents.line_gap) * scale,
            underlineOffset: -underlineTop + underlineThickness / 2,
            underlineThickness: underlineThickness,
            strikethroughOffset: strikeoutTop - strikethroughThickness / 2,
            strikethroughThickness: strikethroughThickness
        )
    }

    deinit { hb_font_destroy(handle) }
}

import CCairo
import CPixelCompositing
import LabelKitLayout
import LabelKitText

/// Glyph images drawn once by Cairo and kept, so that a label's glyphs are composited from memory rather than drawn
/// by Cairo again: part of a ``RenderingContext``.
///
/// Each glyph is drawn alone by Cairo itself — same face, size, scale and font options as a label's run, on an image
/// surface, at a whole-pixel origin — and its pixels are kept trimmed to their non-zero rectangle, with each row's
/// first and last non-zero column. Cairo 1.16 draws a glyph on an image surface from one cached image placed at the
/// glyph origin rounded to whole device pixels (`_cairo_lround`), so the image it draws alone is the image it draws in
/// any label, and compositing it with pixman's arithmetic (`CPixelCompositing`) gives Cairo's pixels.
///
/// The atlas is bounded by ``byteLimit``: when an insertion passes it, every strike is dropped and the glyphs are
/// drawn again as they are asked for. Every use is under one pthread mutex (``LockedState``), held while a run's
/// glyphs are looked up and composited, so that no image goes while it is drawn.
final class GlyphAtlas: Sendable {
    /// One face at one size and scale: its glyph images. The face by identity (hashed cheaply, once per run); its
    /// strike keeps the face object alive (``Strike/fontFace``), so that no other face takes its address meanwhile.
    struct StrikeKey: Hashable {
        let face: ObjectIdentifier
        let size: Double
        let scale: Double
    }

    /// The images of one face at one size and scale; used only under the atlas's lock.
    final class Strike: @unchecked Sendable {
        let key: StrikeKey
        /// The Cairo face the glyphs are drawn with on a miss.
        let face: CairoFontFace
        /// The layout's face the key names.
        let fontFace: any FontFace
        // The storage is read on every run, only under the atlas's lock and never while it is being changed, so the
        // dynamic exclusivity checks (one per access of a class's stored property) are left out: they cost more than
        // the copying of a short run's glyphs.
        /// The index in ``entries`` of each glyph ID; -1 until the glyph is drawn.
        @exclusivity(unchecked) var slots: [Int32] = []
        /// Each glyph's image: where it is in ``coverage`` or ``colorPixels`` and ``spans``, and its boxes.
        @exclusivity(unchecked) var entries: [lk_glyph_entry] = []
        @exclusivity(unchecked) var coverage: [UInt8] = []
        @exclusivity(unchecked) var colorPixels: [UInt32] = []
        @exclusivity(unchecked) var spans: [UInt16] = []
        /// The glyphs composited over a background in a colour, the most recently used last.
        @exclusivity(unchecked) var tints: [Tint] = []

        /// The most tints a strike keeps: a label's text, its links and a highlight or two.
        static let tintLimit = 4

        /// The strike's glyphs composited in one colour over one background, as a label draws them where its pixels
        /// are still that background (``lk_tint_glyph``): made for each glyph the first time it is drawn so, then
        /// copied rather than computed again.
        final class Tint {
            let color: UInt32
            let background: UInt32
            /// Where each entry's pixels start in ``pixels``; -1 until it is made. Used as the strike's storage is.
            @exclusivity(unchecked) var starts: [Int64] = []
            @exclusivity(unchecked) var pixels: [UInt32] = []

            init(color: UInt32, background: UInt32) {
                self.color = color
                self.background = background
            }

            var byteCount: Int { starts.count * 8 + pixels.count * 4 }
        }

        init(key: StrikeKey, face: CairoFontFace, fontFace: any FontFace) {
            self.key = key
            self.face = face
            self.fontFace = fontFace
        }

        var byteCount: Int {
            slots.count * 4 + entries.count * MemoryLayout<lk_glyph_entry>.stride + coverage.count + colorPixels.count
                * 4
                + spans.count * 2 + tints.reduce(0) { $0 + $1.byteCount }
        }
    }

    /// How the atlas is doing: for tests and the benchmarks.
    struct Statistics: Equatable {
        var strikes = 0
        var glyphs = 0
        var bytes = 0
        var rasterized = 0
        var evictions = 0
        /// Glyphs composited over a background beforehand (``Strike/Tint``).
        var tinted = 0
    }

    struct State {
        var strikes: [StrikeKey: Strike] = [:]
        var bytes = 0
        var statistics = Statistics()
        /// Scratch for a run: each glyph's entry and device pixel origin; the coverage mask overlapping glyphs add
        /// into, all zero between runs.
        var placements: [lk_glyph_placement] = []
        var mask: [UInt8] = []
        /// The strikes the last runs looked up, the latest last, all in ``strikes``.
        var recentStrikes: [Strike] = []

        /// Keeps `strike` among the recent ones, the oldest of four let go.
        mutating func remember(_ strike: Strike) {
            if recentStrikes.count >= 4 { recentStrikes.removeFirst() }
            recentStrikes.append(strike)
        }
    }

    /// The most bytes the atlas keeps before it drops every strike.
    let byteLimit: Int
    let state: LockedState<State>

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
        state = LockedState(State())
    }

    var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.strikes = state.strikes.count
            statistics.glyphs = state.strikes.values.reduce(0) { $0 + $1.entries.count }
            statistics.bytes = state.bytes
            return statistics
        }
    }

    func removeAll() {
        state.withLock { state in
            state.strikes = [:]
            state.recentStrikes = []
            state.bytes = 0
        }
    }

    /// Makes room for `bytes` more, dropping every strike but `keeping` when the limit would be passed.
    static func account(_ bytes: Int, in state: inout State, keeping: Strike, limit: Int) {
        state.bytes += bytes
        guard state.bytes > limit else { return }
        state.strikes = [keeping.key: keeping]
        state.recentStrikes = [keeping]
        state.bytes = keeping.byteCount
        state.statistics.evictions += 1
    }
}

/// Drawing a glyph alone with Cairo and keeping its pixels.
extension GlyphAtlas.Strike {
    /// The entry of `glyph`, drawn by Cairo on first use; nil when Cairo fails.
    func entry(for glyph: UInt32, state: inout GlyphAtlas.State, limit: Int) -> Int32? {
        let id = Int(glyph)
        if id < slots.count, slots[id] >= 0 { return slots[id] }
        guard id < 1 << 24 else { return nil }
        if id >= slots.count { slots += Array(repeating: -1, count: id + 1 - slots.count) }
        let before = byteCount
        guard let entry = rasterize(glyph) else { return nil }
        slots[id] = Int32(entries.count)
        entries.append(entry)
        state.statistics.rasterized += 1
        GlyphAtlas.account(byteCount - before, in: &state, keeping: self, limit: limit)
        return slots[id]
    }

    /// The tint of `color` over `background`, with every glyph of `placements` in it: found or made (the least
    /// recently used dropped past ``tintLimit``), its new glyphs composited, its bytes counted against `limit`.
    func tint(
        for placements: UnsafeBufferPointer<lk_glyph_placement>, color: UInt32, background: UInt32,
        state: inout GlyphAtlas.State,
        limit: Int
    ) -> Tint {
        var addedBytes = 0
        let tint: Tint
        if let last = tints.last, last.color == color, last.background == background {
            tint = last   // a run is mostly drawn in the colour of the one before
        } else if let index = tints.firstIndex(where: { $0.color == color && $0.background == background }) {
            tint = tints[index]
            if index != tints.count - 1 {
                tints.remove(at: index)
                tints.append(tint)
            }
        } else {
            if tints.count >= Self.tintLimit { addedBytes -= tints.removeFirst().byteCount }
            tint = Tint(color: color, background: background)
            tints.append(tint)
        }
        // Whether any glyph is new in this tint, read through a local copy (no exclusivity check per glyph).
        let known = tint.starts
        let complete =
            known.count >= entries.count
            && known.withUnsafeBufferPointer { starts in placements.allSatisfy { starts[Int($0.entry)] >= 0 } }
        guard !complete else { return tint }
        if tint.starts.count < entries.count {
            addedBytes += (entries.count - tint.starts.count) * 8
            tint.starts += repeatElement(-1, count: entries.count - tint.starts.count)
        }
        var added = 0
        for placement in placements {
            let index = Int(placement.entry)
            guard tint.starts[index] < 0 else { continue }
            let entry = entries[index]
            let count = Int(entry.width) * Int(entry.height)
            guard count > 0 else { continue }
            let start = tint.pixels.count
            tint.pixels += repeatElement(0, count: count)
            let made = coverage.withUnsafeBufferPointer { coverage in
                colorPixels.withUnsafeBufferPointer { colorPixels in
                    spans.withUnsafeBufferPointer { spans in
                        tint.pixels.withUnsafeMutableBufferPointer { pixels in
                            let source: UnsafeRawPointer?
                            if entry.is_color != 0 {
                                source = colorPixels.baseAddress.map { UnsafeRawPointer($0 + Int(entry.pixel_start)) }
                            } else {
                                source = coverage.baseAddress.map { UnsafeRawPointer($0 + Int(entry.pixel_start)) }
                            }
                            guard let source, let spans = spans.baseAddress, let out = pixels.baseAddress else {
                                return false
                            }
                            let image = lk_glyph_image(
                                pixels: source, spans: spans + Int(entry.span_start), tinted: nil,
                                tinted_background: 0, width: entry.width, height: entry.height,
                                is_color: entry.is_color)
                            lk_tint_glyph(image, color, background, out + start)
                            return true
                        }
                    }
                }
            }
            guard made else {
                tint.pixels.removeLast(count)
                continue
            }
            tint.starts[index] = Int64(start)
            addedBytes += count * 4
            added += 1
        }
        state.statistics.tinted += added
        if addedBytes != 0 { GlyphAtlas.account(addedBytes, in: &state, keeping: self, limit: limit) }
        return tint
    }

    private func rasterize(_ glyph: UInt32) -> lk_glyph_entry? {
        let scale = key.scale
        // The glyph's ink extents, to size the surface it is drawn on and for Cairo's overlap test.
        guard let probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(probe) }
        guard let probeContext = cairo_create(probe) else { return nil }
        defer { cairo_destroy(probeContext) }
        setUp(probeContext)
        var extents = cairo_text_extents_t()
        var origin = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_scaled_font_glyph_extents(cairo_get_scaled_font(probeContext), &origin, 1, &extents)
        let left = extents.x_bearing * scale
        let top = extents.y_bearing * scale
        let right = (extents.x_bearing + extents.width) * scale
        let bottom = (extents.y_bearing + extents.height) * scale
        guard [left, top, right, bottom].allSatisfy({ $0.isFinite && abs($0) < 4096 }) else { return nil }
        let margin = 4
        let originX = margin - Int(left.rounded(.down))
        let originY = margin - Int(top.rounded(.down))
        let width = Int(right.rounded(.up)) - Int(left.rounded(.down)) + 2 * margin
        let height = Int(bottom.rounded(.up)) - Int(top.rounded(.down)) + 2 * margin
        var entry = lk_glyph_entry(
            left: 0, top: 0, width: 0, height: 0, bbox_left: Self.fixed(left), bbox_top: Self.fixed(top),
            bbox_right: Self.fixed(right), bbox_bottom: Self.fixed(bottom), pixel_start: 0,
            span_start: Int32(spans.count), is_color: 0, ink_width: 0)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        setUp(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        var placed = cairo_glyph_t(index: UInt(glyph), x: Double(originX) / scale, y: Double(originY) / scale)
        cairo_show_glyphs(cr, &placed, 1)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        var minX = width
        var maxX = -1
        var minY = height
        var maxY = -1
        var isColor = false
        for y in 0..<height {
            for x in 0..<width {
                let pixel = pixels[y * stride + x]
                guard pixel != 0 else { continue }
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
                let alpha = pixel >> 24
                if pixel & 0xff != alpha || (pixel >> 8) & 0xff != alpha || (pixel >> 16) & 0xff != alpha {
                    isColor = true
                }
            }
        }
        guard maxX >= 0 else { return entry }   // draws nothing
        // Coverage rows are kept a multiple of 8 pixels wide (zeros on the right) and their spans widened to whole
        // groups of 8, colour rows to groups of 4, so that the pixel loops work 8 (or 4) pixels at a time, no tail.
        let trimmedWidth = maxX - minX + 1
        let storedWidth = isColor ? (trimmedWidth + 3) & ~3 : (trimmedWidth + 7) & ~7
        entry.left = Int32(minX - originX)
        entry.top = Int32(minY - originY)
        entry.width = Int32(storedWidth)
        entry.height = Int32(maxY - minY + 1)
        entry.ink_width = Int32(trimmedWidth)
        entry.is_color = isColor ? 1 : 0
        entry.pixel_start = Int64(isColor ? colorPixels.count : coverage.count)
        for y in minY...maxY {
            var first = -1
            var last = -1
            for column in 0..<storedWidth {
                let x = minX + column
                let pixel = x < width ? pixels[y * stride + x] : 0
                if isColor { colorPixels.append(pixel) } else { coverage.append(x <= maxX ? UInt8(pixel >> 24) : 0) }
                if pixel != 0, x <= maxX {
                    if first < 0 { first = column }
                    last = column
                }
            }
            if first < 0 {
                spans.append(0)
                spans.append(0)
            } else if isColor {
                spans.append(UInt16(first & ~3))
                spans.append(UInt16(min((last + 4) & ~3, storedWidth)))
            } else {
                spans.append(UInt16(first & ~7))
                spans.append(UInt16(min((last + 8) & ~7, storedWidth)))
            }
        }
        return entry
    }

    /// The same scaled font a label's run is drawn with: the scale, the face, the renderer's font options, the size.
    private func setUp(_ cr: OpaquePointer) {
        cairo_scale(cr, key.scale, key.scale)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_face(cr, face.handle)
        LayoutPainter.setFontOptions(cr, variations: [])
        cairo_set_font_size(cr, key.size)
    }

    /// Cairo's `_cairo_fixed_from_double`: 24.8 fixed point, rounded to nearest.
    private static func fixed(_ value: Double) -> Int32 {
        Int32((value * 256).rounded(.toNearestOrEven))
    }
}

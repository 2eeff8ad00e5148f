import CCairo
import CPixelCompositing
import LabelKitLayout
import LabelKitText

/// Where a raster painter's pixels are, for glyphs composited from the ``GlyphAtlas`` rather than drawn by Cairo.
struct PixelTarget {
    /// The pixels, premultiplied ARGB32, rows `stride` pixels apart.
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let width: Int
    let height: Int
    /// The pixel every pixel was filled with before anything was drawn.
    let background: UInt32
    /// The Cairo surface over the same pixels, when there is one yet: flushed before they are written here, marked
    /// dirty after.
    let surface: OpaquePointer?

    var target: lk_pixel_target {
        lk_pixel_target(pixels: pixels, stride: stride, width: Int32(width), height: Int32(height))
    }
}

/// Glyphs composited from the rendering context's glyph atlas: the common run — one face without variations,
/// horizontal, one colour, no outline, in an image — with Cairo's own pixels; everything else goes through Cairo.
extension LayoutPainter {
    /// Whether the run's glyphs can be composited from the atlas (its decorations are still Cairo's).
    func compositesFromAtlas(_ run: GlyphRun, style: ResolvedTextStyle, segmentCount: Int) -> Bool {
        // Glyphs larger than a cached image should be (Cairo draws those as outlines) go through Cairo too.
        guard style.fontSize * renderer.scale <= Self.largestCachedGlyphSize else { return false }
        guard pixelTarget != nil, renderer.usesGlyphAtlas, Self.layoutRecordsMatchC, segmentCount == 1,
            !layout.writingMode.isVertical,
            run.orientation == .horizontal, run.face.variations.isEmpty, run.face.file != nil
        else { return false }
        if !run.face.hasColorGlyphs, let stroke = style.stroke, stroke.width.isFinite, stroke.width != 0 {
            return false
        }
        return true
    }

    /// Composites a run that needs nothing of Cairo — glyphs from the atlas in its style's colour, no decoration — and
    /// says whether it did; the caller has checked that no override recolours and no link overlay underlines any run,
    /// and that the text is horizontal. Otherwise ``paintRun(_:in:)`` draws the run. Never inlined, so that
    /// Benchmarks/draw-stage-costs.sh finds it by name.
    @inline(never)
    func compositePlainRun(_ run: GlyphRun) throws(RenderError) -> Bool {
        let style = run.style
        guard style.underline == nil, style.strikethrough == nil,
            compositesFromAtlas(run, style: style, segmentCount: 1)
        else { return false }
        return try compositeGlyphs(of: run, size: style.fontSize, color: style.foregroundColor)
    }

    /// Whether the layout's glyph and offset records are laid out as the C structs they are read as by
    /// ``lk_place_glyphs`` (`lk_glyph_data`, `lk_glyph_offset`): field for field, same strides. When not, Cairo draws.
    static let layoutRecordsMatchC: Bool = {
        MemoryLayout<GlyphData>.stride == MemoryLayout<lk_glyph_data>.stride
            && MemoryLayout<GlyphData>.offset(of: \.id) == MemoryLayout<lk_glyph_data>.offset(of: \.id)
            && MemoryLayout<GlyphData>.offset(of: \.pen) == MemoryLayout<lk_glyph_data>.offset(of: \.pen)
            && MemoryLayout<GlyphOffset>.stride == MemoryLayout<lk_glyph_offset>.stride
            && MemoryLayout<GlyphOffset>.offset(of: \.glyphIndex)
                == MemoryLayout<lk_glyph_offset>.offset(of: \.glyph_index)
            && MemoryLayout<GlyphOffset>.offset(of: \.x) == MemoryLayout<lk_glyph_offset>.offset(of: \.x)
            && MemoryLayout<GlyphOffset>.offset(of: \.y) == MemoryLayout<lk_glyph_offset>.offset(of: \.y)
    }()

    /// The largest font size in device pixels whose glyphs the atlas keeps.
    static let largestCachedGlyphSize = 256.0

    /// Composites the run's glyphs at `size` in `color` as Cairo draws them with `cairo_show_glyphs`; false (and
    /// nothing drawn) when one of them cannot be cached, for Cairo to draw the run.
    ///
    /// The glyphs are read from the layout's flat storage once (no view per glyph), their images looked up in a
    /// strike resolved once per run, all under the atlas's lock.
    func compositeGlyphs(of run: GlyphRun, size: Double, color: LabelColor) throws(RenderError) -> Bool {
        guard let pixelTarget, !run.glyphRange.isEmpty else { return true }
        let face = run.face
        guard face.file != nil else { return false }
        let value = resolved(color)
        // Colour glyphs: Cairo 1.16 paints their own pixels whatever the source's alpha (the painter's
        // `cairo_set_source_rgba(cr, 1, 1, 1, alpha)` changes nothing on an image), so they go opaque here too.
        let source =
            face.hasColorGlyphs
            ? Self.solidPixel(red: 1, green: 1, blue: 1, alpha: 1)
            : Self.solidPixel(red: value.red, green: value.green, blue: value.blue, alpha: value.alpha)
        let scale = renderer.scale
        let key = GlyphAtlas.StrikeKey(face: ObjectIdentifier(face), size: size, scale: scale)
        // Device space as the painter's Cairo context has it: scaled, then moved by the bounds' origin.
        let originX = -layout.bounds.minX * scale
        let originY = -layout.bounds.minY * scale
        let roundsPositions = renderer.roundsGlyphPositions
        let context = renderer.context
        let atlas = context.glyphAtlas
        let limit = atlas.byteLimit
        let storage = run.layout
        let range = run.glyphRange
        let baseline = run.baseline
        let offsets = storage.glyphOffsets
        let offsetCursor = offsets.isEmpty ? 0 : offsets.partitioningIndex { Int($0.glyphIndex) >= range.lowerBound }
        if let surface = pixelTarget.surface { cairo_surface_flush(surface) }
        defer { if let surface = pixelTarget.surface { cairo_surface_mark_dirty(surface) } }
        enum Outcome { case drawn, faceFailed, glyphFailed }
        let outcome: Outcome = atlas.state.withLock { state in
            let strike: GlyphAtlas.Strike
            if let recent = state.recentStrikes.first(where: { $0.key == key }) {
                strike = recent   // most runs are in a face and size of the last few: no hashing
            } else if let existing = state.strikes[key] {
                strike = existing
                state.remember(existing)
            } else {
                guard let cairoFace = try? context.cairoFace(for: face) else { return .faceFailed }
                strike = GlyphAtlas.Strike(key: key, face: cairoFace, fontFace: face)
                state.strikes[key] = strike
                state.remember(strike)
            }
            // The scratch taken out of the state while it is filled, so that it is not shared (and copied); room for
            // every glyph of the run.
            var placements = state.placements
            state.placements = []
            defer { state.placements = placements }
            if placements.count < range.count {
                placements = Array(repeating: lk_glyph_placement(), count: range.count)
            }
            var placed: Int32 = 0
            var failed = false
            let frame = lk_glyph_frame(
                baseline: baseline, scale: scale, origin_x: originX, origin_y: originY,
                rounds_positions: roundsPositions ? 1 : 0, invisible_glyph: ShapedGlyphBuffer.invisibleGlyph)
            storage.glyphData.withUnsafeBytes { glyphBytes in
                offsets.withUnsafeBytes { offsetBytes in
                    placements.withUnsafeMutableBufferPointer { out in
                        // The layout's glyphs and offsets read as the C structs they match field for field
                        // (`GlyphCacheTests` checks the layouts).
                        let glyphs = glyphBytes.bindMemory(to: lk_glyph_data.self)
                        let glyphOffsets = offsetBytes.bindMemory(to: lk_glyph_offset.self)
                        var first = Int32(range.lowerBound)
                        var cursor = Int32(offsetCursor)
                        // The strike's table read through a local copy; let go while a miss adds to it, so that the
                        // table is not copied.
                        var slots = strike.slots
                        while true {
                            let stopped = slots.withUnsafeBufferPointer { slotBuffer in
                                lk_place_glyphs(
                                    glyphs.baseAddress, first, Int32(range.upperBound), glyphOffsets.baseAddress,
                                    Int32(glyphOffsets.count), &cursor, frame, slotBuffer.baseAddress,
                                    Int32(slotBuffer.count), out.baseAddress, &placed)
                            }
                            guard stopped >= 0 else { break }
                            slots = []
                            let added = strike.entry(for: glyphs[Int(stopped)].id, state: &state, limit: limit)
                            slots = strike.slots
                            guard added != nil else {
                                failed = true
                                break
                            }
                            first = stopped
                        }
                    }
                }
            }
            guard !failed else { return .glyphFailed }
            placements.withUnsafeBufferPointer { all in
                let run = UnsafeBufferPointer(rebasing: all[0..<Int(placed)])
                let tint = strike.tint(
                    for: run, color: source, background: pixelTarget.background, state: &state, limit: limit)
                Self.composite(run, of: strike, tint: tint, onto: pixelTarget.target, color: source, mask: &state.mask)
            }
            return .drawn
        }
        switch outcome {
        case .drawn: return true
        case .glyphFailed: return false
        case .faceFailed:
            _ = try context.cairoFace(for: face)   // throws the face's error
            return false
        }
    }

    /// The run's glyphs composited in C (``lk_composite_run``: Cairo's choice between one glyph at a time and a mask),
    /// copied from `tint` where the pixels are still its background; `mask` is all zero before and after, and grows
    /// when a run needs more of it.
    private static func composite(
        _ placements: UnsafeBufferPointer<lk_glyph_placement>, of strike: GlyphAtlas.Strike,
        tint: GlyphAtlas.Strike.Tint, onto target: lk_pixel_target, color: UInt32, mask: inout [UInt8]
    ) {
        guard !placements.isEmpty else { return }
        // The strike's and the tint's storage read once into locals: their buffers are then borrowed with no
        // exclusivity check held across the call.
        let entries = strike.entries
        let coverage = strike.coverage
        let colorPixels = strike.colorPixels
        let spans = strike.spans
        let tintedStarts = tint.starts
        let tintedPixels = tint.pixels
        while true {
            let needed = entries.withUnsafeBufferPointer { entries in
                coverage.withUnsafeBufferPointer { coverage in
                    colorPixels.withUnsafeBufferPointer { colorPixels in
                        spans.withUnsafeBufferPointer { spans in
                            mask.withUnsafeMutableBufferPointer { maskBytes in
                                tintedStarts.withUnsafeBufferPointer { tintedStarts in
                                    tintedPixels.withUnsafeBufferPointer { tintedPixels in
                                        lk_composite_run(
                                            target, placements.baseAddress, Int32(placements.count),
                                            entries.baseAddress, coverage.baseAddress, colorPixels.baseAddress,
                                            spans.baseAddress, color, maskBytes.baseAddress, maskBytes.count,
                                            tintedStarts.baseAddress, tintedPixels.baseAddress,
                                            tint.background)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            guard needed > 0 else { return }
            mask = Array(repeating: 0, count: needed)
        }
    }

    /// The premultiplied ARGB32 pixel pixman paints for Cairo's source colour (red, green, blue, alpha): each
    /// premultiplied channel made 16-bit as Cairo does (`_cairo_color_double_to_short`), then its high byte.
    static func solidPixel(red: Double, green: Double, blue: Double, alpha: Double) -> UInt32 {
        func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        func short(_ value: Double) -> UInt32 { UInt32(value * 65535.0 + 0.5) >> 8 }
        let a = clamped(alpha)
        return short(a) << 24 | short(clamped(red) * a) << 16 | short(clamped(green) * a) << 8
            | short(clamped(blue) * a)
    }
}

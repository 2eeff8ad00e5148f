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
    /// The Cairo surface over the same pixels: flushed before they are written here, marked dirty after.
    let surface: OpaquePointer

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
        guard pixelTarget != nil, renderer.usesGlyphAtlas, segmentCount == 1, !layout.writingMode.isVertical,
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
        var offsetCursor = offsets.isEmpty ? 0 : offsets.partitioningIndex { Int($0.glyphIndex) >= range.lowerBound }
        cairo_surface_flush(pixelTarget.surface)
        defer { cairo_surface_mark_dirty(pixelTarget.surface) }
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
            var placements = state.placements
            placements.removeAll(keepingCapacity: true)
            // The strike's table read through a local copy (no exclusivity check per glyph); let go while a miss
            // adds to it, so that the table is not copied.
            var slots = strike.slots
            var failed = false
            storage.glyphData.withUnsafeBufferPointer { glyphData in
                for index in range where !failed {
                    let glyph = glyphData[index]
                    var offsetX: Float = 0
                    var offsetY: Float = 0
                    if offsetCursor < offsets.count, Int(offsets[offsetCursor].glyphIndex) == index {
                        offsetX = offsets[offsetCursor].x
                        offsetY = offsets[offsetCursor].y
                        offsetCursor += 1
                    }
                    guard glyph.id != ShapedGlyphBuffer.invisibleGlyph else { continue }
                    // As the glyph view computes them, then as the painter's Cairo context places them.
                    var x = Double(glyph.pen + offsetX)
                    var y = baseline + Double(offsetY)
                    if roundsPositions {
                        x = (x * scale).rounded() / scale
                        y = (y * scale).rounded() / scale
                    }
                    let deviceX = scale * x + originX
                    let deviceY = scale * y + originY
                    guard deviceX.magnitude < 1e6, deviceY.magnitude < 1e6 else { continue }
                    let id = Int(glyph.id)
                    var entry: Int32 = id < slots.count ? slots[id] : -1
                    if entry < 0 {
                        slots = []
                        let added = strike.entry(for: glyph.id, state: &state, limit: limit)
                        slots = strike.slots
                        guard let added else {
                            failed = true
                            continue
                        }
                        entry = added
                    }
                    placements.append(
                        lk_glyph_placement(
                            x: Int32((deviceX + 0.5).rounded(.down)), y: Int32((deviceY + 0.5).rounded(.down)),
                            entry: entry))
                }
            }
            defer { state.placements = placements }
            guard !failed else { return .glyphFailed }
            let tint = strike.tint(
                for: placements, color: source, background: pixelTarget.background, state: &state, limit: limit)
            Self.composite(
                placements, of: strike, tint: tint, onto: pixelTarget.target, color: source, mask: &state.mask)
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
        _ placements: [lk_glyph_placement], of strike: GlyphAtlas.Strike, tint: GlyphAtlas.Strike.Tint,
        onto target: lk_pixel_target, color: UInt32, mask: inout [UInt8]
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
            let needed = placements.withUnsafeBufferPointer { placementBuffer in
                entries.withUnsafeBufferPointer { entries in
                    coverage.withUnsafeBufferPointer { coverage in
                        colorPixels.withUnsafeBufferPointer { colorPixels in
                            spans.withUnsafeBufferPointer { spans in
                                mask.withUnsafeMutableBufferPointer { maskBytes in
                                    tintedStarts.withUnsafeBufferPointer { tintedStarts in
                                        tintedPixels.withUnsafeBufferPointer { tintedPixels in
                                            lk_composite_run(
                                                target, placementBuffer.baseAddress, Int32(placementBuffer.count),
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

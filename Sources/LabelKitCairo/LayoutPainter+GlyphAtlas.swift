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
        guard pixelTarget != nil, renderer.usesGlyphAtlas, segmentCount == 1, !layout.writingMode.isVertical,
            run.orientation == .horizontal, run.face.variations.isEmpty, run.face.file != nil
        else { return false }
        if !run.face.hasColorGlyphs, let stroke = style.stroke, stroke.width.isFinite, stroke.width != 0 {
            return false
        }
        return true
    }

    /// Composites the run's glyphs at `size` in `color` as Cairo draws them with `cairo_show_glyphs`.
    ///
    /// The glyphs are read from the layout's flat storage once (no view per glyph), their images looked up in a
    /// strike resolved once per run, all under the atlas's lock.
    func compositeGlyphs(of run: GlyphRun, size: Double, color: LabelColor) throws(RenderError) {
        guard let pixelTarget, !run.glyphRange.isEmpty else { return }
        let face = run.face
        guard let file = face.file else { return }
        let value = resolved(color)
        let source =
            face.hasColorGlyphs
            ? Self.solidPixel(red: 1, green: 1, blue: 1, alpha: value.alpha)
            : Self.solidPixel(red: value.red, green: value.green, blue: value.blue, alpha: value.alpha)
        let scale = renderer.scale
        let key = GlyphAtlas.StrikeKey(
            path: file.path, faceIndex: file.faceIndex, color: face.hasColorGlyphs, size: size, scale: scale)
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
        let opened: Bool = atlas.state.withLock { state in
            let strike: GlyphAtlas.Strike
            if let existing = state.strikes[key] {
                strike = existing
            } else {
                guard let cairoFace = try? context.cairoFace(for: face) else { return false }
                strike = GlyphAtlas.Strike(key: key, face: cairoFace)
                state.strikes[key] = strike
            }
            var placements = state.placements
            placements.removeAll(keepingCapacity: true)
            storage.glyphData.withUnsafeBufferPointer { glyphData in
                for index in range {
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
                    guard deviceX.magnitude < 1e6, deviceY.magnitude < 1e6,
                        let entry = strike.entry(for: glyph.id, state: &state, limit: limit)
                    else { continue }
                    placements.append(
                        (entry, Int32((deviceX + 0.5).rounded(.down)), Int32((deviceY + 0.5).rounded(.down))))
                }
            }
            Self.composite(placements, of: strike, onto: pixelTarget.target, color: source, mask: &state.mask)
            state.placements = placements
            return true
        }
        if !opened { _ = try context.cairoFace(for: face) }
    }

    /// Cairo's choice for a run's glyphs: each glyph composited in turn, unless a glyph's box meets the boxes of the
    /// glyphs before it (`_cairo_scaled_font_glyph_device_extents`), then all of them added into one mask first.
    /// `mask` is all zero before and after (``lk_composite_from_mask`` sets back what it composites).
    private static func composite(
        _ placements: [(entry: Int32, x: Int32, y: Int32)], of strike: GlyphAtlas.Strike, onto target: lk_pixel_target,
        color: UInt32, mask: inout [UInt8]
    ) {
        var overlap = false
        var boxLeft = Int64.max
        var boxTop = Int64.max
        var boxRight = Int64.min
        var boxBottom = Int64.min
        var imageLeft = Int32.max
        var imageTop = Int32.max
        var imageRight = Int32.min
        var imageBottom = Int32.min
        var anyColor = false
        strike.entries.withUnsafeBufferPointer { entries in
            for placement in placements {
                let entry = entries[Int(placement.entry)]
                let x = Int64(placement.x) * 256
                let y = Int64(placement.y) * 256
                let left = x + Int64(entry.bboxLeft)
                let right = x + Int64(entry.bboxRight)
                let top = y + Int64(entry.bboxTop)
                let bottom = y + Int64(entry.bboxBottom)
                if !overlap, left != right, top != bottom {
                    overlap = right > boxLeft && left < boxRight && bottom > boxTop && top < boxBottom
                }
                boxLeft = min(boxLeft, left)
                boxRight = max(boxRight, right)
                boxTop = min(boxTop, top)
                boxBottom = max(boxBottom, bottom)
                guard entry.width > 0 else { continue }
                anyColor = anyColor || entry.isColor
                imageLeft = min(imageLeft, placement.x + entry.left)
                imageTop = min(imageTop, placement.y + entry.top)
                imageRight = max(imageRight, placement.x + entry.left + entry.width)
                imageBottom = max(imageBottom, placement.y + entry.top + entry.height)
            }
        }
        guard imageLeft < imageRight else { return }
        // The mask covers the glyphs' images inside the target.
        let left = max(imageLeft, 0)
        let top = max(imageTop, 0)
        let width = Int(min(imageRight, target.width) - left)
        let height = Int(min(imageBottom, target.height) - top)
        guard width > 0, height > 0 else { return }
        // Colour glyphs are painted one by one whatever their overlap (Cairo 1.16 draws each as an image of its own).
        let usesMask = overlap && !anyColor
        if usesMask, mask.count < width * height { mask = Array(repeating: 0, count: width * height) }
        strike.coverage.withUnsafeBufferPointer { coverage in
            strike.colorPixels.withUnsafeBufferPointer { colorPixels in
                strike.spans.withUnsafeBufferPointer { spans in
                    strike.entries.withUnsafeBufferPointer { entries in
                        func image(_ entry: GlyphAtlas.Entry) -> lk_glyph_image {
                            let pixels =
                                entry.isColor
                                ? UnsafeRawPointer(colorPixels.baseAddress! + entry.pixelStart)
                                : UnsafeRawPointer(coverage.baseAddress! + entry.pixelStart)
                            return lk_glyph_image(
                                pixels: pixels, spans: spans.baseAddress! + entry.spanStart, width: entry.width,
                                height: entry.height, is_color: entry.isColor ? 1 : 0)
                        }
                        guard usesMask else {
                            for placement in placements {
                                let entry = entries[Int(placement.entry)]
                                guard entry.width > 0 else { continue }
                                lk_composite_glyph(
                                    target, placement.x + entry.left, placement.y + entry.top, image(entry), color)
                            }
                            return
                        }
                        mask.withUnsafeMutableBufferPointer { maskBytes in
                            let base = maskBytes.baseAddress!
                            for placement in placements {
                                let entry = entries[Int(placement.entry)]
                                guard entry.width > 0 else { continue }
                                lk_add_glyph(
                                    base, Int32(width), Int32(height), 0, placement.x + entry.left - left,
                                    placement.y + entry.top - top, image(entry))
                            }
                            for placement in placements {
                                let entry = entries[Int(placement.entry)]
                                guard entry.width > 0 else { continue }
                                lk_composite_from_mask(
                                    target, placement.x + entry.left, placement.y + entry.top, image(entry), base,
                                    Int32(width), left, top, color)
                            }
                        }
                    }
                }
            }
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

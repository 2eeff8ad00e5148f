import CHarfBuzz
import LabelKitLayout
import LabelKitText

/// One face of an installed or registered font file, shaped with HarfBuzz.
///
/// A `SystemFontFace` is created by ``SystemFontSystem``, which keeps one object per file face and hands the same
/// object to every layout on every thread. It shapes with HarfBuzz's own OpenType functions at a scale of 1/1024
/// point, unhinted, so advances and offsets are fractional — what Pango does with glyph-position rounding off.
///
/// ```swift
/// let face = try SystemFontSystem.shared.face(for: FontDescriptor(family: "DejaVu Sans"))
/// let metrics = face.metrics(size: 15)   // ascent ≈ 13.92, descent ≈ 3.54
/// ```
///
/// ### Thread safety
/// `@unchecked Sendable` because every stored property is immutable after `init` except the per-size font cache and
/// the idle shaping buffers, which a lock guards. The HarfBuzz face and fonts are made immutable before they are
/// shared, and HarfBuzz documents immutable faces and fonts as safe to use from several threads at once. A HarfBuzz
/// buffer is mutable, so each shaping call takes one of the face's idle buffers (or a new one) for itself and gives it
/// back when it is done: a face keeps about one buffer per thread that shapes with it at once.
public final class SystemFontFace: FontFace, @unchecked Sendable {
    /// The path of the font file; a renderer opens its own FreeType/Cairo font from it and ``faceIndex``
    /// (``file`` gives both).
    public let filePath: String
    /// The index of the face inside the file (0 unless the file is a collection such as a `.ttc`).
    public let faceIndex: Int
    /// The family name the face reports: the typographic family (name ID 16), else the family (name ID 1).
    public let familyName: String
    /// The style name the face reports ("Bold", "Regular"): name ID 17, else name ID 2.
    public let styleName: String
    /// The weight from the face's `OS/2` table, on the CSS / OpenType scale.
    public let weight: FontWeight
    /// Whether the face draws colour glyphs (bitmap `CBDT`/`sbix`, `COLR` layers or `SVG`), as Noto Color Emoji does.
    ///
    /// A renderer should draw such a face with colour (Cairo: the glyph's own colours, not the text colour).
    public let hasColorGlyphs: Bool
    /// Design units per em.
    public let unitsPerEm: Int

    /// The font file and face index the face was opened from.
    public var file: FontFile? { FontFile(path: filePath, faceIndex: faceIndex) }

    private let blob: OpaquePointer
    private let face: OpaquePointer
    /// The `OS/2` table's `sTypoAscender` and `sTypoDescender` (font units, y up: the descender is negative), or
    /// zeros when the face has no such table: read once, for ``emBox(size:)``.
    private let typoAscender: Int16
    private let typoDescender: Int16
    private let coverage: UnicodeCoverage
    private let scratch = LockedState(ShapingScratch())

    /// Opens face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``LabelKitLayout/FontError/unreadableFile(path:reason:)`` when the file cannot be read or holds no
    ///   such face.
    public init(filePath path: String, faceIndex: Int = 0) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .unreadableFile(path: path, reason: "the file cannot be read")
        }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            hb_blob_destroy(blob)
            throw .unreadableFile(path: path, reason: "not a TrueType, OpenType or collection file")
        }
        // A face without glyphs (a damaged file HarfBuzz still opens) is destroyed with its blob: leaving it was a
        // leak on every rejected file (found by `make asan`).
        let usableFace: OpaquePointer? =
            faceIndex >= 0 && faceIndex < faceCount ? hb_face_create(blob, UInt32(faceIndex)) : nil
        guard let face = usableFace, hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(usableFace)
            hb_blob_destroy(blob)
            throw .unreadableFile(path: path, reason: "no usable face at index \(faceIndex) of \(faceCount)")
        }
        hb_face_make_immutable(face)

        self.blob = blob
        self.face = face
        self.filePath = path
        self.faceIndex = faceIndex
        self.unitsPerEm = Int(hb_face_get_upem(face))
        (self.typoAscender, self.typoDescender) = Self.typoAscenderAndDescender(face)
        self.familyName =
            Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)) ?? ""
        self.styleName =
            Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_SUBFAMILY))
            ?? Self.name(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_SUBFAMILY)) ?? ""
        self.hasColorGlyphs =
            hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
            || hb_ot_color_has_svg(face) != 0
        let coverage = UnicodeCoverage(face: face)
        self.coverage = coverage
        self.coversPrintableASCII = (UInt32(0x21)...0x7E).allSatisfy { coverage.contains($0) }

        let styleFont = hb_font_create(face)
        self.weight = FontWeight(rawValue: Int(hb_style_get_value(styleFont, HB_STYLE_TAG_WEIGHT).rounded()))
        hb_font_destroy(styleFont)
    }

    deinit {
        // The cached fonts reference the face; HarfBuzz reference-counts it, so the order does not matter.
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Whether the face's `cmap` maps every character from U+0021 to U+007E to a glyph: read once, when the face is
    /// opened.
    public let coversPrintableASCII: Bool

    /// Whether the face's `cmap` maps `scalar` to a glyph. Constant time for the BMP; no locking.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        coverage.contains(scalar.value)
    }

    /// ``covers(_:)`` for a code point already decoded to an integer.
    func covers(codePoint: UInt32) -> Bool {
        coverage.contains(codePoint)
    }

    /// Vertical metrics at `size` points from the face's tables (`hhea`, or `OS/2` typo metrics when the face asks
    /// for them; `post` underline; `OS/2` strikeout), with HarfBuzz's synthesized fallbacks when a table is absent.
    /// Read once per size, with the size's HarfBuzz font.
    public func metrics(size: Double) -> FontMetrics {
        harfBuzzFont(size: size).metrics
    }

    /// The face's `OS/2` superscript or subscript size and offset at `size` points, or nil when it has no `OS/2`
    /// table (HarfBuzz synthesizes none of these).
    public func scriptMetrics(_ position: ScriptPosition, size: Double) -> ScriptMetrics? {
        let font = harfBuzzFont(size: size)
        let tags =
            position == .superscript
            ? (HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_SIZE, HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET)
            : (HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_SIZE, HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET)
        var scriptSize: hb_position_t = 0
        var scriptOffset: hb_position_t = 0
        guard hb_ot_metrics_get_position(font.handle, tags.0, &scriptSize) != 0,
            hb_ot_metrics_get_position(font.handle, tags.1, &scriptOffset) != 0
        else { return nil }
        // OS/2 gives the subscript's drop as a positive distance down; ScriptMetrics has up positive.
        let sign = position == .superscript ? 1.0 : -1.0
        return ScriptMetrics(
            fontSize: Double(scriptSize) * font.pointsPerUnit,
            baselineOffset: sign * Double(scriptOffset) * font.pointsPerUnit)
    }

    /// The em box from the face's `OS/2` `sTypoAscender` and `sTypoDescender` scaled to `size` (Noto Sans CJK: 0.88
    /// and 0.12 em). A face without the table, or whose values do not make one — an ascender of zero or less, or a
    /// descender above the baseline — has its ascent and descent scaled instead, as Blink falls back
    /// (`SimpleFontData::ComputeNormalizedTypoAscentAndDescent`).
    public func emBox(size: Double) -> (ascent: Double, descent: Double) {
        if typoAscender > 0,
            let box = Self.emBox(scaling: Double(typoAscender), descent: -Double(typoDescender), toSize: size)
        {
            return box
        }
        let metrics = metrics(size: size)
        return Self.emBox(scaling: metrics.ascent, descent: metrics.descent, toSize: size) ?? (size, 0)
    }

    /// `sTypoAscender` and `sTypoDescender` from the face's `OS/2` table: big-endian 16-bit integers at bytes 68
    /// and 70, present in every version of the table; zeros when the table is missing or shorter.
    private static func typoAscenderAndDescender(_ face: OpaquePointer) -> (Int16, Int16) {
        guard let table = hb_face_reference_table(face, hb_tag_from_string("OS/2", 4)) else { return (0, 0) }
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 72 else { return (0, 0) }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func int16(at offset: Int) -> Int16 {
            Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
        }
        return (int16(at: 68), int16(at: 70))
    }

    /// Shapes `range` of `text` with HarfBuzz and appends the glyphs in visual order; clusters are UTF-16 offsets
    /// into the whole `text`, which HarfBuzz also reads as context around the range.
    ///
    /// Allocates nothing per call apart from growing `buffer`: the HarfBuzz buffer is one of the face's idle ones and
    /// the font for `options.size` is cached. An empty or out-of-bounds range appends nothing.
    public func shape(
        _ text: UnsafeBufferPointer<UInt16>,
        range: Range<Int>,
        options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    ) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count,
            text.count <= Int(Int32.max), let base = text.baseAddress
        else { return }
        let (font, shapingBuffer) = scratch.withLock { ($0.font(size: options.size, of: face), $0.takeBuffer()) }
        defer { scratch.withLock { $0.giveBack(shapingBuffer) } }
        let hbBuffer = shapingBuffer.handle
        // HarfBuzz shapes a buffer in one script: a run mixing Hebrew and Arabic words (one bidi level, one face) shaped
        // as one buffer is shaped as Hebrew, and its Arabic loses its joining forms. Shape each script run on its own,
        // in visual order (the runs of a right-to-left item from last to first), as Pango's itemizer does.
        // Split points are found left to right, once, so both directions cut an item in the same places.
        let firstEnd = Self.scriptRunEnd(in: text, after: range.lowerBound, limit: range.upperBound)
        if firstEnd == range.upperBound {
            shapeSegment(base, count: text.count, range, font, hbBuffer, options, &buffer)
            return
        }
        var ends = [firstEnd]
        while let last = ends.last, last < range.upperBound {
            ends.append(Self.scriptRunEnd(in: text, after: last, limit: range.upperBound))
        }
        for step in ends.indices {
            let index = options.rightToLeft ? ends.count - 1 - step : step
            let start = index == 0 ? range.lowerBound : ends[index - 1]
            shapeSegment(base, count: text.count, start..<ends[index], font, hbBuffer, options, &buffer)
        }
    }

    /// The end of the script run (see ``shape(_:range:options:into:)``) that starts at `start`: where a range being
    /// shaped from `start` is cut next.
    public func shapingSegmentEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int {
        guard start >= 0, start < limit, limit <= text.count else { return max(start, limit) }
        return Self.scriptRunEnd(in: text, after: start, limit: limit)
    }

    /// Shapes one script run and appends its glyphs in visual order.
    private func shapeSegment(
        _ base: UnsafePointer<UInt16>, count: Int, _ range: Range<Int>, _ font: HarfBuzzFont,
        _ hbBuffer: OpaquePointer, _ options: ShapingOptions, _ buffer: inout ShapedGlyphBuffer
    ) {
        hb_buffer_clear_contents(hbBuffer)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(hbBuffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_add_utf16(hbBuffer, base, Int32(count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(
            hbBuffer, options.vertical ? HB_DIRECTION_TTB : options.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        // Before guessing: a buffer without a language takes the process locale's, as it did before languages.
        if let language = options.language {
            hb_buffer_set_language(hbBuffer, hb_language_from_string(language.identifier, -1))
        }
        hb_buffer_guess_segment_properties(hbBuffer)

        let settings = options.features.settings
        withUnsafeTemporaryAllocation(of: hb_feature_t.self, capacity: 3 + settings.count) { features in
            var featureCount = 0
            if !options.kerning {
                features[featureCount] = ShapingFeatures.kerningOff
                featureCount += 1
            }
            if !options.ligatures {
                features[featureCount] = ShapingFeatures.standardLigaturesOff
                features[featureCount + 1] = ShapingFeatures.contextualLigaturesOff
                featureCount += 2
            }
            // The run's own settings last, so that they win over the two above.
            for setting in settings {
                features[featureCount] = hb_feature_t(
                    tag: setting.tagCode, value: setting.value, start: ShapingFeatures.globalStart,
                    end: ShapingFeatures.globalEnd)
                featureCount += 1
            }
            hb_shape(font.handle, hbBuffer, features.baseAddress, UInt32(featureCount))
        }

        // The info/position pointers are valid only until the buffer changes: copy out now.
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(hbBuffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(hbBuffer, nil)
        else { return }
        let scale = Float(font.pointsPerUnit)
        if options.vertical {
            // Down the column: HarfBuzz's y grows upwards, and its offsets lead from the pen on the column's centre
            // line to the glyph's horizontal origin.
            for index in 0..<Int(glyphCount) {
                let position = positions[index]
                buffer.append(
                    glyph: infos[index].codepoint, cluster: Int32(bitPattern: infos[index].cluster),
                    advance: -Float(position.y_advance) * scale, xOffset: -Float(position.y_offset) * scale,
                    yOffset: Float(position.x_offset) * scale)
            }
            return
        }
        for index in 0..<Int(glyphCount) {
            let info = infos[index]
            let position = positions[index]
            buffer.append(
                glyph: info.codepoint,
                cluster: Int32(bitPattern: info.cluster),
                advance: Float(position.x_advance) * scale,
                xOffset: Float(position.x_offset) * scale,
                yOffset: Float(position.y_offset) * scale
            )
        }
    }

    /// The HarfBuzz font for `size`, created once per size.
    private func harfBuzzFont(size: Double) -> HarfBuzzFont {
        scratch.withLock { $0.font(size: size, of: face) }
    }

    private static func name(_ face: OpaquePointer, _ nameID: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 0
        // A nil language asks HarfBuzz for its default choice (English when present).
        let total = hb_ot_name_get_utf8(face, nameID, nil, &length, nil)
        guard total > 0 else { return nil }
        var bytes = [CChar](repeating: 0, count: Int(total) + 1)
        length = total + 1
        _ = hb_ot_name_get_utf8(face, nameID, nil, &length, &bytes)
        let name = String(decoding: bytes.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}

/// The features a run turns off, parsed once.
private enum ShapingFeatures {
    static let kerningOff = feature("-kern")
    static let standardLigaturesOff = feature("-liga")
    static let contextualLigaturesOff = feature("-clig")
    /// The range of a feature that applies to the whole buffer (HarfBuzz's `HB_FEATURE_GLOBAL_START` and `_END`).
    static let globalStart: UInt32 = 0
    static let globalEnd = UInt32.max

    private static func feature(_ text: String) -> hb_feature_t {
        var feature = hb_feature_t()
        _ = text.withCString { hb_feature_from_string($0, -1, &feature) }
        return feature
    }
}

/// One font face (a file, or a face inside a collection), usable at any size.
///
/// Faces are shared: the font system caches them and hands the same object to every layout on every thread.
///
/// A face also tells a renderer what it needs to draw the glyphs the typesetter shaped — the font ``file``, its
/// ``variations`` and whether it has colour glyphs — so a renderer works with any font system and never needs to
/// know the concrete type:
///
/// ```swift
/// for run in layout.runs {
///     guard let file = run.face.file else { continue }   // a face with nothing to draw from
///     let font = try openFont(path: file.path, faceIndex: file.faceIndex, variations: run.face.variations)
///     draw(run.glyphs, with: font, size: run.style.fontSize, inOwnColours: run.face.hasColorGlyphs)
/// }
/// ```
public protocol FontFace: AnyObject, Sendable {
    /// The family name the face reports ("Noto Sans CJK JP").
    var familyName: String { get }
    /// The font file that holds the face — what a renderer opens to draw its glyphs — or nil for a face that is not
    /// backed by a file (a test font). Nil by default.
    var file: FontFile? { get }
    /// The variation-axis values the face is used at (a variable font's instance), applied when drawing as when
    /// shaping; empty for a face of fixed design. Empty by default.
    var variations: [FontVariation] { get }
    /// Whether the face draws colour glyphs (bitmap `CBDT`/`sbix`, `COLR` layers or `SVG`), as Noto Color Emoji
    /// does: a renderer draws them in their own colours, not in the text colour. False by default.
    var hasColorGlyphs: Bool { get }
    /// Whether the face has a glyph for every printable ASCII character (U+0021 to U+007E). Where the face is a
    /// style's primary face, a typesetter then gives those characters the face without asking per character; the
    /// answer must equal asking ``covers(_:)`` for each of them. The default is false.
    var coversPrintableASCII: Bool { get }
    /// Whether the face has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool
    /// Vertical metrics at `size` points.
    func metrics(size: Double) -> FontMetrics
    /// The size and offset the font recommends for superscripts or subscripts at `size` points (its `OS/2` table),
    /// or nil when it gives none. Nil by default.
    func scriptMetrics(_ position: ScriptPosition, size: Double) -> ScriptMetrics?
    /// The face's em box at `size` points: how far it reaches above and below the baseline, together exactly `size`
    /// — the square the font's ideographs are drawn in, which ruby annotations stack on (CSS Ruby).
    ///
    /// Fonts give its proportions in their `OS/2` table (`sTypoAscender` and `sTypoDescender`, which need not add up
    /// to one em: they are scaled to it, keeping their ratio, as browsers do). Noto Sans CJK's is 0.88 em above and
    /// 0.12 below, while its ascent and descent (``metrics(size:)``) are 1.16 and 0.288. By default, the ascent and
    /// descent scaled to one em (``emBox(scaling:descent:toSize:)``), what browsers use for a font without the values.
    ///
    /// Read only to place ruby; never part of ``FontMetrics``, which every line copies.
    ///
    /// ```swift
    /// let box = face.emBox(size: 20)   // Noto Sans CJK JP: (ascent: 17.6, descent: 2.4)
    /// ```
    func emBox(size: Double) -> (ascent: Double, descent: Double)
    /// Shapes `range` of `text` (UTF-16, the whole text, for context) and appends the glyphs to `buffer` in visual
    /// order, with clusters as UTF-16 offsets into the whole `text`.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>,
        range: Range<Int>,
        options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    )
    /// The end of the shaping segment that starts at `start` in `text`, not beyond `limit`: ``shape(_:range:options:into:)``
    /// cuts a range into segments it shapes one by one (HarfBuzz shapes one script per buffer), so no glyph depends on
    /// text across a segment's ends. The typesetter uses it to cache the segments of long runs without spaces
    /// (Japanese, Chinese) as it caches words. `limit` by default: the whole range is one segment.
    func shapingSegmentEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int
}

extension FontFace {
    /// False: a typesetter asks ``covers(_:)`` (through its fallback memo) for every character.
    public var coversPrintableASCII: Bool { false }
    /// No file: a face that is not backed by one (override it for faces that are).
    public var file: FontFile? { nil }
    /// No variations: a face of fixed design.
    public var variations: [FontVariation] { [] }
    /// No colour glyphs.
    public var hasColorGlyphs: Bool { false }
    /// No recommended superscripts or subscripts.
    public func scriptMetrics(_ position: ScriptPosition, size: Double) -> ScriptMetrics? { nil }
    /// The ascent and descent at `size` (``metrics(size:)``) scaled to one em; for a face whose ascent and descent
    /// cannot be scaled (negative, or adding up to nothing), the whole em above the baseline.
    public func emBox(size: Double) -> (ascent: Double, descent: Double) {
        let metrics = metrics(size: size)
        return Self.emBox(scaling: metrics.ascent, descent: metrics.descent, toSize: size) ?? (size, 0)
    }

    /// An em box of `size` points in the proportions of `ascent` to `descent` (in any unit: font units, or points),
    /// or nil when they have none: a sum of zero or less, or either negative.
    ///
    /// ```swift
    /// SystemFontFace.emBox(scaling: 880, descent: 120, toSize: 15)   // (13.2, 1.8)
    /// ```
    public static func emBox(scaling ascent: Double, descent: Double, toSize size: Double) -> (
        ascent: Double, descent: Double
    )? {
        let height = ascent + descent
        guard height > 0, ascent >= 0, descent >= 0, height.isFinite, size.isFinite else { return nil }
        let scaled = size * ascent / height
        return (scaled, size - scaled)
    }
    /// One segment: the face shapes any range as a whole.
    public func shapingSegmentEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int { limit }
}

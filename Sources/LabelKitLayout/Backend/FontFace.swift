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
    /// One segment: the face shapes any range as a whole.
    public func shapingSegmentEnd(in text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int { limit }
}

/// One font face (a file, or a face inside a collection), usable at any size.
///
/// Faces are shared: the font system caches them and hands the same object to every layout on every thread.
public protocol FontFace: AnyObject, Sendable {
    /// The family name the face reports ("Noto Sans CJK JP").
    var familyName: String { get }
    /// Whether the face has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool
    /// Vertical metrics at `size` points.
    func metrics(size: Double) -> FontMetrics
    /// Shapes `range` of `text` (UTF-16, the whole text, for context) and appends the glyphs to `buffer` in visual
    /// order, with clusters as UTF-16 offsets into the whole `text`.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>,
        range: Range<Int>,
        options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    )
}

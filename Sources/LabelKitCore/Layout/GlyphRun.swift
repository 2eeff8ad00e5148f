import Foundation

/// A run of glyphs of one face and style on one line, in visual order.
///
/// Runs are compact (about 80 bytes): the face, style and metrics live once per layout and each run refers to them.
public struct GlyphRun: Sendable {
    package let attributes: RunAttributes
    package let faceIndex: UInt16
    package let styleIndex: UInt32
    package let metricsIndex: UInt32
    /// The bidi level; odd is right to left.
    public let bidiLevel: UInt8
    /// Whether the run is part of the truncation token.
    public let isTruncationToken: Bool
    package let glyphStart: Int32
    package let glyphEnd: Int32
    package let textStart: Int32
    package let textEnd: Int32
    package let line: Int32
    /// The run's box: left edge, width (its advances, justification included), and the line's top and height.
    public let rect: CGRect
    /// The y coordinate of the baseline.
    public let baseline: Double

    /// The face that draws the glyphs.
    public var face: any FontFace { attributes.faces[Int(faceIndex)] }
    /// The style of the run's text.
    public var style: ResolvedTextStyle { attributes.styles[Int(styleIndex)] }
    /// The face's metrics at the run's size.
    public var metrics: FontMetrics { attributes.metrics[Int(metricsIndex)] }
    /// The run's glyphs in ``TextLayout``'s glyph storage.
    public var glyphRange: Range<Int> { Int(glyphStart)..<Int(glyphEnd) }
    /// The UTF-16 range of the run's text (in the truncation token when ``isTruncationToken``).
    public var textRange: Range<Int> { Int(textStart)..<Int(textEnd) }
    /// The index of the run's line.
    public var lineIndex: Int { Int(line) }
}

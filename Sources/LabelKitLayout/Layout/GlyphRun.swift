import Foundation
import LabelKitText

/// A run of glyphs of one face and style on one line, in visual order.
///
/// A run is a cheap view, like ``LayoutLine``: it refers to its layout and reads the layout's flat storage. Its
/// ``glyphs`` are what a renderer draws with ``face`` at ``style``'s size; its ``clusters`` are the grapheme cluster
/// boxes the run covers, for hit-testing and selection.
///
/// ```swift
/// for run in layout.runs where !run.glyphs.isEmpty {
///     let file = run.face.file          // the font file to draw with
///     for glyph in run.glyphs { print(glyph.glyphID, glyph.x, glyph.y) }
/// }
/// ```
///
/// Two runs are equal when they are the same run of the same layout.
public struct GlyphRun: Sendable, Hashable {
    package let layout: TextLayout
    /// The run's position in ``TextLayout/runs`` (all runs, line by line, each line's left to right).
    public let index: Int
    package let data: RunData
    /// The run's glyphs in ``TextLayout/glyphData`` and its boxes in ``TextLayout/clusterBoxes``.
    package let glyphRange: Range<Int>
    package let clusterRange: Range<Int>

    package init(layout: TextLayout, index: Int) {
        self.layout = layout
        self.index = index
        let data = layout.runData[index]
        self.data = data
        let next = index + 1 < layout.runData.count ? layout.runData[index + 1] : nil
        glyphRange = Int(data.glyphStart)..<(next.map { Int($0.glyphStart) } ?? layout.glyphData.count)
        let clusterEnd =
            next.flatMap { $0.lineIndex == data.lineIndex ? Int($0.clusterStart) : nil }
            ?? layout.lineData[Int(data.lineIndex)].clusterRange.upperBound
        clusterRange = Int(data.clusterStart)..<clusterEnd
    }

    /// The face that draws the glyphs.
    public var face: any FontFace { layout.faces[Int(data.faceIndex)] }
    /// The style of the run's text.
    public var style: ResolvedTextStyle { layout.styles[Int(data.styleIndex)] }
    /// The face's metrics at the run's size.
    public var metrics: FontMetrics { layout.metrics[Int(data.metricsIndex)] }
    /// The bidi level; odd is right to left.
    public var bidiLevel: UInt8 { data.bidiLevel }
    /// Whether the run is part of the truncation token.
    public var isInTruncationToken: Bool { data.isInTruncationToken }
    /// The UTF-16 range of the run's text (in the truncation token when ``isInTruncationToken``).
    public var textRange: Range<Int> { Int(data.textStart)..<Int(data.textEnd) }
    /// The UTF-16 range of the base a ruby annotation's run stands over (its ``textRange`` is empty: the annotation is
    /// not text); nil for every other run. A link's colour and look reach its annotation through it.
    public var rubyBase: Range<Int>? {
        guard data.textStart == data.textEnd, !layout.rubyAreas.isEmpty else { return nil }
        let area = layout.rubyAreas.first { Int($0.runStart) <= index && index < Int($0.runEnd) }
        return area.map { Int($0.baseStart)..<Int($0.baseEnd) }
    }
    /// The index of the run's line in ``TextLayout/lines``.
    public var lineIndex: Int { Int(data.lineIndex) }
    /// The run's box: left edge, width (its advances, justification included), and the line's top and height.
    public var rect: CGRect {
        let line = layout.lineData[Int(data.lineIndex)].rect
        return CGRect(x: data.x, y: line.minY, width: data.width, height: line.height)
    }
    /// The y coordinate of the run's baseline: its line's, moved up by the style's
    /// ``ResolvedTextStyle/baselineOffset``. The run's glyphs sit on it, and decorations are drawn from it.
    public var baseline: Double {
        let line = layout.lineData[Int(data.lineIndex)].baseline
        let offset = style.baselineOffset
        return offset == 0 ? line : line - offset
    }
    /// How the run's glyphs stand: ``GlyphOrientation/horizontal`` in horizontal text; upright, sideways or
    /// combined upright in a vertical column.
    public var orientation: GlyphOrientation { data.orientation }
    /// The horizontal compression of a ``GlyphOrientation/combinedUpright`` run wider than its cell (glyphs are drawn
    /// this much narrower across the column); 1 for every other run.
    public var combinedScale: Double {
        // Only combined-upright runs narrowed to fit their cell are listed.
        guard !layout.combinedScales.isEmpty else { return 1 }
        return Double(layout.combinedScales.first { Int($0.runIndex) == index }?.scale ?? 1)
    }
    /// The attachment the run shows, or nil for a run of text. An attachment's run has no glyphs and one cluster
    /// (its U+FFFC); ``TextLayout/attachments`` holds its box.
    public var attachment: TextAttachment? { style.attachment }
    /// The run's glyphs in visual order (left to right), positioned in line coordinates (the label's coordinates in
    /// horizontal text; see ``TextLayout/labelPoint(fromLinePoint:)``).
    public var glyphs: TextLayout.Glyphs {
        TextLayout.Glyphs(
            layout: layout, storage: glyphRange, baseline: baseline,
            end: data.x + data.width)
    }
    /// The boxes of the grapheme clusters the run covers, left to right.
    public var clusters: TextLayout.Clusters {
        TextLayout.Clusters(layout: layout, storage: clusterRange)
    }

    /// Whether two runs are the same run of the same layout.
    public static func == (lhs: GlyphRun, rhs: GlyphRun) -> Bool {
        lhs.layout === rhs.layout && lhs.index == rhs.index
    }

    /// Hashes the layout's identity and the run's index.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(layout))
        hasher.combine(index)
    }
}

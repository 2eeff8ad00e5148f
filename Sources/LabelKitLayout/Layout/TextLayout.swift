import Foundation
import LabelKitText

/// Styled text laid out in a container: every line, run and glyph positioned in the label's coordinates.
///
/// A `TextLayout` is immutable and `Sendable`; it answers every question about the text — its size, its lines, where
/// each character is, which link is under a point — and the renderer draws from it, so what is measured, what is
/// drawn and what is touched never disagree.
///
/// Inside, a layout is a few flat arrays (lines, runs, glyphs, grapheme cluster boxes). They are read through cheap
/// views that allocate nothing: ``lines`` → ``LayoutLine/runs`` → ``GlyphRun/glyphs`` and ``GlyphRun/clusters``.
///
/// ```swift
/// let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 320, maximumNumberOfLines: 2))
/// print(layout.size, layout.lines.count, layout.isTruncated)
/// for line in layout.lines {
///     for run in line.runs { print(run.face.familyName, run.glyphs.count, run.clusters.count) }
/// }
/// ```
public final class TextLayout: Sendable {
    /// The laid-out text (the source, not the truncated display).
    public let string: String
    /// The container the text was laid out in.
    public let container: TextContainer
    /// The label's bounds: the container's size, or the fitting ``size`` where the container sets none.
    public var bounds: CGRect {
        CGRect(x: 0, y: 0, width: container.width ?? size.width, height: container.height ?? size.height)
    }
    /// The size the label needs: the text's extent rounded up to whole points, plus the insets.
    public let size: CGSize
    /// The tight rectangle around the drawn lines, in the label's coordinates.
    public let usedRect: CGRect
    /// Whether text was cut by the line or height limit.
    public let isTruncated: Bool
    /// The scale the text was shrunk to so that it fits, to 0.01 (see
    /// ``/LabelKitText/TextContainer/minimumScaleFactor``), as `NSStringDrawingContext.actualScaleFactor`; 1 when it was
    /// not shrunk.
    public let scaleFactor: Double
    /// The links of the text (and of the truncation token), in text order.
    public let links: [LayoutLink]
    /// The truncation token's text, when the layout is truncated with a token.
    public let truncationTokenString: String?
    /// The inline boxes shown, in the order of their runs (line by line, each line's left to right), with their
    /// rectangles. Boxes hidden by truncation are not here; a box in the truncation token is.
    public let inlineBoxes: [LayoutInlineBox]
    /// The attachments shown, in the order of their runs (line by line, each line's left to right), with their
    /// boxes: the inline boxes that show an attachment, made from ``inlineBoxes`` on each call (keep the array where
    /// you read it often). Attachments hidden by truncation are not here; an attachment in the truncation token is.
    public var attachments: [LayoutAttachment] {
        inlineBoxes.isEmpty ? [] : inlineBoxes.compactMap(\.placedAttachment)
    }

    /// The number of UTF-16 code units of ``string``. A layout keeps the count, not the units: the questions that
    /// need the units (words, paragraphs, the characters at a line's end) are rare, and ``utf16Units()`` makes them.
    package let utf16Count: Int
    /// The lines, top to bottom.
    package let lineData: [LineData]
    /// The runs, line by line, each line's left to right.
    package let runData: [RunData]
    /// The glyphs, run by run, each run's left to right.
    package let glyphData: [GlyphData]
    /// The offsets of the glyphs that have one (marks, mostly), in glyph order.
    package let glyphOffsets: [GlyphOffset]
    /// The grapheme cluster boxes, line by line, each line's left to right and closed by its right end.
    package let clusterBoxes: ClusterBoxes
    /// The faces, styles and metrics runs refer to by index: the text's, then the truncation token's.
    package let faces: [any FontFace]
    package let styles: [ResolvedTextStyle]
    package let metrics: [FontMetrics]
    /// Each link's rectangles, one per line fragment, computed once.
    package let linkRects: [[TextRangeRect]]
    /// The analyzer the text was segmented with, asked for word boundaries only when a selection needs them.
    package let analyzer: (any TextAnalyzer)?
    /// The compression of the combined-upright runs narrowed to fit their cell, by run index.
    package let combinedScales: [CombinedScale]
    /// How line coordinates map onto the label, read once: every query asks.
    let lineTransform: LineTransform
    /// Every inline box of the source text (shown or hidden by truncation), in text order: what ``plainText(in:ruby:)``
    /// and the accessibility model read in place of each box's text.
    package let sourceInlineBoxes: [InlineBox]
    /// Where each ruby annotation stands, in line coordinates, with its base: what a hit on the annotation answers.
    /// Plain words, read by ``character(at:)`` without retaining anything.
    package let rubyAreas: [RubyArea]

    package init(
        string: String, utf16Count: Int, container: TextContainer, size: CGSize, usedRect: CGRect,
        isTruncated: Bool, links: [LayoutLink], truncationTokenString: String?, lines: [LineData], runs: [RunData],
        glyphs: [GlyphData], glyphOffsets: [GlyphOffset], clusterBoxes: [StoredClusterBox], faces: [any FontFace],
        styles: [ResolvedTextStyle],
        metrics: [FontMetrics], inlineBoxes: [LayoutInlineBox] = [], sourceInlineBoxes: [InlineBox] = [],
        analyzer: (any TextAnalyzer)? = nil, scaleFactor: Double = 1, combinedScales: [CombinedScale] = [],
        rubyAreas: [RubyArea] = []
    ) {
        self.rubyAreas = rubyAreas
        self.combinedScales = combinedScales
        self.lineTransform = LineTransform(container)
        self.scaleFactor = scaleFactor
        self.string = string
        self.utf16Count = utf16Count
        self.container = container
        // Everything here is in the label's coordinates: the assembler turned the size, used rect and boxes.
        self.size = size
        self.usedRect = usedRect
        self.inlineBoxes = inlineBoxes
        self.isTruncated = isTruncated
        self.links = links
        self.truncationTokenString = truncationTokenString
        self.lineData = lines
        self.runData = runs
        self.glyphData = glyphs
        self.glyphOffsets = glyphOffsets
        let boxes = ClusterBoxes(clusterBoxes)
        self.clusterBoxes = boxes
        self.faces = faces
        self.styles = styles
        self.metrics = metrics
        self.analyzer = analyzer
        self.sourceInlineBoxes = sourceInlineBoxes
        self.linkRects = links.map { link in
            TextRangeRect.fragments(
                of: link.range, inTruncationToken: link.isInTruncationToken, lines: lines, boxes: boxes)
        }
    }

    /// The visible lines, top to bottom.
    public var lines: Lines { Lines(layout: self) }

    /// The text's UTF-16 code units, made now from ``string``.
    package func utf16Units() -> [UInt16] {
        UnicodeCodeUnits.utf16Units(of: string)
    }

    /// The UTF-16 code unit at `offset` of ``string`` (which must be in the text).
    package func utf16Unit(at offset: Int) -> UInt16 {
        string.utf16[String.Index(utf16Offset: offset, in: string)]
    }

    /// The offset of glyph `index` of ``glyphData`` from its pen position and baseline (y down); zero for most.
    package func glyphOffset(at index: Int) -> (x: Float, y: Float) {
        guard !glyphOffsets.isEmpty else { return (0, 0) }
        let slot = glyphOffsets.partitioningIndex { Int($0.glyphIndex) >= index }
        guard slot < glyphOffsets.count, Int(glyphOffsets[slot].glyphIndex) == index else { return (0, 0) }
        return (glyphOffsets[slot].x, glyphOffsets[slot].y)
    }

    /// Every glyph run, line by line, each line's runs left to right.
    public var runs: Runs { Runs(layout: self, storage: 0..<runData.count) }
}

import Foundation

/// Styled text laid out in a container: every line, run and glyph positioned in the label's coordinates.
///
/// A `TextLayout` is immutable and `Sendable`; it answers every question about the text — its size, its lines, where
/// each character is, which link is under a point — and the renderer draws from it, so what is measured, what is
/// drawn and what is touched never disagree.
///
/// ```swift
/// let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 320, maximumNumberOfLines: 2))
/// print(layout.size, layout.lines.count, layout.isTruncated)
/// ```
public final class TextLayout: Sendable {
    /// The laid-out text (the source, not the truncated display).
    public let string: String
    /// The container the text was laid out in.
    public let container: TextContainer
    /// The label's bounds: the container's size, or the fitting ``size`` where the container sets none.
    public let bounds: CGRect
    /// The size the label needs: the text's extent rounded up to whole points, plus the insets.
    public let size: CGSize
    /// The tight rectangle around the drawn lines, in the label's coordinates.
    public let usedRect: CGRect
    /// Whether text was cut by the line or height limit.
    public let isTruncated: Bool
    /// The visible lines, top to bottom.
    public let lines: [LayoutLine]
    /// The links of the text (and of the truncation token), in text order.
    public let links: [LayoutLink]
    /// The glyph runs, line by line, each line's runs left to right.
    public let runs: [GlyphRun]
    /// The truncation token's text, when the layout is truncated with a token.
    public let truncationTokenString: String?

    package let utf16: [UInt16]
    package let glyphIDs: [UInt32]
    package let glyphXs: [Float]
    package let glyphYs: [Float]
    package let clusterBoxes: [ClusterBox]
    /// Each link's rectangles, one per line fragment, computed once.
    package let linkRects: [[TextRangeRect]]

    package init(
        string: String, utf16: [UInt16], container: TextContainer, bounds: CGRect, size: CGSize, usedRect: CGRect,
        isTruncated: Bool, lines: [LayoutLine], links: [LayoutLink], runs: [GlyphRun],
        truncationTokenString: String?, glyphIDs: [UInt32], glyphXs: [Float], glyphYs: [Float],
        clusterBoxes: [ClusterBox]
    ) {
        self.string = string
        self.utf16 = utf16
        self.container = container
        self.bounds = bounds
        self.size = size
        self.usedRect = usedRect
        self.isTruncated = isTruncated
        self.lines = lines
        self.links = links
        self.runs = runs
        self.truncationTokenString = truncationTokenString
        self.glyphIDs = glyphIDs
        self.glyphXs = glyphXs
        self.glyphYs = glyphYs
        self.clusterBoxes = clusterBoxes
        self.linkRects = links.map { link in
            Self.fragments(
                of: link.range, inTruncationToken: link.isInTruncationToken, lines: lines, boxes: clusterBoxes)
        }
    }

    /// The number of visible lines.
    public var lineCount: Int { lines.count }

    /// The glyphs of `run`, positioned in the label's coordinates.
    public func glyphs(of run: GlyphRun) -> [PositionedGlyph] {
        run.glyphRange.map { index in
            PositionedGlyph(
                glyphID: glyphIDs[index],
                position: CGPoint(x: Double(glyphXs[index]), y: run.baseline + Double(glyphYs[index]))
            )
        }
    }
}

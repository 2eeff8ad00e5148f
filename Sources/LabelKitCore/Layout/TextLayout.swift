import Foundation

/// One line of a ``TextLayout``, in the label's coordinate space (origin top-left, y down).
public struct LayoutLine: Sendable, Hashable {
    /// The UTF-16 range of the source text the line holds, from its first character to the end of its trailing
    /// white space and line break. On a truncated line this is the range the line stood for before truncation.
    public let textRange: Range<Int>
    /// The y coordinate of the baseline.
    public let baseline: Double
    /// Distance from the baseline up to the top of the tallest run.
    public let ascent: Double
    /// Distance from the baseline down to the bottom of the deepest run (positive).
    public let descent: Double
    /// The line box: x and width span the drawn content (trailing white space excluded), y and height the line's
    /// height (line spacing excluded).
    public let rect: CGRect
    /// Whether the truncation token is on this line.
    public let isTruncated: Bool
    /// The base bidi level of the line's paragraph (0 left to right, 1 right to left).
    public let paragraphLevel: UInt8
    package let runRange: Range<Int>
    package let clusterRange: Range<Int>
    /// Top of the line's hit area: half of the space to the previous line belongs to this line.
    package let hitTop: Double
    /// Bottom of the line's hit area.
    package let hitBottom: Double
}

/// A link of a ``TextLayout``: a range of text with a target.
public struct LayoutLink: Sendable, Hashable {
    /// The UTF-16 range of the link: in the text, or in the truncation token when ``isInTruncationToken``.
    public let range: Range<Int>
    /// Where the link goes.
    public let target: URL
    /// The kind of link ``LinkDetector`` found here; nil for a link the app set itself.
    public let kind: LinkKind?
    /// Whether the link is part of the truncation token rather than of the text.
    public let isInTruncationToken: Bool
}

/// The faces, styles and metrics the runs of one layout share, so that each ``GlyphRun`` stores small indices.
package final class RunAttributes: Sendable {
    package let faces: [any FontFace]
    package let styles: [ResolvedTextStyle]
    package let metrics: [FontMetrics]

    package init(faces: [any FontFace], styles: [ResolvedTextStyle], metrics: [FontMetrics]) {
        self.faces = faces
        self.styles = styles
        self.metrics = metrics
    }
}

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

/// A glyph with its position in the label's coordinate space.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph identifier in its run's face.
    public let glyphID: UInt32
    /// The origin of the glyph on the baseline (x right, y down).
    public let position: CGPoint
}

/// The box of one grapheme cluster on a line, in visual order, for hit-testing and selection geometry (16 bytes).
package struct ClusterBox: Sendable, Hashable {
    package var x: Float
    package var width: Float
    package var start: Int32
    private var length: UInt16
    private var flags: UInt8

    package init(x: Float, width: Float, start: Int32, end: Int32, isToken: Bool, isRightToLeft: Bool) {
        self.x = x
        self.width = width
        self.start = start
        // A grapheme cluster longer than 65,535 code units is cut short in its box, never in the text.
        self.length = UInt16(clamping: max(end - start, 0))
        self.flags = (isToken ? 1 : 0) | (isRightToLeft ? 2 : 0)
    }

    package var end: Int32 { start + Int32(length) }
    package var isToken: Bool { flags & 1 != 0 }
    package var isRightToLeft: Bool { flags & 2 != 0 }
}

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

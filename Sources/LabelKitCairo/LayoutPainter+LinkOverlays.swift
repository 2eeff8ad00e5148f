import CCairo
import Foundation
import LabelKitInteraction
import LabelKitLayout
import LabelKitText

/// What the renderer's link overlays draw besides highlights and text colours (those go through
/// ``LabelRenderer/Highlight`` and the painter's foreground overrides): backgrounds behind the links and underlines
/// under their clusters.
extension LayoutPainter {
    /// A link overlay's underline: its pattern and colour (nil for the colour its text is drawn in) over its range.
    struct LinkUnderline {
        var range: Range<Int>
        var isInTruncationToken: Bool
        var pattern: LineDecoration
        var color: LabelColor?

        init?(overlay: LinkOverlay) {
            guard let pattern = overlay.look.underline else { return nil }
            range = overlay.range
            isInTruncationToken = overlay.isInTruncationToken
            self.pattern = pattern
            color = overlay.look.underlineColor
        }

        func overlaps(_ other: Range<Int>, isInTruncationToken inToken: Bool) -> Bool {
            inToken == isInTruncationToken && other.lowerBound < range.upperBound && other.upperBound > range.lowerBound
        }
    }

    /// A stretch of one run that a link underline covers, in one pattern and colour.
    struct LinkUnderlineSpan: Equatable {
        var minX: Double
        var maxX: Double
        var pattern: LineDecoration
        var color: LabelColor
    }

    /// Each link overlay's background colour over the link's rectangles, behind the text, as a background colour
    /// attribute of the link's text would be.
    func paintLinkBackgrounds(in cr: OpaquePointer) {
        for overlay in linkOverlays {
            guard let color = overlay.look.backgroundColor else { continue }
            setColor(cr, color)
            for fragment in overlay.rects { addRectangle(cr, fragment.rect) }
            cairo_fill(cr)
        }
    }

    /// Where link underlines go under `run`: its clusters in a link whose look has an underline, neighbours of one
    /// pattern and colour joined, left to right. None under an attachment: an image is not underlined.
    func linkUnderlineSpans(of run: GlyphRun) -> [LinkUnderlineSpan] {
        guard !linkUnderlines.isEmpty, run.attachment == nil else { return [] }
        let underlines = linkUnderlines.filter {
            $0.overlaps(run.textRange, isInTruncationToken: run.isInTruncationToken)
        }
        guard !underlines.isEmpty else { return [] }
        let colors = foregroundOverrides.filter {
            $0.overlaps(run.textRange, isInTruncationToken: run.isInTruncationToken)
        }
        var spans: [LinkUnderlineSpan] = []
        for cluster in run.clusters {
            let inToken = cluster.isInTruncationToken
            guard let underline = underlines.last(where: { $0.overlaps(cluster.range, isInTruncationToken: inToken) })
            else { continue }
            let textColor =
                colors.last(where: { $0.overlaps(cluster.range, isInTruncationToken: inToken) })?.color
                ?? run.style.foregroundColor
            let span = LinkUnderlineSpan(
                minX: cluster.x, maxX: cluster.x + cluster.width, pattern: underline.pattern,
                color: underline.color ?? textColor)
            if let last = spans.last, last.pattern == span.pattern, last.color == span.color,
                abs(last.maxX - span.minX) < 1e-6
            {
                spans[spans.count - 1].maxX = span.maxX
            } else {
                spans.append(span)
            }
        }
        return spans
    }

    /// The link underlines of `run`, at its baseline, with its font's underline position and thickness.
    func drawLinkUnderlines(_ spans: [LinkUnderlineSpan], of run: GlyphRun, in cr: OpaquePointer) {
        for span in spans where span.maxX > span.minX {
            setColor(cr, span.color)
            let lines = Self.decorationLines(
                span.pattern, isUnderline: true, baseline: Self.underlineBaseline(of: run), metrics: run.metrics)
            drawDecorationLines(lines, from: span.minX, to: span.maxX, in: cr)
        }
    }
}

// Checks of the layout as a whole: its measurement, its top and leading edges, its structure, and the layout cache.
import Foundation
import FuzzSupport
import LabelKit

/// `measurement` plans the same lines as the layout: equal size, line count and truncation.
func checkMeasurement(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    do {
        let measured = try typesetter.measurement(text, in: layout.container)
        invariant(measured == TextMeasurement(layout), "measurement \(measured) ≠ layout \(TextMeasurement(layout))")
    } catch {
        invariant(false, "measurement threw \(error) where layout did not")
    }
}

/// Placement across the lines is on the pixel grid, and a label sized by its own measurement starts its first line at
/// its leading inset: the top one, or in vertical text the right one.
///
/// The typesetter stacks lines down the y of line coordinates from the inset before the first line, and snaps the
/// alignment offset along that axis: in horizontal text from the top inset, in the height; in vertical text from the
/// right inset, in the width — the first column's right edge, measured from the label's right edge.
func checkTopEdge(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    guard let first = layout.lines.first else { return }
    let container = layout.container
    let isVertical = layout.writingMode.isVertical
    let leadingInset = isVertical ? container.insets.right : container.insets.top
    let extent = isVertical ? container.width : container.height
    let measuredExtent = Double(isVertical ? layout.size.width : layout.size.height)
    let offset = (Double(first.rect.minY) - leadingInset) * container.displayScale
    invariant(abs(offset - offset.rounded()) < 1e-6 * max(1, abs(offset)), "offset \(offset) px is not whole")
    checkLeadingEdge(of: layout)
    guard extent != nil else {
        invariant(Double(first.rect.minY) == leadingInset, "an unbounded label starts at \(first.rect.minY)")
        return
    }
    guard extent != measuredExtent else { return }
    var selfSized = container
    if isVertical { selfSized.width = measuredExtent } else { selfSized.height = measuredExtent }
    guard let sized = try? typesetter.layout(text, in: selfSized) else {
        invariant(false, "the layout at its own \(isVertical ? "width" : "height") failed")
        return
    }
    // The same lines fit in the height they measure; the first starts at the top inset. Measured heights are rounded
    // up to whole points, so lines thinner than that rounding (a maximum line height of 0.006 pt) may fill the slack
    // below a height-limited layout's last line: more lines, but only within the last point.
    let shown = layout.lines.count
    let extraHeight =
        sized.lines.count > shown && shown > 0
        ? Double(sized.lines[sized.lines.count - 1].rect.maxY) - Double(sized.lines[shown - 1].rect.maxY) : 0
    invariant(
        sized.lines.count == shown || (sized.lines.count > shown && extraHeight < 1),
        "\(sized.lines.count) lines at its own \(isVertical ? "width" : "height"), not \(shown)")
    if let top = sized.lines.first?.rect.minY {
        invariant(Double(top) == leadingInset, "a self-sized label starts at \(top), not \(leadingInset)")
        checkLeadingEdge(of: sized)
    }
}

/// In the label's coordinates, the used rect begins where the first line does: at its top in horizontal text; in
/// vertical text at the right edge of the first column, which lies the first line's offset in from the label's right.
func checkLeadingEdge(of layout: TextLayout) {
    guard let first = layout.lines.first else { return }
    let band = layout.labelRect(fromLineRect: first.rect)
    let used = layout.usedRect
    guard layout.writingMode.isVertical else {
        invariant(used.minY == band.minY, "the used rect starts at \(used.minY), the first line at \(band.minY)")
        return
    }
    // Turning subtracts from the label's width: equal within a few rounding steps of the largest number involved.
    let width = Double(layout.bounds.width)
    let magnitude = [width, Double(used.minX), Double(used.width), Double(band.minX), 1].map(abs).max() ?? 1
    let tolerance = 4 * magnitude.ulp
    invariant(
        abs(Double(used.maxX) - Double(band.maxX)) <= tolerance,
        "the used rect ends at \(used.maxX), the first column at \(band.maxX)")
    invariant(
        abs(width - Double(band.maxX) - Double(first.rect.minY)) <= tolerance,
        "the first column ends \(width - Double(band.maxX)) from the right, not \(first.rect.minY)")
}

/// Every number is finite, every range lies inside the text (or the token), and the views agree with each other.
func checkStructure(_ layout: TextLayout, text: AttributedString) {
    let textLength = layout.string.utf16.count
    let tokenLength = layout.truncationTokenString?.utf16.count ?? 0
    func inside(_ range: Range<Int>, token: Bool) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= (token ? tokenLength : textLength)
    }
    invariant(layout.size.width.isFinite && layout.size.height.isFinite, "size \(layout.size)")
    invariant(layout.size.width >= 0 && layout.size.height >= 0, "negative size \(layout.size)")
    invariant(isFinite(layout.bounds) && isFinite(layout.usedRect), "bounds \(layout.bounds) used \(layout.usedRect)")
    let limit = layout.container.maximumNumberOfLines
    invariant(limit == 0 || layout.lines.count <= limit, "\(layout.lines.count) lines over the limit \(limit)")
    var runCount = 0
    for line in layout.lines {
        invariant(isFinite(line.rect) && line.baseline.isFinite, "line \(line.index) rect \(line.rect)")
        invariant(inside(line.textRange, token: false), "line range \(line.textRange) of \(textLength)")
        for run in line.runs {
            runCount += 1
            invariant(run.lineIndex == line.index, "run of line \(run.lineIndex) listed under \(line.index)")
            invariant(inside(run.textRange, token: run.isInTruncationToken), "run range \(run.textRange)")
            invariant(isFinite(run.rect), "run rect \(run.rect)")
            _ = run.face.familyName
            for glyph in run.glyphs {
                invariant(glyph.x.isFinite && glyph.y.isFinite && glyph.advance.isFinite, "glyph \(glyph)")
            }
            for cluster in run.clusters {
                invariant(inside(cluster.range, token: cluster.isInTruncationToken), "cluster \(cluster.range)")
                invariant(cluster.x.isFinite && cluster.width.isFinite, "cluster \(cluster)")
            }
        }
    }
    invariant(runCount == layout.runs.count, "lines hold \(runCount) runs, the layout \(layout.runs.count)")
    for link in layout.links {
        invariant(inside(link.range, token: link.isInTruncationToken), "link range \(link.range)")
    }
    if let token = layout.truncationTokenRect { invariant(isFinite(token), "token rect \(token)") }
    // The used rect holds every line, turned into the label's coordinates (columns in vertical text, where turning
    // subtracts from the label's width: equal to within a few of its rounding steps).
    let used = layout.usedRect
    for line in layout.lines {
        let band = layout.labelRect(fromLineRect: line.rect)
        let magnitude = [used.minX, used.maxX, used.minY, used.maxY, band.maxX, band.maxY, layout.bounds.width, 1].map {
            abs(Double($0))
        }
        let slack = 4 * (magnitude.max() ?? 1).ulp
        invariant(
            band.minX >= used.minX - slack && band.maxX <= used.maxX + slack && band.minY >= used.minY - slack
                && band.maxY <= used.maxY + slack, "line \(line.index) at \(band) is outside \(used)")
    }
    checkOrientations(layout, text: text)
}

/// The layout cache returns an equal layout on a miss and the same object on a hit.
func checkCache(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    let cache = TextLayoutCache(typesetter: typesetter, countLimit: 4)
    do {
        let first = try cache.layout(text, in: layout.container)
        let second = try cache.layout(text, in: layout.container)
        invariant(first === second || first.estimatedByteCount > cache.byteLimit, "a hit made a new layout")
        invariant(TextMeasurement(first) == TextMeasurement(layout), "the cached layout measures differently")
        invariant(first.lines.map(\.textRange) == layout.lines.map(\.textRange), "the cached layout breaks differently")
    } catch {
        invariant(false, "the cache threw \(error) where the typesetter did not")
    }
}

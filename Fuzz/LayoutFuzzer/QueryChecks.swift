// Checks of the queries: hits on every cluster and link, random queries, carets and attachments.
import Foundation
import FuzzSupport
import LabelKit

/// The centre of each cluster's box hits that cluster, and lies in the rects of its range; the centre of each link
/// rect hits a link covering it. Boxes are in line coordinates, queries in the label's (turned in vertical text).
func checkHits(_ layout: TextLayout) {
    // Every cluster of ordinary labels; a sample of huge ones, so that one input stays well under the time limit.
    let clusterCount = layout.lines.reduce(0) { $0 + $1.clusters.count }
    let stride = max(1, clusterCount / 4_000)
    var seen = 0
    for line in layout.lines where line.rect.height > 1e-6 {
        for cluster in line.clusters {
            seen += 1
            // Positions are 32-bit floats: a million points out they step by 1/16 pt, a billion out by 64 pt
            // (CONTRIBUTING.md, "Reliability"), so clusters that far out are not told apart at their centres.
            guard seen % stride == 0, cluster.width > 1e-6, abs(cluster.x) < 1_000_000 else { continue }
            let centre = layout.labelPoint(fromLinePoint: CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY))
            let hit = layout.character(at: centre)
            // A ruby annotation is hit as its whole base: a cluster's box spans its line, which grew to hold the
            // annotation, so a large annotation may cover the middle of its base's clusters.
            let onRuby = layout.rubyRects(for: cluster.range).contains { $0.rect.contains(centre) }
            let expected =
                onRuby ? hit.map { $0.range.contains(cluster.range.lowerBound) } == true : hit?.range == cluster.range
            invariant(
                expected && hit?.isInTruncationToken == cluster.isInTruncationToken && hit?.lineIndex == line.index,
                "the centre \(centre) of cluster \(cluster) on line \(line.index) hits \(String(describing: hit))")
            // The same point is in the cluster's rects, which span the line's height and the cluster's advance (asked
            // on lines short enough that a scan of the line per cluster stays cheap).
            guard !cluster.isInTruncationToken, line.clusters.count <= 1_000 else { continue }
            let slack = 4 * max(1, abs(Double(centre.x)), abs(Double(centre.y))).ulp
            let fragments = layout.rects(for: cluster.range).map { $0.rect.insetBy(dx: -slack, dy: -slack) }
            invariant(
                fragments.contains { $0.contains(centre) },
                "the centre \(centre) of cluster \(cluster) is outside its rects \(fragments)")
            // A point in the cluster's first half along the line puts the caret before it, one in its second half
            // after it (in reading order: the halves swap in right-to-left text).
            for (share, before) in [(0.25, true), (0.75, false)] {
                let point = CGPoint(x: cluster.x + cluster.width * share, y: line.rect.midY)
                let position = layout.position(at: layout.labelPoint(fromLinePoint: point))
                let expected = before != cluster.isRightToLeft ? cluster.range.lowerBound : cluster.range.upperBound
                invariant(
                    position.index == expected,
                    "\(share) along cluster \(cluster) on line \(line.index) puts the caret at \(position.index)")
            }
        }
    }
    for index in layout.links.indices {
        for rect in layout.rects(forLink: index).map(\.rect) where rect.width > 1e-6 && rect.height > 1e-6 {
            let centre = CGPoint(x: rect.midX, y: rect.midY)
            guard let hit = layout.link(at: centre) else {
                invariant(false, "the centre \(centre) of link \(index)'s rect \(rect) hits no link")
                return
            }
            invariant(hit.distance == 0, "exact hit at distance \(hit.distance)")
            invariant(
                hit.rects.contains { $0.rect.insetBy(dx: -1e-6, dy: -1e-6).contains(centre) },
                "link \(hit.index) hit at \(centre) outside its rects \(hit.rects)")
        }
    }
}

/// Queries at random points, ranges and positions: answers in range and finite, never a crash.
func checkQueries(_ layout: TextLayout, _ input: inout FuzzInput) {
    let textLength = layout.string.utf16.count
    let bounds = layout.bounds
    for _ in 0..<input.number(in: 1...12) {
        let point: CGPoint
        switch input.number(in: 0...7) {
        case 0:
            point = CGPoint(x: input.pick([-1e12, .nan, .infinity, 0]), y: input.pick([-.infinity, .nan, 1e12, 0]))
        default:
            point = CGPoint(
                x: bounds.minX - 20 + input.fraction() * (bounds.width + 40),
                y: bounds.minY - 20 + input.fraction() * (bounds.height + 40))
        }
        if let hit = layout.character(at: point) {
            invariant(hit.lineIndex >= 0 && hit.lineIndex < layout.lines.count, "hit line \(hit.lineIndex)")
            invariant(hit.range.lowerBound >= 0, "hit range \(hit.range)")
        }
        let position = layout.position(at: point)
        invariant(position.index >= 0 && position.index <= textLength, "position \(position.index) of \(textLength)")
        if let caret = layout.caretRect(for: position) { checkCaret(caret, in: layout) }
        if point.x.isFinite, point.y.isFinite {
            // Turning a point into line coordinates and back gives it again, to a rounding step of the label's width.
            let back = layout.labelPoint(fromLinePoint: layout.linePoint(fromLabelPoint: point))
            let slack = 4 * max(1, abs(Double(point.x)), Double(bounds.width)).ulp
            invariant(
                abs(Double(back.x - point.x)) <= slack && back.y == point.y, "\(point) comes back as \(back)")
        }
        let radius = input.pick([0, 5, 10, 44, 1e9])
        if let hit = layout.link(at: point, radius: radius) {
            invariant(hit.index >= 0 && hit.index < layout.links.count, "link index \(hit.index)")
            invariant(hit.distance <= radius + 1e-9, "link at distance \(hit.distance) beyond radius \(radius)")
            invariant(hit.rects.map(\.rect).allSatisfy(isFinite), "link rects \(hit.rects)")
        }
        _ = layout.isInTruncationToken(at: point)
    }
    for _ in 0..<input.number(in: 1...6) {
        let lower = input.number(in: -3...(textLength + 3))
        let upper = max(lower, input.number(in: -3...(textLength + 3)))
        for fragment in layout.rects(for: lower..<upper) {
            invariant(isFinite(fragment.rect), "fragment \(fragment.rect)")
            invariant(fragment.lineIndex >= 0 && fragment.lineIndex < layout.lines.count, "fragment line")
        }
        if let box = layout.boundingRect(for: lower..<upper) { invariant(isFinite(box), "bounding rect \(box)") }
        let position = TextPosition(index: lower, affinity: input.flag() ? .upstream : .downstream)
        if let caret = layout.caretRect(for: position) { checkCaret(caret, in: layout) }
    }
}

/// A caret is finite and one point long along its line: a vertical bar in horizontal text, a horizontal bar across
/// the column in vertical text.
func checkCaret(_ caret: CGRect, in layout: TextLayout) {
    invariant(isFinite(caret), "caret \(caret)")
    let along = layout.writingMode.isVertical ? caret.height : caret.width
    invariant(along == 1, "caret \(caret) is \(along) long along its line")
}

/// Each attachment sits on a U+FFFC of the text (or the token), in a finite box its own size (upright in vertical
/// text: its width across the column, its height down it), and the centre of a box is hit as that attachment.
func checkAttachments(_ layout: TextLayout) {
    let units = Array(layout.string.utf16)
    let tokenUnits = Array((layout.truncationTokenString ?? "").utf16)
    for attachment in layout.attachments {
        let source = attachment.isInTruncationToken ? tokenUnits : units
        invariant(
            source.indices.contains(attachment.index) && source[attachment.index] == 0xFFFC,
            "attachment at \(attachment.index) is not on a U+FFFC")
        invariant(isFinite(attachment.rect), "attachment rect \(attachment.rect)")
        invariant(attachment.lineIndex >= 0 && attachment.lineIndex < layout.lines.count, "attachment line")
        invariant(
            abs(Double(attachment.rect.width) - attachment.attachment.width) < 1e-3
                && abs(Double(attachment.rect.height) - attachment.attachment.height) < 1e-3,
            "attachment box \(attachment.rect) is not \(attachment.attachment.width)×\(attachment.attachment.height)")
        guard attachment.rect.width > 1e-3, attachment.rect.height > 1e-3 else { continue }
        let centre = CGPoint(x: attachment.rect.midX, y: attachment.rect.midY)
        let hit = layout.attachment(at: centre)
        invariant(
            hit?.index == attachment.index,
            "the centre of attachment \(attachment.index) hits \(String(describing: hit))")
    }
}

import Foundation
import LabelKit

/// Everything a layout shows, read through its public views, as a value two layouts can be compared by: sizes,
/// lines, runs with their faces, every glyph and every cluster box.
struct LayoutSnapshot: Equatable, CustomStringConvertible {
    struct Line: Equatable {
        var textRange: Range<Int>
        var rect: CGRect
        var baseline: Double
        var isTruncated: Bool
    }

    struct Run: Equatable {
        var face: ObjectIdentifier
        var style: ResolvedTextStyle
        var textRange: Range<Int>
        var rect: CGRect
        var isInTruncationToken: Bool
        var glyphs: [PositionedGlyph]
        var clusters: [LayoutCluster]
    }

    var size: CGSize
    var bounds: CGRect
    var usedRect: CGRect
    var isTruncated: Bool
    var lines: [Line]
    var runs: [Run]
    var links: [LayoutLink]
    var truncationTokenRect: CGRect?

    init(_ layout: TextLayout) {
        size = layout.size
        bounds = layout.bounds
        usedRect = layout.usedRect
        isTruncated = layout.isTruncated
        lines = layout.lines.map {
            Line(textRange: $0.textRange, rect: $0.rect, baseline: $0.baseline, isTruncated: $0.isTruncated)
        }
        runs = layout.runs.map {
            Run(
                face: ObjectIdentifier($0.face), style: $0.style, textRange: $0.textRange, rect: $0.rect,
                isInTruncationToken: $0.isInTruncationToken, glyphs: Array($0.glyphs), clusters: Array($0.clusters))
        }
        links = layout.links
        truncationTokenRect = layout.truncationTokenRect
    }

    var description: String {
        "\(lines.count) lines \(size) \(runs.count) runs \(runs.reduce(0) { $0 + $1.glyphs.count }) glyphs"
    }
}

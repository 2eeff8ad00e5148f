import Foundation
import LabelKitText

extension LayoutOutput {
    /// Writes the ruby of the bases on the line being written — whose boxes are written, and whose pen ended at
    /// `lineEnd` — over (or under) each base: runs of their own with no cluster boxes, every glyph answering its
    /// base's start, and an inline box answering the base.
    ///
    /// `areas` gets where each annotation stands, for hit-testing.
    mutating func emitRubies(
        _ rubies: ShapedRubies, on line: PositionedLine, lineIndex: Int, lineEnd: Double, areas: inout [RubyArea]
    ) {
        let lineBoxes = firstBoxOfLine..<boxes.count
        guard !lineBoxes.isEmpty else { return }
        let text = line.broken.start..<line.broken.end
        for index in rubies.segments(overlapping: text) {
            let segment = rubies.segments[index]
            // The base's extent on the line, from its cluster boxes (left to right; each ends where the next starts).
            var left = Double.infinity
            var right = -Double.infinity
            for box in lineBoxes where segment.base.contains(Int(boxes[box].start)) {
                let end = box + 1 < boxes.count ? Double(boxes[box + 1].x) : lineEnd
                left = min(left, Double(boxes[box].x))
                right = max(right, box + 1 == lineBoxes.upperBound ? lineEnd : end)
            }
            guard left < right else { continue }
            emitRuby(
                index, of: rubies, lineIndex: lineIndex, left: left, right: right, baseline: line.baseline,
                areas: &areas)
        }
    }

    /// Writes ruby segment `index` over the base that spans `left..<right` on line `lineIndex`.
    private mutating func emitRuby(
        _ index: Int, of rubies: ShapedRubies, lineIndex: Int, left: Double, right: Double, baseline: Double,
        areas: inout [RubyArea]
    ) {
        let segment = rubies.segments[index]
        let annotations = rubies.annotations
        let paragraph = annotations.analysis.paragraphs[index]
        let baseWidth = right - left
        // Wider than its base, it starts where it reaches over the character before the base.
        var x = segment.width > baseWidth ? left - segment.overhangBefore : left + (baseWidth - segment.width) / 2
        var gap = 0.0
        if segment.width < baseWidth {
            switch segment.alignment {
            case .center: break
            case .start: x = left
            case .spaceAround:
                let clusters = annotations.analysis.graphemeCount(in: paragraph.start..<paragraph.contentEnd)
                if clusters > 0 {
                    x = left
                    gap = (baseWidth - segment.width) / Double(clusters)
                }
            }
        }
        let height = segment.ascent + segment.descent
        // How far the annotation's baseline is above the base's (below: negative).
        let rise = segment.position == .over ? segment.baselineDistance : -segment.baselineDistance
        let firstRunIndex = runs.count
        let (pen, _, _) = emitSideText(
            paragraph: index, of: annotations,
            offsets: rubyOffsets(of: rubies), lineIndex: lineIndex,
            x: x, answering: segment.base.lowerBound..<segment.base.lowerBound, gap: gap, rise: rise)
        guard runs.count > firstRunIndex else { return }
        let top = baseline - rise - segment.ascent
        areas.append(
            RubyArea(
                rect: CGRect(x: x, y: top, width: pen - x, height: height), lineIndex: Int32(lineIndex),
                baseStart: Int32(segment.base.lowerBound), baseEnd: Int32(segment.base.upperBound),
                runStart: Int32(firstRunIndex), runEnd: Int32(runs.count)))
        inlineBoxes.append(
            LayoutInlineBox(
                box: InlineBox(
                    ruby: Self.text(of: paragraph.start..<paragraph.contentEnd, in: annotations.text.string),
                    width: pen - x, height: height, base: segment.base),
                rect: CGRect(x: x, y: top, width: pen - x, height: height), lineIndex: lineIndex,
                runIndex: firstRunIndex, isInTruncationToken: false))
    }

    /// The characters of `string` at the UTF-16 offsets `range`.
    static func text(of range: Range<Int>, in string: String) -> String {
        let utf16 = string.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(string[start..<end])
    }
}

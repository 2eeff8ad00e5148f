import Foundation
import LabelKitText

extension TextLayout {
    /// The grapheme cluster whose box contains `point`, or nil.
    ///
    /// A cluster's box spans its advance horizontally and its line vertically, with the space between lines split
    /// half and half. A list item's marker is hit as the item's first character, and a ruby annotation as its whole
    /// base. A point left of a line's first glyph (its marker's, in a list), right of its last, in the insets, or in
    /// empty space hits nothing; text hidden by truncation is never hit, and the truncation token is hit as the
    /// token. The answer comes from the layout that is drawn, by binary search: nothing is laid out again.
    ///
    /// ```swift
    /// if let hit = layout.character(at: CGPoint(x: 42, y: 10)) {
    ///     print(hit.range)   // e.g. 9..<10
    /// }
    /// ```
    public func character(at point: CGPoint) -> CharacterHit? {
        let point = linePoint(fromLabelPoint: point)
        // A ruby annotation is hit as its whole base.
        if !rubyAreas.isEmpty, let hit = rubyHit(at: point) { return hit }
        guard let lineIndex = lineIndex(atY: Double(point.y)) else { return nil }
        let line = lineData[lineIndex]
        guard let boxIndex = clusterBoxIndex(atX: Double(point.x), in: line.clusterRange) else {
            // Only a layout with inline boxes has list markers.
            return inlineBoxes.isEmpty ? nil : listMarkerHit(atX: Double(point.x), lineIndex: lineIndex)
        }
        let box = clusterBoxes[boxIndex]
        return CharacterHit(
            range: Int(box.start)..<Int(box.end), isInTruncationToken: box.isInTruncationToken, lineIndex: lineIndex)
    }

    /// The base of the ruby annotation at `point` (in line coordinates), if one stands there.
    @inline(never)
    private func rubyHit(at point: CGPoint) -> CharacterHit? {
        for area in rubyAreas where area.rect.contains(point) {
            return CharacterHit(
                range: Int(area.baseStart)..<Int(area.baseEnd), isInTruncationToken: false,
                lineIndex: Int(area.lineIndex))
        }
        return nil
    }

    /// The item's first character when `x` (in line coordinates) is on the list marker in front of `line`: a marker
    /// is hit as its item's first character.
    ///
    /// A marker is found among the line's runs as the run that stands for no text, and its character as the line's
    /// cluster box that starts where that run points. Only plain words are read: reading the inline boxes, whose
    /// copies retain their strings, made every caller keep the layout retained around each hit (+40 instructions a
    /// hit, `LabelKitBench profile DIR 500 hits`).
    @inline(never)
    private func listMarkerHit(atX x: Double, lineIndex: Int) -> CharacterHit? {
        let line = lineData[lineIndex]
        // A ruby annotation's runs stand for no text either, but stand over their base, never past a line's end.
        for run in line.runRange where runData[run].textStart == runData[run].textEnd {
            guard x >= runData[run].x, x < runData[run].x + runData[run].width else { continue }
            for box in line.clusterRange where clusterBoxes.stored[box].start == runData[run].textStart {
                let stored = clusterBoxes.stored[box]
                return CharacterHit(
                    range: Int(stored.start)..<Int(stored.end), isInTruncationToken: false, lineIndex: lineIndex)
            }
        }
        return nil
    }

    /// Whether `point` is in the truncation token: the grapheme cluster under it belongs to the token ("…more").
    public func isInTruncationToken(at point: CGPoint) -> Bool {
        character(at: point)?.isInTruncationToken ?? false
    }

    /// The truncation token's box, or nil when the layout shows no token: the union of the token's runs, its
    /// advances wide and its line's height, in the label's coordinates — what a view frames or highlights when the
    /// token ("…more") is pressed.
    ///
    /// ```swift
    /// if let token = layout.truncationTokenRect { highlight(token) }
    /// ```
    public var truncationTokenRect: CGRect? {
        let rects = runData.indices.filter { runData[$0].isInTruncationToken }.map {
            GlyphRun(layout: self, index: $0).rect
        }
        return rects.isEmpty ? nil : labelRect(fromLineRect: rects.union)
    }

    /// The link at `point`: an exact hit on one of its clusters first; otherwise the link whose rectangles are nearest
    /// to the point, if within `radius` points. A link wrapped over several lines is one link.
    ///
    /// ```swift
    /// let hit = layout.link(at: touch, radius: 10)
    /// hit?.link.target      // https://example.com/terms
    /// hit?.boundingRect     // the preview's source rect
    /// ```
    public func link(at point: CGPoint, radius: Double = 0) -> LinkHit? {
        guard !links.isEmpty else { return nil }
        if let hit = character(at: point) {
            // A link may begin or end inside a grapheme cluster (an app's range, or one of Swift's `Character`s that
            // ICU joins to its neighbour): the cluster hits every link it overlaps, as its box is in their rects.
            for (index, link) in links.enumerated()
            where link.isInTruncationToken == hit.isInTruncationToken && link.range.overlaps(hit.range) {
                return linkHit(index, distance: 0)
            }
        }
        guard radius > 0 else { return nil }
        // Distances do not change when the label turns: measured in line coordinates.
        let point = linePoint(fromLabelPoint: point)
        var best: (index: Int, distance: Double)? = nil
        for (index, fragments) in linkRects.enumerated() {
            for fragment in fragments {
                let distance = Self.distance(from: point, to: fragment.rect)
                if distance <= radius, distance < (best?.distance ?? .infinity) { best = (index, distance) }
            }
        }
        return best.map { linkHit($0.index, distance: $0.distance) }
    }

    /// The rectangles of link `index` of ``links``, one per line fragment, as ``rects(for:)`` gives them for a range
    /// of the text; none for an index out of range or a link hidden by truncation.
    public func rects(forLink index: Int) -> [TextRangeRect] {
        guard linkRects.indices.contains(index) else { return [] }
        return labelFragments(linkRects[index])
    }

    /// One rectangle per line fragment of the text in `range` (UTF-16): several on one line where bidi splits the
    /// range; none for text hidden by truncation. Each spans its clusters' advances and the line's height.
    ///
    /// ```swift
    /// let fragments = layout.rects(for: 9..<13)   // 利用規約, on one or two lines
    /// ```
    public func rects(for range: Range<Int>) -> [TextRangeRect] {
        labelFragments(
            TextRangeRect.fragments(of: range, inTruncationToken: false, lines: lineData, boxes: clusterBoxes))
    }

    /// The union of ``rects(for:)``, or nil when no part of `range` is visible.
    public func boundingRect(for range: Range<Int>) -> CGRect? {
        let fragments = rects(for: range)
        return fragments.isEmpty ? nil : fragments.map(\.rect).union
    }

    // MARK: Internals

    private func linkHit(_ index: Int, distance: Double) -> LinkHit {
        LinkHit(index: index, link: links[index], rects: labelFragments(linkRects[index]), distance: distance)
    }

    /// The line whose hit band holds `y`, by binary search.
    package func lineIndex(atY y: Double) -> Int? {
        let low = lineData.partitioningIndex { $0.hitBottom > y }
        guard low < lineData.count, y >= lineData[low].hitTop, y < lineData[low].hitBottom else { return nil }
        return low
    }

    /// The box of `range` (a line's boxes, left to right) holding `x`, by binary search; nil left of the first or
    /// right of the last.
    ///
    /// A line's boxes tile it (each ends exactly where the next begins), so no point between its first and last
    /// edge falls between two boxes. Before they did, stored 32-bit widths left gaps of a rounding step (at x ≈ 130,
    /// 8 millionths of a point; found by `make fuzz`), and a point in a gap that small still hits the box on its
    /// right; a wider gap would hit nothing.
    package func clusterBoxIndex(atX x: Double, in range: Range<Int>) -> Int? {
        let low = range.partitioningIndex { Double(clusterBoxes[$0].x) + Double(clusterBoxes[$0].width) > x }
        guard low < range.upperBound else { return nil }
        let box = clusterBoxes[low]
        if x >= Double(box.x) { return low }
        guard low > range.lowerBound else { return nil }
        let previous = clusterBoxes[low - 1]
        let gap = Double(box.x) - (Double(previous.x) + Double(previous.width))
        return gap <= 2 * Double(box.x.ulp) ? low : nil
    }

    static func distance(from point: CGPoint, to rect: CGRect) -> Double {
        let dx = max(Double(rect.minX) - Double(point.x), 0, Double(point.x) - Double(rect.maxX))
        let dy = max(Double(rect.minY) - Double(point.y), 0, Double(point.y) - Double(rect.maxY))
        return (dx * dx + dy * dy).squareRoot()
    }
}

import LabelKitText

extension ShapedParagraphs {
    /// The segments of a truncated last line: what is kept of the text from `line.start` to the end of its
    /// paragraph, and the token, placed for `mode` so that the whole fits `maximumWidth` less the line's indents.
    func truncatedSegments(
        line: BrokenLine, mode: TruncationMode, tokenLength: Int, tokenWidth: Double, maximumWidth: Double
    ) -> [LineSegment] {
        let paragraph = analysis.paragraphs[line.paragraphIndex]
        let content = line.start..<trimmingTrailingSpaces(line.start..<paragraph.contentEnd).upperBound
        let token = LineSegment(isInTruncationToken: true, range: 0..<tokenLength)
        let lineWidth = availableWidth(maximumWidth, style: paragraph.style, firstLine: line.start == paragraph.start)
        let budget = lineWidth - tokenWidth
        let fullWidth = advance(of: content)
        if fullWidth <= budget {
            // Everything left on this paragraph fits: the cut text is in later paragraphs.
            return [LineSegment(isInTruncationToken: false, range: content), token]
        }
        switch mode {
        case .head:
            let kept = keptSuffix(of: content, budget: budget)
            return [token, LineSegment(isInTruncationToken: false, range: kept)]
        case .middle:
            let head = keptPrefix(of: content, budget: budget / 2)
            let headWidth = advance(of: head)
            let rest = head.upperBound..<content.upperBound
            let tail = keptSuffix(of: rest, budget: budget - headWidth)
            return [
                LineSegment(isInTruncationToken: false, range: head), token,
                LineSegment(isInTruncationToken: false, range: tail),
            ]
        case .tail, .clip:
            return [LineSegment(isInTruncationToken: false, range: keptPrefix(of: content, budget: budget)), token]
        }
    }

    /// The longest run of whole graphemes from the start of `range` whose width, trailing spaces excluded, is within
    /// `budget`; trailing spaces are dropped.
    func keptPrefix(of range: Range<Int>, budget: Double) -> Range<Int> {
        var width = 0.0
        var kept = range.lowerBound
        var offset = range.lowerBound
        while offset < range.upperBound {
            let end = graphemeEnd(after: offset, limit: range.upperBound)
            width += shaping.graphemeAdvances[offset]
            if !CharacterClass.isHangingSpace(utf16[offset]) {
                if width > budget { break }
                kept = end
            }
            offset = end
        }
        return range.lowerBound..<kept
    }

    /// The longest run of whole graphemes ending at the end of `range` whose width is within `budget`; leading
    /// spaces are dropped.
    func keptSuffix(of range: Range<Int>, budget: Double) -> Range<Int> {
        var width = 0.0
        var kept = range.upperBound
        var offset = range.upperBound
        while offset > range.lowerBound {
            let start = graphemeStart(before: offset, limit: range.lowerBound)
            width += shaping.graphemeAdvances[start]
            if width > budget { break }
            offset = start
            if !CharacterClass.isHangingSpace(utf16[start]) { kept = start }
        }
        return kept..<range.upperBound
    }
}

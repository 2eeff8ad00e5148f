import LabelKitText

/// Greedy line filling with its state in one place (no closures over mutable locals in the hot loop).
struct LineBreaker {
    let limits: LineLimits
    var lines: [LineRecord] = []
    var usedHeight = 0.0

    init(limits: LineLimits) {
        self.limits = limits
        // Labels have a few lines: one allocation for most, rather than growing the array line by line.
        lines.reserveCapacity(8)
    }

    /// Breaks one paragraph; false when a limit stopped it before its end.
    mutating func breakParagraph(_ paragraphIndex: Int, in pass: TypesettingPass) -> Bool {
        let paragraph = pass.buffers.paragraphs[paragraphIndex]
        let byCharacter = paragraph.style.lineWrapping == .byCharacter
        // Indents narrow the lines: the first by its own head indent, the others by the paragraph's.
        let firstLineWidth = pass.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: true)
        let otherLineWidth = pass.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: false)
        var maximumWidth = firstLineWidth
        var lineStart = paragraph.start
        var offset = paragraph.start
        var width = 0.0
        var lastOpportunity = -1
        while offset < paragraph.contentEnd {
            let end = pass.graphemeEnd(after: offset, limit: paragraph.contentEnd)
            let advance = pass.buffers.graphemeAdvances[offset]
            if offset > lineStart, byCharacter || pass.buffers.flags[offset].contains(.lineBreakOpportunity) {
                lastOpportunity = offset
            }
            if offset > lineStart, width + advance > maximumWidth, !CharacterClass.isHangingSpace(pass.utf16[offset]) {
                let breakOffset = lastOpportunity > lineStart ? lastOpportunity : offset
                if !emit(lineStart..<breakOffset, paragraphIndex: paragraphIndex, in: pass) { return false }
                lineStart = breakOffset
                offset = breakOffset
                maximumWidth = otherLineWidth
                width = 0
                lastOpportunity = -1
                continue
            }
            width += advance
            offset = end
        }
        return emit(lineStart..<paragraph.end, paragraphIndex: paragraphIndex, in: pass)
    }

    /// Adds a line if the limits allow it.
    private mutating func emit(_ range: Range<Int>, paragraphIndex: Int, in pass: TypesettingPass) -> Bool {
        if lines.count >= limits.maximumLines { return false }
        let content = pass.trimmingTrailingSpaces(range)
        // The trailing spaces count in the line's height; the line break does not.
        let measured = content.lowerBound..<max(
            content.upperBound, min(range.upperBound, pass.buffers.paragraphs[paragraphIndex].contentEnd))
        var record = pass.lineMetrics(
            content: content, measured: measured, paragraphIndex: paragraphIndex,
            usesFontLeading: limits.usesFontLeading
        )
        record.end = range.upperBound
        let spacing =
            lines.isEmpty
            ? 0 : pass.spacing(afterParagraph: lines[lines.count - 1].paragraphIndex, beforeParagraph: paragraphIndex)
        if !lines.isEmpty, usedHeight + spacing + record.height > limits.maximumHeight + 1e-9 { return false }
        usedHeight += spacing + record.height
        lines.append(record)
        return true
    }
}

/// A line chosen by the line breaker, before positioning.
struct LineRecord {
    /// First code unit of the line.
    var start: Int
    /// End of the line, trailing spaces and line break included.
    var end: Int
    /// End of the line's drawn text (trailing spaces and line break excluded).
    var contentEnd: Int
    var paragraphIndex: Int
    var ascent: Double = 0
    var descent: Double = 0
    var height: Double = 0
    /// The part of the height above the ascent (from line height multiples, minimum heights and leading).
    var extraAbove: Double = 0
}

/// The vertical extent of what a line shows: the largest ascent, descent and line gap of its runs.
struct LineExtent {
    var ascent = 0.0
    var descent = 0.0
    var lineGap = 0.0
    private(set) var isEmpty = true

    mutating func include(_ metrics: FontMetrics) {
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
        lineGap = max(lineGap, metrics.lineGap)
        isEmpty = false
    }
}

/// The limits that stop line breaking.
struct LineLimits {
    var maximumWidth: Double
    var maximumLines: Int
    var maximumHeight: Double
    var usesFontLeading: Bool
}

extension TypesettingPass {
    /// Breaks every paragraph into lines, greedily, until the text or the limits run out.
    ///
    /// Returns the lines and whether text was left over (the layout must be truncated).
    func breakLines(limits: LineLimits) -> (lines: [LineRecord], truncated: Bool) {
        var breaker = LineBreaker(limits: limits)
        for paragraphIndex in paragraphs.indices {
            if !breaker.breakParagraph(paragraphIndex, in: self) { return (breaker.lines, true) }
        }
        return (breaker.lines, false)
    }

    /// Ascent, descent and height of the line holding the code units `content` of `paragraph`.
    func lineMetrics(content: Range<Int>, paragraphIndex: Int, usesFontLeading: Bool) -> LineRecord {
        let paragraph = paragraphs[paragraphIndex]
        var extent = LineExtent()
        let probe = content.isEmpty ? content.lowerBound..<(content.lowerBound + 1) : content
        for itemIndex in items(overlapping: probe, in: paragraph.firstItem..<paragraph.endItem) {
            let item = items[itemIndex]
            guard item.start < probe.upperBound, item.end > probe.lowerBound, let metrics = item.metrics else {
                continue
            }
            extent.include(metrics)
        }
        if extent.isEmpty, let metrics = emptyLineMetrics(paragraphIndex: paragraphIndex, content: content) {
            extent.include(metrics)
        }
        var record = LineRecord(
            start: content.lowerBound, end: content.upperBound, contentEnd: content.upperBound,
            paragraphIndex: paragraphIndex
        )
        apply(extent, to: &record, usesFontLeading: usesFontLeading)
        return record
    }

    /// Sets a line's ascent, descent and height from the extent of what it shows and its paragraph's style.
    func apply(_ extent: LineExtent, to record: inout LineRecord, usesFontLeading: Bool) {
        record.ascent = extent.ascent
        record.descent = extent.descent
        applyParagraphHeight(
            &record, gap: usesFontLeading ? extent.lineGap : 0, style: paragraphs[record.paragraphIndex].style
        )
    }

    /// Sets the line's height from its ascent and descent and the paragraph's line-height rules (as
    /// `NSParagraphStyle`): extra height goes above the text, so the baseline keeps its distance to the bottom.
    func applyParagraphHeight(_ record: inout LineRecord, gap: Double, style: ParagraphStyle) {
        let natural = record.ascent + record.descent + gap
        var height = natural
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        record.height = height
        record.extraAbove = height - record.ascent - record.descent
    }

    /// Metrics for a line with no glyphs (an empty paragraph): the primary face of the style there.
    private func emptyLineMetrics(paragraphIndex: Int, content: Range<Int>) -> FontMetrics? {
        let styleIndex = text.styleIndex(at: max(0, min(content.lowerBound, utf16.count - 1)))
        let style = text.styles[styleIndex]
        guard let face = try? fontSystem.face(for: style.fontDescriptor) else { return nil }
        return face.metrics(size: style.fontSize)
    }
}

/// Greedy line filling with its state in one place (no closures over mutable locals in the hot loop).
struct LineBreaker {
    let limits: LineLimits
    var lines: [LineRecord] = []
    var usedHeight = 0.0
    var previousSpacing = 0.0

    init(limits: LineLimits) {
        self.limits = limits
    }

    /// Breaks one paragraph; false when a limit stopped it before its end.
    mutating func breakParagraph(_ paragraphIndex: Int, in pass: TypesettingPass) -> Bool {
        let paragraph = pass.paragraphs[paragraphIndex]
        let byCharacter = paragraph.style.lineWrapping == .byCharacter
        let maximumWidth = limits.maximumWidth
        var lineStart = paragraph.start
        var offset = paragraph.start
        var width = 0.0
        var lastOpportunity = -1
        while offset < paragraph.contentEnd {
            let end = pass.graphemeEnd(after: offset, limit: paragraph.contentEnd)
            let advance = pass.graphemeAdvances[offset]
            if offset > lineStart, byCharacter || pass.flags[offset].contains(.lineBreakOpportunity) {
                lastOpportunity = offset
            }
            if offset > lineStart, width + advance > maximumWidth, !TypesettingPass.isHangingSpace(pass.utf16[offset]) {
                let breakOffset = lastOpportunity > lineStart ? lastOpportunity : offset
                if !emit(lineStart..<breakOffset, paragraphIndex: paragraphIndex, in: pass) { return false }
                lineStart = breakOffset
                offset = breakOffset
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
        var record = pass.lineMetrics(
            content: content, paragraphIndex: paragraphIndex, usesFontLeading: limits.usesFontLeading
        )
        record.end = range.upperBound
        let spacing = lines.isEmpty ? 0 : previousSpacing
        if !lines.isEmpty, usedHeight + spacing + record.height > limits.maximumHeight + 1e-9 { return false }
        usedHeight += spacing + record.height
        previousSpacing = pass.paragraphs[paragraphIndex].style.lineSpacing
        lines.append(record)
        return true
    }
}

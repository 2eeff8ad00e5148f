extension TypesettingPass {
    /// Breaks every paragraph into lines, greedily, until the text or the limits run out.
    ///
    /// Returns the lines and whether text was left over (the layout must be truncated).
    func breakLines(limits: LineLimits) -> (lines: [LineRecord], truncated: Bool) {
        var breaker = LineBreaker(limits: limits)
        for paragraphIndex in buffers.paragraphs.indices {
            if !breaker.breakParagraph(paragraphIndex, in: self) { return (breaker.lines, true) }
        }
        return (breaker.lines, false)
    }

    /// Ascent, descent and height of the line holding the code units `content` of `paragraph`.
    func lineMetrics(content: Range<Int>, paragraphIndex: Int, usesFontLeading: Bool) -> LineRecord {
        let paragraph = buffers.paragraphs[paragraphIndex]
        var extent = LineExtent()
        let probe = content.isEmpty ? content.lowerBound..<(content.lowerBound + 1) : content
        for itemIndex in items(overlapping: probe, in: paragraph.firstItem..<paragraph.endItem) {
            let item = buffers.items[itemIndex]
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
            &record, gap: usesFontLeading ? extent.lineGap : 0, style: buffers.paragraphs[record.paragraphIndex].style
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

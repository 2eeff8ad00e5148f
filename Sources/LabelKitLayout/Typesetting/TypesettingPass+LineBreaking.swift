import LabelKitText

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

    /// The width left for a line's text in a paragraph of `style` once its indents are taken from `width` (the
    /// container's inner width; infinite without a width limit).
    func availableWidth(_ width: Double, style: ParagraphStyle, firstLine: Bool) -> Double {
        let indents = (firstLine ? style.firstLineHeadIndent : style.headIndent) + style.tailIndent
        return indents == 0 ? width : max(width - indents, 0)
    }

    /// The space between two consecutive lines, of paragraphs `previous` and `next`: the earlier line's paragraph's
    /// line spacing, and where a new paragraph starts, the earlier paragraph's spacing after and the later one's
    /// spacing before.
    func spacing(afterParagraph previous: Int, beforeParagraph next: Int) -> Double {
        // Fields read in place: copying a paragraph's style per line would cost more than the sum.
        let lineSpacing = buffers.paragraphs[previous].style.lineSpacing
        guard next != previous else { return lineSpacing }
        return lineSpacing + buffers.paragraphs[previous].style.paragraphSpacing
            + buffers.paragraphs[next].style.paragraphSpacingBefore
    }

    /// Ascent, descent and height of the line showing the code units `content` of `paragraph`, followed by the
    /// hanging spaces up to `measured.upperBound`.
    ///
    /// Every run in `measured` counts, the trailing spaces' too, as in Pango, TextKit and CSS: a line that ends in a
    /// space of a larger or raised run is as tall as that run. `measured` starts where `content` does and ends at or
    /// after it, before the paragraph's line break.
    func lineMetrics(
        content: Range<Int>, measured: Range<Int>, paragraphIndex: Int, usesFontLeading: Bool
    ) -> LineRecord {
        let paragraph = buffers.paragraphs[paragraphIndex]
        var extent = LineExtent()
        // An empty `measured` is an empty `content` at the same place: the line of an empty paragraph.
        let probe = measured.isEmpty ? measured.lowerBound..<(measured.lowerBound + 1) : measured
        let lineItems = items(overlapping: probe, in: paragraph.firstItem..<paragraph.endItem)
        var hasAttachments = false
        for itemIndex in lineItems {
            // Fields read in place: an item is large, and this runs for every line.
            guard buffers.items[itemIndex].start < probe.upperBound, buffers.items[itemIndex].end > probe.lowerBound
            else { continue }
            if buffers.items[itemIndex].isAttachment {
                hasAttachments = true
            } else if let metrics = buffers.items[itemIndex].metrics {
                extent.include(metrics, shift: buffers.items[itemIndex].baselineShift)
            }
        }
        if hasAttachments {
            // A line of attachments alone still has its font's height: their runs' fonts stand in for text.
            let asText = !extent.hasText
            for itemIndex in lineItems where buffers.items[itemIndex].isAttachment {
                let item = buffers.items[itemIndex]
                guard item.start < probe.upperBound, item.end > probe.lowerBound else { continue }
                includeAttachment(of: item, in: &extent, asText: asText)
            }
            for itemIndex in lineItems where buffers.items[itemIndex].isAttachment {
                let item = buffers.items[itemIndex]
                guard item.start < probe.upperBound, item.end > probe.lowerBound else { continue }
                includeAttachment(of: item, in: &extent)
            }
        } else if extent.isEmpty, let metrics = emptyLineMetrics(paragraphIndex: paragraphIndex, content: content) {
            extent.include(metrics)
        }
        var record = LineRecord(
            start: content.lowerBound, end: content.upperBound, contentEnd: content.upperBound,
            paragraphIndex: paragraphIndex
        )
        apply(extent, to: &record, usesFontLeading: usesFontLeading)
        return record
    }

    /// Includes an attachment item's box, placed against the text already in `extent`; with `asText`, its font's
    /// metrics instead (for a line without text, before any box).
    func includeAttachment(of item: Item, in extent: inout LineExtent, asText: Bool = false) {
        if asText {
            if let metrics = item.metrics { extent.include(metrics) }
            return
        }
        guard let attachment = text.styles[item.styleIndex].attachment else { return }
        extent.include(inLineCoordinates(attachment), shift: item.baselineShift)
    }

    /// Sets a line's ascent, descent and height from the extent of what it shows and its paragraph's style.
    func apply(_ extent: LineExtent, to record: inout LineRecord, usesFontLeading: Bool) {
        record.ascent = extent.ascent
        record.descent = extent.descent
        record.textAscent = extent.textAscent
        record.textDescent = extent.textDescent
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

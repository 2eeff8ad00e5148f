import LabelKitText

// A line's height and baseline: the extent of its runs and inline boxes, and the paragraph's line-height rules.

extension LineBreaker {
    /// Ascent, descent and height of the line showing the code units `content` of paragraph `paragraphIndex`,
    /// followed by the hanging spaces up to `measured.upperBound`.
    ///
    /// Every run in `measured` counts, the trailing spaces' too, as in Pango, TextKit and CSS: a line that ends in a
    /// space of a larger or raised run is as tall as that run. `measured` starts where `content` does and ends at or
    /// after it, before the paragraph's line break.
    func lineMetrics(
        content: Range<Int>, measured: Range<Int>, paragraphIndex: Int, usesFontLeading: Bool,
        of text: ShapedParagraphs
    ) -> BrokenLine {
        var extent = LineExtent()
        // An empty `measured` is an empty `content` at the same place: the line of an empty paragraph.
        let probe = measured.isEmpty ? measured.lowerBound..<(measured.lowerBound + 1) : measured
        let items = text.itemized.items
        let lineItems = text.itemized.items(overlapping: probe, in: text.itemized.paragraphItems[paragraphIndex])
        var hasInlineBoxes = false
        for itemIndex in lineItems {
            // Fields read in place: an item is large, and this runs for every line.
            guard items[itemIndex].start < probe.upperBound, items[itemIndex].end > probe.lowerBound else { continue }
            if items[itemIndex].isInlineBox {
                hasInlineBoxes = true
            } else {
                extent.include(items[itemIndex].metrics, shift: items[itemIndex].baselineShift)
            }
        }
        if hasInlineBoxes {
            // A line of inline boxes alone still has its font's height: their runs' fonts stand in for text.
            if !extent.hasText {
                for itemIndex in lineItems where items[itemIndex].isInlineBox {
                    guard items[itemIndex].start < probe.upperBound, items[itemIndex].end > probe.lowerBound
                    else { continue }
                    extent.include(items[itemIndex].metrics)
                }
            }
            for itemIndex in lineItems where items[itemIndex].isInlineBox {
                let item = items[itemIndex]
                guard item.start < probe.upperBound, item.end > probe.lowerBound else { continue }
                extent.include(text.inlineBoxes[Int(item.inlineBox)], shift: item.baselineShift)
            }
        } else if extent.isEmpty, let metrics = emptyLineMetrics(of: text, at: content.lowerBound) {
            extent.include(metrics)
        }
        var line = BrokenLine(
            start: content.lowerBound, end: content.upperBound, contentEnd: content.upperBound,
            paragraphIndex: paragraphIndex)
        line.ascent = extent.ascent
        line.descent = extent.descent
        line.textAscent = extent.textAscent
        line.textDescent = extent.textDescent
        Self.applyParagraphHeight(
            &line, gap: usesFontLeading ? extent.lineGap : 0, style: text.analysis.paragraphs[paragraphIndex].style)
        return line
    }

    /// Grows `line` (from ``lineMetrics(content:measured:paragraphIndex:usesFontLeading:of:)``, its paragraph
    /// without a line height) to hold the ruby over (or under) its bases in `measured`: its ascent (or descent) reaches
    /// at least as far as each annotation does, and its height is set again from them by the paragraph's rules.
    ///
    /// Called after line metrics rather than from them, and only for text with ruby, so that other text runs that
    /// function's code as before ruby.
    @inline(never)
    func makeRoomForRuby(
        in line: inout BrokenLine, measured: Range<Int>, usesFontLeading: Bool, of text: ShapedParagraphs
    ) {
        guard let rubies = text.rubies else { return }
        let probe = measured.isEmpty ? measured.lowerBound..<(measured.lowerBound + 1) : measured
        var ascent = line.ascent
        var descent = line.descent
        for index in rubies.segments(overlapping: probe) {
            let segment = rubies.segments[index]
            if segment.position == .over {
                ascent = max(ascent, segment.reach)
            } else {
                descent = max(descent, segment.reach)
            }
        }
        guard ascent > line.ascent || descent > line.descent else { return }
        var lineGap = 0.0
        if usesFontLeading {
            let items = text.itemized.items
            for itemIndex in text.itemized.items(
                overlapping: probe, in: text.itemized.paragraphItems[line.paragraphIndex])
            where !items[itemIndex].isInlineBox {
                lineGap = max(lineGap, items[itemIndex].metrics.lineGap)
            }
        }
        line.ascent = ascent
        line.descent = descent
        Self.applyParagraphHeight(&line, gap: lineGap, style: text.analysis.paragraphs[line.paragraphIndex].style)
    }

    /// Sets the line's height from its ascent and descent and the paragraph's line-height rules (as
    /// `NSParagraphStyle`): extra height goes above the text, so the baseline keeps its distance to the bottom. A
    /// paragraph with a ``/LabelKitText/ParagraphStyle/lineHeight`` sets its height again after
    /// (``applyLineHeight(_:to:measured:of:)``).
    static func applyParagraphHeight(_ line: inout BrokenLine, gap: Double, style: ParagraphLayoutStyle) {
        let natural = line.ascent + line.descent + gap
        var height = natural
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        line.height = height
        line.extraAbove = height - line.ascent - line.descent
    }

    /// Metrics for a line with no glyphs (an empty paragraph at `offset`): the primary face of the style there.
    func emptyLineMetrics(of text: ShapedParagraphs, at offset: Int) -> FontMetrics? {
        let styleIndex = text.text.styleIndex(at: max(0, min(offset, text.utf16.count - 1)))
        let style = text.text.styles[styleIndex]
        guard let face = try? fontSystem.face(for: style.fontDescriptor) else { return nil }
        return face.metrics(size: style.fontSize)
    }
}

extension ShapedParagraphs {
    /// The width left for a line's text in a paragraph of `style` once its indents are taken from `width` (the
    /// container's inner width; infinite without a width limit).
    func availableWidth(_ width: Double, style: ParagraphLayoutStyle, firstLine: Bool) -> Double {
        let indents = (firstLine ? style.firstLineHeadIndent : style.headIndent) + style.tailIndent
        return indents == 0 ? width : max(width - indents, 0)
    }

    /// The space between two consecutive lines, of paragraphs `previous` and `next`: the earlier line's paragraph's
    /// line spacing, and where a new paragraph starts, the earlier paragraph's spacing after and the later one's
    /// spacing before.
    func spacing(afterParagraph previous: Int, beforeParagraph next: Int) -> Double {
        // Fields read in place: copying a paragraph's style per line would cost more than the sum.
        let lineSpacing = analysis.paragraphs[previous].style.lineSpacing
        guard next != previous else { return lineSpacing }
        return lineSpacing + analysis.paragraphs[previous].style.paragraphSpacing
            + analysis.paragraphs[next].style.paragraphSpacingBefore
    }
}

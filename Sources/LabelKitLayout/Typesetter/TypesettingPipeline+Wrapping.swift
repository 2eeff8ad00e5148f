import LabelKitText

extension TypesettingPipeline {
    /// The second half of the pipeline: breaks `shaped` into lines in `container`, fits them
    /// (``/LabelKitText/TextContainer/minimumScaleFactor``, ``/LabelKitText/TextContainer/allowsTighteningForTruncation``)
    /// and truncates them, and hands everything to assembly, which builds the layout or the measurement.
    ///
    /// Vertical text is the same lines in a turned container: the container is turned on the way in (the
    /// ``LineTransform``), and assembly turns the geometry back on the way out. Without `ownsText`, `shaped` belongs
    /// to a ``ShapedText`` that wraps it again later: its arrays are read, never given back to the context, and
    /// fitting shapes a copy of its text rather than touching it. `baseStyle` is the style of a token of the
    /// container's own.
    func wrap(
        _ shaped: consuming ShapedParagraphs, in container: TextContainer, ownsText: Bool, baseStyle: TextStyle
    ) throws(LayoutError) -> LayoutAssembler {
        var text = consume shaped
        var ownsText = ownsText
        let transform = LineTransform(container)
        if text.transform != transform {
            // Text shaped for another writing mode (a shaped text laid out in a vertical container) is shaped again:
            // upright glyphs are other glyphs.
            let reshaped = try shape(text.text, for: transform)
            if ownsText { text.recycle() }
            text = reshaped
            ownsText = true
        }
        let lineContainer = transform.lineContainer(for: container)
        let insets = lineContainer.insets
        let limits = LineLimits(
            maximumWidth: lineContainer.width.map { max(0, $0 - insets.left - insets.right) } ?? .infinity,
            maximumLines: lineContainer.maximumNumberOfLines > 0 ? lineContainer.maximumNumberOfLines : .max,
            maximumHeight: lineContainer.height.map { max(0, $0 - insets.top - insets.bottom) } ?? .infinity,
            usesFontLeading: lineContainer.usesFontLeading
        )
        var (lines, isTruncated) = brokenLines(of: &text, limits)
        var scale = 1.0
        if isTruncated, lineContainer.minimumScaleFactor < 1 || lineContainer.allowsTighteningForTruncation {
            if !ownsText {
                // Fitting shapes the text again at other sizes and gives back what it does not keep: on a copy, whose
                // tabs get their widths again.
                text = try shape(text.text, for: transform)
                ownsText = true
                if text.analysis.paragraphs.contains(where: \.containsTabs) {
                    (lines, isTruncated) = brokenLines(of: &text, limits)
                }
            }
            let fit = try fitting(
                FittedText(shaped: consume text, lines: lines, isTruncated: isTruncated), limits: limits,
                container: lineContainer)
            text = fit.shaped
            (lines, isTruncated, scale) = (fit.lines, fit.isTruncated, fit.scale)
        }
        var token: ShapedParagraphs? = nil
        var segments: [LineSegment]? = nil
        if isTruncated, lineContainer.truncation != .clip, let last = lines.last {
            let tokenText = try Self.tokenText(after: last, of: text, lineContainer, baseStyle: baseStyle)
            // A token of the container's own is in the base style; "…" already takes the shrunk text's style.
            let shapedToken = try shape(
                scale == 1 || lineContainer.truncationToken == nil
                    ? tokenText : tokenText.scaled(by: scale, tighteningBy: 0),
                for: transform)
            let tokenLength = shapedToken.utf16.count
            segments = text.truncatedSegments(
                line: last, mode: lineContainer.truncation, tokenLength: tokenLength,
                tokenWidth: shapedToken.advance(of: 0..<tokenLength), maximumWidth: limits.maximumWidth)
            token = consume shapedToken
        }
        // List markers are shaped in the style their items have now (after any shrinking).
        var markers: ShapedListMarkers? = nil
        if !text.analysis.listMarkers.isEmpty {
            markers = ShapedListMarkers(
                try shape(StyledText(listMarkers: text.analysis.listMarkers, of: text), for: transform))
        }
        let fitted = FittedLines(lines: lines, truncatedSegments: segments, isTruncated: isTruncated, scale: scale)
        // The shaped texts move into the assembler, and their arrays back to the context from there: no copy of either.
        return LayoutAssembler(
            text: consume text, token: consume token, markers: markers, fitted: fitted,
            container: lineContainer,
            labelContainer: container, ownsText: ownsText)
    }

    /// The token's text: the container's, over the base style, or "…" in the style of the text it follows.
    private static func tokenText(
        after line: BrokenLine, of text: ShapedParagraphs, _ container: TextContainer, baseStyle: TextStyle
    ) throws(LayoutError) -> StyledText {
        if let token = container.truncationToken {
            return try StyledText(attributed: token, style: baseStyle, linkIndexOffset: text.text.links.count)
        }
        let paragraph = text.analysis.paragraphs[line.paragraphIndex]
        let anchor = max(line.start, min(paragraph.contentEnd, line.contentEnd) - 1)
        let anchorIndex = min(anchor, max(text.utf16.count - 1, 0))
        var resolved = text.text.styles[text.text.styleIndex(at: anchorIndex)]
        resolved.linkIndex = nil
        resolved.attachment = nil
        // On an empty line the anchor is its line break, which is never drawn and whose raise no line measures: a
        // token raised by it made the truncated line taller than the whole text (found by `make fuzz`).
        if anchorIndex < text.utf16.count, CharacterClass.isLineBreak(text.utf16[anchorIndex]) {
            resolved.baselineOffset = 0
        }
        return StyledText(
            string: "\u{2026}", resolvedStyle: resolved, paragraphStyle: text.text.paragraphStyle(at: paragraph.start))
    }
}

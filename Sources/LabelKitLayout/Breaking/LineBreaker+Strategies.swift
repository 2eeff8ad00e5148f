import LabelKitText

/// The lines of a scan of a paragraph (or of its last lines) at one width.
struct LineScan {
    /// Where lines end, the last line's end left out: `lineCount - 1` of them.
    var breaks: [LineBreak] = []
    /// Whether a line broke at a cluster that is no opportunity (a word wider than the line).
    var hasForcedBreak = false
    /// How much narrower every line could be and still hold the same text: the least width left over on a line.
    var slack = Double.infinity

    var lineCount: Int { breaks.count + 1 }
}

extension LineBreaker {
    /// The line ends that ``LineBreakStrategy/balanced`` or ``LineBreakStrategy/pretty`` choose for `paragraph`, the
    /// last line's end left out; nil to wrap it greedily: a single line, a word wider than the line, more lines than
    /// the limits leave (the text is truncated, as greedy wrapping would truncate it), more than 10 lines to balance,
    /// or, for pretty, a last line that needs no help or cannot be helped.
    func plannedBreaks(_ paragraph: Paragraph, rules: LineScanRules, of shaped: ShapedParagraphs) -> [LineBreak]? {
        let text = paragraph.start..<paragraph.contentEnd
        let greedy = scanLines(text, narrowing: 0, rules: rules, startsParagraph: true, of: shaped)
        guard greedy.lineCount >= 2, !greedy.hasForcedBreak, greedy.lineCount <= limits.maximumLines - lines.count
        else { return nil }
        switch paragraph.style.lineBreakStrategy {
        case .greedy:
            return nil
        case .balanced:
            guard greedy.lineCount <= 10 else { return nil }
            return balancedBreaks(text, lineCount: greedy.lineCount, rules: rules, startsParagraph: true, of: shaped)
        case .pretty:
            guard hasPoorLastLine(greedy.breaks, in: text, rules: rules, of: shaped) else { return nil }
            // Balance the last two lines among themselves, then three, then four: the first that fixes the last line.
            for count in 2...min(4, greedy.lineCount) {
                let kept = greedy.lineCount - count
                let start = kept == 0 ? text.lowerBound : greedy.breaks[kept - 1].offset
                let tail = balancedBreaks(
                    start..<text.upperBound, lineCount: count, rules: rules, startsParagraph: kept == 0, of: shaped)
                let candidate = Array(greedy.breaks.prefix(kept)) + tail
                if !hasPoorLastLine(candidate, in: text, rules: rules, of: shaped) { return candidate }
            }
            return nil
        }
    }

    /// Greedy lines over `range` with every line `narrowing` points narrower than its paragraph allows; the first
    /// line is the paragraph's first when `startsParagraph`.
    func scanLines(
        _ range: Range<Int>, narrowing: Double, rules: LineScanRules, startsParagraph: Bool, of text: ShapedParagraphs
    ) -> LineScan {
        var scan = LineScan()
        var lineStart = range.lowerBound
        var width = (startsParagraph ? rules.firstLineWidth : rules.otherLineWidth) - narrowing
        while true {
            let end = lineBreak(from: lineStart, to: range.upperBound, width: width, rules: rules, of: text)
            let content = text.trimmingTrailingSpaces(lineStart..<end.offset)
            scan.slack = min(
                scan.slack, width - lineAdvance(of: content, rules: rules, of: text) - (end.hyphen?.advance ?? 0))
            if end.offset >= range.upperBound { return scan }
            if end.hyphen == nil, !rules.isOpportunity(text.analysis.flags[end.offset]) { scan.hasForcedBreak = true }
            scan.breaks.append(end)
            lineStart = end.offset
            width = rules.otherLineWidth - narrowing
        }
    }

    /// The line ends that fit `range` into `lineCount` lines (the greedy count) at the narrowest width, the last
    /// line's end left out.
    ///
    /// Greedy filling needs the fewest lines at any width, so the narrowest width that keeps `lineCount` lines is
    /// where greedy filling starts to need more: a bisection on how much every line is narrowed, each feasible try
    /// narrowed further by the slack its lines leave, to 1/1000 of a point.
    func balancedBreaks(
        _ range: Range<Int>, lineCount: Int, rules: LineScanRules, startsParagraph: Bool, of text: ShapedParagraphs
    ) -> [LineBreak] {
        let widest = scanLines(range, narrowing: 0, rules: rules, startsParagraph: startsParagraph, of: text)
        var best = widest.breaks
        var feasible = max(0, widest.slack)
        var infeasible = min(rules.firstLineWidth, rules.otherLineWidth)
        var tries = 0
        while infeasible - feasible > 0.001, tries < 64 {
            tries += 1
            let narrowing = (feasible + infeasible) / 2
            let scan = scanLines(
                range, narrowing: narrowing, rules: rules, startsParagraph: startsParagraph, of: text)
            if scan.lineCount <= lineCount, !scan.hasForcedBreak {
                best = scan.breaks
                feasible = narrowing + max(0, scan.slack)
            } else {
                infeasible = narrowing
            }
        }
        return best
    }

    /// Whether the last of the lines ending at `breaks` over `range` is poor: under a third of its line's width, or a
    /// single word (no break opportunity inside it).
    func hasPoorLastLine(
        _ breaks: [LineBreak], in range: Range<Int>, rules: LineScanRules, of text: ShapedParagraphs
    ) -> Bool {
        let start = breaks.last?.offset ?? range.lowerBound
        let content = text.trimmingTrailingSpaces(start..<range.upperBound)
        let available = breaks.isEmpty ? rules.firstLineWidth : rules.otherLineWidth
        if lineAdvance(of: content, rules: rules, of: text) < available / 3 { return true }
        var offset = content.lowerBound + 1
        while offset < content.upperBound {
            let flags = text.analysis.flags[offset]
            if flags.contains(.graphemeBoundary), rules.isOpportunity(flags) {
                return false
            }
            offset += 1
        }
        return true
    }
}

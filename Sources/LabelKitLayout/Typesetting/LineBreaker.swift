import LabelKitText

/// Line filling with its state in one place (no closures over mutable locals in the hot loop): greedy, or balanced
/// and pretty on top of greedy scans (``LineBreaker+Strategies.swift``).
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
        let rules = LineScanRules(
            style: paragraph.style,
            firstLineWidth: pass.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: true),
            otherLineWidth: pass.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: false),
            canHyphenateWords: pass.hyphenator != nil)
        if paragraph.style.lineBreakStrategy != .greedy, paragraph.style.lineWrapping == .byWord,
            let breaks = plannedBreaks(paragraph, rules: rules, in: pass)
        {
            var lineStart = paragraph.start
            for end in breaks {
                if !emit(lineStart..<end.offset, hyphen: end.hyphen, paragraphIndex: paragraphIndex, in: pass) {
                    return false
                }
                lineStart = end.offset
            }
            return emit(lineStart..<paragraph.end, paragraphIndex: paragraphIndex, in: pass)
        }
        var lineStart = paragraph.start
        var maximumWidth = rules.firstLineWidth
        while true {
            let end = pass.greedyLineEnd(from: lineStart, to: paragraph.contentEnd, width: maximumWidth, rules: rules)
            if end.offset >= paragraph.contentEnd { break }
            if !emit(lineStart..<end.offset, hyphen: end.hyphen, paragraphIndex: paragraphIndex, in: pass) {
                return false
            }
            lineStart = end.offset
            maximumWidth = rules.otherLineWidth
        }
        return emit(lineStart..<paragraph.end, paragraphIndex: paragraphIndex, in: pass)
    }

    /// Adds a line if the limits allow it; `hyphen` is drawn after its last character.
    private mutating func emit(
        _ range: Range<Int>, hyphen: LineHyphen? = nil, paragraphIndex: Int, in pass: TypesettingPass
    ) -> Bool {
        if lines.count >= limits.maximumLines { return false }
        let content = pass.trimmingTrailingSpaces(range)
        // The trailing spaces count in the line's height; the line break does not.
        let spacesEnd = min(range.upperBound, pass.buffers.paragraphs[paragraphIndex].contentEnd)
        let measured = content.lowerBound..<max(content.upperBound, spacesEnd)
        var record = pass.lineMetrics(
            content: content, measured: measured, paragraphIndex: paragraphIndex,
            usesFontLeading: limits.usesFontLeading
        )
        record.end = range.upperBound
        record.hyphen = hyphen
        let spacing =
            lines.isEmpty
            ? 0 : pass.spacing(afterParagraph: lines[lines.count - 1].paragraphIndex, beforeParagraph: paragraphIndex)
        if !lines.isEmpty, usedHeight + spacing + record.height > limits.maximumHeight + 1e-9 { return false }
        usedHeight += spacing + record.height
        lines.append(record)
        return true
    }
}

/// What a line scan of one paragraph needs from its style: the widths of its first and other lines, and which
/// boundary flags make a break opportunity.
struct LineScanRules {
    /// The width of the paragraph's first line, its indents taken off.
    let firstLineWidth: Double
    /// The width of its other lines.
    let otherLineWidth: Double
    /// Break between any two grapheme clusters (``LineWrapping/byCharacter``).
    let byCharacter: Bool
    /// The bits of a boundary's flags that decide whether it is an opportunity, and the value they must have:
    /// ``TextBoundaryFlags/lineBreakOpportunity`` set and, with ``WordBreak/keepAll``,
    /// ``TextBoundaryFlags/betweenLetters`` clear.
    let opportunityMask: UInt8
    let opportunityValue: UInt8
    /// Whether words are hyphenated from the dictionary of their language (``Hyphenation/auto`` and a hyphenator).
    let hyphenatesWords: Bool
    /// ``ParagraphStyle/hyphenationFactor``, clamped to 0…1.
    let hyphenationFactor: Double

    /// The rules of a paragraph in `style` whose lines are `firstLineWidth` and `otherLineWidth` wide; words are
    /// hyphenated from a dictionary only if `canHyphenateWords` (the typesetter has a hyphenator).
    init(style: ParagraphStyle, firstLineWidth: Double, otherLineWidth: Double, canHyphenateWords: Bool) {
        self.firstLineWidth = firstLineWidth
        self.otherLineWidth = otherLineWidth
        byCharacter = style.lineWrapping == .byCharacter
        opportunityValue = TextBoundaryFlags.lineBreakOpportunity.rawValue
        opportunityMask =
            style.wordBreak == .keepAll
            ? opportunityValue | TextBoundaryFlags.betweenLetters.rawValue : opportunityValue
        hyphenatesWords = style.hyphenation == .auto && canHyphenateWords && style.hyphenationFactor > 0
        hyphenationFactor = min(max(style.hyphenationFactor, 0), 1)
    }

    /// Whether a line may break before a boundary with `flags`.
    @inline(__always) func isOpportunity(_ flags: TextBoundaryFlags) -> Bool {
        byCharacter || flags.rawValue & opportunityMask == opportunityValue
    }
}

/// Where a line ends, and the hyphen drawn there when it ends inside a word.
struct LineEnd {
    var offset: Int
    var hyphen: LineHyphen? = nil
}

extension TypesettingPass {
    /// Where a greedy line starting at `lineStart` ends: the last opportunity before the first grapheme cluster that
    /// does not fit `width` (spaces hang past it) — or, where the paragraph may hyphenate, a later hyphenation point
    /// that fits with its hyphen — the cluster itself when the line has no opportunity (a word wider than the line),
    /// or `end` when the rest fits.
    func greedyLineEnd(from lineStart: Int, to end: Int, width maximumWidth: Double, rules: LineScanRules) -> LineEnd {
        // The flags and advances as local constants, read through one pointer each: no bounds check or reach through
        // the buffers per cluster, which made this loop about a fourteenth of laying out Latin text.
        let flags = buffers.flags
        let advances = buffers.graphemeAdvances
        precondition(lineStart >= 0 && end <= advances.count && end < flags.count)
        let overflow: (offset: Int, lastOpportunity: Int)? = flags.withUnsafeBufferPointer { flags in
            advances.withUnsafeBufferPointer { advances in
                var offset = lineStart
                var width = 0.0
                var lastOpportunity = -1
                while offset < end {
                    var next = offset + 1
                    while next < end, !flags[next].contains(.graphemeBoundary) { next += 1 }
                    let advance = advances[offset]
                    if offset > lineStart, rules.isOpportunity(flags[offset]) { lastOpportunity = offset }
                    if offset > lineStart, width + advance > maximumWidth,
                        !CharacterClass.isHangingSpace(utf16[offset])
                    {
                        return (offset, lastOpportunity)
                    }
                    width += advance
                    offset = next
                }
                return nil
            }
        }
        guard let (offset, lastOpportunity) = overflow else { return LineEnd(offset: end) }
        // The overflowing word may end the line in a hyphen: a dictionary's, or at a soft hyphen in it (or just before
        // it), looked for only here, once per line.
        let wordStart = lastOpportunity > lineStart ? lastOpportunity - 1 : lineStart
        if !rules.byCharacter, rules.hyphenatesWords || containsSoftHyphen(wordStart..<offset) {
            return hyphenatedLineEnd(
                from: lineStart, lastOpportunity: lastOpportunity, overflow: offset, paragraphEnd: end,
                width: maximumWidth, rules: rules)
        }
        return LineEnd(offset: lastOpportunity > lineStart ? lastOpportunity : offset)
    }

    /// Whether `range` holds a soft hyphen.
    private func containsSoftHyphen(_ range: Range<Int>) -> Bool {
        for offset in range where utf16[offset] == CharacterClass.softHyphen { return true }
        return false
    }
}

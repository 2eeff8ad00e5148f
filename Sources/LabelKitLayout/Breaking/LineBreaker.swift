import LabelKitText

/// The line-breaking stage: greedy, or balanced and pretty on top of greedy scans (``LineBreaker+Strategies.swift``),
/// with hyphenation (``LineBreaker+Hyphenation.swift``) and each line's height (``LineBreaker+Metrics.swift``).
///
/// Reads a ``ShapedParagraphs`` — boundary flags, levels, paragraphs, items and grapheme advances — and the limits;
/// writes the ``BrokenLine``s. Its state lives in one place (no closures over mutable locals in the hot loop).
struct LineBreaker {
    let limits: LineLimits
    /// Finds hyphenation points for paragraphs with automatic hyphenation; nil for none.
    let hyphenator: HyphenatorReference?
    /// Gives an empty paragraph's line the height of its style's font.
    let fontSystem: any FontSystem
    var lines: [BrokenLine] = []
    var usedHeight = 0.0
    /// The tabs of the paragraphs broken so far that hold one: nil (one word, one check, nothing to free) until a
    /// paragraph holds a tab. A reference, so that the breaker stays as small as before tabs: it is copied for every
    /// line scanned, and six words more made tab-free Latin labels cost 0.14 % more instructions.
    var tabState: LineTabState? = nil

    init(limits: LineLimits, hyphenator: HyphenatorReference?, fontSystem: any FontSystem) {
        self.limits = limits
        self.hyphenator = hyphenator
        self.fontSystem = fontSystem
        // Labels have a few lines: one allocation for most, rather than growing the array line by line.
        lines.reserveCapacity(8)
    }

    /// Breaks every paragraph of `text` into lines, until the text or the limits run out; returns the lines and
    /// whether text was left over (the layout must be truncated).
    // A stage's entry point is never inlined: profiles (Benchmarks/stage-costs.sh) attribute by stage.
    @inline(never)
    mutating func breakLines(of text: ShapedParagraphs) -> (lines: [BrokenLine], truncated: Bool) {
        var truncated = false
        for paragraphIndex in text.analysis.paragraphs.indices where !breakParagraph(paragraphIndex, of: text) {
            truncated = true
            break
        }
        if truncated, let last = lines.last, text.analysis.paragraphs[last.paragraphIndex].containsTabs {
            // Truncation fits the rest of the last line's paragraph into it: its tabs are measured on that line.
            let end = text.analysis.paragraphs[last.paragraphIndex].contentEnd
            resolveTabs(
                in: text.trimmingTrailingSpaces(last.start..<end),
                tabs: tabs(ofParagraph: last.paragraphIndex, of: text),
                of: text)
        }
        // Moved out, not copied: the caller appends nothing, but a shared array would be copied by the next line.
        var broken: [BrokenLine] = []
        swap(&broken, &lines)
        return (broken, truncated)
    }

    /// Breaks one paragraph; false when a limit stopped it before its end.
    private mutating func breakParagraph(_ paragraphIndex: Int, of text: ShapedParagraphs) -> Bool {
        guard text.analysis.paragraphs[paragraphIndex].containsTabs else {
            return breakParagraph(paragraphIndex, of: text, tabs: UntabbedLines.self)
        }
        let tabs = tabs(ofParagraph: paragraphIndex, of: text)
        tabState?.paragraphTabs = tabs
        return breakParagraph(paragraphIndex, of: text, tabs: TabbedLines.self)
    }

    /// Breaks one paragraph, its tabs resolved as `Tabs` says: specialised for each, so that the lines of a paragraph
    /// without tabs check nothing about tabs (one loop for both cost tab-free labels 0.25 % to 0.26 % more
    /// instructions, latin and chinese).
    private mutating func breakParagraph<Tabs: LineTabHandling>(
        _ paragraphIndex: Int, of text: ShapedParagraphs, tabs: Tabs.Type
    ) -> Bool {
        let paragraph = text.analysis.paragraphs[paragraphIndex]
        let rules = LineScanRules(
            style: paragraph.style,
            firstLineWidth: text.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: true),
            otherLineWidth: text.availableWidth(limits.maximumWidth, style: paragraph.style, firstLine: false),
            canHyphenateWords: hyphenator != nil, hasTabs: Tabs.resolvesTabs)
        if paragraph.style.lineBreakStrategy != .greedy, !rules.byCharacter,
            let breaks = plannedBreaks(paragraph, rules: rules, of: text)
        {
            var lineStart = paragraph.start
            for end in breaks {
                if !emit(
                    lineStart..<end.offset, hyphen: end.hyphen, paragraphIndex: paragraphIndex, tabs: tabs, of: text)
                {
                    return false
                }
                lineStart = end.offset
            }
            return emit(lineStart..<paragraph.end, paragraphIndex: paragraphIndex, tabs: tabs, of: text)
        }
        var lineStart = paragraph.start
        var maximumWidth = rules.firstLineWidth
        while true {
            let end =
                Tabs.resolvesTabs
                ? tabbedLineBreak(
                    from: lineStart, to: paragraph.contentEnd, width: maximumWidth, rules: rules, of: text)
                : greedyLineBreak(
                    from: lineStart, to: paragraph.contentEnd, width: maximumWidth, rules: rules, of: text)
            if end.offset >= paragraph.contentEnd { break }
            if !emit(lineStart..<end.offset, hyphen: end.hyphen, paragraphIndex: paragraphIndex, tabs: tabs, of: text) {
                return false
            }
            lineStart = end.offset
            maximumWidth = rules.otherLineWidth
        }
        return emit(lineStart..<paragraph.end, paragraphIndex: paragraphIndex, tabs: tabs, of: text)
    }

    /// Adds a line if the limits allow it; `hyphen` is drawn after its last character; with ``TabbedLines``, the
    /// line's tabs take their widths from ``paragraphTabs``.
    @inline(__always)
    private mutating func emit<Tabs: LineTabHandling>(
        _ range: Range<Int>, hyphen: LineHyphen? = nil, paragraphIndex: Int, tabs: Tabs.Type,
        of text: ShapedParagraphs
    ) -> Bool {
        if lines.count >= limits.maximumLines { return false }
        let content = text.trimmingTrailingSpaces(range)
        // The trailing spaces count in the line's height; the line break does not.
        let spacesEnd = min(range.upperBound, text.analysis.paragraphs[paragraphIndex].contentEnd)
        let measured = content.lowerBound..<max(content.upperBound, spacesEnd)
        var line = lineMetrics(
            content: content, measured: measured, paragraphIndex: paragraphIndex,
            usesFontLeading: limits.usesFontLeading, of: text)
        // Read in place, once per line: a paragraph without a line height pays this check alone.
        if let lineHeight = text.analysis.paragraphs[paragraphIndex].style.lineHeight {
            applyLineHeight(lineHeight, to: &line, measured: measured, of: text)
        } else if text.text.rubies != nil {
            // A null check alone in this loop: finding the shaped annotations is out of line.
            makeRoomForRuby(in: &line, measured: measured, usesFontLeading: limits.usesFontLeading, of: text)
        }
        line.end = range.upperBound
        line.hyphen = hyphen
        let spacing =
            lines.isEmpty
            ? 0 : text.spacing(afterParagraph: lines[lines.count - 1].paragraphIndex, beforeParagraph: paragraphIndex)
        if !lines.isEmpty, usedHeight + spacing + line.height > limits.maximumHeight + 1e-9 { return false }
        usedHeight += spacing + line.height
        lines.append(line)
        if Tabs.resolvesTabs, let tabs = paragraphTabs { resolveTabs(in: content, tabs: tabs, of: text) }
        return true
    }

    /// Where a line starting at `lineStart` ends: ``greedyLineBreak(from:to:width:rules:of:)``, or in a paragraph
    /// that holds a tab, the same with each tab as wide as its stop makes it (``tabbedLineBreak(from:to:width:rules:of:)``).
    func lineBreak(
        from lineStart: Int, to end: Int, width maximumWidth: Double, rules: LineScanRules, of text: ShapedParagraphs
    ) -> LineBreak {
        if rules.hasTabs {
            return tabbedLineBreak(from: lineStart, to: end, width: maximumWidth, rules: rules, of: text)
        }
        return greedyLineBreak(from: lineStart, to: end, width: maximumWidth, rules: rules, of: text)
    }

    /// Where a greedy line starting at `lineStart` ends: the last opportunity before the first grapheme cluster that
    /// does not fit `width` (spaces hang past it) — or, where the paragraph may hyphenate, a later hyphenation point
    /// that fits with its hyphen — the cluster itself when the line has no opportunity (a word wider than the line),
    /// or `end` when the rest fits.
    func greedyLineBreak(
        from lineStart: Int, to end: Int, width maximumWidth: Double, rules: LineScanRules, of text: ShapedParagraphs
    ) -> LineBreak {
        // The flags and advances as local constants, read through one pointer each: no bounds check or reach through
        // the arrays' owners per cluster, which made this loop about a fourteenth of laying out Latin text.
        let flags = text.analysis.flags
        let advances = text.shaping.graphemeAdvances
        let utf16 = text.utf16
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
        guard let (offset, lastOpportunity) = overflow else { return LineBreak(offset: end) }
        // The overflowing word may end the line in a hyphen: a dictionary's, or at a soft hyphen in it (or just before
        // it), looked for only here, once per line.
        let wordStart = lastOpportunity > lineStart ? lastOpportunity - 1 : lineStart
        if !rules.byCharacter, rules.hyphenatesWords || Self.containsSoftHyphen(wordStart..<offset, in: utf16) {
            return hyphenatedLineBreak(
                from: lineStart, lastOpportunity: lastOpportunity, overflow: offset, paragraphEnd: end,
                width: maximumWidth, rules: rules, of: text)
        }
        return LineBreak(offset: lastOpportunity > lineStart ? lastOpportunity : offset)
    }

    /// Whether `range` of `units` holds a soft hyphen.
    static func containsSoftHyphen(_ range: Range<Int>, in units: [UInt16]) -> Bool {
        for offset in range where units[offset] == CharacterClass.softHyphen { return true }
        return false
    }
}

/// What a line scan of one paragraph needs from its style: the widths of its first and other lines, and which
/// boundary flags make a break opportunity.
struct LineScanRules {
    /// The width of the paragraph's first line, its indents taken off.
    let firstLineWidth: Double
    /// The width of its other lines.
    let otherLineWidth: Double
    /// Break between any two grapheme clusters (``/LabelKitText/WordBreak/anywhere``).
    let byCharacter: Bool
    /// The bits of a boundary's flags that decide whether it is an opportunity, and the value they must have:
    /// ``TextBoundaryFlags/lineBreakOpportunity`` set and, with ``/LabelKitText/WordBreak/keepAll``,
    /// ``TextBoundaryFlags/betweenLetters`` clear.
    let opportunityMask: UInt8
    let opportunityValue: UInt8
    /// Whether words are hyphenated from the dictionary of their language (``/LabelKitText/Hyphenation/auto`` and a
    /// hyphenator).
    let hyphenatesWords: Bool
    /// Whether the paragraph holds a tab: its lines are then scanned with its tab stops
    /// (``LineBreaker/paragraphTabs``). Declared among the other single bytes, so that the rules stay four words,
    /// which are passed in registers: one byte more made tab-free Latin labels cost 1.5 % more instructions.
    let hasTabs: Bool
    /// ``/LabelKitText/ParagraphStyle/hyphenationFactor``, clamped to 0…1.
    let hyphenationFactor: Double

    /// The rules of a paragraph in `style` whose lines are `firstLineWidth` and `otherLineWidth` wide; words are
    /// hyphenated from a dictionary only if `canHyphenateWords` (the typesetter has a hyphenator); `hasTabs` when the
    /// paragraph holds a tab.
    init(
        style: ParagraphLayoutStyle, firstLineWidth: Double, otherLineWidth: Double, canHyphenateWords: Bool,
        hasTabs: Bool = false
    ) {
        self.hasTabs = hasTabs
        self.firstLineWidth = firstLineWidth
        self.otherLineWidth = otherLineWidth
        byCharacter = style.wordBreak == .anywhere
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

/// Whether the lines being broken resolve their tabs: a type, so that ``LineBreaker`` specialises its paragraph loop
/// for each and the tab-free one carries no check.
protocol LineTabHandling {
    /// Whether each line's tabs take their widths from ``LineBreaker/paragraphTabs``.
    static var resolvesTabs: Bool { get }
}

/// The lines of a paragraph without a tab.
enum UntabbedLines: LineTabHandling {
    static var resolvesTabs: Bool { false }
}

/// The lines of a paragraph that holds a tab.
enum TabbedLines: LineTabHandling {
    static var resolvesTabs: Bool { true }
}

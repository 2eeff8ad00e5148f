import LabelKitText

// Tabs in line breaking: a paragraph that holds a tab is scanned with a pen that gives each tab its width on its line
// (``TabPen``), and the widths of the tabs of the lines it keeps go into the shaped text, so that positioning,
// measuring, hit-testing and drawing all read the widths line breaking fitted. Paragraphs without a tab never come
// here.

/// The width line breaking gives the tab at `offset`.
struct TabWidth: Sendable {
    var offset: Int
    var width: Double
}

/// What line breaking records of tabs: the width of each tab of the lines broken so far, in text order (a later entry
/// for the same tab wins: what ``ShapedParagraphs/setTabWidths(_:)`` writes into the shaped text), and the width of a
/// space in the first font of each style whose paragraphs hold tabs, found once per style.
struct TabRecord: Sendable {
    var widths: [TabWidth] = []
    var spaceWidths: [(styleIndex: Int, width: Double)] = []
}

/// What line breaking keeps of tabs across paragraphs: the tabs of the paragraph being broken, and the record.
final class LineTabState {
    /// The tab stops of the last paragraph broken that holds a tab, read only while ``LineScanRules/hasTabs`` says
    /// the paragraph being broken is that one.
    var paragraphTabs: ParagraphTabs? = nil
    /// The widths of the tabs of the lines broken so far, and what they were found with.
    var record = TabRecord()
}

extension LineBreaker {
    /// The tab stops of the last paragraph broken that holds a tab (``LineTabState/paragraphTabs``).
    var paragraphTabs: ParagraphTabs? { tabState?.paragraphTabs }

    /// The widths of the tabs of the lines broken so far; nil when no paragraph held a tab.
    var tabRecord: TabRecord? { tabState?.record }

    /// The tabs of paragraph `paragraphIndex`: its style's stops, eight spaces of its first font as the default
    /// interval, and the decimal separator of its first character's language.
    mutating func tabs(ofParagraph paragraphIndex: Int, of text: ShapedParagraphs) -> ParagraphTabs {
        let paragraph = text.analysis.paragraphs[paragraphIndex]
        let styleIndex = text.text.styleIndex(at: max(0, min(paragraph.start, text.utf16.count - 1)))
        let style = text.text.styles[styleIndex]
        let state = tabState ?? LineTabState()
        tabState = state
        let spaceWidth: Double
        if let known = state.record.spaceWidths.first(where: { $0.styleIndex == styleIndex }) {
            spaceWidth = known.width
        } else {
            let face = try? fontSystem.face(for: style.fontDescriptor)
            spaceWidth = face.map { Double(Shaper.spaceAdvance(of: $0, size: style.fontSize)) } ?? style.fontSize / 4
            state.record.spaceWidths.append((styleIndex, spaceWidth))
        }
        return ParagraphTabs(
            style: text.text.paragraphStyle(at: paragraph.start), spaceWidth: spaceWidth, language: style.language)
    }

    /// Where a line of a paragraph with tabs, starting at `lineStart`, ends: as
    /// ``greedyLineBreak(from:to:width:rules:of:)`` finds it for other paragraphs, each tab as wide as its stop makes
    /// it (spaces and tabs hang past the end of the line).
    @inline(never)
    func tabbedLineBreak(
        from lineStart: Int, to end: Int, width maximumWidth: Double, rules: LineScanRules, of text: ShapedParagraphs
    ) -> LineBreak {
        guard let tabs = paragraphTabs else {
            return greedyLineBreak(from: lineStart, to: end, width: maximumWidth, rules: rules, of: text)
        }
        let flags = text.analysis.flags
        let advances = text.shaping.graphemeAdvances
        let utf16 = text.utf16
        precondition(lineStart >= 0 && end <= advances.count && end < flags.count && end <= utf16.count)
        var pen = TabPen()
        var offset = lineStart
        var lastOpportunity = -1
        while offset < end {
            var next = offset + 1
            while next < end, !flags[next].contains(.graphemeBoundary) { next += 1 }
            if offset > lineStart, rules.isOpportunity(flags[offset]) { lastOpportunity = offset }
            let unit = utf16[offset]
            var moved = pen
            if unit == 0x09 {
                moved.addTab(at: offset, tabs: tabs)
            } else {
                moved.add(advances[offset], unit: unit, decimalSeparator: tabs.decimalSeparator)
            }
            if offset > lineStart, moved.width > maximumWidth, !CharacterClass.isHangingSpace(unit) {
                let wordStart = lastOpportunity > lineStart ? lastOpportunity - 1 : lineStart
                if !rules.byCharacter,
                    rules.hyphenatesWords || Self.containsSoftHyphen(wordStart..<offset, in: utf16)
                {
                    return hyphenatedLineBreak(
                        from: lineStart, lastOpportunity: lastOpportunity, overflow: offset, paragraphEnd: end,
                        width: maximumWidth, rules: rules, of: text)
                }
                return LineBreak(offset: lastOpportunity > lineStart ? lastOpportunity : offset)
            }
            pen = moved
            offset = next
        }
        return LineBreak(offset: end)
    }

    /// The width of the text `range` from a line's start, its tabs as wide as `rules`' stops make them.
    func lineAdvance(of range: Range<Int>, rules: LineScanRules, of text: ShapedParagraphs) -> Double {
        guard rules.hasTabs, let tabs = paragraphTabs else { return text.advance(of: range) }
        var unused: [TabWidth] = []
        return Self.measureTabbedLine(range, tabs: tabs, of: text, recording: false, into: &unused)
    }

    /// Records the width of every tab in `content`, the drawn text of a line, into ``tabRecord``.
    mutating func resolveTabs(in content: Range<Int>, tabs: ParagraphTabs, of text: ShapedParagraphs) {
        let state = tabState ?? LineTabState()
        tabState = state
        _ = Self.measureTabbedLine(content, tabs: tabs, of: text, recording: true, into: &state.record.widths)
    }

    /// The width of the text `range` from a line's start, the pen moved through it grapheme by grapheme; with
    /// `recording`, the width of each tab is appended to `widths` once the text after it settles it.
    private static func measureTabbedLine(
        _ range: Range<Int>, tabs: ParagraphTabs, of text: ShapedParagraphs, recording: Bool,
        into widths: inout [TabWidth]
    ) -> Double {
        let flags = text.analysis.flags
        let advances = text.shaping.graphemeAdvances
        let utf16 = text.utf16
        precondition(
            range.lowerBound >= 0 && range.upperBound <= advances.count && range.upperBound < flags.count
                && range.upperBound <= utf16.count)
        var pen = TabPen()
        var offset = range.lowerBound
        while offset < range.upperBound {
            var next = offset + 1
            while next < range.upperBound, !flags[next].contains(.graphemeBoundary) { next += 1 }
            let unit = utf16[offset]
            if unit == 0x09 {
                if recording, pen.tabOffset >= 0 { widths.append(TabWidth(offset: pen.tabOffset, width: pen.tabWidth)) }
                pen.addTab(at: offset, tabs: tabs)
            } else {
                pen.add(advances[offset], unit: unit, decimalSeparator: tabs.decimalSeparator)
            }
            offset = next
        }
        if recording, pen.tabOffset >= 0 { widths.append(TabWidth(offset: pen.tabOffset, width: pen.tabWidth)) }
        return pen.width
    }
}

extension ShapedParagraphs {
    /// Gives each tab in `widths` its width: its grapheme's advance, and its glyph's (a tab is one glyph), so that
    /// the lines are drawn, measured and hit as line breaking fitted them. A later entry for the same tab wins.
    mutating func setTabWidths(_ widths: [TabWidth]) {
        guard !widths.isEmpty else { return }
        let items = itemized.items
        let count = shaping.graphemeAdvances.count
        for tab in widths where tab.offset >= 0 && tab.offset < count {
            shaping.graphemeAdvances[tab.offset] = tab.width
            let itemIndex = items.partitioningIndex { $0.end > tab.offset }
            guard itemIndex < items.count, items[itemIndex].start <= tab.offset, !items[itemIndex].isInlineBox
            else { continue }
            // A measurement keeps no glyphs for some items: then the range is empty.
            let glyphs = glyphs(ofCluster: tab.offset, in: items[itemIndex])
            for glyph in glyphs {
                shaping.glyphs.records[glyph].advance = glyph == glyphs.lowerBound ? Float(tab.width) : 0
            }
        }
    }

    /// The glyphs of `item` whose cluster starts at `offset`: found by bisection, an item's clusters rising (left to
    /// right) or falling (right to left) along its glyphs.
    private func glyphs(ofCluster offset: Int, in item: Item) -> Range<Int> {
        let records = shaping.glyphs.records
        let range = item.glyphStart..<min(item.glyphEnd, records.count)
        guard !range.isEmpty else { return range }
        let rightToLeft = item.level & 1 == 1
        let first = range.partitioningIndex {
            rightToLeft ? Int(records[$0].cluster) <= offset : Int(records[$0].cluster) >= offset
        }
        var end = first
        while end < range.upperBound, Int(records[end].cluster) == offset { end += 1 }
        return first..<end
    }
}

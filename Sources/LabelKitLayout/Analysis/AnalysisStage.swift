import LabelKitText

/// The first stage: grapheme clusters, line-break opportunities and emoji presentation from the ``TextAnalyzer``,
/// then the paragraphs, then each paragraph's bidi levels.
///
/// Reads the text's code units and its paragraph styles; writes a ``TextAnalysis``. Owns what the analyzer keeps from
/// one text to the next (ICU's iterators) and the scratch of one paragraph's levels.
struct AnalysisStage: Sendable {
    /// What the text analyzer keeps from one text to the next.
    private var analyzerScratch = AnalysisScratch()
    /// The levels of one paragraph, as the analyzer writes them.
    private var paragraphLevels: [UInt8] = []

    /// Empties the per-text scratch, keeping its capacity and the analyzer's.
    mutating func removeAll() {
        if !paragraphLevels.isEmpty { paragraphLevels.removeAll(keepingCapacity: true) }
    }

    /// Analyses `units`, the code units of `text`, into `analysis`.
    // A stage's entry point is never inlined: profiles (Benchmarks/stage-costs.sh) attribute by stage.
    @inline(never)
    mutating func analyze(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, with analyzer: any TextAnalyzer,
        into analysis: inout TextAnalysis
    ) {
        analyzeBoundaries(units, of: text, with: analyzer, into: &analysis.flags)
        Self.splitParagraphs(units, of: text, flags: analysis.flags, into: &analysis.paragraphs)
        if analysis.paragraphs.contains(where: { $0.style.isListItem }) {
            ListNumbering.numberItems(units, of: text, paragraphs: &analysis.paragraphs, into: &analysis.listMarkers)
        }
        analyzeBidi(units, with: analyzer, paragraphs: &analysis.paragraphs, into: &analysis.levels)
    }

    private mutating func analyzeBoundaries(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, with analyzer: any TextAnalyzer,
        into flags: inout [TextBoundaryFlags]
    ) {
        analyzer.analyzeBoundaries(
            of: units, into: &flags, scratch: &analyzerScratch, marksLetterPairs: text.keepsWordsWhole)
        // A misbehaving analyzer must not make the typesetter read out of bounds.
        let count = units.count + 1
        if flags.count < count {
            flags.append(contentsOf: repeatElement([], count: count - flags.count))
        }
        if flags.count > count { flags.removeLast(flags.count - count) }
        flags[0].insert(.graphemeBoundary)
        flags[count - 1].insert(.graphemeBoundary)
        flags[0].remove([.lineBreakOpportunity, .mandatoryBreak])
    }

    private static func splitParagraphs(
        _ units: UnsafeBufferPointer<UInt16>, of text: StyledText, flags: [TextBoundaryFlags],
        into paragraphs: inout [Paragraph]
    ) {
        paragraphs.removeAll(keepingCapacity: true)
        let count = units.count
        guard count > 0 else { return }
        // The offsets with a mandatory break, found in one pass over the flags' bytes.
        precondition(flags.count > count)
        var start = 0
        var offset = 1
        while offset <= count {
            offset = flags.withUnsafeBufferPointer { flags in
                var next = offset
                while next < count, !flags[next].contains(.mandatoryBreak) { next += 1 }
                return next
            }
            if flags[offset].contains(.mandatoryBreak) || offset == count {
                var contentEnd = offset
                if offset < count || CharacterClass.isLineBreak(units[offset - 1]) {
                    if contentEnd > start, CharacterClass.isLineBreak(units[contentEnd - 1]) { contentEnd -= 1 }
                    if contentEnd > start, units[contentEnd] == 0x0A, units[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                }
                paragraphs.append(
                    Paragraph(
                        start: start, contentEnd: contentEnd, end: offset, style: text.paragraphLayoutStyle(at: start)))
                start = offset
            }
            offset += 1
        }
        // A text ending in a line break has an empty last line, as in every text system.
        if let last = paragraphs.last, last.contentEnd < last.end {
            paragraphs.append(
                Paragraph(start: count, contentEnd: count, end: count, style: text.paragraphLayoutStyle(at: count)))
        }
    }

    private mutating func analyzeBidi(
        _ units: UnsafeBufferPointer<UInt16>, with analyzer: any TextAnalyzer, paragraphs: inout [Paragraph],
        into levels: inout [UInt8]
    ) {
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(0, count: units.count))
        for index in paragraphs.indices {
            let paragraph = paragraphs[index]
            let range = paragraph.start..<paragraph.contentEnd
            let base = analyzer.bidiLevels(
                of: units, paragraph: range, baseDirection: paragraph.style.baseWritingDirection,
                into: &paragraphLevels, scratch: &analyzerScratch
            )
            let level = base & 1
            paragraphs[index].level = level
            let resolved = paragraphLevels
            levels.withUnsafeMutableBufferPointer { levels in
                precondition(paragraph.end <= levels.count)
                if resolved.count == range.count {
                    resolved.withUnsafeBufferPointer { resolved in
                        for offset in range { levels[offset] = resolved[offset - range.lowerBound] }
                    }
                } else {
                    for offset in range { levels[offset] = level }
                }
                for offset in paragraph.contentEnd..<paragraph.end { levels[offset] = level }
            }
        }
    }
}

import Foundation

// Analysis: grapheme clusters, line-break opportunities, paragraphs and bidi levels, from the TextAnalyzer.

extension TypesettingPass {
    mutating func analyzeBoundaries(_ buffer: UnsafeBufferPointer<UInt16>) {
        analyzer.analyzeBoundaries(of: buffer, into: &flags)
        // A misbehaving analyzer must not make the typesetter read out of bounds.
        let count = buffer.count + 1
        if flags.count < count { flags.append(contentsOf: repeatElement([], count: count - flags.count)) }
        if flags.count > count { flags.removeLast(flags.count - count) }
        flags[0].insert(.graphemeBoundary)
        flags[count - 1].insert(.graphemeBoundary)
        flags[0].remove([.lineBreakOpportunity, .mandatoryBreak])
    }

    mutating func splitParagraphs() {
        paragraphs.removeAll(keepingCapacity: true)
        let count = utf16.count
        guard count > 0 else { return }
        var start = 0
        var offset = 1
        while offset <= count {
            if flags[offset].contains(.mandatoryBreak) || offset == count {
                var contentEnd = offset
                if offset < count || Self.isLineBreakUnit(utf16[offset - 1]) {
                    if contentEnd > start, Self.isLineBreakUnit(utf16[contentEnd - 1]) { contentEnd -= 1 }
                    if contentEnd > start, utf16[contentEnd] == 0x0A, utf16[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                }
                paragraphs.append(
                    Paragraph(
                        start: start, contentEnd: contentEnd, end: offset, style: text.paragraphStyle(at: start)
                    ))
                start = offset
            }
            offset += 1
        }
        // A text ending in a line break has an empty last line, as in every text system.
        if let last = paragraphs.last, last.contentEnd < last.end {
            paragraphs.append(
                Paragraph(
                    start: count, contentEnd: count, end: count, style: text.paragraphStyle(at: count)
                ))
        }
    }

    mutating func analyzeBidi(_ buffer: UnsafeBufferPointer<UInt16>) {
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(0, count: buffer.count))
        for index in paragraphs.indices {
            let paragraph = paragraphs[index]
            let range = paragraph.start..<paragraph.contentEnd
            let base = analyzer.bidiLevels(
                of: buffer, paragraph: range, baseDirection: paragraph.style.baseWritingDirection, into: &levelScratch
            )
            let level = base & 1
            paragraphs[index].level = level
            if levelScratch.count == range.count {
                for offset in range { levels[offset] = levelScratch[offset - range.lowerBound] }
            } else {
                for offset in range { levels[offset] = level }
            }
            for offset in paragraph.contentEnd..<paragraph.end { levels[offset] = level }
        }
    }
}

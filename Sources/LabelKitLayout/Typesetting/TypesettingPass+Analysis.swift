import Foundation
import LabelKitText

// Analysis: grapheme clusters, line-break opportunities, paragraphs and bidi levels, from the TextAnalyzer.

extension TypesettingPass {
    mutating func analyzeBoundaries(_ buffer: UnsafeBufferPointer<UInt16>) {
        analyzer.analyzeBoundaries(
            of: buffer, into: &buffers.flags, scratch: &buffers.analysisScratch, marksLetterPairs: text.keepsWordsWhole)
        // A misbehaving analyzer must not make the typesetter read out of bounds.
        let count = buffer.count + 1
        if buffers.flags.count < count {
            buffers.flags.append(contentsOf: repeatElement([], count: count - buffers.flags.count))
        }
        if buffers.flags.count > count { buffers.flags.removeLast(buffers.flags.count - count) }
        buffers.flags[0].insert(.graphemeBoundary)
        buffers.flags[count - 1].insert(.graphemeBoundary)
        buffers.flags[0].remove([.lineBreakOpportunity, .mandatoryBreak])
    }

    mutating func splitParagraphs() {
        buffers.paragraphs.removeAll(keepingCapacity: true)
        let count = utf16.count
        guard count > 0 else { return }
        // The offsets with a mandatory break, found in one pass over the flags' bytes.
        let flags = buffers.flags
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
                if offset < count || CharacterClass.isLineBreak(utf16[offset - 1]) {
                    if contentEnd > start, CharacterClass.isLineBreak(utf16[contentEnd - 1]) { contentEnd -= 1 }
                    if contentEnd > start, utf16[contentEnd] == 0x0A, utf16[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                }
                buffers.paragraphs.append(
                    Paragraph(
                        start: start, contentEnd: contentEnd, end: offset, style: text.paragraphStyle(at: start)
                    ))
                start = offset
            }
            offset += 1
        }
        // A text ending in a line break has an empty last line, as in every text system.
        if let last = buffers.paragraphs.last, last.contentEnd < last.end {
            buffers.paragraphs.append(
                Paragraph(
                    start: count, contentEnd: count, end: count, style: text.paragraphStyle(at: count)
                ))
        }
    }

    mutating func analyzeBidi(_ buffer: UnsafeBufferPointer<UInt16>) {
        buffers.levels.removeAll(keepingCapacity: true)
        buffers.levels.append(contentsOf: repeatElement(0, count: buffer.count))
        for index in buffers.paragraphs.indices {
            let paragraph = buffers.paragraphs[index]
            let range = paragraph.start..<paragraph.contentEnd
            let base = analyzer.bidiLevels(
                of: buffer, paragraph: range, baseDirection: paragraph.style.baseWritingDirection,
                into: &buffers.levelScratch, scratch: &buffers.analysisScratch
            )
            let level = base & 1
            buffers.paragraphs[index].level = level
            let resolved = buffers.levelScratch
            buffers.levels.withUnsafeMutableBufferPointer { levels in
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

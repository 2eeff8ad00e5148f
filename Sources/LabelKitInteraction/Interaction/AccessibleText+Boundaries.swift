import LabelKitLayout
import LabelKitText

/// The unit a screen reader reads by: AT-SPI's text granularities (`getStringAtOffset`).
public enum AccessibleTextGranularity: Sendable, Hashable, CaseIterable {
    /// One grapheme cluster (what a person calls a character: é, 👍🏽).
    case character
    /// The word at the offset, without the spaces or punctuation around it.
    case word
    /// The sentence at the offset, with the spaces after its terminator.
    case sentence
    /// The laid-out line at the offset.
    case line
    /// The paragraph at the offset, between hard line breaks.
    case paragraph
}

/// Where a piece of text starts and ends when a screen reader reads by boundaries: AT-SPI's boundary types
/// (`getTextAtOffset`). A piece runs from one boundary of the kind to the next.
public enum AccessibleTextBoundary: Sendable, Hashable, CaseIterable {
    /// Grapheme cluster boundaries.
    case character
    /// Word starts: a piece is a word and the spaces and punctuation after it.
    case wordStart
    /// Word ends: a piece is the spaces and punctuation before a word and the word.
    case wordEnd
    /// Sentence starts: a piece is a sentence and the spaces after it.
    case sentenceStart
    /// Sentence ends: a piece is the spaces before a sentence and the sentence.
    case sentenceEnd
    /// Line starts, from the layout's lines: a piece is a line with its trailing spaces and break.
    case lineStart
    /// Line ends, from the layout's lines.
    case lineEnd
}

extension AccessibleText {
    /// The piece of text around character `offset` between two boundaries of `boundary` (AT-SPI's
    /// `getTextAtOffset`). At the end of the text, the last piece.
    ///
    /// ```swift
    /// // "Read the terms now."
    /// text.range(at: 10, boundary: .wordStart)   // 9..<15: "terms "
    /// text.range(at: 10, boundary: .wordEnd)     // 8..<14: " terms"
    /// ```
    public func range(at offset: Int, boundary: AccessibleTextBoundary) -> Range<Int> {
        Self.piece(at: offset, boundaries: boundaries(boundary), count: characterCount)
    }

    /// The unit of text at character `offset` (AT-SPI's `getStringAtOffset`): a grapheme cluster, a word, a sentence,
    /// a laid-out line or a paragraph. Between words, the word is the spaces or punctuation run there.
    public func range(at offset: Int, granularity: AccessibleTextGranularity) -> Range<Int> {
        switch granularity {
        case .character: return range(at: offset, boundary: .character)
        case .word:
            let segments = wordSegments()
            let clamped = min(max(offset, 0), max(characterCount - 1, 0))
            return segments.first(where: { $0.range.contains(clamped) })?.range ?? clamped..<clamped
        case .sentence: return range(at: offset, boundary: .sentenceStart)
        case .line: return range(at: offset, boundary: .lineStart)
        case .paragraph:
            return Self.piece(at: offset, boundaries: paragraphStarts(), count: characterCount)
        }
    }

    /// The offsets where pieces of `boundary` start, in order, 0 and the count included.
    public func boundaries(_ boundary: AccessibleTextBoundary) -> [Int] {
        var result: [Int]
        switch boundary {
        case .character:
            result = []
            var offset = 0
            for character in text {
                result.append(offset)
                offset += character.unicodeScalars.count
            }
        case .wordStart: result = wordSegments().filter(\.isWord).map(\.range.lowerBound)
        case .wordEnd: result = wordSegments().filter(\.isWord).map(\.range.upperBound)
        case .sentenceStart: result = sentenceBoundaries(atStarts: true)
        case .sentenceEnd: result = sentenceBoundaries(atStarts: false)
        case .lineStart:
            result = layout.lines.dropFirst().map { characterOffset(forUTF16: $0.textRange.lowerBound) }
        case .lineEnd:
            result = layout.lines.map { line in
                // A line's end before its break: the break belongs to the piece of the next line.
                var end = characterOffset(forUTF16: line.textRange.upperBound)
                while end > 0, end <= characterCount, Self.isLineBreak(scalars[end - 1]) { end -= 1 }
                return end
            }
        }
        return Array(Set(result + [0, characterCount])).sorted()
    }

    private static func piece(at offset: Int, boundaries: [Int], count: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let clamped = min(max(offset, 0), count - 1)
        let next = boundaries.partitioningIndex { $0 > clamped }
        let start = next > 0 ? boundaries[next - 1] : 0
        let end = next < boundaries.count ? boundaries[next] : count
        return start..<end
    }

    /// The layout's word segments in characters.
    private func wordSegments() -> [(range: Range<Int>, isWord: Bool)] {
        layout.words().segments.map { (characterRange(forUTF16: $0.range), $0.isWord) }.filter { !$0.range.isEmpty }
    }

    private func paragraphStarts() -> [Int] {
        var result = [0, characterCount]
        for (index, scalar) in scalars.enumerated() where Self.isLineBreak(scalar) {
            // CR LF is one break.
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            result.append(index + 1)
        }
        return Array(Set(result)).sorted()
    }

    /// Sentence boundaries by a simple rule that needs no dictionary: a sentence ends after a run of terminators
    /// (. ! ? … and their full-width forms) and closing quotes or brackets that is followed by a space, a line break
    /// or the end, and at a hard line break; the spaces after it belong to it.
    private func sentenceBoundaries(atStarts: Bool) -> [Int] {
        var result: [Int] = []
        var index = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            if Self.isLineBreak(scalar) {
                result.append(atStarts ? index + 1 : index)
                index += 1
                continue
            }
            guard Self.isSentenceTerminator(scalar) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, Self.isSentenceTerminator(scalars[end]) || Self.isClosing(scalars[end]) { end += 1 }
            let isFullWidth = Self.isFullWidthTerminator(scalar)
            guard end == count || isFullWidth || scalars[end].properties.isWhitespace else {
                index = end
                continue
            }
            var start = end
            while start < count, scalars[start].properties.isWhitespace, !Self.isLineBreak(scalars[start]) {
                start += 1
            }
            result.append(atStarts ? start : end)
            index = start
        }
        return result
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func isSentenceTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x2047, 0x2048, 0x2049: true
        default: isFullWidthTerminator(scalar)
        }
    }

    private static func isFullWidthTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0xFF61: true
        default: false
        }
    }

    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: true
        default: scalar == "\"" || scalar == "'"
        }
    }
}

import LabelKitText

/// A text's word segments with the questions a selection asks of them: the word under a point, the next word's end,
/// the previous word's start.
///
/// A layout makes one with ``TextLayout/words()``, analysing its text on demand (words are needed rarely: a double
/// click, a long press, word-wise caret motion), so laying text out never pays for them; a selection keeps the value
/// for the next question.
///
/// ```swift
/// let words = layout.words()              // "Read the terms now"
/// words.segment(containing: 10)?.range    // 9..<14: terms
/// words.wordEnd(after: 4)                 // 8: the end of "the"
/// words.wordStart(before: 9)              // 5: the start of "the"
/// ```
public struct TextWords: Sendable, Hashable {
    /// The segments, covering the text in order.
    public let segments: [WordSegment]
    /// The length of the text in UTF-16 code units.
    public let length: Int

    /// Wraps segments of a text of `length` UTF-16 code units.
    public init(segments: [WordSegment], length: Int) {
        self.segments = segments
        self.length = length
    }

    /// The segment holding the code unit at `index`; at the end of the text, the last segment; nil in an empty text.
    public func segment(containing index: Int) -> WordSegment? {
        guard let last = segments.last else { return nil }
        guard index < length else { return last }
        let found = segments.partitioningIndex { $0.range.upperBound > max(index, 0) }
        return found < segments.count ? segments[found] : last
    }

    /// The end of the first word that ends after `index` (skipping spaces and punctuation); the text's end if none.
    public func wordEnd(after index: Int) -> Int {
        var found = segments.partitioningIndex { $0.range.upperBound > index }
        while found < segments.count {
            if segments[found].isWord { return segments[found].range.upperBound }
            found += 1
        }
        return length
    }

    /// The start of the last word that starts before `index` (skipping spaces and punctuation); 0 if none.
    public func wordStart(before index: Int) -> Int {
        var found = segments.partitioningIndex { $0.range.lowerBound >= index } - 1
        while found >= 0 {
            if segments[found].isWord { return segments[found].range.lowerBound }
            found -= 1
        }
        return 0
    }
}

extension TextLayout {
    /// The word segments of the text, analysed now by the analyzer the layout was made with (ICU's word break
    /// iterator for the system typesetter; a layout made without one uses ``TextAnalyzer``'s simple default).
    ///
    /// The layout does not keep the answer: call it when a selection first needs words and keep the value.
    public func words() -> TextWords {
        var segments: [WordSegment] = []
        let utf16 = utf16Units()
        utf16.withUnsafeBufferPointer { units in
            if let analyzer {
                analyzer.wordSegments(of: units, into: &segments)
            } else {
                var flags: [TextBoundaryFlags] = []
                for offset in 0...units.count {
                    let splitsPair =
                        offset > 0 && offset < units.count && UnicodeCodeUnits.isLeadSurrogate(units[offset - 1])
                        && UnicodeCodeUnits.isTrailSurrogate(units[offset])
                    flags.append(splitsPair ? [] : .graphemeBoundary)
                }
                SimpleWordSegmentation.segments(of: units, graphemeBoundaries: flags, into: &segments)
            }
        }
        return TextWords(segments: segments, length: utf16.count)
    }

    /// The paragraph holding the code unit at `index`: the text between the hard line breaks around it (LF, CR, CR
    /// LF, VT, FF, NEL, LS, PS), the breaks themselves excluded — what a triple click selects. An index on a break
    /// belongs to the paragraph the break ends.
    ///
    /// ```swift
    /// layout.paragraphRange(containing: 7)   // "one\ntwo three\nfour" → 4..<13
    /// ```
    public func paragraphRange(containing index: Int) -> Range<Int> {
        let utf16 = utf16Units()
        let count = utf16.count
        let index = min(max(index, 0), count)
        var start = index
        while start > 0, !CharacterClass.isLineBreak(utf16[start - 1]) { start -= 1 }
        var end = index
        while end < count, !CharacterClass.isLineBreak(utf16[end]) { end += 1 }
        return start..<end
    }
}

import CICUShim
import LabelKitLayout
import LabelKitText

extension ICUTextAnalyzer {
    /// Writes the word segments of `text` into `segments`, from ICU's word break iterator (UAX #29 in the root
    /// locale, with ICU's dictionaries for Chinese, Japanese, Thai, Lao, Khmer and Burmese).
    ///
    /// A segment is a word when ICU gives it a letter, number, kana or ideograph status; spaces and punctuation
    /// between words are segments of their own. Without ICU (missing data) the simple segmentation by character
    /// properties is used instead.
    ///
    /// ```swift
    /// let text = Array("利用規約に同意する".utf16)
    /// var segments: [WordSegment] = []
    /// text.withUnsafeBufferPointer { ICUTextAnalyzer.shared.wordSegments(of: $0, into: &segments) }
    /// segments.map(\.range)   // [0..<4, 4..<5, 5..<7, 7..<9]: 利用規約 | に | 同意 | する
    /// ```
    public func wordSegments(of text: UnsafeBufferPointer<UInt16>, into segments: inout [WordSegment]) {
        segments.removeAll(keepingCapacity: true)
        let count = text.count
        guard let units = text.baseAddress, count > 0 else { return }
        let boundaryBit: UInt8 = 1
        let wordBit: UInt8 = 2
        var flags = [UInt8](repeating: 0, count: count + 1)
        let result: Int32 = flags.withUnsafeMutableBufferPointer { buffer in
            guard let bytes = buffer.baseAddress, let length = Int32(exactly: count) else {
                return Int32(LABELKIT_ICU_UNAVAILABLE)
            }
            return withScratch { labelkit_icu_mark_words($0, units, length, bytes, boundaryBit, wordBit) }
        }
        var boundaries: [TextBoundaryFlags] = []
        analyzeBoundaries(of: text, into: &boundaries)
        guard result == LABELKIT_ICU_OK else {
            SimpleWordSegmentation.segments(of: text, graphemeBoundaries: boundaries, into: &segments)
            return
        }
        // UAX #29's word rules may break inside a grapheme cluster (after a prepended mark such as U+0604, which
        // joins the character after it): a word ends only where a cluster ends too, so that a double click never
        // selects half a cluster (found by `make fuzz`). A segment joined that way is a word if any part of it is.
        var start = 0
        var isWord = flags[0] & wordBit != 0
        for offset in 1...count where flags[offset] & boundaryBit != 0 || offset == count {
            guard boundaries[offset].contains(.graphemeBoundary) || offset == count else {
                isWord = isWord || flags[offset] & wordBit != 0
                continue
            }
            segments.append(WordSegment(range: start..<offset, isWord: isWord))
            start = offset
            if offset < count { isWord = flags[offset] & wordBit != 0 }
        }
    }
}

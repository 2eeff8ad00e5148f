import CICUShim

extension ICUTextAnalyzer {
    /// Whether offset `i` of `text` is a grapheme-cluster boundary, for every `i` in `0...text.count`, from the shim's
    /// rules alone (neither its fast path nor ICU's iterator); nil for a text with a code point they leave to ICU's
    /// iterator. For tests: where there is an answer, it is the iterator's.
    package static func graphemeBoundariesWithoutIterator(_ text: UnsafeBufferPointer<UInt16>) -> [Bool]? {
        guard let units = text.baseAddress, !text.isEmpty else { return [true] }   // an empty text: one boundary
        guard let length = Int32(exactly: text.count) else { return nil }
        var flags = [UInt8](repeating: 0, count: text.count + 1)
        let result = flags.withUnsafeMutableBufferPointer { flagBytes -> Int32 in
            guard let flagStart = flagBytes.baseAddress else { return Int32(LABELKIT_GRAPHEMES_NOT_COVERED) }
            return labelkit_grapheme_boundaries_without_iterator(units, length, flagStart, 1)
        }
        return result == LABELKIT_ICU_OK ? flags.map { $0 != 0 } : nil
    }

    /// Whether offset `i` of `text` is a grapheme-cluster boundary, for every `i` in `0...text.count`, from ICU's
    /// character iterator alone (no line breaks, no emoji presentation): what the rules are compared with, cheaply
    /// enough for every code point in several contexts. Nil when ICU cannot be used.
    package func graphemeBoundariesFromIterator(_ text: UnsafeBufferPointer<UInt16>) -> [Bool]? {
        guard let units = text.baseAddress, !text.isEmpty else { return [true] }   // an empty text: one boundary
        guard let length = Int32(exactly: text.count) else { return nil }
        var flags = [UInt8](repeating: 0, count: text.count + 1)
        let result = withScratch { icu in
            flags.withUnsafeMutableBufferPointer { flagBytes -> Int32 in
                guard let flagStart = flagBytes.baseAddress else { return Int32(LABELKIT_ICU_UNAVAILABLE) }
                return labelkit_grapheme_boundaries_from_iterator(icu, units, length, flagStart, 1)
            }
        }
        return result == LABELKIT_ICU_OK ? flags.map { $0 != 0 } : nil
    }
}

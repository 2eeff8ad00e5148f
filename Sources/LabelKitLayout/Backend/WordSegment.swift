import LabelKitText

/// One piece of a text cut at its word boundaries: a word, or what lies between words (spaces, punctuation).
///
/// A ``TextAnalyzer`` cuts a text into segments that cover it without gaps, in order; a double click selects the
/// segment under the pointer, and word-wise caret motion skips to the edges of the segments that are words.
///
/// ```swift
/// // "Read the terms." → Read | ␠ | the | ␠ | terms | .
/// segments.filter(\.isWord).map(\.range)   // [0..<4, 5..<8, 9..<14]
/// ```
public struct WordSegment: Sendable, Hashable {
    /// The segment's UTF-16 range in the text.
    public var range: Range<Int>
    /// Whether the segment is a word — letters, digits, kana or ideographs — rather than spaces or punctuation.
    public var isWord: Bool

    /// Creates a segment.
    public init(range: Range<Int>, isWord: Bool) {
        self.range = range
        self.isWord = isWord
    }
}

extension TextAnalyzer {
    /// Cuts `text` at simple word boundaries, for analyzers without a word segmentation of their own: a word is a
    /// run of grapheme clusters that start with a letter, a digit or `_`, with an apostrophe or a full stop between
    /// two of them kept inside it ("don't", "e.g"); every run of white space is one segment and every other cluster
    /// its own. Boundaries fall only between the grapheme clusters of ``analyzeBoundaries(of:into:)``. Scripts
    /// written without spaces (Chinese, Japanese, Thai) come out as whole runs — a dictionary-based analyzer such as
    /// ICU's cuts them into words.
    public func wordSegments(of text: UnsafeBufferPointer<UInt16>, into segments: inout [WordSegment]) {
        var flags: [TextBoundaryFlags] = []
        analyzeBoundaries(of: text, into: &flags)
        SimpleWordSegmentation.segments(of: text, graphemeBoundaries: flags, into: &segments)
    }
}

/// The word segmentation behind the default ``TextAnalyzer/wordSegments(of:into:)``, and the ICU analyzer's fallback.
package enum SimpleWordSegmentation {
    private enum Kind: Equatable {
        case word
        case space
        case other
    }

    package static func segments(
        of text: UnsafeBufferPointer<UInt16>, graphemeBoundaries flags: [TextBoundaryFlags],
        into segments: inout [WordSegment]
    ) {
        segments.removeAll(keepingCapacity: true)
        guard flags.count == text.count + 1 else {
            if !text.isEmpty { segments.append(WordSegment(range: 0..<text.count, isWord: false)) }
            return
        }
        var clusters: [(start: Int, kind: Kind, value: UInt32)] = []
        var offset = 0
        while offset < text.count {
            let value = UnicodeCodeUnits.decode(at: offset, in: text, limit: text.count).value
            clusters.append((offset, Self.kind(of: value), value))
            offset += 1
            while offset < text.count, !flags[offset].contains(.graphemeBoundary) { offset += 1 }
        }
        var start = 0
        var current: Kind? = nil
        for (index, cluster) in clusters.enumerated() {
            var kind = cluster.kind
            // An apostrophe or a full stop between two word clusters joins them.
            let joiners: Set<UInt32> = [0x27, 0x2019, 0x2E]
            if kind == .other, current == .word, joiners.contains(cluster.value), index + 1 < clusters.count,
                clusters[index + 1].kind == .word
            {
                kind = .word
            }
            if let previous = current, previous != kind || kind == .other {
                segments.append(WordSegment(range: start..<cluster.start, isWord: previous == .word))
                start = cluster.start
            }
            current = kind
        }
        if let previous = current {
            segments.append(WordSegment(range: start..<text.count, isWord: previous == .word))
        }
    }

    private static func kind(of value: UInt32) -> Kind {
        guard let scalar = Unicode.Scalar(value) else { return .other }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        if properties.isAlphabetic || properties.numericType != nil || value == 0x5F { return .word }
        return .other
    }
}

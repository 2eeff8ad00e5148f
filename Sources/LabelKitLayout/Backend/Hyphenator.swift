import LabelKitText

/// Finds where a word may be hyphenated: the typesetter asks it for the word a line ends in when
/// ``/LabelKitText/ParagraphStyle/hyphenation`` is ``/LabelKitText/Hyphenation/auto``.
///
/// The system implementation reads the Liang patterns of Debian's `hyphen-*` dictionaries through `libhyphen`
/// (`LibhyphenHyphenator` in the `LabelKit` module).
///
/// ```swift
/// let points = word.withUnsafeBufferPointer { hyphenator.hyphenationPoints(in: $0, language: english) }
/// // "responsibility" → [2, 6, 8, 11]: re‐, respon‐, responsi‐, responsibil‐
/// ```
public protocol Hyphenator: Sendable {
    /// The offsets inside `word` (UTF-16 code units from its start, each 0 < offset < `word.count`) where a line may
    /// end in a hyphen, in increasing order, with the dictionary's minimum fragment lengths kept; empty when
    /// `language` has no dictionary or the word cannot be hyphenated. `word` holds letters only.
    func hyphenationPoints(in word: UnsafeBufferPointer<UInt16>, language: LanguageTag) -> [Int]
}

/// A hyphenator behind one reference: typesetters and line breakers hold it from layout to layout with a retain, where
/// copying the existential itself went through its type's value witnesses (a few hundred instructions per label).
final class HyphenatorReference: Sendable {
    let hyphenator: any Hyphenator

    init(_ hyphenator: any Hyphenator) {
        self.hyphenator = hyphenator
    }

    /// The hyphenator's points (``Hyphenator/hyphenationPoints(in:language:)``).
    func hyphenationPoints(in word: UnsafeBufferPointer<UInt16>, language: LanguageTag) -> [Int] {
        hyphenator.hyphenationPoints(in: word, language: language)
    }
}

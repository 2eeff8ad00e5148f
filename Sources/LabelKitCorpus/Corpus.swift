import Foundation

/// Generates `count` labels deterministically from `seed`: the kinds in turn (latin, japanese, vietnamese, emoji,
/// mixed, latin, …), widths 120…420 points, lengths from a few words to a few lines, and about one label in eight with
/// a hard line break.
///
/// The same `count` and `seed` give the same labels on every machine; the first `n` labels of a larger corpus are
/// the labels of the corpus of `n`.
///
/// ```swift
/// let labels = makeCorpus(count: 10_000, seed: 1)
/// labels[1].kind    // .japanese
/// ```
public func makeCorpus(count: Int, seed: UInt64) -> [CorpusLabel] {
    guard count > 0 else { return [] }
    var labels: [CorpusLabel] = []
    labels.reserveCapacity(count)
    let kinds = CorpusKind.allCases
    for index in 0..<count {
        // One generator per label, so a label does not depend on how many draws its predecessors made.
        var generator = SplitMix64(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        let kind = kinds[index % kinds.count]
        let width = Double(generator.next(in: 120...420))
        var composer = LabelComposer(generator: generator)
        let text = composer.text(of: kind)
        labels.append(CorpusLabel(kind: kind, text: text, width: width))
    }
    return labels
}

/// Builds the text of one label.
private struct LabelComposer {
    var generator: SplitMix64

    mutating func text(of kind: CorpusKind) -> String {
        let hasHardBreak = generator.chance(percent: 12)
        switch kind {
        case .latin:
            return spaced(words: generator.next(in: 3...40), hardBreak: hasHardBreak) { $0.latinWord() }
        case .japanese:
            return japanese(fragments: generator.next(in: 3...30), hardBreak: hasHardBreak)
        case .vietnamese:
            let text = spaced(words: generator.next(in: 3...45), hardBreak: hasHardBreak) { $0.vietnameseWord() }
            return generator.chance(percent: 40) ? text.decomposedStringWithCanonicalMapping : text
        case .emoji:
            return spaced(words: generator.next(in: 2...25), hardBreak: hasHardBreak) { $0.emojiWord() }
        case .mixed:
            return spaced(words: generator.next(in: 3...30), hardBreak: hasHardBreak) { $0.mixedWord() }
        }
    }

    /// Words joined by spaces, the first capitalised, with sentence punctuation and optionally one hard break.
    private mutating func spaced(words count: Int, hardBreak: Bool, word: (inout LabelComposer) -> String) -> String {
        let breakIndex = hardBreak ? generator.next(in: 1...max(1, count - 1)) : -1
        var text = ""
        var startsSentence = true
        for index in 0..<count {
            if index > 0 { text += index == breakIndex ? "\n" : " " }
            var next = word(&self)
            if startsSentence, let first = next.first, first.isLowercase {
                next = first.uppercased() + next.dropFirst()
            }
            text += next
            startsSentence = false
            if index + 1 < count, generator.chance(percent: 12) {
                text += generator.pick([".", ",", ",", "!", "?", ":", ";"])
                startsSentence = text.last == "." || text.last == "!" || text.last == "?"
            }
        }
        if generator.chance(percent: 60) { text += generator.pick([".", "!", "?", "…"]) }
        return text
    }

    private mutating func japanese(fragments count: Int, hardBreak: Bool) -> String {
        let breakIndex = hardBreak ? generator.next(in: 1...max(1, count - 1)) : -1
        var text = ""
        for index in 0..<count {
            if index == breakIndex { text += "\n" }
            if generator.chance(percent: 8) {
                let bracket = generator.next(below: CorpusWords.japaneseOpeners.count)
                text +=
                    CorpusWords.japaneseOpeners[bracket] + generator.pick(CorpusWords.japanese)
                    + CorpusWords.japaneseClosers[bracket]
            } else {
                text += generator.pick(CorpusWords.japanese)
            }
            if generator.chance(percent: 18) { text += generator.pick(CorpusWords.japanesePunctuation) }
        }
        if generator.chance(percent: 70) { text += "。" }
        return text
    }

    mutating func latinWord() -> String {
        let roll = generator.next(below: 100)
        if roll < 6 { return generator.pick(CorpusWords.urls) }
        if roll < 11 { return generator.pick(CorpusWords.mentions) }
        if roll < 16 { return generator.pick(CorpusWords.hashtags) }
        return generator.pick(CorpusWords.english)
    }

    mutating func vietnameseWord() -> String {
        generator.pick(CorpusWords.vietnamese)
    }

    mutating func emojiWord() -> String {
        let roll = generator.next(below: 100)
        if roll < 45 { return generator.pick(CorpusWords.emojiWords) }
        if roll < 85 { return generator.pick(CorpusWords.emoji) }
        // Emoji glued to each other or to a word, as people type them.
        let count = generator.next(in: 2...4)
        var run = generator.chance(percent: 50) ? generator.pick(CorpusWords.emojiWords) : ""
        for _ in 0..<count { run += generator.pick(CorpusWords.emoji) }
        return run
    }

    mutating func mixedWord() -> String {
        switch generator.next(below: 7) {
        case 0: return latinWord()
        case 1: return generator.pick(CorpusWords.japanese)
        case 2: return vietnameseWord()
        case 3: return generator.pick(CorpusWords.emoji)
        case 4: return generator.pick(CorpusWords.arabic)
        case 5: return generator.pick(CorpusWords.hebrew)
        default: return generator.pick(CorpusWords.english)
        }
    }
}

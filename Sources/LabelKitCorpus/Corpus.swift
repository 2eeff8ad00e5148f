import Foundation

/// Generates `count` labels deterministically from `seed`: `kinds` in turn (by default the classic five: latin,
/// japanese, vietnamese, emoji, mixed, latin, …), widths 120…420 points, lengths from a few words to a few lines, and
/// about one label in eight with a hard line break.
///
/// The same `count`, `seed` and `kinds` give the same labels on every machine; the first `n` labels of a larger
/// corpus are the labels of the corpus of `n`. The default, ``CorpusKind/classic``, keeps the labels the corpus gave
/// before the world's other scripts were added, so goldens, tests and the benchmark's history stay comparable; pass
/// ``CorpusKind/world`` for the nine kinds of the other scripts, or `CorpusKind.allCases` for all fourteen. Label `i`
/// depends only on `seed`, `i` and its kind, so a kind's labels differ between kind lists that place it differently.
///
/// ```swift
/// let labels = makeCorpus(count: 10_000, seed: 1)
/// labels[1].kind    // .japanese
/// let world = makeCorpus(count: 900, seed: 1, kinds: CorpusKind.world)
/// world[4].kind     // .thai
/// ```
public func makeCorpus(count: Int, seed: UInt64, kinds: [CorpusKind] = CorpusKind.classic) -> [CorpusLabel] {
    guard count > 0, !kinds.isEmpty else { return [] }
    var labels: [CorpusLabel] = []
    labels.reserveCapacity(count)
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
        case .arabic:
            // About a third of the labels are vocalised throughout (a schoolbook, a greeting); the others, as people
            // type, carry harakat on a word now and then.
            let vocalized = generator.chance(percent: 35)
            return spaced(
                words: generator.next(in: 3...32), hardBreak: hasHardBreak, punctuation: CorpusWords.arabicPunctuation,
                endings: [".", "؟", "!", "…"]
            ) {
                $0.rightToLeftWord(
                    pointed: vocalized, CorpusWords.arabicVocalized, CorpusWords.arabicPlain,
                    numbers: CorpusWords.arabicNumbers)
            }
        case .hebrew:
            let pointed = generator.chance(percent: 35)
            return spaced(words: generator.next(in: 3...34), hardBreak: hasHardBreak) {
                $0.rightToLeftWord(
                    pointed: pointed, CorpusWords.hebrewPointed, CorpusWords.hebrewPlain,
                    numbers: CorpusWords.hebrewNumbers)
            }
        case .devanagari:
            return spaced(
                words: generator.next(in: 3...34), hardBreak: hasHardBreak, punctuation: CorpusWords.indicPunctuation,
                endings: ["।", "।", "?", "!"]
            ) { $0.generator.pick(CorpusWords.devanagari) }
        case .bengali:
            return spaced(
                words: generator.next(in: 3...32), hardBreak: hasHardBreak, punctuation: CorpusWords.indicPunctuation,
                endings: ["।", "।", "?", "!"]
            ) { $0.generator.pick(CorpusWords.bengali) }
        case .korean:
            return spaced(words: generator.next(in: 2...30), hardBreak: hasHardBreak) {
                $0.generator.pick(CorpusWords.korean)
            }
        case .bidi:
            return spaced(words: generator.next(in: 3...36), hardBreak: hasHardBreak) { $0.bidiWord() }
        case .thai:
            // Thai separates phrases and sentences with a space and rarely uses punctuation.
            return unspaced(
                segments: generator.next(in: 3...36), hardBreak: hasHardBreak, words: CorpusWords.thai,
                phraseSeparators: [" "], endings: ["", "", "", "!", "?", " ฯลฯ"])
        case .khmer:
            // Khmer separates phrases with a space and ends sentences with the khan (។).
            return unspaced(
                segments: generator.next(in: 3...30), hardBreak: hasHardBreak, words: CorpusWords.khmer,
                phraseSeparators: [" ", " ", "។ "], endings: ["។", "។", "", "?", "៕"])
        case .chinese:
            return chinese(fragments: generator.next(in: 3...34), hardBreak: hasHardBreak)
        }
    }

    /// Words joined by spaces, the first capitalised, with sentence punctuation and optionally one hard break.
    private mutating func spaced(
        words count: Int, hardBreak: Bool, punctuation: [String] = [".", ",", ",", "!", "?", ":", ";"],
        endings: [String] = [".", "!", "?", "…"], word: (inout LabelComposer) -> String
    ) -> String {
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
                text += generator.pick(punctuation)
                startsSentence = text.last == "." || text.last == "!" || text.last == "?"
            }
        }
        if generator.chance(percent: 60) { text += generator.pick(endings) }
        return text
    }

    /// Words joined without spaces, as Thai and Khmer write them: now and then a phrase separator (a space, or a
    /// sentence mark and a space), optionally one hard break, and an ending.
    private mutating func unspaced(
        segments count: Int, hardBreak: Bool, words: [String], phraseSeparators: [String], endings: [String]
    ) -> String {
        let breakIndex = hardBreak ? generator.next(in: 1...max(1, count - 1)) : -1
        var text = ""
        for index in 0..<count {
            if index == breakIndex {
                text += "\n"
            } else if index > 0, generator.chance(percent: 14) {
                text += generator.pick(phraseSeparators)
            }
            text += generator.pick(words)
        }
        text += generator.pick(endings)
        return text
    }

    /// Simplified Chinese: phrases without spaces, Chinese punctuation and brackets, and now and then a Latin word
    /// or number with a space on either side, as many people type it.
    private mutating func chinese(fragments count: Int, hardBreak: Bool) -> String {
        let breakIndex = hardBreak ? generator.next(in: 1...max(1, count - 1)) : -1
        var text = ""
        for index in 0..<count {
            if index == breakIndex { text += "\n" }
            let roll = generator.next(below: 100)
            if roll < 7 {
                let bracket = generator.next(below: CorpusWords.chineseOpeners.count)
                text +=
                    CorpusWords.chineseOpeners[bracket] + generator.pick(CorpusWords.chinese)
                    + CorpusWords.chineseClosers[bracket]
            } else if roll < 12 {
                let spacedOut = generator.chance(percent: 60)
                let word = generator.pick(CorpusWords.chineseLatin)
                text += spacedOut && !text.isEmpty && text.last != "\n" ? " \(word) " : word
            } else {
                text += generator.pick(CorpusWords.chinese)
            }
            if generator.chance(percent: 18) { text += generator.pick(CorpusWords.chinesePunctuation) }
        }
        let ending = generator.pick(["。", "。", "！", "？"])
        if generator.chance(percent: 70), let last = text.last, !CorpusWords.chinesePunctuation.contains(String(last)) {
            text += ending
        }
        return text
    }

    /// A word of a right-to-left script: from `pointed` throughout a vocalised label, else mostly from `plain`
    /// with a vocalised word now and then; sometimes a number.
    mutating func rightToLeftWord(
        pointed isPointed: Bool, _ pointed: [String], _ plain: [String], numbers: [String]
    ) -> String {
        let roll = generator.next(below: 100)
        if roll < 6 { return generator.pick(numbers) }
        if isPointed || roll < 16 { return generator.pick(pointed) }
        return generator.pick(plain)
    }

    /// English with a right-to-left phrase or a number now and then.
    mutating func bidiWord() -> String {
        let roll = generator.next(below: 100)
        if roll < 14 { return generator.pick(CorpusWords.rightToLeftPhrases) }
        if roll < 24 { return generator.pick(CorpusWords.numbers) }
        return generator.pick(CorpusWords.english)
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

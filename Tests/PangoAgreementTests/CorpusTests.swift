import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// The corpus the agreement test and the benchmarks share: deterministic and covering what it promises.
@Suite struct CorpusTests {
    let corpus = makeCorpus(count: 1_000, seed: 7)

    @Test func theSameSeedGivesTheSameLabelsAndAPrefixOfALargerCorpus() {
        #expect(makeCorpus(count: 1_000, seed: 7) == corpus)
        #expect(Array(makeCorpus(count: 2_000, seed: 7).prefix(1_000)) == corpus)
        #expect(makeCorpus(count: 1_000, seed: 8) != corpus)
        #expect(makeCorpus(count: 0, seed: 7).isEmpty)
    }

    @Test func everyClassicKindAppearsEquallyAtWidthsFrom120To420() {
        for kind in CorpusKind.classic {
            #expect(corpus.count { $0.kind == kind } == 200)
        }
        #expect(corpus.allSatisfy { CorpusKind.classic.contains($0.kind) })
        #expect(corpus.allSatisfy { (120...420).contains($0.width) && !$0.text.isEmpty })
        #expect(corpus.contains { $0.width < 150 } && corpus.contains { $0.width > 390 })
    }

    @Test func textsHaveHardBreaksURLsNFDAndEmojiSequences() {
        #expect(corpus.contains { $0.text.contains("\n") })
        #expect(corpus.contains { $0.kind == .latin && $0.text.contains("https://") })
        #expect(corpus.contains { $0.kind == .latin && $0.text.contains("@") && $0.text.contains("#") })
        let vietnamese = corpus.filter { $0.kind == .vietnamese }
        // NFD labels carry their diacritics as combining marks (U+0300…U+036F).
        let decomposed = vietnamese.filter { label in
            label.text.unicodeScalars.contains { (0x300...0x36F).contains($0.value) }
        }
        #expect(!decomposed.isEmpty && decomposed.count < vietnamese.count)
        #expect(corpus.contains { $0.kind == .emoji && $0.text.unicodeScalars.contains("\u{200D}") })
        #expect(corpus.contains { $0.kind == .emoji && $0.text.unicodeScalars.contains("\u{1F3FD}") })
        #expect(corpus.contains { $0.kind == .mixed && contains($0.text, scalarsIn: 0x0600...0x06FF) })
        #expect(corpus.contains { $0.kind == .mixed && contains($0.text, scalarsIn: 0x0590...0x05FF) })
    }

    private func contains(_ text: String, scalarsIn range: ClosedRange<UInt32>) -> Bool {
        text.unicodeScalars.contains { range.contains($0.value) }
    }
}

/// The corpus of the world's other scripts: deterministic, each kind in its script, written as the script is written.
@Suite struct WorldCorpusTests {
    let corpus = makeCorpus(count: 1_800, seed: 7, kinds: CorpusKind.world)

    @Test func theSameSeedGivesTheSameLabelsAndAPrefixOfALargerCorpus() {
        #expect(makeCorpus(count: 1_800, seed: 7, kinds: CorpusKind.world) == corpus)
        #expect(Array(makeCorpus(count: 3_600, seed: 7, kinds: CorpusKind.world).prefix(1_800)) == corpus)
        #expect(makeCorpus(count: 1_800, seed: 8, kinds: CorpusKind.world) != corpus)
        #expect(makeCorpus(count: 10, seed: 7, kinds: []).isEmpty)
    }

    @Test func theDefaultKindsAreTheClassicFiveAndAllCasesAddsTheWorld() {
        #expect(makeCorpus(count: 50, seed: 3) == makeCorpus(count: 50, seed: 3, kinds: CorpusKind.classic))
        #expect(CorpusKind.classic + CorpusKind.world == CorpusKind.allCases)
        let all = makeCorpus(count: 140, seed: 3, kinds: CorpusKind.allCases)
        #expect(Set(all.map(\.kind)) == Set(CorpusKind.allCases))
    }

    @Test func everyWorldKindAppearsEquallyWithHardBreaksInAboutOneLabelInEight() {
        for kind in CorpusKind.world {
            let labels = corpus.filter { $0.kind == kind }
            #expect(labels.count == 200)
            let broken = labels.count { $0.text.contains("\n") }
            #expect((12...40).contains(broken), "\(kind): \(broken) of 200 labels have a hard break")
        }
        #expect(corpus.allSatisfy { (120...420).contains($0.width) && !$0.text.isEmpty })
    }

    @Test func eachKindIsWrittenInItsScriptWithItsMarks() {
        func some(_ kind: CorpusKind, _ range: ClosedRange<UInt32>) -> Bool {
            corpus.contains { $0.kind == kind && $0.text.unicodeScalars.contains { range.contains($0.value) } }
        }
        #expect(some(.arabic, 0x064B...0x0652))   // harakat
        #expect(some(.arabic, 0x0660...0x0669))   // Arabic-Indic digits
        #expect(some(.hebrew, 0x05B0...0x05BC))   // niqqud
        #expect(some(.devanagari, 0x094D...0x094D) && some(.devanagari, 0x0966...0x096F))   // virama, digits
        #expect(some(.bengali, 0x09CD...0x09CD) && some(.bengali, 0x09E6...0x09EF))
        #expect(some(.thai, 0x0E33...0x0E33))   // SARA AM
        #expect(some(.khmer, 0x17D2...0x17D2))   // coeng: subscript consonants
        #expect(some(.korean, 0xAC00...0xD7A3))
        #expect(some(.chinese, 0x4E00...0x9FFF) && some(.chinese, 0xFF0C...0xFF0C))   // ideographs, fullwidth comma
        #expect(some(.bidi, 0x0600...0x06FF) && some(.bidi, 0x05D0...0x05EA))
        let bidi = corpus.filter { $0.kind == .bidi }
        #expect(bidi.count { $0.text.unicodeScalars.contains { ("a"..."z").contains($0) } } >= 190)
    }

    @Test func spacesSeparateWordsOnlyInScriptsThatUseThem() {
        func spacesPerCharacter(_ kind: CorpusKind) -> Double {
            let texts = corpus.filter { $0.kind == kind }.map(\.text)
            let spaces = texts.reduce(0) { $0 + $1.count { $0 == " " } }
            return Double(spaces) / Double(texts.reduce(0) { $0 + $1.count })
        }
        for kind: CorpusKind in [.arabic, .hebrew, .devanagari, .bengali, .korean, .bidi] {
            #expect(spacesPerCharacter(kind) > 0.1, "\(kind)")
        }
        for kind: CorpusKind in [.thai, .khmer, .chinese] {
            #expect(spacesPerCharacter(kind) < 0.05, "\(kind)")
        }
    }
}

@Suite struct FieldEscapingTests {
    @Test func escapedFieldsStayOnOneLineAndRoundTrip() {
        for text in ["plain", "tab\there", "lines\nand\r\nreturns", "back\\slash \\n literal", "利用規約 👋🏽", ""] {
            let escaped = FieldEscaping.escape(text)
            #expect(!escaped.contains("\n") && !escaped.contains("\t") && !escaped.contains("\r"))
            #expect(FieldEscaping.unescape(Substring(escaped)) == text)
        }
    }
}

@Suite struct MeasurementMatchesLayoutTests {
    @Test func measurementEqualsTheDrawnLayoutOnEveryCorpusLabel() throws {
        let typesetter = LabelTypesetter.system
        for label in makeCorpus(count: 600, seed: 11) {
            for lines in [0, 1, 2] {
                let measured = try typesetter.measurement(label.text, width: label.width, numberOfLines: lines)
                let layout = try typesetter.layout(
                    label.text, in: TextContainer(width: label.width, maximumNumberOfLines: lines))
                #expect(
                    measured == TextMeasurement(layout),
                    "\(label.text.debugDescription) at \(label.width), \(lines) lines")
            }
        }
    }
}

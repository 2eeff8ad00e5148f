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

    @Test func everyKindAppearsEquallyAtWidthsFrom120To420() {
        for kind in CorpusKind.allCases {
            #expect(corpus.count { $0.kind == kind } == 200)
        }
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

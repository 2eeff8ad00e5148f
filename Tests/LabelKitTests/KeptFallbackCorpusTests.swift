import LabelKit
import LabelKitCorpus
import Testing

/// Itemization takes faces from the context's kept fallback answers (one scalar, or a letter with its marks) without
/// asking the font system again. Over the corpus, the runs it makes must be the ones it makes when every cluster is
/// asked about: the same faces over the same text.
@Suite("Kept fallback answers over the corpus")
struct KeptFallbackCorpusTests {
    /// The system's fonts, but telling no generation: nothing is kept from one layout to the next, so every layout
    /// asks for each cluster's face the long way.
    final class UnkeptFontSystem: FontSystem {
        let base: any FontSystem = SystemFontSystem.shared

        func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
            try base.face(for: descriptor)
        }

        func fallbackFace(
            for cluster: UnsafeBufferPointer<UInt16>, descriptor: FontDescriptor, emojiPresentation: Bool
        ) -> (any FontFace)? {
            base.fallbackFace(for: cluster, descriptor: descriptor, emojiPresentation: emojiPresentation)
        }
    }

    /// Each run's face, text and bidi level, in order.
    static func runs(_ layout: TextLayout) -> [String] {
        layout.runs.map { "\($0.face.familyName) \($0.textRange) \($0.bidiLevel)" }
    }

    @Test(
        "labels in every script, laid out with the kept answers warm, have the runs of layouts that ask for every cluster"
    )
    func keptAnswersGiveTheSameRuns() throws {
        let labels = makeCorpus(count: 100, seed: 31) + makeCorpus(count: 450, seed: 31, kinds: CorpusKind.world)
        // One context for all labels, so the answers of one label serve the next; each label twice, the second time
        // entirely from them.
        let kept = LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, context: TypesettingContext())
        let unkept = LabelTypesetter(
            fontSystem: UnkeptFontSystem(), analyzer: ICUTextAnalyzer.shared, context: TypesettingContext())
        var clustersOfSeveralUnits = 0
        for label in labels {
            let container = TextContainer(width: label.width)
            let expected = Self.runs(try unkept.layout(label.text, in: container))
            for pass in 0..<2 {
                let runs = Self.runs(try kept.layout(label.text, in: container))
                #expect(runs == expected, "\(label.kind) pass \(pass): \(label.text)")
            }
            clustersOfSeveralUnits += label.text.count { $0.unicodeScalars.count > 1 }
        }
        // The corpus holds what the shortcut reads: clusters of several scalars (letters with marks), in many scripts.
        #expect(clustersOfSeveralUnits > 5_000)
    }
}

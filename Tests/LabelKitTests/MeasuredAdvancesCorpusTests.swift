import LabelKit
import LabelKitCorpus
import Testing

@testable import LabelKitLayout

/// A measurement writes cached words' advances straight from the word cache, without glyphs. Over the corpus of
/// every kind, the advances must be those the glyphs give, bit for bit, and every measurement the size of the layout
/// that is drawn.
@Suite("Measured advances over the corpus")
struct MeasuredAdvancesCorpusTests {
    @Test("every grapheme's advance in a measurement is the one its glyphs give, in labels of every script")
    func advancesWithoutGlyphsAreTheGlyphsAdvances() throws {
        let labels = makeCorpus(count: 1_000, seed: 47) + makeCorpus(count: 900, seed: 47, kinds: CorpusKind.world)
        let typesetter = LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, context: TypesettingContext())
        var itemsWithoutGlyphs = 0
        var graphemes = 0
        for round in 0..<2 {
            // The first round meets every word for the first time (misses, shaped into glyphs); the second finds
            // them in the cache.
            for label in labels {
                let fromGlyphs = try typesetter.graphemeAdvances(of: label.text, for: .layout)
                let measured = try typesetter.graphemeAdvances(of: label.text, for: .measurement)
                let differing = measured.advances.indices.first {
                    fromGlyphs.advances.indices.contains($0)
                        && measured.advances[$0].bitPattern != fromGlyphs.advances[$0].bitPattern
                }
                #expect(measured.advances.count == fromGlyphs.advances.count)
                let offset = differing ?? 0
                #expect(
                    differing == nil,
                    """
                    \(label.kind) round \(round), offset \(offset): \(measured.advances[offset]) rather than \
                    \(fromGlyphs.advances[offset]) in \(label.text)
                    """)
                #expect(fromGlyphs.itemsWithoutGlyphs == 0)
                if round == 1 {
                    itemsWithoutGlyphs += measured.itemsWithoutGlyphs
                    graphemes += fromGlyphs.advances.count { $0 != 0 }
                }
            }
        }
        // The shortcut is taken: in the second round, more than three items per label keep no glyphs.
        #expect(itemsWithoutGlyphs > labels.count * 3)
        #expect(graphemes > 100_000)
    }

    @Test("a measurement equals the drawn layout's size at several widths and line limits, in labels of every script")
    func measurementsEqualLayouts() throws {
        let labels = makeCorpus(count: 300, seed: 48) + makeCorpus(count: 300, seed: 48, kinds: CorpusKind.world)
        let typesetter = LabelTypesetter(
            fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer.shared, context: TypesettingContext())
        for label in labels {
            for scale in [1.0, 0.6] {
                for lines in [0, 2] {
                    let container = TextContainer(width: label.width * scale, maximumNumberOfLines: lines)
                    let layout = try typesetter.layout(label.text, in: container)
                    let measured = try typesetter.measurement(
                        label.text, width: label.width * scale, numberOfLines: lines)
                    #expect(
                        measured == TextMeasurement(layout), "\(label.kind) ×\(scale) \(lines) lines: \(label.text)")
                }
            }
        }
    }
}

extension LabelTypesetter {
    /// The advance of every grapheme of `text` (at its first code unit) as the shaping stage computes them for
    /// `purpose` (a measurement writes cached words' advances without glyphs), and the number of items that kept no
    /// glyphs.
    fileprivate func graphemeAdvances(of text: String, for purpose: TypesettingPurpose) throws
        -> (advances: [Double], itemsWithoutGlyphs: Int)
    {
        var shaped = try pipeline.shape(
            plainText(text), purpose: purpose)
        defer { shaped.recycle() }
        let withoutGlyphs = shaped.itemized.items.count {
            $0.start < $0.end && $0.glyphStart == $0.glyphEnd && !$0.isInlineBox
        }
        return (shaped.shaping.graphemeAdvances, withoutGlyphs)
    }
}

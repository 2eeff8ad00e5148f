import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// Layouts whose line-break opportunities come from the analyzer's table (for text it covers) against layouts from
/// ICU's line iterator alone, as every layout was made before the table.
@Suite("Layouts with line breaks from the table")
struct LineBreakTableLayoutTests {
    /// The system typesetter: the table where it covers the text.
    let table = LabelTypesetter.system
    /// The same fonts and hyphenator, ICU's line iterator for every text, a context of its own.
    let iterator = LabelTypesetter(
        fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer(lineBreakSource: .iterator),
        context: TypesettingContext(), hyphenator: LibhyphenHyphenator.shared)

    @Test("over the corpus of every kind, layouts are glyph for glyph those of ICU's line iterator")
    func corpusOfEveryKind() throws {
        let labels = makeCorpus(count: 1_400, seed: 28, kinds: CorpusKind.allCases)
        for label in labels {
            for width in [label.width, label.width * 0.45] {
                let container = TextContainer(width: width)
                let fromTable = LayoutSnapshot(try table.layout(label.text, in: container))
                let fromIterator = LayoutSnapshot(try iterator.layout(label.text, in: container))
                #expect(fromTable == fromIterator, "\(label.kind) at \(width): \(label.text)")
            }
        }
    }

    @Test("keep-all paragraphs, which ask for letter pairs, lay out as with ICU's line iterator")
    func keepAll() throws {
        let labels = makeCorpus(count: 420, seed: 29, kinds: CorpusKind.allCases)
        for label in labels {
            var text = AttributedString(label.text)
            text.labelKit.paragraphStyle = ParagraphStyle(wordBreak: .keepAll)
            let container = TextContainer(width: label.width * 0.6)
            let fromTable = LayoutSnapshot(try table.layout(text, in: container))
            let fromIterator = LayoutSnapshot(try iterator.layout(text, in: container))
            #expect(fromTable == fromIterator, "\(label.kind): \(label.text)")
        }
    }
}

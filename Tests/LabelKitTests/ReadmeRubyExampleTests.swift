import Foundation
import LabelKit
import Testing

/// The README's listing on ruby, run as written (a region between `// Listing: README` and `// End of listing`, which
/// ``ReadmeExampleTests/listingsAreTested()`` finds in this file too), and what its comments say, checked.
@Suite("README examples: ruby")
struct ReadmeRubyExampleTests {
    @Test("ruby: furigana from markup and from the attribute, a tap on a link's furigana, copy with the readings")
    func ruby() throws {
        // Listing: README
        var text = LabelMarkup.attributedString("[{利用規約|りようきやく}](https://example.com/terms)を{確認|かく|にん}して読む")
        text[text.range(of: "読")!].labelKit.ruby = RubyAnnotation("よ", position: .over, alignment: .center)
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 240))
        let furigana = layout.rubyRects(for: 0..<4)   // over 利用規約: a tap there hits the link, as on the base
        let copied = layout.plainText(ruby: .parenthesized)   // "利用規約(りようきやく)を確(かく)認(にん)して読(よ)む"
        // End of listing

        #expect(String(text.characters) == "利用規約を確認して読む")
        #expect(furigana.count == 1)
        let rect = try #require(furigana.first).rect
        let tap = CGPoint(x: rect.midX, y: rect.midY)
        #expect(layout.link(at: tap)?.link.target == URL(string: "https://example.com/terms"))
        #expect(layout.character(at: tap)?.range == 0..<4)
        #expect(copied == "利用規約(りようきやく)を確(かく)認(にん)して読(よ)む")
        #expect(layout.plainText() == "利用規約を確認して読む")
    }
}

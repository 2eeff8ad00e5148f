import Foundation
import LabelKit
import Testing

/// The README's listing on lists, tab stops, line height and markup, run as written (a region between
/// `// Listing: README` and `// End of listing`, which ``ReadmeExampleTests/listingsAreTested()`` finds in this file
/// too), and what its comments say, checked.
@Suite("README examples: structured text")
struct ReadmeStructuredTextExampleTests {
    @Test("lists, tab stops, line height and markup: a list read from HTML, its marker copied and hit as its item")
    func structuredText() throws {
        // Listing: README
        var item = ParagraphStyle()
        item.textLists = [TextList(marker: .decimal), TextList(marker: .disc, indent: 24)]   // outermost first
        item.tabStops = [TabStop(170, alignment: .right), TabStop(235, alignment: .decimal)]   // or .left, .center
        item.defaultTabInterval = 56   // stops after the last one
        item.lineHeight = .multiple(1.5)   // or .absolute(24): CSS's half-leading, not UIKit's lineHeightMultiple

        let html = try LabelMarkup.html(#"<p><b>Ana</b>: read <a href="https://example.com">this</a><ul><li>one</ul>"#)
        let warnings = html.warnings   // unknown tags, named; their text is kept. An unclosed tag throws MarkupError
        let gtk = try LabelMarkup.pango(#"<span foreground="red" size="larger">Error:</span> <tt>disk full</tt>"#)
        let layout = try LabelTypesetter.system.layout(html.text, in: TextContainer(width: 320))
        let copied = layout.plainText()   // "Ana: read this\n• one": the marker is copied, and hit as the "o"
        // End of listing

        #expect(warnings.isEmpty)
        #expect(try LabelMarkup.html("<p>Hi <blink>there</blink></p>").warnings.count == 1)
        #expect(throws: MarkupError.self) { try LabelMarkup.html("<p>Hello <b") }
        #expect(String(html.text.characters) == "Ana: read this\none")
        #expect(String(gtk.text.characters) == "Error: disk full")
        #expect(copied == "Ana: read this\n• one")
        let marker = try #require(layout.inlineBoxes.first { $0.box.content == .listMarker("• ") })
        let hit = try #require(layout.character(at: CGPoint(x: marker.rect.midX, y: marker.rect.midY)))
        #expect(hit.range == 15..<16, "the marker is hit as the o of one")

        // The paragraph style: a nested item whose text starts at 40 + 24 points, and 1.5 × the font's line height.
        var text = AttributedString("Espresso\t2\t5.80")
        text.labelKit.paragraphStyle = item
        let styled = try LabelTypesetter.system.layout(text, in: TextContainer(width: 320))
        #expect(styled.lines.first.map { abs($0.rect.minX - 64) < 0.001 } == true)
        var plain = AttributedString("Espresso\t2\t5.80")
        plain.labelKit.paragraphStyle = ParagraphStyle()
        let unstyled = try LabelTypesetter.system.layout(plain, in: TextContainer(width: 320))
        let ratio = (styled.lines.first?.rect.height ?? 0) / (unstyled.lines.first?.rect.height ?? 1)
        #expect(ratio > 1.3 && ratio < 1.6, "a line 1.5 × the runs' ascent plus descent: \(ratio)")
    }
}

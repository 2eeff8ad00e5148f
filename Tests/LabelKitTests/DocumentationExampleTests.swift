import Foundation
import LabelKit
import LabelKitCairo
import LabelKitTestSupport
import Testing

/// The code listings of the documentation catalog (`Documentation/LabelKit.docc`), compiled and run here with what
/// each article claims checked after it.
///
/// Every ```swift listing of the catalog is a region of this file or of its extensions beside it
/// (`DocumentationExampleTests+LinkArticles.swift`, `DocumentationExampleTests+TextArticles.swift`: every
/// `DocumentationExampleTests*.swift` of this folder) between a `// Listing: <article>` line and a `// End of listing`
/// line, character for character (less indentation); ``listingsAreTested()`` fails when an article's listing is in none
/// of them, or a region of them is in no article. The placeholders an article leaves to the app (`open`, `save`,
/// `showPreview`, the tap point) are defined before each region.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    static let terms = URL(string: "https://example.com/terms")!

    @Test("the catalog's listings are the regions of these files, and every region is in an article")
    func listingsAreTested() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let catalog = folder.appendingPathComponent("../../Documentation/LabelKit.docc").standardizedFileURL
        // This file and its extensions: the listings are spread over them by article.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("DocumentationExampleTests") && $0.hasSuffix(".swift") }
        #expect(files.count >= 3)
        var regions: Set<String> = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            regions.formUnion(Listings.regions(in: source))
        }
        #expect(regions.count >= 8)
        var listed: Set<String> = []
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        #expect(articles.count >= 10)
        for article in articles {
            let markdown = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for listing in Listings.swiftBlocks(in: markdown) {
                let isCompiled = regions.contains(listing)
                #expect(isCompiled, "a listing of \(article) is in no DocumentationExampleTests*.swift:\n\(listing)")
                listed.insert(listing)
            }
        }
        for region in regions where !listed.contains(region) {
            Issue.record("a region of DocumentationExampleTests*.swift is in no article:\n\(region)")
        }
    }

    @Test("LabelKitText's landing page: markup links, a base size and a container with a token")
    func textLandingPage() throws {
        // Listing: LabelKitText
        var text = LabelMarkup.attributedString("Read the [terms](https://example.com/terms) first")
        text.labelKit.fontSize = 17
        var container = TextContainer(width: 280, maximumNumberOfLines: 2)
        container.truncationToken = AttributedString("…more")
        // End of listing

        #expect(String(text.characters) == "Read the terms first")
        let terms = try #require(text.range(of: "terms"))
        #expect(text[terms].link == Self.terms)
        #expect(text.runs.allSatisfy { $0.labelKit.fontSize == 17 })
        #expect(container.maximumNumberOfLines == 2)
        let layout = try LabelTypesetter.system.layout(text, in: container)
        #expect(layout.links.map(\.target) == [Self.terms])
    }

    @Test("LabelKitLinks' landing page: a look-alike host is found and flagged, a mention is safe")
    func linksLandingPage() throws {
        // Listing: LabelKitLinks
        let post = "Log in at аpple.com/account or ask @ana"   // the first "а" is Cyrillic
        let result = LinkDetector(kinds: [.url, .email, .mention]).detectLinks(in: AttributedString(post))
        let suspicious = result.links.filter { !$0.isSafe }
        let reasons = suspicious.map { ($0.text, $0.warnings.names) }   // [("аpple.com/account", ["mixedScriptHost"])]
        // End of listing

        #expect(result.links.map(\.kind) == [.url, .mention])
        #expect(reasons.map(\.0) == ["аpple.com/account"])
        #expect(reasons.map(\.1) == [["mixedScriptHost"]])
    }

    @Test("LabelKit's landing page: a tap on 利用規約 finds its link, a point past a line's end finds nothing")
    func landingPage() throws {
        let tap = CGPoint(x: 170, y: 12)
        let point = CGPoint(x: 199, y: 30)

        // Listing: LabelKit
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200, maximumNumberOfLines: 2))

        let size = layout.size   // what the label needs, in whole points
        let hit = layout.link(at: tap, radius: 10)   // the link under a finger (or near it), with its rects
        let character = layout.character(at: point)   // the cluster under a point; nil past a line's end
        let fragments = layout.rects(for: 9..<13)   // one rectangle per line fragment of a UTF-16 range
        // End of listing

        #expect(size == CGSize(width: 195, height: 44))
        #expect(hit?.link.target == Self.terms)
        #expect(hit?.rects == fragments)
        #expect(layout.lines[1].rect.maxX < point.x)
        #expect(character == nil)
        #expect(fragments.count == 1)
    }

    @Test("LabelKitCairo's landing page: the link style is an overlay; the image is the bounds at the scale")
    func cairoLandingPage() throws {
        let layout = try LabelTypesetter.system.layout(
            LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"),
            in: TextContainer(width: 200))

        // Listing: LabelKitCairo
        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.pressedLink = 0   // the default LinkStyle: blue, underlined; grey behind the pressed link
        let image = try renderer.render(layout)   // the layout's bounds × 2, in device pixels, the first link pressed
        let png = try image.pngData()
        // End of listing

        #expect(image.width == 400 && image.height == Int(layout.bounds.height) * 2)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(renderer.linkOverlays(for: layout).map(\.state) == [.pressed])
        let resting = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        #expect(resting.bytes != image.bytes)   // the pressed link's highlight, from the same layout
        var unstyled = LabelRenderer(scale: 2, backgroundColor: .white)
        unstyled.linkStyle = nil
        #expect(try unstyled.render(layout).bytes != resting.bytes)   // at rest the link is blue and underlined
    }

    @Test("LabelKitInteraction's landing page: one link style, a rule per kind, overlays for the pressed state")
    func interactionLandingPage() throws {
        let layout = try LabelTypesetter.system.layout(
            LinkDetector().detectLinks(in: AttributedString("#swift on example.com")).text)
        var interaction = LabelInteraction(layout: layout)
        let url = try #require(layout.rects(forLink: 1).first?.rect)
        _ = interaction.handle(.down(at: CGPoint(x: url.midX, y: url.midY), time: 0))

        // Listing: LabelKitInteraction
        var style = LinkStyle()   // blue, underlined; a grey highlight when pressed
        style.setLook(LinkStyle.Look(foregroundColor: .link), for: .kind(.hashtag))   // hashtags: not underlined
        let overlays = style.overlays(for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])
        // End of listing

        #expect(layout.links.map(\.kind) == [.hashtag, .url])
        #expect(overlays.map(\.state) == [.normal, .pressed])
        #expect(overlays[0].look == LinkStyle.Look(foregroundColor: .link))
        #expect(overlays[1].look.underline == .single && overlays[1].look.highlightColor != nil)
    }

    @Test("the pipeline: lines tile the text, the layout is what is drawn, queries answer from it")
    func pipeline() throws {
        // Listing: ThePipeline
        var text = AttributedString("Styled text you can lay out, measure, draw and touch: 触れる文字 👋🏽")
        if let range = text.range(of: "touch") {
            text[range].link = URL(string: "https://example.com/touch")
            text[range].labelKit.underline = .single
        }
        var container = TextContainer(width: 240, height: 80, maximumNumberOfLines: 2)
        container.insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        let layout = try LabelTypesetter.system.layout(text, in: container)

        for line in layout.lines {
            print(line.textRange, line.rect, line.baseline)   // what each line holds, its box and its baseline
        }
        // End of listing

        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].textRange.lowerBound == 0)
        #expect(layout.lines[0].textRange.upperBound == layout.lines[1].textRange.lowerBound)
        #expect(layout.lines.allSatisfy { $0.rect.minX >= 8 && $0.rect.maxX <= 232 })
        #expect(layout.bounds == CGRect(x: 0, y: 0, width: 240, height: 80))
        // Vertically centred in the 80-point bounds: the block of lines starts below the top inset.
        #expect(layout.lines[0].rect.minY > 4)
        #expect(layout.links.map(\.target) == [URL(string: "https://example.com/touch")])
        let linkRect = try #require(layout.rects(forLink: 0).first?.rect)
        #expect(layout.link(at: CGPoint(x: linkRect.midX, y: linkRect.midY))?.index == 0)
    }

    @Test("the backends' landing page: the system typesetter measures a word")
    func linuxBackends() throws {
        // Listing: LabelKitLinux
        let typesetter = LabelTypesetter.system   // SystemFontSystem, ICUTextAnalyzer and LibhyphenHyphenator
        let size = try typesetter.measurement("Hello", width: 200).size
        // End of listing

        #expect(size.width > 0 && size.width <= 200)
        #expect(typesetter.fontSystem is SystemFontSystem)
    }

    @Test("the test support's landing page: a fixed-advance layout's lines and hits are known in advance")
    func testSupport() throws {
        // Listing: LabelKitTestSupport
        let layout = try LabelTypesetter.fixed().layout("Terms apply", in: TextContainer(width: 60))
        #expect(layout.lines.count == 2)
        #expect(layout.character(at: CGPoint(x: 5, y: 5))?.range == 0..<1)
        // End of listing

        #expect(layout.size == CGSize(width: 50, height: 20))
    }
}

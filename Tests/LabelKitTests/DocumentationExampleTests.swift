import Foundation
import LabelKit
import LabelKitCairo
import LabelKitTestSupport
import Testing

/// The code listings of the documentation catalog (`Documentation/LabelKit.docc`), compiled and run here with what
/// each article claims checked after it.
///
/// Every ```swift listing of the catalog is a region of this file between a `// Listing: <article>` line and a
/// `// End of listing` line, character for character (less indentation); ``listingsAreTested()`` fails when an
/// article's listing is not here, or a region here is in no article. The placeholders an article leaves to the app
/// (`open`, `save`, `showPreview`, the tap point) are defined before each region.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    static let terms = URL(string: "https://example.com/terms")!

    @Test("the catalog's listings are the regions of this file, and every region is in an article")
    func listingsAreTested() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Documentation/LabelKit.docc").standardizedFileURL
        let regions = Listings.regions(in: source)
        #expect(regions.count >= 8)
        var listed: Set<String> = []
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        #expect(articles.count >= 10)
        for article in articles {
            let markdown = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for listing in Listings.swiftBlocks(in: markdown) {
                let isCompiled = regions.contains(listing)
                #expect(isCompiled, "a listing of \(article) is not compiled by this file:\n\(listing)")
                listed.insert(listing)
            }
        }
        for region in regions where !listed.contains(region) {
            Issue.record("a region of this file is in no article:\n\(region)")
        }
    }

    @Test("vertical text: three columns, the terms' bands, a point in the first column hits its first character")
    func verticalText() throws {
        let point = CGPoint(x: 55, y: 7)

        // Listing: VerticalText
        var notice = AttributedString("2024年10月1日より、決済をしたと同時に利用規約に同意したとみなします")
        notice.labelKit.combineUpright = .digits(2)   // 10 and 1 set across the column
        let layout = try LabelTypesetter.system.layout(
            notice, in: TextContainer(height: 230, writingMode: .verticalRightToLeft))
        let size = layout.size   // the width across the columns, the longest column's length
        let bands = layout.rects(for: 22..<26)   // 利用規約: vertical bands
        let hit = layout.character(at: point)   // the same coordinates as horizontal text: origin top left, y down
        // End of listing

        #expect(layout.lines.count == 3 && size.width == 66 && size.height <= 230)
        #expect(!bands.isEmpty && bands.allSatisfy { $0.rect.height > $0.rect.width })
        // The first column is the rightmost: its top holds 2024, turned.
        #expect(hit.map { (0..<4).contains($0.index) } == true)
    }

    @Test("tap on part of a sentence: only 利用規約 opens the terms; the rest and past the line hit no link")
    func tapOnPartOfASentence() throws {
        var opened: [URL] = []
        func open(_ url: URL) { opened.append(url) }

        // Listing: TappingPartOfASentence
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
        let layout = try typesetter.layout(text, in: TextContainer(width: 200))

        let tap = CGPoint(x: 160, y: 10)   // in the label's coordinates: origin top-left, y down
        if let hit = layout.link(at: tap, radius: 10) {
            open(hit.link.target)   // https://example.com/terms
        }
        // End of listing

        #expect(opened == [Self.terms])
        #expect(layout.lines.count == 2)
        // The link's characters are 9..<13 (UTF-16): 利用規約, all on the first line.
        #expect(layout.plainText(in: layout.links[0].range) == "利用規約")
        #expect(layout.rects(for: 9..<13).map(\.lineIndex) == [0])

        // Listing: TappingPartOfASentence
        let onAgree = layout.character(at: CGPoint(x: 40, y: 32))   // 同 of 同意, on the second line
        let pastTheEnd = layout.character(at: CGPoint(x: 195, y: 32))   // right of the second line's last glyph
        let onlyText = layout.link(at: CGPoint(x: 40, y: 32))   // nil: an exact hit on text that is no link
        // End of listing

        #expect(onAgree?.range == 14..<15)
        #expect(onAgree?.lineIndex == 1)
        #expect(pastTheEnd == nil)
        #expect(onlyText == nil)

        // Listing: TappingPartOfASentence
        var interaction = LabelInteraction(layout: layout)
        let pressed = interaction.handle(.down(at: tap, time: 0))   // [.pressedLinkChanged(hit)]: draw it pressed
        for event in interaction.handle(.up(at: tap, time: 0.1)) {   // [.pressedLinkChanged(nil), .tap(hit)]
            if case .tap(let hit) = event { open(hit.link.target) }
        }
        // End of listing

        #expect(opened == [Self.terms, Self.terms])
        #expect(pressed.count == 1)
        if case .pressedLinkChanged(let hit) = pressed.first { #expect(hit?.index == 0) } else { Issue.record() }
        #expect(interaction.pressedLink == nil)
    }

    @Test("a checkbox with a link: the link opens without toggling, the box and the rest of the title toggle")
    func checkboxWithALink() throws {
        var opened: [URL] = []
        var saved: [Bool] = []
        func open(_ url: URL) { opened.append(url) }
        func save(_ isChecked: Bool) { saved.append(isChecked) }
        func click(_ point: CGPoint, _ interaction: inout CheckboxInteraction) {
            // Listing: CheckboxWithALink
            _ = interaction.handle(.down(at: point, time: 0))
            for event in interaction.handle(.up(at: point, time: 0.1)) {
                switch event {
                case .toggled(let isChecked): save(isChecked)
                case .link(.tap(let hit)): open(hit.link.target)
                case .link: break   // the title link pressed or released: redraw it
                case .focusChanged, .focusLeaves: break   // keyboard focus: draw or move the focus ring
                }
            }
            // End of listing
        }

        // Listing: CheckboxWithALink
        let title = LabelMarkup.attributedString("[利用規約](https://example.com/terms)に同意する")
        let checkbox = CheckboxWithLink(title: title)
        let layout = try checkbox.layout(with: .system, container: TextContainer(width: 280))
        var interaction = CheckboxInteraction(checkbox: checkbox, layout: layout)

        let box = layout.boxFrame   // the square at the left, centred on the title's first line
        let link = layout.rects(forLink: 0)   // 利用規約, in the control's coordinates
        // End of listing

        // The title's first line starts at y = 0 (its measured height holds it exactly); the box centres on it.
        #expect(box == CGRect(x: 0, y: 1.8603515625, width: 18, height: 18))
        #expect(layout.titleFrame.minX == 26)   // 18-point box, 8 points of spacing
        #expect(link.count == 1)
        #expect(link[0].rect.minX == 26)

        click(CGPoint(x: link[0].rect.midX, y: link[0].rect.midY), &interaction)
        #expect(opened == [Self.terms])
        #expect(saved.isEmpty)
        #expect(interaction.checkbox.isChecked == false)

        click(CGPoint(x: box.midX, y: box.midY), &interaction)
        #expect(saved == [true])
        let agree = try #require(layout.title.rects(for: 5..<7).first?.rect)   // 同意
        click(layout.controlRect(agree).origin.moved(4, 4), &interaction)
        #expect(saved == [true, false])
        #expect(opened == [Self.terms])

        // Listing: CheckboxWithALink
        let toggled = interaction.handleKey(.space)   // [.toggled(isChecked: true)]
        let element = interaction.accessibilityElement   // one element: label the title, value "checked"
        // End of listing

        #expect(toggled == [.toggled(isChecked: true)])
        #expect(element.label == "利用規約に同意する")
        #expect(element.value == "checked")
        #expect(element.traits.contains(.checkbox))
        #expect(element.customActions == [.activateLink(index: 0, target: Self.terms)])
    }

    @Test("the link under a finger: a near miss finds the wrapped link, its rects per line, and a long press previews")
    func linkUnderAFinger() throws {
        var previews: [(target: URL, source: CGRect, rects: [CGRect])] = []
        var menus: [[CopyMenu.Item]] = []
        func showPreview(of target: URL, from source: CGRect, highlighting rects: [CGRect]) {
            previews.append((target, source, rects))
        }
        func showMenu(_ items: [CopyMenu.Item]) { menus.append(items) }

        // Listing: LinkUnderAFinger
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 165))
        let fragments = layout.rects(for: 9..<13)   // 利用 ends the first line, 規約 starts the second
        let finger = CGPoint(x: fragments[0].rect.midX, y: fragments[0].rect.maxY + 6)   // 6 points below 利用

        if let hit = layout.link(at: finger, radius: 10) {
            showPreview(of: hit.link.target, from: hit.boundingRect, highlighting: hit.rects.map(\.rect))
            print(hit.rects.count, hit.distance)   // 2 6.0: one rectangle per line; 6 points from the link
        }
        // End of listing

        #expect(fragments.map(\.lineIndex) == [0, 1])
        #expect(layout.plainText(in: layout.lines[0].textRange).hasSuffix("利用"))
        // The finger is on the second line's text, which is no link: the link is found by its distance.
        #expect(layout.character(at: finger).map { layout.links[0].range.contains($0.index) } == false)
        let preview = try #require(previews.first)
        #expect(preview.target == Self.terms)
        #expect(preview.rects == fragments.map(\.rect))
        #expect(preview.source == fragments[0].rect.union(fragments[1].rect))
        #expect(layout.link(at: finger, radius: 10)?.distance == 6)
        #expect(layout.link(at: finger, radius: 5) == nil)

        // Listing: LinkUnderAFinger
        var interaction = LabelInteraction(layout: layout)   // touch radius 10, long press after 0.5 s
        _ = interaction.handle(.down(at: finger, time: 0))
        for event in interaction.advance(to: 0.5) {   // the app's timer or frame loop calls advance(to:)
            if case .longPress(let preview, let menu) = event {
                showPreview(of: preview.target, from: preview.boundingRect, highlighting: preview.rects.map(\.rect))
                showMenu(menu.items)   // [.copy, .copyLink, .openLink]
            }
        }
        let afterLift = interaction.handle(.up(at: finger, time: 0.8))   // []: the long press took the touch
        // End of listing

        #expect(previews.count == 2)
        #expect(previews[1].rects == previews[0].rects)
        #expect(previews[1].source == previews[0].source)
        #expect(menus == [[.copy, .copyLink, .openLink]])
        #expect(afterLift.isEmpty)

        // Listing: LinkUnderAFinger
        let context = layout.previewContext(at: finger)   // the same, as one value: target, rects, boundingRect
        // End of listing

        #expect(context?.boundingRect == previews[0].source)
        #expect(context?.rects.count == 2)
    }

    @Test("exact size without a UI framework: measuring equals the drawn layout and image; the cache answers again")
    func exactSize() throws {
        // Listing: MeasuringText
        let typesetter = LabelTypesetter.system   // DejaVu Sans 15, fallback through fontconfig
        let message = "A message in a table row, measured without drawing: 行の高さ 👋🏽"

        let measurement = try typesetter.measurement(message, width: 280)
        print(measurement.size, measurement.lineCount)   // 275 × 40 points, 2 lines: rounded up to whole points

        let layout = try typesetter.layout(message, in: TextContainer(width: 280))
        print(layout.size == measurement.size)   // true: the size of what is drawn and hit
        // End of listing

        #expect(measurement.size == CGSize(width: 275, height: 40))
        #expect(measurement.lineCount == 2)
        #expect(!measurement.isTruncated)
        #expect(layout.size == measurement.size)
        #expect(layout.lines.count == measurement.lineCount)
        let drawn = try #require(layout.lines.last).rect.maxY
        #expect(drawn <= layout.size.height && layout.size.height - drawn < 1)

        // Listing: MeasuringText
        let image = try LabelRenderer(scale: 2).render(layout)
        print(image.width, image.height)   // 560 80: the layout's bounds (280 × 40) at scale 2
        // End of listing

        #expect(image.width == 560 && image.height == 80)

        // Listing: MeasuringText
        let twoLines = try typesetter.measurement(message + " " + message, width: 280, numberOfLines: 2)
        print(twoLines.lineCount, twoLines.isTruncated)   // 2 true: cut to two lines with "…"
        // End of listing

        #expect(twoLines.lineCount == 2 && twoLines.isTruncated)
        #expect(twoLines.size.height == measurement.size.height)

        // Listing: MeasuringText
        let cache = TextLayoutCache(typesetter: .system, countLimit: 10_000)
        func rowHeight(for text: String, width: Double) throws -> Double {
            try cache.measurement(text, width: width).size.height + 2 * 8   // the text and the row's padding
        }
        let first = try rowHeight(for: message, width: 280)   // 56: laid out once, kept
        let again = try rowHeight(for: message, width: 280)   // 56: a hash lookup, nothing laid out
        print(cache.statistics.hits, cache.statistics.misses)   // 1 1
        // End of listing

        #expect(first == 56 && again == 56)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    }

    @Test("copyable labels: a long press on text offers Copy, which copies the whole text; controls offer none")
    func copyableLabels() throws {
        var copied: [String?] = []
        let point = CGPoint(x: 20, y: 10)

        // Listing: CopyableLabels
        let policy = CopyPolicy()   // copy on for every label, off inside controls
        let text = "決済をしたと同時に利用規約に同意したとみなします"
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200, maximumNumberOfLines: 1))
        var interaction = LabelInteraction(layout: layout, copyEnabled: policy.isCopyEnabled(containerIsControl: false))

        _ = interaction.handle(.down(at: point, time: 0))
        for event in interaction.advance(to: 0.5) {
            if case .longPressOnText(let menu) = event {   // menu.items: [.copy]
                var pasteboard = InMemoryPasteboard()   // a front end passes its clipboard (SDLClipboard in a window)
                menu.perform(.copy, layout: layout, pasteboard: &pasteboard)
                copied.append(pasteboard.string())   // the whole text, the part cut by truncation included
            }
        }
        // End of listing

        #expect(layout.isTruncated)
        #expect(copied == [text])
        #expect(interaction.shouldHandle(CGPoint(x: 1, y: 1)))

        // Listing: CopyableLabels
        let buttonTitle = policy.isCopyEnabled(containerIsControl: true)   // false: the long press is the button's
        let oneTimeCode = policy.isCopyEnabled(containerIsControl: false, override: .disabled)   // false
        let strict = CopyPolicy(copiesByDefault: false)   // an app that opts labels in one by one
        let optedIn = strict.isCopyEnabled(containerIsControl: false, override: .enabled)   // true
        // End of listing

        #expect(!buttonTitle && !oneTimeCode && optedIn)
        var quiet = LabelInteraction(layout: layout, copyEnabled: buttonTitle)
        _ = quiet.handle(.down(at: point, time: 0))
        #expect(quiet.advance(to: 0.5).isEmpty)
        #expect(!quiet.shouldHandle(point))

        // Listing: CopyableLabels
        var pasteboard = InMemoryPasteboard()
        pasteboard.copy(layout, range: 9..<13)   // part of the text, by UTF-16 range, widened to whole characters
        // End of listing

        #expect(pasteboard.string() == "利用規約")
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

extension CGPoint {
    fileprivate func moved(_ dx: Double, _ dy: Double) -> CGPoint { CGPoint(x: x + dx, y: y + dy) }
}

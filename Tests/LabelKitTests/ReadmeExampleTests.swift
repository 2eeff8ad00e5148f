import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The README's code, run as written, so that what the README promises stays true.
///
/// Every ```swift listing of `README.md` is a region of this file between a `// Listing: README` line and a
/// `// End of listing` line, character for character (less indentation), except the rich-text listing, which
/// `ReadmeRichTextExampleTests` (LabelKitCairoTests) holds, the structured-text listing, a region of
/// `ReadmeStructuredTextExampleTests`, and the package manifest, which ``ReadmeManifestTests``
/// hands to SwiftPM. ``listingsAreTested()`` fails when a listing of the README
/// is in neither file, or a region here is not in the README. The placeholders the README leaves to the app (`touch`,
/// `point`, `open`, `showPreview`, `message`, `rows`, `path`, `post`, `start`, `end`) are defined before each region,
/// and what each listing's comments say is checked after it.
@Suite("README examples")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let terms = URL(string: "https://example.com/terms")!

    @Test("the README's listings are the regions of this file and the rich-text suite's listing")
    func listingsAreTested() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Listings.swiftBlocks(in: readme)
        let structuredText = Self.root.appendingPathComponent(
            "Tests/LabelKitTests/ReadmeStructuredTextExampleTests.swift")
        let ruby = Self.root.appendingPathComponent("Tests/LabelKitTests/ReadmeRubyExampleTests.swift")
        let regions =
            Listings.regions(in: try String(contentsOfFile: #filePath, encoding: .utf8))
            .union(Listings.regions(in: try String(contentsOf: structuredText, encoding: .utf8)))
            .union(Listings.regions(in: try String(contentsOf: ruby, encoding: .utf8)))
        let richText = try Self.richTextListing()
        #expect(regions.count == 9)
        // The package manifest is read by SwiftPM instead (``ReadmeManifestTests``).
        for block in blocks where !block.hasPrefix("// swift-tools-version") {
            #expect(
                regions.contains(block) || block == richText,
                "a listing of README.md is compiled by no test:\n\(block)")
        }
        for region in regions where !blocks.contains(region) {
            Issue.record("a region of this file is not in README.md:\n\(region)")
        }
        #expect(blocks.contains(richText), "ReadmeRichTextExampleTests' listing is not in README.md")
    }

    @Test("the seed label: its size, two lines, truncated, a touch near 利用規約 opens it, rects, rows, a PNG")
    func inCode() throws {
        // Where 利用規約 lies, from the same layout as the listing's: a touch 4 pt below it, a point in its middle.
        let linkRect = try #require(try Self.seedLayout().rects(for: 9..<13).first).rect
        let touch = CGPoint(x: linkRect.midX, y: linkRect.maxY + 4)
        let point = CGPoint(x: linkRect.midX, y: linkRect.midY)
        var opened: [URL] = []
        var previews: [CGRect] = []
        func open(_ url: URL) { opened.append(url) }
        func showPreview(from rect: CGRect) { previews.append(rect) }
        let message = "A message in a table row, measured without drawing: 行の高さ 👋🏽"
        let rows = [message, "", "Two\nlines", String(repeating: "long ", count: 40)]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        // Listing: README
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var container = TextContainer(width: 320, height: 100, maximumNumberOfLines: 2)
        container.insets = EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)

        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
        let layout = try typesetter.layout(text, in: container)

        let size = layout.size   // what the label needs, rounded up to whole points
        let lineCount = layout.lines.count   // 2
        let truncated = layout.isTruncated   // true
        if let hit = layout.link(at: touch, radius: 10) {   // exact hit first, else the nearest link within 10 pt
            open(hit.link.target)   // https://example.com/terms
            showPreview(from: hit.boundingRect)   // one rect per line in hit.rects
        }
        let character = layout.character(at: point)   // the grapheme cluster under a point, or nil past a line's end
        let fragments = layout.rects(for: 9..<13)   // one rect per line fragment of a UTF-16 range

        // Row heights for a table: the size that is drawn, without drawing; many at once on every core.
        let row = try typesetter.measurement(message, width: 280, numberOfLines: 0).size.height
        let heights = typesetter.measurements(rows, width: 280).map { try? $0.get().size.height }

        // Draw it: PNG, PDF or SVG, chosen by the file name's extension.
        try LabelRenderer(scale: 2, backgroundColor: .white).write(layout, to: path)
        // End of listing

        // The size: the lines plus the insets, rounded up, inside the bounds; what measuring without drawing answers.
        #expect(size.width == layout.usedRect.width.rounded(.up) + 200)
        #expect(size.height == layout.usedRect.height.rounded(.up))
        #expect(size.width <= 320 && size.height <= 100)
        #expect(try typesetter.measurement(text, in: container).size == size)
        // Two lines, truncated.
        #expect(lineCount == 2)
        #expect(truncated && layout.lines[1].isTruncated)

        // rects(for:): one rect per line fragment of 利用規約, inside the centred text between the insets.
        #expect(!fragments.isEmpty)
        #expect(Set(fragments.map(\.lineIndex)).count == fragments.count)
        for fragment in fragments {
            let line = layout.lines[fragment.lineIndex].rect
            #expect(fragment.rect.minX >= 100 && fragment.rect.maxX <= 220)
            #expect(fragment.rect.minY == line.minY && fragment.rect.height == line.height)
        }
        #expect(fragments.first?.rect == linkRect)

        // The touch, 4 pt below the link, found it within the radius; the preview's rect is the union of its rects.
        #expect(opened == [Self.terms])
        let hit = try #require(layout.link(at: touch, radius: 10))
        #expect(abs(hit.distance - 4) < 1e-9)
        #expect(hit.rects == fragments)
        #expect(previews == [fragments.dropFirst().reduce(linkRect) { $0.union($1.rect) }])
        #expect(layout.link(at: CGPoint(x: linkRect.midX, y: linkRect.maxY + 11), radius: 10) == nil)
        #expect(try #require(layout.link(at: point, radius: 10)).distance == 0)

        // character(at:): the cluster under the point, one of 利用規約; nothing right of a line's last glyph.
        #expect((9..<13).contains(try #require(character).index))
        let firstLine = layout.lines[0].rect
        #expect(layout.character(at: CGPoint(x: firstLine.maxX + 2, y: firstLine.midY)) == nil)

        // Row heights: whole points, the height of the layout that is drawn; the batch answers each row alike.
        #expect(row > 0 && row == row.rounded(.up))
        #expect(row == (try typesetter.layout(message, in: TextContainer(width: 280)).size.height))
        #expect(heights.count == rows.count && heights[0] == row)
        for (index, height) in heights.enumerated() {
            #expect(height == (try typesetter.measurement(rows[index], width: 280).size.height))
        }

        // The PNG: the bounds at scale 2, the link's glyphs drawn in the link colour.
        let image = try RenderedImage(pngFile: path)
        #expect(image.width == 640 && image.height == 200)
        var linkInk = 0
        for y in Int(linkRect.minY * 2)..<Int(linkRect.maxY * 2) {
            for x in Int(linkRect.minX * 2)..<Int(linkRect.maxX * 2) {
                if let pixel = image.pixel(x: x, y: y), pixel.blue > 150, pixel.red < 100 { linkInk += 1 }
            }
        }
        #expect(linkInk > 50, "\(linkInk) link-coloured pixels inside the link's rect")
    }

    @Test("links, taps and copying: detected links, the unsafe ones named, a tap opens only a safe link")
    func linksAndTaps() throws {
        let typesetter = LabelTypesetter.system
        let container = TextContainer(width: 400)
        let post = "Notes at example.com/notes, thanks @ana #swift; not http://user@example.com or https://раypal.com"
        var opened: [URL] = []
        func open(_ url: URL) { opened.append(url) }
        let firstLink = try LabelTypesetter.system.layout(
            LinkDetector(kinds: [.url, .email, .phone, .mention, .hashtag]).detectLinks(in: AttributedString(post))
                .text, in: container)
        let point = try #require(firstLink.rects(forLink: 0).first).rect.center

        // Listing: README
        // Automatic links: URLs (with or without a scheme), e-mails, phone numbers, @mentions, #hashtags, custom patterns.
        let detected = LinkDetector(kinds: [.url, .email, .phone, .mention, .hashtag]).detectLinks(
            in: AttributedString(post))
        let layout = try typesetter.layout(detected.text, in: container)   // detected links are hit like explicit ones
        let unsafe = detected.links.filter { !$0.isSafe }   // javascript:, bidi tricks, mixed-script hosts, user@host

        // A platform-neutral touch model: feed pointer events and a clock, get taps, long presses and copy menus.
        var interaction = LabelInteraction(layout: layout)
        _ = interaction.handle(.down(at: point, time: 0))
        for event in interaction.handle(.up(at: point, time: 0.1)) {
            if case .tap(let hit) = event, hit.link.isSafe { open(hit.link.target) }   // else warn: hit.link.warnings
        }
        let claimed = interaction.shouldHandle(point)   // only over a link, the "…more" token, or where copying is on
        // End of listing

        #expect(layout.links.map(\.kind) == [.url, .mention, .hashtag, .url, .url])
        #expect(unsafe.map(\.text) == ["http://user@example.com", "https://раypal.com"])
        #expect(opened == [URL(string: "https://example.com/notes")])
        #expect(claimed)

        // A tap on an unsafe link: the laid-out link carries detection's warnings, and the listing opens nothing.
        for (index, expected) in [(3, LinkWarnings.userInfo), (4, .mixedScriptHost)] {
            let unsafePoint = try #require(layout.rects(forLink: index).first).rect.center
            var tapping = LabelInteraction(layout: layout)
            _ = tapping.handle(.down(at: unsafePoint, time: 0))
            let taps = tapping.handle(.up(at: unsafePoint, time: 0.1)).compactMap { event -> LinkHit? in
                if case .tap(let hit) = event { return hit } else { return nil }
            }
            #expect(taps.count == 1)
            #expect(taps.first?.link.isSafe == false)
            #expect(taps.first?.link.warnings == expected)
        }
    }

    @Test("link styles: blue and underlined by default, hashtags not underlined, a yellow highlight while pressed")
    func linkStyles() throws {
        let detected = LinkDetector(kinds: [.url, .hashtag]).detectLinks(in: AttributedString("see example.com #swift"))
        let layout = try LabelTypesetter.system.layout(detected.text, in: TextContainer(width: 300))
        var interaction = LabelInteraction(layout: layout)
        let onURL = try #require(layout.rects(forLink: 0).first).rect.center
        _ = interaction.handle(.down(at: onURL, time: 0))

        // Listing: README
        var style = LinkStyle()   // blue and underlined; a grey highlight when pressed; grey when disabled
        style.setLook(LinkStyle.Look(foregroundColor: .link), for: .kind(.hashtag))   // hashtags: not underlined
        style.pressed.highlightColor = LabelColor(hex: 0xFFCC00, alpha: 0.4)
        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.linkStyle = style
        renderer.pressedLink = interaction.pressedLink?.index
        let image = try renderer.render(layout)
        // End of listing

        let overlays = renderer.linkOverlays(for: layout)
        #expect(overlays.map(\.state) == [.pressed, .normal])
        #expect(overlays[0].look.underline == .single && overlays[0].look.foregroundColor == .link)
        #expect(overlays[0].look.highlightColor == LabelColor(hex: 0xFFCC00, alpha: 0.4))
        #expect(overlays[1].look == LinkStyle.Look(foregroundColor: .link))
        #expect(image.width == Int(layout.bounds.width * 2))
    }

    @Test("selecting text and keyboard focus: a drag selects, shift+Right extends, ctrl+C copies, Tab and Return")
    func selectingTextAndKeyboardFocus() throws {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 400))
        let clusters = Array(layout.lines[0].clusters)
        // From the left edge of 利 (index 9) to the right edge of 約 (index 12).
        let start = CGPoint(x: clusters[9].x + 2, y: layout.lines[0].rect.midY)
        let end = CGPoint(x: clusters[12].x + clusters[12].width - 2, y: layout.lines[0].rect.midY)

        // Listing: README
        // A selectable label (off by default): drag to select, double-click a word, triple-click the paragraph,
        // shift+click to extend; a long press selects the word and offers Copy and Select All.
        var interaction = LabelInteraction(layout: layout, isSelectable: true)
        _ = interaction.handle(.down(at: start, time: 0))
        _ = interaction.handle(.move(to: end, time: 0.1))   // once past the slop: a selection, even from a link
        _ = interaction.handle(.up(at: end, time: 0.2))
        let selected = interaction.selection?.range   // UTF-16, in logical order
        // shift+Right: one grapheme cluster further right on screen; ctrl+C: [.copy("…")], whole clusters.
        let extended = interaction.handleKey(KeyPress(.right, modifiers: .shift))
        let copied = interaction.handleKey(KeyPress(.character("c"), modifiers: .control))
        let bands = layout.selectionRects(for: 9..<13)   // one rect per line fragment, whole line bands: they tile

        // Keyboard focus: Tab moves over the links in logical order, then hands on to the next widget.
        let focused = interaction.handleKey(KeyPress(.tab))   // [.focusedLinkChanged(hit)]: a ring around hit.rects
        let tapped = interaction.handleKey(KeyPress(.enter))   // [.tap(hit)]: what a click does

        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.selectedRange = interaction.selection?.range   // drawn behind the text
        renderer.focusRings =
            interaction.focusedLink.map { [LabelRenderer.FocusRing(rects: $0.rects.map(\.rect))] } ?? []
        // End of listing

        #expect(selected == 9..<13)
        #expect(extended.count == 1)
        #expect(copied == [.copy("利用規約に")])
        #expect(bands.count == 1 && bands[0].rect.height >= layout.lines[0].rect.height)

        let hit = try #require(interaction.focusedLink)
        #expect(focused == [.focusedLinkChanged(hit)] && hit.rects == layout.rects(forLink: 0))
        #expect(tapped == [.tap(hit)])
        #expect(renderer.selectedRange == 9..<14 && renderer.focusRings.count == 1)
        #expect(try renderer.render(layout) != LabelRenderer(scale: 2, backgroundColor: .white).render(layout))
    }

    @Test("vertical text: three columns, 10 and 1 combined, 2024 turned, 利用規約 a vertical band hit at its centre")
    func verticalText() throws {
        // Listing: README
        var notice = AttributedString("2024年10月1日より、決済をしたと同時に利用規約に同意したとみなします")
        notice.labelKit.combineUpright = .digits(2)   // tate-chu-yoko: 10 and 1 across the column, 2024 turned
        let container = TextContainer(height: 230, writingMode: .verticalRightToLeft)   // columns wrap at 230 pt
        let vertical = try LabelTypesetter.system.layout(notice, in: container)
        let terms = vertical.rects(for: 22..<26)   // 利用規約: vertical bands, in the label's coordinates as ever
        // End of listing

        #expect(vertical.plainText(in: 22..<26) == "利用規約")
        #expect(vertical.lines.count == 3 && vertical.size.height <= 230)
        #expect(vertical.runs.filter { $0.orientation == .combinedUpright }.map(\.textRange) == [5..<7, 8..<9])
        #expect(vertical.runs.first { $0.textRange.contains(0) }?.orientation == .sideways)
        #expect(!terms.isEmpty)
        for band in terms {
            #expect(band.rect.height > band.rect.width)
            let hit = try #require(vertical.character(at: CGPoint(x: band.rect.midX, y: band.rect.midY)))
            #expect((22..<26).contains(hit.index))
        }
    }

    @Test("line breaking and fitting: balanced, hyphenated, keep-all and shrunk as the listing's comments say")
    func lineBreakingAndFitting() throws {
        // Listing: README
        var style = ParagraphStyle(lineBreakStrategy: .balanced)   // or .pretty; .greedy by default
        style.hyphenation = .auto   // the run's language picks the dictionary (text.labelKit.language), else English
        style.wordBreak = .keepAll   // Korean and CJK break only at spaces and punctuation
        var container = TextContainer(width: 200, maximumNumberOfLines: 1)
        container.minimumScaleFactor = 0.5   // shrink rather than truncate; layout.scaleFactor says how much
        // End of listing

        var text = AttributedString("Quarterly responsibilities report")
        text.labelKit.paragraphStyle = style
        let typesetter = LabelTypesetter.system
        let shrunk = try typesetter.layout(text, in: container)
        #expect(!shrunk.isTruncated && shrunk.scaleFactor < 1 && shrunk.scaleFactor >= 0.5)
        let wrapped = try typesetter.layout(text, in: TextContainer(width: 150))
        var greedyStyle = style
        greedyStyle.lineBreakStrategy = .greedy
        var greedyText = text
        greedyText.labelKit.paragraphStyle = greedyStyle
        let greedy = try typesetter.layout(greedyText, in: TextContainer(width: 150))
        #expect(wrapped.lines.count == greedy.lines.count)
        #expect(wrapped.plainText() == "Quarterly responsibilities report")
        #expect(wrapped.lines.contains { $0.isHyphenated }, "responsibilities is hyphenated at 150 pt")
        var korean = AttributedString("대한민국의 수도는 서울특별시입니다")
        korean.labelKit.paragraphStyle = style
        let keepAll = try typesetter.layout(korean, in: TextContainer(width: 150))
        let units = Array(keepAll.string.utf16)
        #expect(keepAll.lines.dropLast().allSatisfy { units[$0.textRange.upperBound - 1] == 0x20 })
    }

    @Test("dark mode and text size: a secondary run, a dynamic background, body at 1.5, drawn dark without typesetting")
    func darkModeAndTextSize() throws {
        // Listing: README
        var text = AttributedString("Ana Souza · 2 min ago")
        if let range = text.range(of: "2 min ago") { text[range].labelKit.foregroundColor = .secondaryLabel }
        text.labelKit.backgroundColor = LabelColor(light: RGBAColor(hex: 0xFFF3B0), dark: RGBAColor(hex: 0x4A3F00))

        var style = TextStyle(dynamicTextStyle: .body)   // 17 pt at the standard scale
        style.textScale = try TextScale(1.5)   // GNOME's text-scaling-factor, or TextScale(.extraLarge)
        let layout = try LabelTypesetter.system(style: style).layout(text, in: TextContainer(width: 320))

        var renderer = LabelRenderer(scale: 2, backgroundColor: .background)
        renderer.appearance = .dark   // or .light, .lightHighContrast, .darkHighContrast
        let dark = try renderer.render(layout)   // the same layout: nothing is typeset again
        // End of listing

        #expect(abs((layout.runs.first?.style.fontSize ?? 0) - 24.19) < 0.005, "body 17 pt at 1.5")
        renderer.appearance = .light
        let light = try renderer.render(layout)
        #expect(dark.width == light.width && dark.height == light.height && dark.bytes != light.bytes)
        // The first run's background: #4A3F00 in dark, #FFF3B0 in light, at the top left of its box.
        let run = try #require(layout.runs.first)
        let corner = (x: Int(run.rect.minX * 2) + 1, y: Int(run.rect.minY * 2) + 1)
        #expect(dark.pixel(x: corner.x, y: corner.y).map { [$0.red, $0.green, $0.blue] } == [0x4A, 0x3F, 0x00])
        #expect(light.pixel(x: corner.x, y: corner.y).map { [$0.red, $0.green, $0.blue] } == [0xFF, 0xF3, 0xB0])
    }

    /// The layout of the first listing, laid out again to find where its link is before the listing runs.
    static func seedLayout() throws -> TextLayout {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var container = TextContainer(width: 320, height: 100, maximumNumberOfLines: 2)
        container.insets = EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        return try LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
            .layout(text, in: container)
    }

    /// `ReadmeRichTextExampleTests.listing` as the README shows it: read from that file's source (its multi-line
    /// string literal, eight spaces in, with `\\` its only escape).
    static func richTextListing() throws -> String {
        let file = Self.root.appendingPathComponent("Tests/LabelKitCairoTests/ReadmeRichTextExampleTests.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let opening = try #require(source.range(of: "static let listing = \"\"\"\n"))
        let closing = try #require(source.range(of: "\n        \"\"\"", range: opening.upperBound..<source.endIndex))
        return source[opening.upperBound..<closing.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.dropFirst(8) }
            .joined(separator: "\n")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }
}

extension CGRect {
    fileprivate var center: CGPoint { CGPoint(x: midX, y: midY) }
}

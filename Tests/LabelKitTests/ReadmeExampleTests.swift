import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The README's code, run as written (with the placeholders — the touch point, the post — filled in), so that what
/// the README promises stays true.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("the seed label: its size, two lines, truncated, a touch near 利用規約 finds its link and its rects")
    func inCode() throws {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var container = TextContainer(width: 320, height: 100, maximumNumberOfLines: 2)
        container.insets = EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
        let layout = try typesetter.layout(text, in: container)

        // layout.size: what the label needs, rounded up to whole points — the lines plus the insets — and what
        // measuring without drawing answers.
        #expect(layout.size.width == layout.usedRect.width.rounded(.up) + 200)
        #expect(layout.size.height == layout.usedRect.height.rounded(.up))
        #expect(layout.size.width <= 320 && layout.size.height <= 100)
        #expect(try typesetter.measurement(text, in: container).size == layout.size)
        // Two lines, truncated.
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].isTruncated)

        // rects(for:): one rect per line fragment of 利用規約, inside the centred text between the insets.
        let fragments = layout.rects(for: 9..<13)
        #expect(!fragments.isEmpty)
        #expect(Set(fragments.map(\.lineIndex)).count == fragments.count)
        for fragment in fragments {
            let line = layout.lines[fragment.lineIndex].rect
            #expect(fragment.rect.minX >= 100 && fragment.rect.maxX <= 220)
            #expect(fragment.rect.minY == line.minY && fragment.rect.height == line.height)
        }
        let linkRect = try #require(fragments.first?.rect)

        // link(at:radius:): an exact hit first; else the nearest link within the radius, here 4 pt below it.
        let exact = try #require(layout.link(at: CGPoint(x: linkRect.midX, y: linkRect.midY), radius: 10))
        #expect(exact.distance == 0)
        let touch = CGPoint(x: linkRect.midX, y: linkRect.maxY + 4)
        let hit = try #require(layout.link(at: touch, radius: 10))
        #expect(hit.link.target == URL(string: "https://example.com/terms"))
        #expect(abs(hit.distance - 4) < 1e-9)
        #expect(layout.link(at: CGPoint(x: linkRect.midX, y: linkRect.maxY + 11), radius: 10) == nil)
        // One rect per line in hit.rects, and the preview's source rect is their union.
        #expect(hit.rects == fragments)
        #expect(hit.boundingRect == fragments.dropFirst().reduce(linkRect) { $0.union($1.rect) })

        // character(at:): the grapheme cluster under a point, or nil past a line's end.
        let middle = try #require(layout.character(at: CGPoint(x: linkRect.midX, y: linkRect.midY)))
        #expect((9..<13).contains(middle.index))
        let firstLine = layout.lines[0].rect
        #expect(layout.character(at: CGPoint(x: firstLine.maxX + 2, y: firstLine.midY)) == nil)

        // Row heights for a table: the size that is drawn, without drawing.
        let message = "A message in a table row, measured without drawing: 行の高さ 👋🏽"
        let row = try typesetter.measurement(message, width: 280, numberOfLines: 0).size.height
        #expect(row > 0 && row == row.rounded(.up))
        #expect(row == (try typesetter.layout(message, in: TextContainer(width: 280)).size.height))

        // Draw it: a PNG of the bounds at scale 2, the link's glyphs drawn in the link colour.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try LabelRenderer(scale: 2, backgroundColor: .white).writePNG(layout, to: file)
        let image = try RenderedImage(pngFile: file)
        #expect(image.width == 640 && image.height == 200)
        var linkInk = 0
        for y in Int(linkRect.minY * 2)..<Int(linkRect.maxY * 2) {
            for x in Int(linkRect.minX * 2)..<Int(linkRect.maxX * 2) {
                if let pixel = image.pixel(x: x, y: y), pixel.blue > 150, pixel.red < 100 { linkInk += 1 }
            }
        }
        #expect(linkInk > 50, "\(linkInk) link-coloured pixels inside the link's rect")
    }

    @Test("links, taps and copying: a detected link is tapped through the interaction model")
    func linksAndTaps() throws {
        let post = "New release notes at example.com/notes — thanks @ana #swift"
        let typesetter = LabelTypesetter.system
        let container = TextContainer(width: 400)
        let detected = LinkDetector(kinds: [.url, .email, .phone, .mention, .hashtag]).detectLinks(
            in: AttributedString(post))
        let layout = try typesetter.layout(detected.text, in: container)
        #expect(detected.links.filter { !$0.isSafe }.isEmpty)
        #expect(layout.links.map(\.kind) == [.url, .mention, .hashtag])

        let point = try #require(layout.rects(forLink: 0).first).rect.center
        var interaction = LabelInteraction(layout: layout)
        _ = interaction.handle(.down(at: point, time: 0))
        var tapped: [URL] = []
        for event in interaction.handle(.up(at: point, time: 0.1)) {
            if case .tap(let link) = event { tapped.append(link.link.target) }
        }
        #expect(tapped == [URL(string: "https://example.com/notes")])
        #expect(interaction.shouldHandle(point))
    }

    @Test("selecting text and keyboard focus: a drag selects, shift+Right extends, ctrl+C copies, Tab and Return")
    func selectingTextAndKeyboardFocus() throws {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 400))
        let clusters = Array(layout.lines[0].clusters)
        // From the left edge of 利 (index 9) to the right edge of 約 (index 12).
        let start = CGPoint(x: clusters[9].x + 2, y: layout.lines[0].rect.midY)
        let end = CGPoint(x: clusters[12].x + clusters[12].width - 2, y: layout.lines[0].rect.midY)

        var interaction = LabelInteraction(layout: layout, isSelectable: true)
        _ = interaction.handle(.down(at: start, time: 0))
        _ = interaction.handle(.move(to: end, time: 0.1))
        _ = interaction.handle(.up(at: end, time: 0.2))
        #expect(interaction.selection?.range == 9..<13)
        #expect(interaction.handleKey(KeyPress(.right, modifiers: .shift)).count == 1)
        #expect(interaction.selectedText == "利用規約に")
        #expect(interaction.handleKey(KeyPress(.character("c"), modifiers: .control)) == [.copy("利用規約に")])
        let bands = layout.selectionRects(for: 9..<13)
        #expect(bands.count == 1 && bands[0].rect.height >= layout.lines[0].rect.height)

        let focus = interaction.handleKey(KeyPress(.tab))
        let hit = try #require(interaction.focusedLink)
        #expect(focus == [.focusedLinkChanged(hit)] && hit.rects == layout.rects(forLink: 0))
        #expect(interaction.handleKey(KeyPress(.enter)) == [.tap(hit)])

        var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
        renderer.selectedRange = interaction.selection?.range
        renderer.focusRings =
            interaction.focusedLink.map { [LabelRenderer.FocusRing(rects: $0.rects.map(\.rect))] } ?? []
        #expect(renderer.selectedRange == 9..<14 && renderer.focusRings.count == 1)
        #expect(try renderer.render(layout) != LabelRenderer(scale: 2, backgroundColor: .white).render(layout))
    }
}

extension CGRect {
    fileprivate var center: CGPoint { CGPoint(x: midX, y: midY) }
}

import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The README's code, run as written (with the placeholders — the touch point, the post — filled in), so that what
/// the README promises stays true.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("the seed label: two lines, truncated, a tap on 利用規約 finds its link and its rects")
    func inCode() throws {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
        var container = TextContainer(width: 320, height: 100, maximumNumberOfLines: 2)
        container.insets = EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 15, paragraphStyle: paragraph))
        let layout = try typesetter.layout(text, in: container)

        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        let linkRect = try #require(layout.rects(for: 9..<13).first?.rect)
        let touch = CGPoint(x: linkRect.midX, y: linkRect.maxY + 4)
        let hit = try #require(layout.link(at: touch, radius: 10))
        #expect(hit.link.target == URL(string: "https://example.com/terms"))
        #expect(hit.boundingRect == linkRect)
        let middle = try #require(layout.characterIndex(at: CGPoint(x: linkRect.midX, y: linkRect.midY)))
        #expect((9..<13).contains(middle.index))

        let message = "A message in a table row, measured without drawing: 行の高さ 👋🏽"
        let row = try typesetter.sizeThatFits(message, width: 280, numberOfLines: 0).size.height
        #expect(row > 0 && row == row.rounded(.up))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try LabelRenderer(scale: 2, backgroundColor: .white).writePNG(layout, to: file)
        #expect(FileManager.default.fileExists(atPath: file))
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

        let point = try #require(layout.rects(forLink: 0).first).center
        var interaction = LabelInteraction(layout: layout)
        _ = interaction.handle(.down(at: point, time: 0))
        var tapped: [URL] = []
        for event in interaction.handle(.up(at: point, time: 0.1)) {
            if case .tap(let link) = event { tapped.append(link.link.target) }
        }
        #expect(tapped == [URL(string: "https://example.com/notes")])
        #expect(interaction.shouldHandle(point))
    }
}

extension CGRect {
    fileprivate var center: CGPoint { CGPoint(x: midX, y: midY) }
}

import LabelKit
import LabelKitCairo
import Testing

/// Renders compared with PNG goldens (re-record with `LABELKIT_RECORD_GOLDENS=1`).
@Suite struct GoldenTests {
    @Test func seedSentenceWithLinkAt2x() throws {
        let layout = try Fixtures.seedLayout()
        let image = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        try Goldens.check(image, named: "seed-sentence-link@2x")
    }

    @Test func truncatedParagraphWithMoreToken() throws {
        let layout = try Fixtures.truncatedLayout()
        #expect(layout.isTruncated)
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        try Goldens.check(image, named: "truncated-more")
    }

    @Test func vietnameseAndColourEmoji() throws {
        let layout = try Fixtures.vietnameseLayout()
        let image = try LabelRenderer(backgroundColor: .white).render(layout)
        try Goldens.check(image, named: "vietnamese-emoji")
        // At 3× the bitmap emoji are scaled from their strike: check they stay in place and in colour.
        let large = try LabelRenderer(scale: 3, backgroundColor: .white).render(layout)
        try Goldens.check(large, named: "vietnamese-emoji@3x")
    }

    @Test func pressedLinkOverlay() throws {
        let layout = try Fixtures.seedLayout()
        let link = try #require(layout.links.first)
        let renderer = LabelRenderer(
            scale: 2, backgroundColor: .white,
            highlights: [
                LabelRenderer.Highlight(
                    rects: layout.rects(forLink: 0).map(\.rect), color: LabelColor(hex: 0x0B5FCC, alpha: 0.2),
                    cornerRadius: 3
                )
            ],
            foregroundOverrides: [LabelRenderer.ColorOverride(link: link, color: LabelColor(hex: 0x062F66))]
        )
        try Goldens.check(try renderer.render(layout), named: "seed-sentence-pressed@2x")
    }

    @Test func debugOverlay() throws {
        let layout = try Fixtures.seedLayout()
        let image = try LabelRenderer(scale: 2, backgroundColor: .white, debug: true).render(layout)
        try Goldens.check(image, named: "seed-sentence-debug@2x")
    }
}

import Foundation
import LabelKit
import Testing

/// Zalgo text: HarfBuzz attaches each combining mark by searching back over the marks before it, so one letter
/// with n marks costs n² — 10,000 marks took 1.6 s per layout, 100,000 would take minutes. `make fuzz` stopped on
/// it (an input slower than 2 s). The shaper now starts a new segment after 32 marks in a row, which no writing
/// system reaches (Unicode's stream-safe limit is 30).
@Suite("Combining marks by the thousand")
struct CombiningMarkTests {
    let face: SystemFontFace

    init() throws {
        face = try SystemFontSystem.shared.systemFace(for: FontDescriptor(family: "DejaVu Sans"))
    }

    func shape(_ text: String) -> ShapedGlyphBuffer {
        var glyphs = ShapedGlyphBuffer()
        let units = Array(text.utf16)
        units.withUnsafeBufferPointer {
            face.shape($0, range: 0..<$0.count, options: ShapingOptions(size: 15), into: &glyphs)
        }
        return glyphs
    }

    @Test("100,000 marks on one letter shape at once: a glyph for each, clusters in order")
    func hundredThousandMarks() {
        let glyphs = shape("a" + String(repeating: "\u{301}", count: 100_000))
        // HarfBuzz composes the letter and its first mark into "á": one glyph for both.
        #expect(glyphs.count == 100_000)
        #expect(zip(glyphs.clusters, glyphs.clusters.dropFirst()).allSatisfy { $0 <= $1 })
        // Each segment of at most 32 marks is one cluster, the last starting within 32 marks of the end.
        #expect((glyphs.clusters.last ?? 0) >= 100_000 - 32)
    }

    @Test("up to 32 marks in a row shape as one segment, exactly as before")
    func ordinaryStacksUnchanged() {
        // A base with 32 marks is one HarfBuzz cluster: every glyph belongs to the base's cluster, 0.
        let stacked = shape("a" + String(repeating: "\u{301}", count: 32))
        #expect(stacked.count == 32)   // "á" and 31 acutes
        #expect(stacked.clusters.allSatisfy { $0 == 0 })
        // DejaVu Sans attaches the acute accent to the letter: its marks have no advance.
        #expect(stacked.advances.dropFirst().allSatisfy { $0 == 0 })
    }

    @Test("a letter with 10,000 marks is one grapheme: one cluster box, hit as one character")
    func layoutOfAZalgoLetter() throws {
        let text = "x" + String(repeating: "\u{301}", count: 10_000) + " y"
        let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 200))
        let clusters = layout.lines.flatMap { Array($0.clusters) }
        #expect(clusters.first?.range == 0..<10_001)
        let first = try #require(clusters.first)
        let hit = layout.character(at: CGPoint(x: first.x + first.width / 2, y: layout.lines[0].rect.midY))
        #expect(hit?.range == 0..<10_001)
    }
}

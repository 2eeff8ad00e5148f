import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

@Suite struct ShapingTests {
    let face: any FontFace
    let emoji: any FontFace
    let size15 = ShapingOptions(size: 15)

    init() throws {
        face = try SystemFontSystem.shared.face(for: FontDescriptor(family: "DejaVu Sans"))
        emoji = try SystemFontSystem.shared.face(for: FontDescriptor(family: "Noto Color Emoji"))
    }

    @Test func latinTextGetsOneGlyphPerCharacterWithFractionalAdvances() {
        let glyphs = face.shaped("Hello", options: size15)
        #expect(glyphs.count == 5)
        #expect(glyphs.clusters == [0, 1, 2, 3, 4])
        #expect(glyphs.glyphIDs.allSatisfy { $0 != 0 })
        // Unhinted: DejaVu Sans "H" is 1540 units of 2048 → 11.279… px, not a whole pixel.
        #expect(abs(glyphs.advances[0] - 1540.0 / 2048 * 15) < 0.001)
    }

    @Test func kerningNarrowsAV() {
        let kerned = face.shaped("AV", options: size15)
        let plain = face.shaped("AV", options: ShapingOptions(size: 15, kerning: false))
        #expect(kerned.totalAdvance < plain.totalAdvance - 0.1)
    }

    @Test func ffiLigatureFormsAndCanBeTurnedOff() {
        // DejaVu Sans has an "ffi" ligature: one glyph for the cluster starting at offset 1.
        let shaped = face.shaped("office", options: size15)
        #expect(shaped.count == 4)
        #expect(shaped.clusters == [0, 1, 4, 5])
        let plain = face.shaped("office", options: ShapingOptions(size: 15, ligatures: false))
        #expect(plain.count == 6)
        #expect(plain.clusters == [0, 1, 2, 3, 4, 5])
    }

    @Test func clustersAreOffsetsIntoTheWholeText() {
        // "😀" is a surrogate pair at 0..<2; the range 3..<8 is "bcdef".
        let text = "😀abcdefg"
        let glyphs = face.shaped(text, range: 3..<8, options: size15)
        #expect(glyphs.clusters == [3, 4, 5, 6, 7])
        // The same characters shaped on their own give the same glyphs.
        #expect(glyphs.glyphIDs == face.shaped("bcdef", options: size15).glyphIDs)
    }

    @Test func emojiClusterCoversItsSurrogatePair() {
        let text = "a😀b"
        let glyphs = emoji.shaped(text, range: 1..<3, options: size15)
        #expect(glyphs.count == 1)
        #expect(glyphs.clusters == [1])
        // Noto Color Emoji advances 2550 of 2048 units: 18.68 px at 15 px, as Pango (HarfBuzz ot funcs) gives.
        #expect(abs(glyphs.advances[0] - 2550.0 / 2048 * 15) < 0.001)
    }

    @Test func rightToLeftHebrewComesBackInVisualOrder() {
        let text = "abc שלום"
        let glyphs = face.shaped(text, range: 4..<8, options: ShapingOptions(size: 15, rightToLeft: true))
        #expect(glyphs.count == 4)
        #expect(glyphs.clusters == [7, 6, 5, 4])
    }

    @Test func hebrewAndArabicInOneRunAreShapedEachInItsOwnScript() {
        // One right-to-left item in one face holding two scripts: shaped as one Hebrew buffer, the Arabic word would
        // keep its wide isolated forms, where Pango, which itemizes by script, joins them.
        let rightToLeft = ShapingOptions(size: 15, rightToLeft: true)
        let mixed = face.shaped("שלום مدينة", options: rightToLeft)
        let hebrew = face.shaped("שלום ", options: rightToLeft)
        let arabic = face.shaped("مدينة", options: rightToLeft)
        #expect(abs(mixed.totalAdvance - hebrew.totalAdvance - arabic.totalAdvance) < 0.001)
        // Visual order: the Arabic word (logically last) comes first, each word's glyphs right to left.
        #expect(mixed.clusters.first == 9)
        #expect(mixed.clusters.last == 0)
    }

    @Test func emptyAndInvalidRangesAppendNothing() {
        #expect(face.shaped("abc", range: 1..<1, options: size15).count == 0)
        #expect(face.shaped("abc", range: 2..<9, options: size15).count == 0)
        #expect(face.shaped("abc", options: ShapingOptions(size: 0)).count == 3)
    }

    @Test func shapingAppendsToTheBuffer() {
        let units = Array("ab cd".utf16)
        var buffer = ShapedGlyphBuffer()
        units.withUnsafeBufferPointer {
            face.shape($0, range: 0..<2, options: size15, into: &buffer)
            face.shape($0, range: 3..<5, options: size15, into: &buffer)
        }
        #expect(buffer.clusters == [0, 1, 3, 4])
    }

    @Test func advancesScaleWithSize() {
        let small = face.shaped("Typography", options: ShapingOptions(size: 10))
        let large = face.shaped("Typography", options: ShapingOptions(size: 30))
        #expect(abs(large.totalAdvance - 3 * small.totalAdvance) < 0.01)
    }
}

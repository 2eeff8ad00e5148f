import LabelKit
import Testing

/// Which font draws a space: the font of the run it continues, as in Pango.
@Suite struct SpaceFontTests {
    let typesetter = LabelTypesetter.system

    func width(_ text: String) throws -> Double {
        Double(try typesetter.layout(text).usedRect.width)
    }

    @Test func aSpaceAfterJapaneseIsTheCJKFontsSpace() throws {
        // Noto Sans CJK's space is 224/1000 em: 3.36 px at 15 px, where DejaVu Sans' is 4.77 px.
        let space = try width("日本 語") - width("日本語")
        #expect(abs(space - 224.0 / 1000 * 15) < 0.01)
    }

    @Test func aSpaceAfterLatinStaysInDejaVuSans() throws {
        // DejaVu Sans' space is 651/2048 em.
        let space = try width("て a b") - width("て ab")
        #expect(abs(space - 651.0 / 2048 * 15) < 0.01)
    }

    @Test func aSpaceAfterAnEmojiIsNotTheEmojiFontsSpace() throws {
        let space = try width("👍 a") - width("👍a")
        #expect(abs(space - 651.0 / 2048 * 15) < 0.01)
    }
}

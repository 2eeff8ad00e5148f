import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// The levels and base level of `paragraph` (a UTF-16 range of `text`, the whole text by default).
private func bidi(
    _ text: String, paragraph: Range<Int>? = nil, baseDirection: WritingDirection? = nil
) -> (levels: [UInt8], baseLevel: UInt8) {
    let units = Array(text.utf16)
    var levels: [UInt8] = []
    let baseLevel = units.withUnsafeBufferPointer {
        ICUTextAnalyzer().bidiLevels(
            of: $0, paragraph: paragraph ?? 0..<units.count, baseDirection: baseDirection, into: &levels
        )
    }
    return (levels, baseLevel)
}

@Suite("Bidi levels")
struct BidiBehaviourTests {
    @Test("a paragraph with only Latin has base level 0 and every level 0")
    func latinOnly() {
        let result = bidi("Hello, world 123!")
        #expect(result.baseLevel == 0)
        #expect(result.levels == Array(repeating: 0, count: 17))
    }

    @Test("Hebrew in an LTR paragraph gets level 1, the Latin around it level 0")
    func hebrewInLeftToRight() {
        // a b c space א ב ג space d e f
        let result = bidi("abc \u{5D0}\u{5D1}\u{5D2} def")
        #expect(result.baseLevel == 0)
        #expect(result.levels == [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0])
    }

    @Test("digits in Arabic get level 2 in a right-to-left paragraph")
    func digitsInArabic() {
        // ع د د space 1 2 3 space ه ن ا: European digits after Arabic letters become Arabic numbers (W2), which
        // sit at level 2 in a level-1 paragraph (I2).
        let result = bidi("\u{639}\u{62F}\u{62F} 123 \u{647}\u{646}\u{627}")
        #expect(result.baseLevel == 1)
        #expect(result.levels == [1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1])
    }

    @Test("a paragraph starting with Arabic has base level 1 when baseDirection is nil")
    func arabicFirst() {
        // م ر ح ب ا space w o r l d: the Latin word is level 2 inside the right-to-left paragraph.
        let result = bidi("\u{645}\u{631}\u{62D}\u{628}\u{627} world")
        #expect(result.baseLevel == 1)
        #expect(result.levels == [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2])
    }

    @Test("explicit .rightToLeft gives base level 1, even for Latin only")
    func explicitRightToLeft() {
        let result = bidi("abc", baseDirection: .rightToLeft)
        #expect(result.baseLevel == 1)
        #expect(result.levels == [2, 2, 2])
    }

    @Test("explicit .leftToRight keeps base level 0 for a paragraph starting with Hebrew")
    func explicitLeftToRight() {
        let result = bidi("\u{5D0}\u{5D1} ab", baseDirection: .leftToRight)
        #expect(result.baseLevel == 0)
        #expect(result.levels == [1, 1, 0, 0, 0])
    }

    @Test("a paragraph of only neutrals and no direction given is left to right")
    func neutralsOnly() {
        let result = bidi("123 !?")
        #expect(result.baseLevel == 0)
        #expect(result.levels == [0, 0, 0, 0, 0, 0])
    }

    @Test("a left-to-right embedding without right-to-left text leaves every level at 0")
    func leftToRightEmbeddingAlone() {
        // a LRE b PDF c: UAX #9 would put b at level 2, but with nothing right to left the visual order is the same,
        // and ICU reports the whole paragraph at its base level; so does the analyzer without asking ICU.
        let result = bidi("a\u{202A}b\u{202C}c")
        #expect(result.baseLevel == 0)
        #expect(result.levels == [0, 0, 0, 0, 0])
    }

    @Test("a left-to-right embedding around Hebrew raises it to level 3")
    func leftToRightEmbeddingAroundHebrew() {
        // a LRE b א PDF c: inside the embedding b is level 2 and א, right to left at an even level, is level 3.
        let result = bidi("a\u{202A}b\u{5D0}\u{202C}c")
        #expect(result.baseLevel == 0)
        #expect(result.levels[0] == 0)
        #expect(result.levels[2] == 2)
        #expect(result.levels[3] == 3)
        #expect(result.levels[5] == 0)
    }

    @Test("a right-to-left mark alone makes the paragraph right to left")
    func rightToLeftMark() {
        let result = bidi("\u{200F}abc")
        #expect(result.baseLevel == 1)
        #expect(result.levels[1...] == [2, 2, 2])
    }

    @Test("supplementary-plane RTL scripts are found through their surrogates")
    func supplementaryRightToLeft() {
        // U+10900 PHOENICIAN LETTER ALF (R) is the surrogate pair D802 DD00; U+1E900 ADLAM CAPITAL ALIF (R) is D83A DD00.
        #expect(bidi("\u{10900}").baseLevel == 1)
        #expect(bidi("\u{10900}").levels == [1, 1])
        #expect(bidi("\u{1E900}").baseLevel == 1)
    }

    @Test("every right-to-left letter of UnicodeData.txt, after a Latin letter, is at level 1")
    func everyRightToLeftLetter() throws {
        // The analyzer looks for right-to-left text before it asks for levels: a letter of class R or AL it missed
        // would stay at level 0. UnicodeData.txt's fifth field is the bidi class.
        let contents = try String(contentsOfFile: "/usr/share/unicode/UnicodeData.txt", encoding: .utf8)
        var checked = 0
        for line in contents.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 4, fields[4] == "R" || fields[4] == "AL",
                let value = UInt32(fields[0], radix: 16), let scalar = Unicode.Scalar(value)
            else { continue }
            let levels = bidi("a" + String(Character(scalar))).levels
            #expect(levels.dropFirst().allSatisfy { $0 == 1 }, "U+\(fields[0]) \(fields[1]): \(levels)")
            checked += 1
        }
        #expect(checked > 2_000)
    }

    @Test("levels cover only the paragraph range, and each paragraph finds its own direction")
    func paragraphRange() {
        // a b c \n | א ב ג: the first paragraph ends with its separator at offset 3.
        let text = "abc\n\u{5D0}\u{5D1}\u{5D2}"
        let first = bidi(text, paragraph: 0..<4)
        #expect(first.baseLevel == 0)
        #expect(first.levels == [0, 0, 0, 0])
        let second = bidi(text, paragraph: 4..<7)
        #expect(second.baseLevel == 1)
        #expect(second.levels == [1, 1, 1])
    }

    @Test("an empty paragraph has no levels and the requested base level")
    func emptyParagraph() {
        #expect(bidi("").levels == [])
        #expect(bidi("").baseLevel == 0)
        #expect(bidi("", baseDirection: .rightToLeft).baseLevel == 1)
    }
}

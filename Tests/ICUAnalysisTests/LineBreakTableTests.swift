import LabelKit
import Testing

/// The shim's table of Line_Break classes, against ICU's properties.
@Suite("The line-break table")
struct LineBreakTableTests {
    @Test("the table gives every code point ICU's class as the rules resolve it, or leaves it to ICU")
    func classesAreICUs() {
        var covered = 0
        var disagreements: [String] = []
        for codePoint in UInt32(0)...0x10FFFF {
            let tableClass = ICUTextAnalyzer.lineBreakTableClass(of: codePoint)
            guard tableClass != 0 else { continue }
            covered += 1
            if tableClass != ICUTextAnalyzer.lineBreakTableClassFromICU(of: codePoint) {
                disagreements.append("U+" + String(codePoint, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements == [])
        // Unicode 15.0: ASCII and Latin-1 but ´ (BB) and NEL, Latin letters, IPA and the combining marks, Vietnamese,
        // general punctuation but its format characters and U+2010, CJK punctuation, kana, 27,584 ideographs, 11,172
        // Hangul syllables, the halfwidth and fullwidth forms.
        #expect(covered == 40_472)
        for leftToICU: UInt32 in [0x85, 0xB4, 0x200B, 0x200D, 0x2010, 0x2060, 0x3040, 0x1F600, 0x20000, 0xE01] {
            #expect(ICUTextAnalyzer.lineBreakTableClass(of: leftToICU) == 0, "U+\(String(leftToICU, radix: 16))")
        }
    }
}

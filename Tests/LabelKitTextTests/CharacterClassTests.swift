import Foundation
import LabelKitText
import Testing

/// The character classes against Unicode's own data files (Debian's `unicode-data`).
@Suite("Character classes")
struct CharacterClassTests {
    static let unicodeDirectory = "/usr/share/unicode"

    /// The scalars HarfBuzz shows although Unicode calls them default-ignorable: fonts draw them with spacing glyphs.
    static let drawnDefaultIgnorables: Set<UInt32> = [
        0x115F, 0x1160, 0x3164, 0xFFA0, 0x1BCA0, 0x1BCA1, 0x1BCA2, 0x1BCA3,
    ]

    @Test(
        "needs no glyph: the controls and every default-ignorable code point but the Hangul fillers and shorthand controls"
    )
    func needsNoGlyphFollowsDerivedCoreProperties() throws {
        let ignorable = try Self.codePoints(
            in: "DerivedCoreProperties.txt", where: { $0.count >= 2 && $0[1] == "Default_Ignorable_Code_Point" })
        let controls = try Self.codePoints(in: "UnicodeData.txt", where: { $0.count >= 3 && $0[2] == "Cc" })
        #expect(ignorable.count > 4_000)
        #expect(controls.count == 65)
        let expected = ignorable.subtracting(Self.drawnDefaultIgnorables).union(controls)
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF where CharacterClass.needsNoGlyph(value) != expected.contains(value) {
            mismatches.append(String(value, radix: 16, uppercase: true))
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20).joined(separator: ", U+"))")
    }

    @Test("space separators are general category Zs, the Ogham space mark aside; line breaks are Unicode's hard ones")
    func spacesAndLineBreaks() throws {
        let spaces = try Self.codePoints(in: "UnicodeData.txt", where: { $0.count >= 3 && $0[2] == "Zs" })
        for value in UInt32(0)...0xFFFF {
            let unit = UInt16(value)
            #expect(
                CharacterClass.isSpaceSeparator(unit) == (spaces.contains(value) && value != 0x1680),
                "U+\(String(value, radix: 16))")
        }
        let hardBreaks: [UInt16] = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        #expect((0...0xFFFF).filter { CharacterClass.isLineBreak(UInt16($0)) }.map(UInt16.init) == hardBreaks)
    }

    @Test("a script letter is exactly a letter of general category Lu, Ll, Lt or Lo, for every assigned code point")
    func scriptLettersFollowUnicodeData() throws {
        let assigned = try Self.codePoints(in: "UnicodeData.txt", where: { $0.count >= 3 && $0[2] != "Cs" })
        let letters = try Self.codePoints(
            in: "UnicodeData.txt", where: { $0.count >= 3 && ["Lu", "Ll", "Lt", "Lo"].contains($0[2]) })
        #expect(letters.count > 130_000)
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF
        where assigned.contains(value) && CharacterClass.isScriptLetter(value) != letters.contains(value) {
            mismatches.append(String(value, radix: 16, uppercase: true))
        }
        #expect(mismatches.isEmpty, "U+\(mismatches.prefix(20).joined(separator: ", U+"))")
        // The blocks answered without a lookup, one by one.
        #expect(CharacterClass.isScriptLetter(0x05D0) && !CharacterClass.isScriptLetter(0x05BE))
        #expect(CharacterClass.isScriptLetter(0x0628) && !CharacterClass.isScriptLetter(0x0640))
        #expect(CharacterClass.isScriptLetter(0x0915) && !CharacterClass.isScriptLetter(0x094D))
        #expect(CharacterClass.isScriptLetter(0x0995) && !CharacterClass.isScriptLetter(0x09CD))
        #expect(CharacterClass.isScriptLetter(0x0E01) && !CharacterClass.isScriptLetter(0x0E46))
        #expect(CharacterClass.isScriptLetter(0x1780) && !CharacterClass.isScriptLetter(0x17B4))
        #expect(!CharacterClass.isScriptLetter(0x1F600) && !CharacterClass.isScriptLetter(0x2764))
        #expect(CharacterClass.isScriptLetter(0x6F22) && CharacterClass.isScriptLetter(0xD55C))
        #expect(CharacterClass.isScriptLetter(0x3042) && !CharacterClass.isScriptLetter(0x30FC))
    }

    /// The code points whose `;`-separated fields (trimmed) satisfy `matches`, from a Unicode data file: the first
    /// field is a code point or a `first..last` range. `UnicodeData.txt`'s `<…, First>`/`<…, Last>` pairs are ranges.
    static func codePoints(in file: String, where matches: ([Substring]) -> Bool) throws -> Set<UInt32> {
        let contents = try String(contentsOfFile: "\(unicodeDirectory)/\(file)", encoding: .utf8)
        var result: Set<UInt32> = []
        var rangeStart: UInt32? = nil
        for line in contents.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)[...]
            }
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            guard let first = UInt32(bounds[0], radix: 16), let last = UInt32(bounds.last ?? bounds[0], radix: 16)
            else { continue }
            if fields[1].hasSuffix(", First>") {
                rangeStart = first
                continue
            }
            let lower = fields[1].hasSuffix(", Last>") ? (rangeStart ?? first) : first
            rangeStart = nil
            if matches(fields) { result.formUnion(lower...last) }
        }
        return result
    }
}

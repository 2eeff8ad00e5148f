import CHarfBuzz
import LabelKitText
import Testing

@testable import LabelKitLinux

/// The shaper cuts text into script runs. For the commonest scalars it knows the script without asking HarfBuzz;
/// each of those answers must be HarfBuzz's own, or a run would be cut somewhere else than before.
@Suite("Script runs: the shortcut for common scalars")
struct CommonScalarScriptTests {
    @Test("every scalar the shortcut answers has HarfBuzz's script and is no mark")
    func shortcutAgreesWithHarfBuzz() {
        var answered = 0
        var disagreements: [String] = []
        for scalar in UInt32(0)...0x10FFFF {
            guard let common = SystemFontFace.commonScalarScript(scalar) else { continue }
            answered += 1
            let shortcut = common == HB_SCRIPT_COMMON ? nil : common.rawValue
            let harfBuzz = SystemFontFace.harfBuzzSplittingScript(of: scalar)?.rawValue
            if shortcut != harfBuzz || SystemFontFace.isMark(scalar) {
                disagreements.append(String(scalar, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20).joined(separator: ", U+"))")
        // ASCII 128, ideographs 20,992 and extension A 6,592, hiragana 89, katakana 93, punctuation 67.
        #expect(answered == 128 + 20_992 + 6_592 + 89 + 93 + 67)
    }

    @Test("a run of kanji, kana and Latin is cut where the script changes, the punctuation going with the run before")
    func runsOfJapanese() throws {
        let face = try SystemFontSystem.shared.systemFace(for: FontDescriptor(family: "Noto Sans CJK JP"))
        let text = Array("漢字、ひらがなカタカナABC。".utf16)
        var ends: [Int] = []
        text.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                start = face.shapingSegmentEnd(in: buffer, from: start, limit: buffer.count)
                ends.append(start)
            }
        }
        // 漢字、 | ひらがな | カタカナ | ABC。
        #expect(ends == [3, 7, 11, 15])
    }
}

import Foundation
import LabelKit
import Testing

/// Thai, Lao, Khmer and Myanmar write words without spaces; ICU finds their line-break opportunities with a dictionary.
/// A newline later in the text must not turn those opportunities into forced breaks.
@Suite("Dictionary scripts: a newline forces one break, not every word break before it")
struct DictionaryScriptBreakTests {
    let typesetter = LabelTypesetter.system

    /// Two paragraphs per script, each several dictionary words long.
    static let paragraphs: [(script: String, first: String, second: String)] = [
        ("Thai", "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน", "ขอบคุณมากสำหรับความช่วยเหลือของคุณ"),
        ("Lao", "ພາສາລາວເປັນພາສາທີ່ໃຊ້ໃນປະເທດລາວ", "ຂອບໃຈຫຼາຍສຳລັບການຊ່ວຍເຫຼືອ"),
        ("Khmer", "ភាសាខ្មែរគឺជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា", "សូមអរគុណច្រើនសម្រាប់ជំនួយរបស់អ្នក"),
        ("Myanmar", "မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်", "ကျေးဇူးတင်ပါတယ်ခင်ဗျာ"),
    ]

    func lineTexts(_ layout: TextLayout) -> [String] {
        let units = Array(layout.string.utf16)
        return layout.lines.map { String(decoding: units[$0.textRange], as: UTF16.self) }
    }

    @Test("the issue's examples: a Thai or Khmer word pair and a newline make two lines at 400 px, not three")
    func issueExamples() throws {
        for text in ["สวัสดีขอบคุณ\nab", "សួស្តីផ្ញើ\nab"] {
            let layout = try typesetter.layout(text, in: TextContainer(width: 400))
            #expect(layout.lines.count == 2, "\(lineTexts(layout))")
            let alone = try typesetter.layout(String(text.dropLast(3)), in: TextContainer(width: 400))
            #expect(alone.lines.count == 1)
        }
    }

    @Test(
        "two paragraphs joined by a newline break into the lines of each paragraph laid out alone",
        arguments: [2000.0, 240, 160, 90])
    func paragraphsBreakAsAlone(width: Double) throws {
        for (script, first, second) in Self.paragraphs {
            let container = TextContainer(width: width)
            let joined = lineTexts(try typesetter.layout(first + "\n" + second, in: container))
            var expected = lineTexts(try typesetter.layout(first, in: container))
            expected[expected.count - 1] += "\n"
            expected += lineTexts(try typesetter.layout(second, in: container))
            #expect(joined == expected, "\(script) at \(width)")
            if width == 2000 { #expect(joined.count == 2, "\(script): each paragraph fits one line") }
        }
    }

    @Test("at a narrow width the first paragraph wraps at its word breaks, and the newline still ends it")
    func narrowWidthStillWraps() throws {
        for (script, first, second) in Self.paragraphs {
            let container = TextContainer(width: 90)
            let alone = try typesetter.layout(first, in: container)
            #expect(alone.lines.count > 1, "\(script) wraps at 90 px")
            let joined = lineTexts(try typesetter.layout(first + "\n" + second + "\nab", in: container))
            #expect(joined.joined() == first + "\n" + second + "\nab", "\(script): no text is lost")
            #expect(joined.filter { $0.hasSuffix("\n") }.count == 2, "\(script): two lines end in a newline")
        }
    }
}

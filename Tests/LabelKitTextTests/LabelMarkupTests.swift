import Foundation
import Testing

@testable import LabelKitText

@Suite("Label markup")
struct LabelMarkupTests {
    @Test("a [text](url) link becomes text with a .link")
    func link() throws {
        let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意")
        #expect(String(text.characters) == "決済をしたと同時に利用規約に同意")
        let range = try #require(text.range(of: "利用規約"))
        #expect(text[range].link == URL(string: "https://example.com/terms"))
        #expect(text.runs.count == 3)
    }

    @Test("**bold** and *italic* set weight and slant")
    func emphasis() throws {
        let text = LabelMarkup.attributedString("a **b** *c*")
        #expect(String(text.characters) == "a b c")
        let bold = try #require(text.range(of: "b"))
        #expect(text[bold].labelKit.fontWeight == 700)
        let italic = try #require(text.range(of: "c"))
        #expect(text[italic].labelKit.italic == true)
    }

    @Test("unclosed markers and a bad link stay literal, so no text is lost")
    func literal() {
        for markup in ["2 * 3", "**open", "[a](no close", "[a](has space)", "[](x)", "a\\*b"] {
            let expected = markup == "a\\*b" ? "a*b" : markup
            #expect(String(LabelMarkup.attributedString(markup).characters) == expected, "\(markup)")
        }
    }
}

@Suite("UTF-16 transcoding")
struct UTF16TranscodingTests {
    @Test("the typesetter's transcoder gives exactly String.utf16, for every kind of scalar")
    func matchesStandardLibrary() {
        let samples = [
            "", "ascii", "é ñ ü", "Việt Nam", "決済をした", "👨‍👩‍👧‍👦 🇯🇵 1️⃣", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
            String(repeating: "a😀é", count: 100),
        ]
        for sample in samples {
            #expect(UnicodeCodeUnits.utf16Units(of: sample) == Array(sample.utf16), "\(sample.debugDescription)")
        }
        // ASCII is copied eight bytes at a time: every other scalar at every offset of ASCII runs up to 20 long,
        // and appended after other text (the array's own units stay as they were).
        for other in ["é", "ߟ", "\u{800}", "決", "\u{FFFF}", "😀", "\u{10FFFF}", "\u{7F}"] {
            for length in 0...20 {
                for offset in 0...length {
                    let ascii = String(repeating: "x", count: length)
                    let sample = String(ascii.prefix(offset)) + other + String(ascii.dropFirst(offset))
                    let units16 = UnicodeCodeUnits.utf16Units(of: sample)
                    #expect(units16 == Array(sample.utf16), "\(sample.debugDescription)")
                    var units: [UInt16] = [1, 2, 3]
                    UnicodeCodeUnits.appendUTF16(of: sample, to: &units)
                    #expect(units == [1, 2, 3] + Array(sample.utf16), "\(sample.debugDescription)")
                }
            }
        }
        // A sweep of every length and plane, each scalar between ASCII letters.
        let sweep = stride(from: 0x80, through: 0x10FFFF, by: 0x3FF).compactMap(Unicode.Scalar.init)
        for scalar in sweep {
            let sample = "ab" + String(Character(scalar)) + "c"
            #expect(UnicodeCodeUnits.utf16Units(of: sample) == Array(sample.utf16), "U+\(scalar.value)")
        }
    }

    @Test("a sequence cut short at the end is one unit, the value forEachScalar decodes from the bytes present")
    func truncatedSequence() {
        for bytes: [UInt8] in [[0x61, 0xC3], [0x61, 0xE6, 0xB1], [0xF0, 0x9F, 0x98], [0xF0, 0x9F], [0xE6]] {
            var decoded: [UInt32] = []
            var units = [UInt16](repeating: 0, count: bytes.count)
            let written = bytes.withUnsafeBufferPointer { input in
                UnicodeCodeUnits.forEachScalar(inUTF8: input) { value, _ in decoded.append(value) }
                return units.withUnsafeMutableBufferPointer { output in
                    output.baseAddress.map { UnicodeCodeUnits.transcode(input, into: $0) } ?? 0
                }
            }
            #expect(units[..<written].map(UInt32.init) == decoded, "\(bytes)")
        }
    }
}

@Suite("UTF-8 encoding and font weights")
struct CodeUnitHelperTests {
    @Test("writeUTF8 gives exactly the standard library's UTF-8 for every length boundary and a sweep of scalars")
    func utf8MatchesStandardLibrary() {
        var values: [UInt32] = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        values += stride(from: 0, through: 0x10FFFF, by: 0x3FF).filter { !(0xD800...0xDFFF).contains($0) }
        var bytes = [UInt8](repeating: 0, count: 4)
        for value in values {
            guard let scalar = Unicode.Scalar(value) else {
                Issue.record("not a scalar: \(value)")
                continue
            }
            let written = bytes.withUnsafeMutableBufferPointer {
                UnicodeCodeUnits.writeUTF8(of: value, into: $0, at: 0)
            }
            #expect(Array(bytes[..<written]) == Array(String(Character(scalar)).utf8), "U+\(String(value, radix: 16))")
        }
    }

    @Test("a weight from an attribute is clamped to 1…1000; one inside keeps its value")
    func weightClamping() {
        #expect(FontWeight(clamping: -5).rawValue == 1)
        #expect(FontWeight(clamping: 0).rawValue == 1)
        #expect(FontWeight(clamping: 650).rawValue == 650)
        #expect(FontWeight(clamping: 1000).rawValue == 1000)
        #expect(FontWeight(clamping: .max).rawValue == 1000)
    }
}

import Foundation
import LabelKitCorpus
import LabelKitJSON
import Testing

@Suite("JSONWriter: the one JSON format of labelkit and the demo")
struct JSONWriterTests {
    /// The number format `labelkit` printed before the writer was shared, in Foundation's formatter: programs are
    /// written against it.
    static func formattedAsBefore(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.0005, 0.0015, -0.0004, 1.0005, 2.675, 17.25, 1.0 / 3, 123.4565, 99.9995, 1e15, -1e15,
        1e15 - 1, 999_999_999_999_999.9, 1e16 + 2, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .infinity, -.infinity, .nan, 0x1p52 + 0.5,
    ]

    @Test("edge numbers print exactly as labelkit printed them: 3 decimals at most, whole numbers bare, null")
    func edgeNumbersKeepTheirFormat() {
        for value in Self.edgeNumbers {
            #expect(JSONValue.number(value).text == Self.formattedAsBefore(value), "\(value)")
        }
    }

    @Test("100,000 random numbers of every magnitude print exactly as before")
    func randomNumbersKeepTheirFormat() {
        var generator = SplitMix64(seed: 15)
        for _ in 0..<100_000 {
            let value: Double
            switch generator.next() % 4 {
            case 0: value = Double(bitPattern: generator.next())   // any double, NaN and infinities included
            case 1: value = Double(Int64(bitPattern: generator.next()) % 10_000_000) / 1000   // on the 0.001 grid
            case 2: value = (Double(generator.next() % 2_000_000) - 1_000_000) / 2048   // binary fractions
            default: value = Double(generator.next() % 1_000_000) / 7 * (generator.next() % 2 == 0 ? 1 : -1)
            }
            let text = JSONValue.number(value).text
            guard text == Self.formattedAsBefore(value) else {
                Issue.record("\(value): \(text) ≠ \(Self.formattedAsBefore(value))")
                return
            }
        }
    }

    @Test("the demo's old cases: 2 decimals became 3, and a non-finite number is null, not 0")
    func demoNumbers() {
        #expect(JSONValue.number(12.3456).text == "12.346")
        #expect(JSONValue.number(0.125).text == "0.125")
        #expect(JSONValue.number(.nan).text == "null")
        #expect(JSONValue.number(640).text == "640")
    }

    @Test("strings escape the quote, the backslash and control characters, and nothing else")
    func stringEscapes() {
        #expect(
            JSONValue.string("a\"b\\c\nd\re\tf\u{1}\u{8}\u{C}\u{1F}").text
                == #""a\"b\\c\nd\re\tf\u0001\u0008\u000c\u001f""#)
        #expect(JSONValue.string("/ \u{7F} é 日本 👨‍👩‍👧 \u{2028}").text == "\"/ \u{7F} é 日本 👨‍👩‍👧 \u{2028}\"")
    }

    @Test("every string written reads back unchanged through JSONSerialization")
    func stringsRoundTrip() throws {
        var generator = SplitMix64(seed: 10)
        // No U+FEFF: JSONSerialization drops it at the start of a string and after an escape (its reader's bug).
        let alphabet: [Unicode.Scalar] = [
            "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "a", " ", "é",
            "\u{301}", "日", "\u{2060}", "\u{2028}", "👋", "\u{1F3FD}", "\u{200D}",
        ]
        for _ in 0..<2000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<generator.next(below: 12) { text.append(alphabet[generator.next(below: alphabet.count)]) }
            let original = String(text)
            let json = JSONValue.array([.string(original)]).text
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            #expect(parsed == [original], "\(json)")
        }
    }

    @Test("objects keep the order their members were given in; rectangles are [x,y,width,height]")
    func objectsAndRects() {
        let value = JSONValue.object([
            ("width", .number(120)), ("height", .number(17.5)), ("lines", .number(2)), ("truncated", .bool(false)),
            ("link", .null), ("rect", .rect(CGRect(x: 0.25, y: 1, width: 30.0626, height: 18))),
            ("hits", .array([])),
        ])
        #expect(
            value.text
                == #"{"width":120,"height":17.5,"lines":2,"truncated":false,"link":null,"rect":[0.25,1,30.063,18],"hits":[]}"#
        )
    }
}

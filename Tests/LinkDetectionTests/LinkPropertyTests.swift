import Foundation
import LabelKitLinks
import LabelKitText
import Testing

/// Properties every detection keeps, over texts stitched at random from the pieces links are made of and
/// broken by: schemes, hosts in several scripts, dots, signs, brackets, quotes, ports, CJK punctuation, emoji,
/// bidi controls and joiners.
@Suite("Link detection properties")
struct LinkPropertyTests {
    static let pieces = [
        "http://", "https://", "ftp://", "mailto:", "tel:", "sms:", "javascript:", "myapp://", "xn--", "www.",
        "example", "com", "jp", "рф", "пример", "例え", "規約", "日本語", "bücher", "a", "b-c", "_", "1", "255",
        "10.0.0.1", "8080", "99999", ".", "..", "@", "#", "$", "%", "%E6", "?", "&", "=", "/", ":", "-", "+", "\"",
        "'", "(", ")", "[", "]", "{", "}", "<", ">", " ", "\n", "。", "、", "」", "「", "😀", "\u{202E}", "\u{200D}",
        "\u{200B}", "a@b.com", "t.co/", "ab", "\u{430}",
    ]

    /// A deterministic generator (SplitMix64), so that a failure names a text that can be run again.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test("links are sorted, disjoint, exactly their range's text, and never carry a forbidden target")
    func properties() {
        var policy = LinkSafetyPolicy()
        policy.registerScheme("myapp")
        let detector = LinkDetector(kinds: .all, safetyPolicy: policy)
        var generator = Generator(state: 14)
        var linksSeen = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + generator.next(below: 12)) {
                text += Self.pieces[generator.next(below: Self.pieces.count)]
            }
            let utf16 = Array(text.utf16)
            var previousEnd = 0
            for link in detector.links(in: text) {
                linksSeen += 1
                #expect(link.range.lowerBound >= previousEnd, "\(text.debugDescription)")
                #expect(link.range.upperBound <= utf16.count, "\(text.debugDescription)")
                guard link.range.lowerBound >= previousEnd, link.range.upperBound <= utf16.count else { break }
                previousEnd = link.range.upperBound
                #expect(
                    String(decoding: utf16[link.range], as: UTF16.self) == link.text, "\(text.debugDescription)")
                if let target = link.target {
                    #expect(policy.isAllowed(target), "\(text.debugDescription) → \(target)")
                    #expect(target.absoluteString.unicodeScalars.allSatisfy { $0.isASCII }, "\(target)")
                }
                if link.warnings.contains(.disallowedScheme) { #expect(link.target == nil) }
            }
        }
        #expect(linksSeen > 5_000)
    }
}

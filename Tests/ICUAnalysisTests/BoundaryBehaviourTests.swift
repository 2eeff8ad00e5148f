import CICUShim
import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// The offsets of `text` (as UTF-16) whose flags contain `flag`.
private func offsets(of flag: TextBoundaryFlags, in text: String) -> [Int] {
    let flags = analyze(text)
    return flags.indices.filter { flags[$0].contains(flag) }
}

@Suite("Boundaries: clusters, line breaks and emoji presentation")
struct BoundaryBehaviourTests {
    @Test("the example in ICUTextAnalyzer's documentation holds")
    func documentationExample() {
        // H 0, i 1, space 2, 👋 3–4, 🏽 5–6, \n 7, end 8.
        let flags = analyze("Hi 👋🏽\n")
        #expect(flags[3].contains(.emojiPresentation))
        #expect(flags[8].contains(.mandatoryBreak))
    }

    @Test("an empty text has one offset, a grapheme boundary and nothing else")
    func emptyText() {
        #expect(analyze("") == [.graphemeBoundary])
    }

    @Test("there is one flag per offset, the start is never a break and the end always is")
    func offsetsAndEnds() {
        let flags = analyze("ab cd")
        #expect(flags.count == 6)
        #expect(flags[0] == .graphemeBoundary)
        #expect(flags[5] == [.graphemeBoundary, .lineBreakOpportunity])
    }

    @Test("reusing a flags array for a shorter text leaves nothing of the longer one")
    func reusedFlagsAreCleared() {
        let analyzer = ICUTextAnalyzer()
        var flags: [TextBoundaryFlags] = []
        Array("😀😀😀 a\nlong text".utf16).withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
        Array("ab".utf16).withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
        #expect(flags == [.graphemeBoundary, .graphemeBoundary, [.graphemeBoundary, .lineBreakOpportunity]])
    }

    @Test("Latin breaks after spaces, not inside words")
    func latinWords() {
        // "Hello " is offsets 0–5, "big " 6–9, "world" 10–14.
        #expect(offsets(of: .lineBreakOpportunity, in: "Hello big world") == [6, 10, 15])
    }

    @Test("Japanese breaks between ideographs and kana and never before 。、」")
    func japanese() {
        // 「決済をしたと同時に利用規約に同意したとみなします。」: 「 is offset 0, 決 1 … す 24, 。25, 」26, end 27.
        // No break after the opening bracket (before 決), before 。 or before 」.
        let sentence = "「決済をしたと同時に利用規約に同意したとみなします。」"
        #expect(offsets(of: .lineBreakOpportunity, in: sentence) == Array(2...24) + [27])

        // はい、そうです。: は 0, い 1, 、2, そ 3, う 4, で 5, す 6, 。7, end 8.
        #expect(offsets(of: .lineBreakOpportunity, in: "はい、そうです。") == [1, 3, 4, 5, 6, 8])
    }

    @Test("\\r\\n is one cluster and one mandatory break")
    func carriageReturnLineFeed() {
        // a 0, \r 1, \n 2, b 3, end 4.
        let text = "a\r\nb"
        #expect(offsets(of: .mandatoryBreak, in: text) == [3])
        #expect(offsets(of: .lineBreakOpportunity, in: text) == [3, 4])
        #expect(offsets(of: .graphemeBoundary, in: text) == [0, 1, 3, 4])
    }

    @Test(
        "every hard line break character forces a break after it",
        arguments: ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
    )
    func hardLineBreaks(separator: String) {
        let text = "a" + separator + "b"
        #expect(offsets(of: .mandatoryBreak, in: text) == [2])
        #expect(offsets(of: .lineBreakOpportunity, in: text) == [2, 3])
    }

    @Test(
        "a newline after Thai, Lao, Khmer or Myanmar words forces only the break after itself",
        arguments: ["สวัสดีขอบคุณ", "ສະບາຍດີຂອບໃຈ", "សួស្តីផ្ញើ", "မင်္ဂလာပါကျေးဇူးတင်ပါတယ်"]
    )
    func dictionaryWordsBeforeANewline(words: String) {
        let text = words + "\nab"
        let newlineEnd = words.utf16.count + 1
        #expect(offsets(of: .mandatoryBreak, in: text) == [newlineEnd])
        // The dictionary still finds the words: there are opportunities inside them.
        #expect(offsets(of: .lineBreakOpportunity, in: text).contains { $0 > 0 && $0 < words.utf16.count })
    }

    @Test("keep-all's mark: opportunities between Hangul syllables and ideographs, not after spaces or punctuation")
    func betweenLetters() {
        // 한 0, 국 1, 어 2, space 3, 문 4, 장 5, end 6.
        #expect(offsets(of: .lineBreakOpportunity, in: "한국어 문장") == [1, 2, 4, 5, 6])
        #expect(offsets(of: .betweenLetters, in: "한국어 문장") == [1, 2, 5])
        // 同 0, 時 1, に 2, 、3, 利 4, 用 5, end 6: not after 、.
        #expect(offsets(of: .betweenLetters, in: "同時に、利用") == [1, 2, 5])
        // Thai's breaks come from the dictionary and keep-all keeps them.
        #expect(offsets(of: .betweenLetters, in: "สวัสดีขอบคุณ") == [])
        #expect(offsets(of: .betweenLetters, in: "Hello big world") == [])
    }

    @Test("a space, a tab and a no-break space are not mandatory breaks")
    func softSpacesAreNotMandatory() {
        #expect(offsets(of: .mandatoryBreak, in: "a b\tc\u{A0}d") == [])
    }

    @Test("every scalar whose emoji properties are not looked up has none in ICU")
    func skippedScalarsHaveNoEmojiProperties() {
        var skipped = 0
        var wrong: [String] = []
        for scalar in UInt32(0)..<0x11_0000 where !ICUTextAnalyzer.mayHaveEmojiProperties(scalar) {
            skipped += 1
            if ICUTextAnalyzer.emojiProperties(scalar) != 0 { wrong.append(String(scalar, radix: 16)) }
        }
        #expect(skipped > 8_000)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        // The ends of the gaps do have properties: © ® ‼.
        #expect([0xA9, 0xAE, 0x203C].allSatisfy { ICUTextAnalyzer.emojiProperties($0) != 0 })
    }

    @Test("an emoji ZWJ family 👨‍👩‍👧‍👦 is one grapheme cluster with emoji presentation")
    func zeroWidthJoinerFamily() {
        // a 0; the family is four surrogate pairs and three ZWJs, offsets 1–11; b 12; end 13.
        let text = "a👨\u{200D}👩\u{200D}👧\u{200D}👦b"
        #expect(offsets(of: .graphemeBoundary, in: text) == [0, 1, 12, 13])
        #expect(offsets(of: .emojiPresentation, in: text) == [1])
        #expect(offsets(of: .lineBreakOpportunity, in: text).contains(where: { $0 > 1 && $0 < 12 }) == false)
    }

    @Test("a ZWJ sequence of text-default pictographs (👁‍🗨) is emoji")
    func zeroWidthJoinerOfTextPictographs() {
        // U+1F441 EYE and U+1F5E8 LEFT SPEECH BUBBLE are not Emoji_Presentation on their own.
        #expect(offsets(of: .emojiPresentation, in: "\u{1F441}") == [])
        #expect(offsets(of: .emojiPresentation, in: "\u{1F441}\u{200D}\u{1F5E8}") == [0])
    }

    @Test("flags 🇯🇵🇫🇷 are one cluster each, both emoji")
    func regionalIndicatorFlags() {
        let text = "🇯🇵🇫🇷"
        #expect(offsets(of: .graphemeBoundary, in: text) == [0, 4, 8])
        #expect(offsets(of: .emojiPresentation, in: text) == [0, 4])
    }

    @Test("a third regional indicator is a cluster of its own, still drawn as emoji")
    func oddRegionalIndicator() {
        // 🇯🇵 then a lone 🇫: regional indicators pair from the start. Every regional indicator is
        // Emoji_Presentation (emoji-data.txt: 1F1E6..1F1FF), so the lone one is emoji as well.
        let text = "\u{1F1EF}\u{1F1F5}\u{1F1EB}"
        #expect(offsets(of: .graphemeBoundary, in: text) == [0, 4, 6])
        #expect(offsets(of: .emojiPresentation, in: text) == [0, 4])
    }

    @Test("a subdivision flag (tag sequence) is one emoji cluster")
    func tagSequenceFlag() {
        // 🏴 U+1F3F4, tags g b e n g, cancel tag U+E007F: seven surrogate pairs.
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        #expect(offsets(of: .graphemeBoundary, in: england) == [0, 14])
        #expect(offsets(of: .emojiPresentation, in: england) == [0])
    }

    @Test("a skin-tone modifier stays in the cluster and makes it emoji")
    func skinToneModifier() {
        // 👋 U+1F44B and 🏽 U+1F3FD; ✌ U+270C is text by default, but not with a skin tone.
        #expect(offsets(of: .graphemeBoundary, in: "👋🏽") == [0, 4])
        #expect(offsets(of: .emojiPresentation, in: "👋🏽") == [0])
        #expect(offsets(of: .emojiPresentation, in: "\u{270C}") == [])
        #expect(offsets(of: .emojiPresentation, in: "\u{270C}\u{1F3FD}") == [0])
    }

    @Test("Vietnamese NFD keeps the combining marks in the cluster of their letter")
    func vietnameseDecomposed() {
        // "Tiếng Việt" decomposed: ế = e U+0302 U+0301, ệ = e U+0323 U+0302.
        // T 0, i 1, e 2, marks 3 4, n 5, g 6, space 7, V 8, i 9, e 10, marks 11 12, t 13, end 14.
        let text = "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t"
        #expect(offsets(of: .graphemeBoundary, in: text) == [0, 1, 2, 5, 6, 7, 8, 9, 10, 13, 14])
        #expect(offsets(of: .lineBreakOpportunity, in: text) == [8, 14])
    }

    @Test(
        "Latin, Vietnamese (precomposed and decomposed) and kana with combining marks and controls cluster as Swift's own Characters do, over 20,000 random texts"
    )
    func combiningMarksClusterAsCharacters() {
        // Texts from these scalars have their clusters marked without ICU's iterator; Swift's String segments them by
        // UAX #29 on its own. Controls before a mark (GB4), CR LF (GB3) and marks after marks (GB9) all occur.
        let alphabet: [UInt32] = [
            0x61, 0x5A, 0x20, 0x0D, 0x0A, 0x09, 0x01, 0x7F, 0x85, 0xAD, 0xA9, 0x111, 0x1A1, 0x2FF,
            0x300, 0x301, 0x303, 0x309, 0x323, 0x34F, 0x36F, 0x1E00, 0x1EA0, 0x1EC7, 0x1EFF, 0x65E5, 0x30A2, 0xFF0C,
            0xFF76,
        ]
        var state: UInt64 = 0x2026_1202
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<next(12) {
                if let scalar = Unicode.Scalar(alphabet[next(alphabet.count)]) { text.unicodeScalars.append(scalar) }
            }
            var expected: [Int] = [0]
            var offset = 0
            for character in text {
                offset += character.utf16.count
                expected.append(offset)
            }
            let found = offsets(of: .graphemeBoundary, in: text)
            if found != expected, mismatches.count < 10 {
                mismatches.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(mismatches == [])
    }

    @Test("a digit is not emoji presentation but the keycap 1️⃣ is")
    func keycap() {
        #expect(offsets(of: .emojiPresentation, in: "1#*") == [])
        // 1 U+FE0F U+20E3 is one cluster of three code units.
        #expect(offsets(of: .graphemeBoundary, in: "1\u{FE0F}\u{20E3}") == [0, 3])
        #expect(offsets(of: .emojiPresentation, in: "1\u{FE0F}\u{20E3}") == [0])
        // The older keycap form without the variation selector is emoji as well.
        #expect(offsets(of: .emojiPresentation, in: "#\u{20E3}") == [0])
    }

    @Test("❤ alone is text presentation, ❤️ with U+FE0F is emoji")
    func variationSelectorSixteen() {
        #expect(offsets(of: .emojiPresentation, in: "\u{2764}") == [])
        #expect(offsets(of: .graphemeBoundary, in: "\u{2764}\u{FE0F}") == [0, 2])
        #expect(offsets(of: .emojiPresentation, in: "\u{2764}\u{FE0F}") == [0])
    }

    @Test("⌚ is emoji by default and text with U+FE0E")
    func variationSelectorFifteen() {
        #expect(offsets(of: .emojiPresentation, in: "\u{231A}") == [0])
        #expect(offsets(of: .emojiPresentation, in: "\u{231A}\u{FE0E}") == [])
    }

    @Test("emoji presentation marks only the start of each emoji cluster in mixed text")
    func mixedText() {
        // H 0, i 1, space 2, 😀 3–4, space 5, © 6 (text by default), space 7, 🎉 8–9, end 10.
        #expect(offsets(of: .emojiPresentation, in: "Hi 😀 \u{A9} 🎉") == [3, 8])
    }
}

@Suite("Emoji presentation fast path")
struct EmojiPresentationRangeTests {
    @Test("every BMP character with Emoji_Presentation lies in U+231A…U+2BFF, as the analyzer's fast path assumes")
    func bmpEmojiPresentationRange() throws {
        let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-data.txt", encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(
                separator: ";")
            guard fields.count == 2, fields[1].trimmingCharacters(in: .whitespaces) == "Emoji_Presentation" else {
                continue
            }
            let bounds = fields[0].trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last ?? bounds[0], radix: 16) else {
                continue
            }
            for value in low...high where value < 0x10000 {
                #expect((0x231A..<0x2C00).contains(value), "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test("the emoji properties of every code point are those of emoji-data.txt and PropList.txt")
    func emojiPropertiesOfEveryCodePoint() throws {
        // A second path to the properties the analyzer reads from its tables: Unicode's own data files.
        var expected = [UInt8](repeating: 0, count: 0x11_0000)
        let files: [(path: String, bits: [String: UInt8])] = [
            (
                "/usr/share/unicode/emoji/emoji-data.txt",
                [
                    "Emoji_Presentation": UInt8(LABELKIT_ICU_EMOJI_PRESENTATION),
                    "Extended_Pictographic": UInt8(LABELKIT_ICU_EXTENDED_PICTOGRAPHIC),
                    "Emoji_Modifier": UInt8(LABELKIT_ICU_EMOJI_MODIFIER),
                ]
            ),
            ("/usr/share/unicode/PropList.txt", ["Regional_Indicator": UInt8(LABELKIT_ICU_REGIONAL_INDICATOR)]),
        ]
        var ranges = 0
        for file in files {
            let text = try String(contentsOfFile: file.path, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(
                    separator: ";")
                guard fields.count == 2, let bit = file.bits[fields[1].trimmingCharacters(in: .whitespaces)] else {
                    continue
                }
                let bounds = fields[0].trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
                guard let low = Int(bounds[0], radix: 16), let high = Int(bounds.last ?? bounds[0], radix: 16) else {
                    continue
                }
                for value in low...high { expected[value] |= bit }
                ranges += 1
            }
        }
        #expect(ranges > 500)
        var wrong: [String] = []
        for scalar in 0..<0x11_0000 where ICUTextAnalyzer.emojiProperties(UInt32(scalar)) != expected[scalar] {
            wrong.append(String(scalar, radix: 16))
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        #expect(ICUTextAnalyzer.emojiProperties(0x11_0000) == 0 && ICUTextAnalyzer.emojiProperties(.max) == 0)
    }

    @Test("BMP pictographs joined by ZWJ and a keycap without VS16 are emoji; dashes and quotes are not")
    func emojiWithoutSupplementaryCharacters() {
        let analyzer = ICUTextAnalyzer()
        let cases: [(String, Bool)] = [
            ("\u{3030}\u{200D}\u{3030}", true), ("#\u{20E3}", true), ("\u{231A}", true),
            ("a\u{2014}b \u{201C}c\u{201D}", false), ("\u{3030}", false), ("\u{A9}", false),
        ]
        for (text, expected) in cases {
            let units = Array(text.utf16)
            var flags: [TextBoundaryFlags] = []
            units.withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
            let hasEmoji = flags.contains { $0.contains(.emojiPresentation) }
            #expect(hasEmoji == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("kana and ideographs alone are never emoji; ㊙️ with VS16 is")
    func cjkIsNotEmoji() {
        let analyzer = ICUTextAnalyzer()
        for (text, expected) in [("あ", false), ("漢", false), ("〰", false), ("㊙", false), ("㊙\u{FE0F}", true)] {
            let units = Array(text.utf16)
            var flags: [TextBoundaryFlags] = []
            units.withUnsafeBufferPointer { analyzer.analyzeBoundaries(of: $0, into: &flags) }
            #expect(flags[0].contains(.emojiPresentation) == expected, "\(text)")
        }
    }
}

import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

/// The word segments ICU gives `text`, as the segments' texts, words in brackets.
private func segments(_ text: String) -> [String] {
    let units = Array(text.utf16)
    var segments: [WordSegment] = []
    units.withUnsafeBufferPointer { ICUTextAnalyzer().wordSegments(of: $0, into: &segments) }
    return segments.map { segment in
        let piece = String(decoding: units[segment.range], as: UTF16.self)
        return segment.isWord ? "[\(piece)]" : piece
    }
}

@Suite("Word segments from ICU")
struct WordSegmentTests {
    @Test("English: words, spaces and punctuation apart; an apostrophe and a decimal point stay inside")
    func english() {
        #expect(
            segments("Read the terms, don't wait: 3.14 now.") == [
                "[Read]", " ", "[the]", " ", "[terms]", ",", " ", "[don't]", " ", "[wait]", ":", " ", "[3.14]", " ",
                "[now]", ".",
            ])
    }

    @Test("Japanese is cut by ICU's dictionary, not character by character or as one run")
    func japaneseByDictionary() {
        let pieces = segments("午後は嵐山の竹林を散歩して、渡月橋の近くで湯豆腐を食べました。")
        #expect(pieces.starts(with: ["[午後]", "[は]", "[嵐山]", "[の]", "[竹林]", "[を]", "[散歩]"]))
        #expect(pieces.contains("[湯豆腐]"))
        #expect(pieces.contains("、") && pieces.last == "。", "punctuation is not a word")
    }

    @Test("Arabic words are words; runs of white space are one segment; emoji clusters stay whole")
    func otherScriptsSpacesAndEmoji() {
        #expect(segments("مرحبا بالعالم hello") == ["[مرحبا]", " ", "[بالعالم]", " ", "[hello]"])
        #expect(segments("a  b") == ["[a]", "  ", "[b]"])
        #expect(segments("👋🏽 👨‍👩‍👧 🇯🇵") == ["👋🏽", " ", "👨‍👩‍👧", " ", "🇯🇵"])
    }

    @Test("a word never ends inside a grapheme cluster: a prepended mark (U+0604) stays with what follows it")
    func prependedMarkStaysWithItsCluster() {
        #expect(segments("ا\u{604}\u{FFFD} b") == ["[ا\u{604}\u{FFFD}]", " ", "[b]"])
    }

    @Test("every word boundary is a grapheme boundary, over every case of GraphemeBreakTest.txt")
    func wordBoundariesAreGraphemeBoundaries() throws {
        let cases = try readUnicodeBreakTestFile(at: ConformanceTests.graphemeTestPath)
        #expect(cases.count == 602)
        var splits: [String] = []
        for testCase in cases {
            var words: [WordSegment] = []
            var graphemes: [TextBoundaryFlags] = []
            testCase.utf16.withUnsafeBufferPointer {
                ICUTextAnalyzer().wordSegments(of: $0, into: &words)
                ICUTextAnalyzer().analyzeBoundaries(of: $0, into: &graphemes)
            }
            #expect(words.first?.range.lowerBound == 0 && words.last?.range.upperBound == testCase.utf16.count)
            for word in words where !graphemes[word.range.upperBound].contains(.graphemeBoundary) {
                splits.append("line \(testCase.lineNumber): a word ends at \(word.range.upperBound)")
            }
        }
        #expect(splits.isEmpty, "\(splits.count): \(splits.prefix(5))")
    }

    @Test("an empty text has no segments; a reused array holds nothing of the last text")
    func emptyAndReused() {
        var reused: [WordSegment] = []
        Array("several words here".utf16).withUnsafeBufferPointer {
            ICUTextAnalyzer().wordSegments(of: $0, into: &reused)
        }
        Array("".utf16).withUnsafeBufferPointer { ICUTextAnalyzer().wordSegments(of: $0, into: &reused) }
        #expect(reused.isEmpty)
    }
}

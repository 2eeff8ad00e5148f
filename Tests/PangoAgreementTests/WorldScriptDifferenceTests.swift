import Foundation
import LabelKit
import Testing

/// Where LabelKit deliberately differs from Pango 1.50 in the world's scripts, each shown on both engines: LabelKit's
/// answer from its layout, Pango's from the oracle (`Tests/Oracles/pango-oracle.c`). The README's "Scripts" section
/// explains each; a change on either side fails here rather than as a drift in the agreement percentages.
@Suite struct WorldScriptDifferenceTests {
    /// The UTF-16 offsets LabelKit and Pango hit at points spread over the first line of `text`.
    private func hits(_ text: String) throws -> (labelKit: [Range<Int>?], pango: [Int]) {
        let layout = try LabelTypesetter.system.layout(
            text, in: TextContainer(width: 400, verticalAlignment: .top))
        let line = try #require(layout.lines.first)
        let points = (1...15).map { step in
            CGPoint(x: Double(line.rect.minX) + Double(line.rect.width) * Double(step) / 16, y: Double(line.rect.midY))
        }
        let pango = try PangoOracle().hitTest(points.map { (text, 400, $0) })
        return (points.map { layout.character(at: $0)?.range }, pango.map(\.index))
    }

    @Test func aDevanagariConjunctIsOneClusterInLabelKitAndTwoInPango() throws {
        // क्ष: KA, VIRAMA, SSA — one extended grapheme cluster by Unicode 15.1's GB9c; Pango 1.50 places a cursor
        // stop after the virama.
        let (labelKit, pango) = try hits("क्ष")
        #expect(labelKit.allSatisfy { $0 == 0..<3 })
        #expect(pango.contains(0) && pango.contains(2))
    }

    @Test func aBengaliConjunctIsOneClusterInLabelKitAndTwoInPango() throws {
        let (labelKit, pango) = try hits("ক্ষ")
        #expect(labelKit.allSatisfy { $0 == 0..<3 })
        #expect(pango.contains(0) && pango.contains(2))
    }

    @Test func thaiSaraAmJoinsTheClusterBeforeItInLabelKitAndStandsAloneInPango() throws {
        // คำ: KHO KHWAI, SARA AM — SARA AM is a SpacingMark, so no grapheme break before it (GB9a).
        let (labelKit, pango) = try hits("คำ")
        #expect(labelKit.allSatisfy { $0 == 0..<2 })
        #expect(pango.contains(0) && pango.contains(1))
    }

    @Test func aKhmerSubscriptConsonantStartsAClusterInLabelKitAndNotInPango() throws {
        // ស្តី: SA, COENG, TA, II — UAX #29's conjunct rule (GB9c) covers six Indic scripts, not Khmer, so the
        // coeng ends the first cluster; Pango 1.50 keeps the whole syllable as one cursor cluster.
        let (labelKit, pango) = try hits("ស្តី")
        #expect(labelKit.contains(0..<2) && labelKit.contains(2..<4))
        #expect(pango.allSatisfy { $0 == 0 })
    }

    @Test func labelKitBreaksKhmerBetweenWordsWherePangoBreaksInsideThem() throws {
        // ខ្ញុំ ស្រឡាញ់ ភាសា ខ្មែរ ("I love the Khmer language"), written without spaces as Khmer is.
        let text = "ខ្ញុំស្រឡាញ់ភាសាខ្មែរ"
        let wordStarts: Set<Int> = [0, 5, 12, 16]
        for width in [60.0, 80, 100] {
            let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: width))
            #expect(layout.lines.count == 2, "at \(width)")
            #expect(Set(layout.lines.map(\.textRange.lowerBound)).isSubset(of: wordStarts), "at \(width)")
        }
        // At 80 px Pango fills the first line to the last cluster that fits: ភា|សា, inside a word.
        let pango = try #require(PangoOracle().measure([(text, 80)]).first)
        #expect(pango.lineStarts == [0, 14])
    }

    @Test func thaiDigitsStayWithTheThaiLettersNextToThemInLabelKitAndNotInPango() throws {
        // ราคา๑๒๓บาท ("price 123 baht"): Thai digits (NU) between Thai words. UAX #14's LB23 keeps letters and
        // digits together, so LabelKit has no break opportunity before the digits (offset 4) or after them (7);
        // Pango breaks there when the line is short.
        let text = "ราคา๑๒๓บาท"
        var flags: [TextBoundaryFlags] = []
        Array(text.utf16).withUnsafeBufferPointer { ICUTextAnalyzer().analyzeBoundaries(of: $0, into: &flags) }
        #expect(!flags[4].contains(.lineBreakOpportunity) && !flags[7].contains(.lineBreakOpportunity))
        var pangoSplits = false
        for width in stride(from: 30.0, through: 90, by: 5) {
            let pango = try #require(PangoOracle().measure([(text, width)]).first)
            if !Set(pango.lineStarts).isDisjoint(with: [4, 7]) { pangoSplits = true }
        }
        #expect(pangoSplits, "Pango breaks between the Thai letters and digits at some width")
    }
}

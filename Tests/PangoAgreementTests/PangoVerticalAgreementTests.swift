import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// LabelKit's vertical text (vertical-rl, mixed orientation) against Pango 1.50 on the Japanese corpus: each label's
/// width becomes the column length, "DejaVu Sans 15px" with fontconfig's fallback, no column limit. Pango lays the
/// text out with base gravity east and gravity hint natural in a context turned a quarter clockwise
/// (`pango-view --gravity=east --gravity-hint=natural --rotate=-90`; see `Tests/Oracles/pango-oracle.c`).
///
/// Environment: `PANGO_AGREEMENT_COUNT` changes the corpus size (default 2,000); `PANGO_AGREEMENT_VERBOSE=1` prints
/// every disagreement with the columns each engine chose.
///
/// Both engines measure a column the same way: the vertical advances (`vmtx`, else HarfBuzz's ascent + descent) of
/// its upright glyphs plus the horizontal advances of its rotated ones. They differ on which characters stand upright
/// (VO=Tr: Pango rotates them), which changes no column length in the corpus: its transformed-rotated
/// characters — brackets and ー — come from Noto Sans CJK JP, whose vertical and horizontal advances are both 1 em.
/// Nor do they differ on thickness: both centre every run on the column's centre line and make a column as thick as
/// the tallest ascent + descent of its runs' fonts (21.72 px for Noto Sans CJK JP at 15 px).
///
/// With 10,000 labels: column counts agree on 99.76 %, the longest column within 1 px on 99.94 %. All 30
/// disagreements are `PangoAgreementTests`' fullwidth-letters difference: Pango keeps "ＡＢＣ" together as a word and
/// moves it to the next column, where LabelKit breaks between the fullwidth letters as UAX #14 allows ("ＡＢ|Ｃ").
@Suite struct PangoVerticalAgreementTests {
    static let corpusSeed: UInt64 = 2026
    static let requiredColumnCountAgreement = 0.97
    static let requiredLengthAgreement = 0.95

    @Test func columnCountsAndLengthsAgreeWithPango() throws {
        let count = ProcessInfo.processInfo.environment["PANGO_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 2_000
        let corpus = makeCorpus(count: count, seed: Self.corpusSeed, kinds: [.japanese])
        guard let comparisons = try Self.compare(corpus) else { return }
        let total = VerticalTally(comparisons)
        #expect(
            total.share(\.columnsAgree) >= Self.requiredColumnCountAgreement,
            "column counts agree for \(total.percent(\.columnsAgree)), below 97%"
        )
        #expect(
            total.share(\.lengthAgrees) >= Self.requiredLengthAgreement,
            "the longest columns agree within 1 px for \(total.percent(\.lengthAgrees)), below 95%"
        )
    }

    /// Outside the transformed-rotated characters (VO=Tr), which Pango rotates and UAX #50 sets upright, the engines
    /// set every character of the corpus the same way.
    @Test func orientationsAgreeWithPangoOutsideTransformedRotatedCharacters() throws {
        let corpus = makeCorpus(count: 400, seed: Self.corpusSeed, kinds: [.japanese])
        let pango: [PangoVerticalMeasurement]
        do {
            pango = try PangoOracle().measureVertical(corpus.map { (text: $0.text, length: $0.width) })
        } catch {
            Issue.record("No Pango oracle, so no orientations to compare: \(error)")
            return
        }
        var mismatches: [String] = []
        for (label, pangoMeasurement) in zip(corpus, pango) {
            let layout = try LabelTypesetter.system.layout(label.text, in: verticalContainer(length: label.width))
            let labelKit = orientations(in: layout, count: label.text.utf16.count)
            let scalars = scalarsByCodeUnit(label.text)
            for (offset, (ours, theirs)) in zip(labelKit, pangoMeasurement.orientations).enumerated()
            where ours != theirs && ours != "-" && theirs != "-" {
                let scalar = scalars[offset]
                if VerticalOrientation(scalar) == .transformedRotated { continue }
                let codePoint = String(scalar.value, radix: 16, uppercase: true)
                mismatches.append("U+\(codePoint) at \(offset): LabelKit \(ours), Pango \(theirs)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) characters set differently: \(mismatches.prefix(20))")
    }

    /// Lays `corpus` out vertically with LabelKit and Pango and prints the shares and the worst disagreements (all of
    /// them with `PANGO_AGREEMENT_VERBOSE=1`); nil, with an issue recorded, when there is no oracle.
    private static func compare(_ corpus: [CorpusLabel]) throws -> [VerticalComparison]? {
        let verbose = ProcessInfo.processInfo.environment["PANGO_AGREEMENT_VERBOSE"] == "1"
        let pango: [PangoVerticalMeasurement]
        do {
            pango = try PangoOracle().measureVertical(corpus.map { (text: $0.text, length: $0.width) })
        } catch {
            Issue.record("No Pango oracle, so no agreement figures: \(error)")
            return nil
        }

        let typesetter = LabelTypesetter.system
        var comparisons: [VerticalComparison] = []
        for (label, pangoMeasurement) in zip(corpus, pango) {
            let layout = try typesetter.layout(label.text, in: verticalContainer(length: label.width))
            comparisons.append(
                VerticalComparison(
                    label: label, pango: pangoMeasurement, columnCount: layout.lines.count,
                    length: layout.lines.map { Double($0.rect.width) }.max() ?? 0,
                    thickness: Double(layout.size.width),
                    columnStarts: layout.lines.map(\.textRange.lowerBound)
                ))
        }

        let tally = VerticalTally(comparisons)
        print(
            "LabelKit vs Pango 1.50, vertical — \(corpus.count) Japanese labels, seed \(Self.corpusSeed),",
            "columns 120–420 px")
        print("columns equal  |Δlength| ≤ 1  |Δthickness| ≤ 1 (not required)")
        print(
            rightAligned(tally.percent(\.columnsAgree), width: 13),
            rightAligned(tally.percent(\.lengthAgrees), width: 14),
            rightAligned(tally.percent(\.thicknessAgrees), width: 32)
        )
        let disagreements = comparisons.filter { !$0.columnsAgree || !$0.lengthAgrees }
            .sorted { ($0.columnDifference, $0.lengthDifference) > ($1.columnDifference, $1.lengthDifference) }
        print("\(disagreements.count) disagreements; the worst:")
        for comparison in disagreements.prefix(verbose ? disagreements.count : 10) {
            print(comparison.report)
        }
        return comparisons
    }
}

/// A container for vertical-rl text in mixed orientation with columns `length` px long (0: no limit).
private func verticalContainer(length: Double) -> TextContainer {
    TextContainer(height: length > 0 ? length : nil, writingMode: .verticalRightToLeft)
}

/// The scalar holding each UTF-16 code unit of `text` (both units of a surrogate pair hold the same one).
private func scalarsByCodeUnit(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.flatMap { scalar in Array(repeating: scalar, count: UTF16.width(scalar)) }
}

/// LabelKit's orientation of each UTF-16 code unit, as the oracle writes Pango's: U upright, R rotated, - in no run.
private func orientations(in layout: TextLayout, count: Int) -> [Character] {
    var letters = [Character](repeating: "-", count: count)
    for line in layout.lines {
        for run in line.runs {
            let letter: Character = run.orientation.standsUpright ? "U" : "R"
            for offset in run.textRange where offset < count { letters[offset] = letter }
        }
    }
    return letters
}

/// One label measured vertically by both engines.
private struct VerticalComparison {
    var label: CorpusLabel
    var pango: PangoVerticalMeasurement
    var columnCount: Int
    var length: Double
    var thickness: Double
    var columnStarts: [Int]

    var columnsAgree: Bool { columnCount == pango.columnCount }
    var lengthAgrees: Bool { abs(length - pango.length) <= 1 }
    var thicknessAgrees: Bool { abs(thickness - pango.thickness) <= 1 }
    var columnDifference: Int { abs(columnCount - pango.columnCount) }
    var lengthDifference: Double { abs(length - pango.length) }

    /// The label, both engines' figures, and the text cut into the columns each engine chose.
    var report: String {
        let units = Array(label.text.utf16)
        func columns(_ starts: [Int]) -> String {
            let bounds = starts.filter { $0 >= 0 && $0 <= units.count } + [units.count]
            return zip(bounds, bounds.dropFirst()).map { start, end in
                FieldEscaping.escape(String(decoding: units[start..<max(start, end)], as: UTF16.self))
            }.joined(separator: "⏎|")
        }
        return """
            - column length \(Int(label.width)): LabelKit \(columnCount) columns, longest \
            \(String(format: "%.3f", length)) px, \(String(format: "%.3f", thickness)) px across; \
            Pango \(pango.columnCount) columns, longest \(String(format: "%.3f", pango.length)) px, \
            \(String(format: "%.3f", pango.thickness)) px across
                text:     \(FieldEscaping.escape(label.text))
                LabelKit: \(columns(columnStarts))
                Pango:    \(columns(pango.columnStarts))
            """
    }
}

/// Shares of a group of vertical comparisons.
private struct VerticalTally {
    var comparisons: [VerticalComparison]

    init(_ comparisons: [VerticalComparison]) {
        self.comparisons = comparisons
    }

    func share(_ property: KeyPath<VerticalComparison, Bool>) -> Double {
        guard !comparisons.isEmpty else { return 1 }
        return Double(comparisons.count { $0[keyPath: property] }) / Double(comparisons.count)
    }

    func percent(_ property: KeyPath<VerticalComparison, Bool>) -> String {
        String(format: "%.2f%%", share(property) * 100)
    }
}

/// `text` with spaces before it to fill `width` characters.
private func rightAligned(_ text: String, width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// LabelKit against Pango 1.50 on a generated corpus: same texts, same widths, "DejaVu Sans 15px" with fontconfig's
/// fallback, word-char wrapping, no line limit.
///
/// Environment: `PANGO_AGREEMENT_COUNT` changes the corpus size (default 2,000); `PANGO_AGREEMENT_VERBOSE=1` prints
/// every disagreement with the lines each engine chose.
///
/// Known differences, which are Pango's rules rather than LabelKit bugs (10,000 labels: 17 disagreements, 15 of
/// them the first):
/// - Pango 1.44+ inserts a hyphen where it breaks inside a word (the `insert-hyphens` attribute, on by default), so
///   its emergency breaks come a character or two earlier ("mailto:hello@exam-|ple.com" where LabelKit has
///   "…@exampl|e.com"), and it treats fullwidth letters "ＡＢＣ" as a word: "い…いＡ-" does not fit where LabelKit,
///   which breaks between ideographic letters as UAX #14 allows, fits "い…いＡ|ＢＣ".
/// - A space that starts a Pango run (after an emoji, or before an opening bracket after Japanese) takes the font of
///   the character after it, and a hanging space's font counts in its line's height: in "a 😀 ＡＢＣ" broken after
///   the emoji, Pango's first line is as tall as Noto Sans CJK. LabelKit gives a space the font of the run before it;
///   it counts hanging spaces in their line's height too, with that font.
@Suite struct PangoAgreementTests {
    static let corpusSeed: UInt64 = 2026
    static let requiredLineCountAgreement = 0.97
    static let requiredHeightAgreement = 0.95

    @Test func lineCountAndHeightAgreeWithPango() throws {
        let count = ProcessInfo.processInfo.environment["PANGO_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 2_000
        guard
            let comparisons = try Self.compare(
                makeCorpus(count: count, seed: Self.corpusSeed), kinds: CorpusKind.classic)
        else { return }
        let total = Tally(comparisons)
        #expect(
            total.share(\.linesAgree) >= Self.requiredLineCountAgreement,
            "line counts agree for \(total.percent(\.linesAgree)), below 97%"
        )
        #expect(
            total.share(\.usedHeightAgrees) >= Self.requiredHeightAgreement,
            "heights agree within 1 px for \(total.percent(\.usedHeightAgrees)), below 95%"
        )
    }

    /// The world's other scripts, kind by kind: each must agree with Pango on 98 % of its labels, Khmer excepted:
    /// Pango 1.50 finds no line-break opportunity between Khmer words (it has no Khmer dictionary), so it breaks a
    /// run between spaces wherever the line is full, where LabelKit breaks between words with ICU's dictionary (the
    /// README's "Scripts" section; pinned by `WorldScriptDifferenceTests`). The few Thai, Korean and Chinese
    /// disagreements left: Pango breaks between Thai digits and Thai letters, which UAX #14 (LB23) and ICU keep
    /// together; ICU's and libthai's Thai dictionaries split a few words differently; and a space between Thai or
    /// Hangul words is measured in the font of the run before it in LabelKit, in DejaVu Sans in Pango.
    @Test func eachWorldScriptAgreesWithPangoOnLinesAndHeights() throws {
        let count = ProcessInfo.processInfo.environment["PANGO_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 2_700
        let corpus = makeCorpus(count: count, seed: Self.corpusSeed, kinds: CorpusKind.world)
        guard let comparisons = try Self.compare(corpus, kinds: CorpusKind.world) else { return }
        for kind in CorpusKind.world {
            let tally = Tally(comparisons.filter { $0.label.kind == kind })
            let required = kind == .khmer ? Self.requiredKhmerAgreement : Self.requiredWorldAgreement
            #expect(
                tally.share(\.linesAgree) >= required,
                "\(kind): line counts agree for \(tally.percent(\.linesAgree)), below \(required * 100)%")
            #expect(
                tally.share(\.usedHeightAgrees) >= required,
                "\(kind): heights agree within 1 px for \(tally.percent(\.usedHeightAgrees)), below \(required * 100)%")
        }
    }

    static let requiredWorldAgreement = 0.98
    /// Khmer's labels that fit their width agree; those Pango must break inside a run of words mostly do not.
    static let requiredKhmerAgreement = 0.70

    /// Lays `corpus` out with LabelKit and Pango and prints a table by kind and the worst disagreements (all of them
    /// with `PANGO_AGREEMENT_VERBOSE=1`); nil, with an issue recorded, when there is no oracle.
    private static func compare(_ corpus: [CorpusLabel], kinds: [CorpusKind]) throws -> [Comparison]? {
        let verbose = ProcessInfo.processInfo.environment["PANGO_AGREEMENT_VERBOSE"] == "1"
        let pango: [PangoMeasurement]
        do {
            pango = try PangoOracle().measure(corpus.map { (text: $0.text, width: $0.width) })
        } catch {
            Issue.record("No Pango oracle, so no agreement figures: \(error)")
            return nil
        }

        let typesetter = LabelTypesetter.system
        var comparisons: [Comparison] = []
        for (label, pangoMeasurement) in zip(corpus, pango) {
            let layout = try typesetter.layout(label.text, in: TextContainer(width: label.width))
            comparisons.append(
                Comparison(
                    label: label, pango: pangoMeasurement, lineCount: layout.lines.count,
                    usedHeight: Double(layout.usedRect.height), roundedHeight: Double(layout.size.height),
                    lineStarts: layout.lines.map(\.textRange.lowerBound)
                ))
        }

        print("LabelKit vs Pango 1.50 — \(corpus.count) labels, seed \(Self.corpusSeed), widths 120–420 px")
        print("kind         labels  lines equal  |Δh| ≤ 1 (used)  |Δh| ≤ 1 (rounded up)")
        var rows: [(String, [Comparison])] = kinds.map { kind in
            (kind.rawValue, comparisons.filter { $0.label.kind == kind })
        }
        rows.append(("total", comparisons))
        for (name, group) in rows {
            let tally = Tally(group)
            print(
                name.padding(toLength: 12, withPad: " ", startingAt: 0),
                String(group.count).leftPadded(7),
                tally.percent(\.linesAgree).leftPadded(12),
                tally.percent(\.usedHeightAgrees).leftPadded(16),
                tally.percent(\.roundedHeightAgrees).leftPadded(22)
            )
        }

        let disagreements = comparisons.filter { !$0.linesAgree || !$0.usedHeightAgrees }
            .sorted { ($0.lineDifference, $0.heightDifference) > ($1.lineDifference, $1.heightDifference) }
        print("\(disagreements.count) disagreements; the worst:")
        for comparison in disagreements.prefix(verbose ? disagreements.count : 10) {
            print(comparison.report)
        }
        return comparisons
    }
}

/// One label measured by both engines.
private struct Comparison {
    var label: CorpusLabel
    var pango: PangoMeasurement
    var lineCount: Int
    var usedHeight: Double
    var roundedHeight: Double
    var lineStarts: [Int]

    var linesAgree: Bool { lineCount == pango.lineCount }
    var usedHeightAgrees: Bool { abs(usedHeight - pango.height) <= 1 }
    var roundedHeightAgrees: Bool { abs(roundedHeight - pango.height) <= 1 }
    var lineDifference: Int { abs(lineCount - pango.lineCount) }
    var heightDifference: Double { abs(usedHeight - pango.height) }

    /// The label, both engines' figures, and the text cut into the lines each engine chose.
    var report: String {
        let units = Array(label.text.utf16)
        func lines(_ starts: [Int]) -> String {
            let bounds = starts.filter { $0 >= 0 && $0 <= units.count } + [units.count]
            return zip(bounds, bounds.dropFirst()).map { start, end in
                FieldEscaping.escape(String(decoding: units[start..<max(start, end)], as: UTF16.self))
            }.joined(separator: "⏎|")
        }
        return """
            - \(label.kind.rawValue) width \(Int(label.width)): LabelKit \(lineCount) lines, \
            \(String(format: "%.3f", usedHeight)) px (\(Int(roundedHeight)) rounded); \
            Pango \(pango.lineCount) lines, \(String(format: "%.3f", pango.height)) px
                text:     \(FieldEscaping.escape(label.text))
                LabelKit: \(lines(lineStarts))
                Pango:    \(lines(pango.lineStarts))
            """
    }
}

/// Shares of a group of comparisons.
private struct Tally {
    var comparisons: [Comparison]

    init(_ comparisons: [Comparison]) {
        self.comparisons = comparisons
    }

    func share(_ property: KeyPath<Comparison, Bool>) -> Double {
        guard !comparisons.isEmpty else { return 1 }
        return Double(comparisons.count { $0[keyPath: property] }) / Double(comparisons.count)
    }

    func percent(_ property: KeyPath<Comparison, Bool>) -> String {
        String(format: "%.2f%%", share(property) * 100)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

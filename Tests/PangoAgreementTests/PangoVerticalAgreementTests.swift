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
/// (``PangoVerticalDifferenceTests``), which changes no column length in the corpus: its transformed-rotated
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
                if VerticalOrientation(scalar) == .transformedSideways { continue }
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

/// Where LabelKit's vertical text deliberately differs from Pango 1.50, each shown on both engines: LabelKit's answer
/// from its layout, Pango's from the oracle (`vertical` records, `--orientations`).
///
/// LabelKit follows UAX #50 (Unicode 15.0's Vertical_Orientation, `VerticalOrientation`): U and Tu stand upright, Tr
/// upright in the font's vertical form where the face has one and turned where it has none, R is turned 90° clockwise, decided per grapheme cluster by its first
/// character. Pango 1.50 keeps a table of its own (`width_iter_is_upright` in `pango/itemize.c`): the characters of
/// Unicode 11's VO=U and VO=Tu stand upright; every other character — VO=Tr included — takes gravity south in an
/// east-gravity paragraph under the natural hint (`pango_gravity_get_for_script_and_width`), so it is rotated and
/// shaped left to right with its horizontal glyph and advance. Pango decides character by character, so a combining
/// mark that is R by itself (U+0301 after か) is rotated apart from its upright base. Its table also misses the few
/// VO=U characters added after Unicode 11 (U+2B97, U+2E50–2E51, Tangut components and Khitan at U+18B00…, Egyptian
/// format controls U+13430…); none of them is Japanese.
///
/// The VO=Tr characters, all rotated by Pango and upright in LabelKit where the face has their vertical form: 〈〉 U+2329–232A; 〈〉《》「」『』【】
/// U+3008–3011; 〔〕〖〗〘〙〚〛 U+3014–301B; 〜 U+301C; 〝〞〟 U+301D–301F; 〰 U+3030; ゠ U+30A0; ー U+30FC;
/// ﹙﹚﹛﹜﹝﹞ U+FE59–FE5E; （） U+FF08–FF09; ：； U+FF1A–FF1B; ［］ U+FF3B, U+FF3D; ＿ U+FF3F; ｛｜｝～｟｠
/// U+FF5B–FF60; ￣ U+FFE3.
@Suite struct PangoVerticalDifferenceTests {
    /// Japanese brackets, the prolonged sound mark, the wave dashes and the fullwidth colon and semicolon between kana
    /// and kanji: every one VO=Tr and from Noto Sans CJK JP.
    static let transformedRotatedText = "「かぎ」『二重』（丸）【隅】〔亀甲〕［角］｛波｝〝引用〟ラーメン〜～：；"

    /// Pango rotates the brackets and ー (its horizontal glyph turned with the column); LabelKit sets them upright in
    /// the font's vertical form, as UAX #50 asks, and turns the one the font has no vertical form of (；). Noto Sans CJK JP gives both forms an advance of 1 em, so the column
    /// is as long in both engines.
    @Test func transformedRotatedCharactersStandUprightInLabelKitAndAreRotatedInPango() throws {
        let text = Self.transformedRotatedText
        let layout = try LabelTypesetter.system.layout(text, in: verticalContainer(length: 0))
        let pango = try #require(PangoOracle().measureVertical([(text, 0)]).first)
        let labelKit = orientations(in: layout, count: text.utf16.count)
        let scalars = scalarsByCodeUnit(text)
        var transformedRotatedCount = 0
        for (offset, scalar) in scalars.enumerated() {
            let orientation = VerticalOrientation(scalar)
            if orientation == .transformedSideways {
                transformedRotatedCount += 1
                // Noto Sans CJK JP has no vertical form of the fullwidth semicolon: LabelKit turns it too.
                #expect(labelKit[offset] == (scalar == "；" ? "R" : "U"), "LabelKit at \(offset)")
                #expect(pango.orientations[offset] == "R", "Pango at \(offset)")
            } else {
                #expect(labelKit[offset] == "U" && pango.orientations[offset] == "U", "kana or kanji at \(offset)")
            }
        }
        #expect(transformedRotatedCount == 21)
        let column = try #require(layout.lines.first)
        #expect(layout.lines.count == 1 && pango.columnCount == 1)
        #expect(abs(Double(column.rect.width) - Double(scalars.count) * 15) < 0.01)
        #expect(abs(pango.length - Double(scalars.count) * 15) < 0.01)
    }

    /// 《》 (U+300A–300B, VO=Tr: titles, and the ruby markup of Aozora Bunko's texts) come through fontconfig's
    /// fallback from Noto Sans Lisu, a font with neither a vertical form nor vertical metrics for them. Pango rotates
    /// them, as it rotates every Tr character: 6.86 px each along the column, 28.71 px for 《本》. UAX #50 gives Tr
    /// the same fallback where the font has no vertical glyph (the code-chart glyph turned 90° clockwise), and
    /// LabelKit turns a Tr character whose face has no vertical form (`FontFace.hasVerticalForm(of:)`): here the
    /// engines agree. (Set upright, the chevron stood sideways in the column with HarfBuzz's synthesized vertical
    /// advance, 55.86 px for 《本》.) The same holds for 〈〉 U+2329–232A and 〖〗 U+3016–3017 from DejaVu Math TeX Gyre.
    @Test func aTransformedRotatedBracketWithoutAVerticalFormIsRotated() throws {
        let text = "《本》"
        let pango = try #require(PangoOracle().measureVertical([(text, 0)]).first)
        #expect(pango.orientations == ["R", "U", "R"])
        #expect(abs(pango.length - 28.711) < 0.01)
        let layout = try LabelTypesetter.system.layout(text, in: verticalContainer(length: 0))
        let column = try #require(layout.lines.first)
        #expect(orientations(in: layout, count: 3) == ["R", "U", "R"])
        #expect(abs(Double(column.rect.width) - pango.length) < 0.01)
        for brackets in ["〈本〉", "〖本〗"] {
            let pango = try #require(PangoOracle().measureVertical([(brackets, 0)]).first)
            let layout = try LabelTypesetter.system.layout(brackets, in: verticalContainer(length: 0))
            #expect(abs(Double(try #require(layout.lines.first).rect.width) - pango.length) < 0.01, "\(brackets)")
        }
    }

    /// A combining mark takes its base's orientation in LabelKit (one cluster, one orientation); Pango gives U+0301,
    /// R by itself, a rotated run of its own between two upright kana. It has no advance, so the length agrees.
    @Test func aCombiningMarkStaysWithItsUprightBaseInLabelKitAndIsRotatedInPango() throws {
        let text = "か\u{301}き"
        let layout = try LabelTypesetter.system.layout(text, in: verticalContainer(length: 0))
        let pango = try #require(PangoOracle().measureVertical([(text, 0)]).first)
        #expect(orientations(in: layout, count: 3) == ["U", "U", "U"])
        #expect(pango.orientations == ["U", "R", "U"])
        #expect(abs(Double(try #require(layout.lines.first).rect.width) - pango.length) < 0.01)
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

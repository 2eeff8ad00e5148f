import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// LabelKit's ``LineHeight`` against Pango 1.50's `line-height` attribute (`pango_attr_line_height_new` for a
/// multiple, `pango_attr_line_height_new_absolute` for a length) on corpus labels — Latin, Japanese, Chinese and
/// mixed — at their widths, with line spacing (`pango_layout_set_spacing`) and ranges in other sizes
/// (`pango_attr_size_new_absolute` ↔ `fontSize`). Same settings as ``PangoAgreementTests``. Each line's height, its
/// baseline's place in it, and the line count must agree within 1 px.
///
/// Environment: `PANGO_LINE_HEIGHT_AGREEMENT_COUNT` changes the number of labels (default 1,500);
/// `PANGO_AGREEMENT_VERBOSE=1` prints every disagreement.
///
/// 1,500 labels: lines equal 99.93 %, every line's height within 1 px 99.73 %, every baseline within 1 px 98.67 %
/// (21 disagreements). Known differences:
/// - Kept out of the corpus: Pango's line extents always reach the baseline, so where a length (or factor) is so much
///   smaller than the text that the box centred on a run ends above its baseline, Pango's line is taller than the
///   length; LabelKit's is the length, as in CSS (the text overflows evenly). The corpus's lengths and factors leave
///   every run's box around its baseline, and its size ranges never overlap (where two cover a character, LabelKit
///   takes the one set last and Pango the one whose range starts last).
/// - Most disagreements are baselines about 1.2 px apart on Chinese lines with 《》 or “”: the two engines' font
///   fallback sets those brackets in fonts of different ascents and descents (Pango's picks Noto Sans Lisu), so the
///   runs' boxes are centred differently (at a factor of 1 too: the line height is not the cause). The rest are
///   mixed-script lines where Pango gives a space the font of the character after it (see ``PangoAgreementTests``).
@Suite struct PangoLineHeightAgreementTests {
    static let corpusSeed: UInt64 = 4343
    static let requiredLineCountAgreement = 0.97
    static let requiredHeightAgreement = 0.97

    @Test func lineHeightsAndBaselinesAgreeWithPango() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PANGO_LINE_HEIGHT_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 1_500
        let verbose = environment["PANGO_AGREEMENT_VERBOSE"] == "1"
        var generator = SplitMix64(seed: Self.corpusSeed)
        let corpus = makeCorpus(count: count, seed: Self.corpusSeed, kinds: [.latin, .japanese, .chinese, .mixed])
        let labels = corpus.map { LineHeightLabel($0, using: &generator) }

        let pango: [PangoLineHeights]
        do {
            pango = try PangoOracle().measureLineHeights(labels.map(\.record))
        } catch {
            Issue.record("No Pango oracle, so no agreement figures: \(error)")
            return
        }

        let typesetter = LabelTypesetter.system
        var linesAgree = 0
        var heightsAgree = 0
        var baselinesAgree = 0
        var disagreements: [String] = []
        for (label, answer) in zip(labels, pango) {
            let layout = try typesetter.layout(label.attributed, in: TextContainer(width: label.width))
            let lines = layout.lines.map {
                (start: $0.textRange.lowerBound, height: Double($0.rect.height), baseline: $0.baseline - $0.rect.minY)
            }
            let sameLines = lines.count == answer.lines.count
            let sameHeights = sameLines && zip(lines, answer.lines).allSatisfy { abs($0.height - $1.height) <= 1 }
            let sameBaselines =
                sameLines && zip(lines, answer.lines).allSatisfy { abs($0.baseline - $1.baseline) <= 1 }
            linesAgree += sameLines ? 1 : 0
            heightsAgree += sameHeights ? 1 : 0
            baselinesAgree += sameBaselines ? 1 : 0
            if !sameHeights || !sameBaselines {
                func describe(_ lines: [(start: Int, height: Double, baseline: Double)]) -> String {
                    lines.map { "\($0.start):\(String(format: "%.2f/%.2f", $0.height, $0.baseline))" }
                        .joined(separator: " ")
                }
                disagreements.append(
                    """
                    - \(label.kind) width \(Int(label.width)) \(label.height) spacing \(label.spacing) \
                    sizes \(label.sizes)
                        text:     \(FieldEscaping.escape(label.text))
                        LabelKit: \(describe(lines))
                        Pango:    \(describe(answer.lines))
                    """)
            }
        }
        let total = Double(max(labels.count, 1))
        let (lineShare, heightShare, baselineShare) =
            (Double(linesAgree) / total, Double(heightsAgree) / total, Double(baselinesAgree) / total)
        print(
            """
            LabelKit vs Pango 1.50 with line heights — \(labels.count) labels, seed \(Self.corpusSeed): \
            lines equal \(String(format: "%.2f%%", lineShare * 100)), every line's |Δheight| ≤ 1 px \
            \(String(format: "%.2f%%", heightShare * 100)), every baseline within 1 px \
            \(String(format: "%.2f%%", baselineShare * 100)); \(disagreements.count) disagreements
            """)
        for report in disagreements.prefix(verbose ? disagreements.count : 8) { print(report) }
        #expect(labels.count { $0.height.hasPrefix("x") } > labels.count / 3)
        #expect(labels.count { $0.height.hasSuffix("px") } > labels.count / 3)
        #expect(labels.count { !$0.sizes.isEmpty } > labels.count / 4)
        #expect(lineShare >= Self.requiredLineCountAgreement, "line counts agree for \(lineShare), below 97%")
        #expect(heightShare >= Self.requiredHeightAgreement, "line heights agree for \(heightShare), below 97%")
        #expect(baselineShare >= Self.requiredHeightAgreement, "baselines agree for \(baselineShare), below 97%")
    }
}

/// A corpus label with a line height, line spacing and a few ranges in other sizes, in LabelKit's form and in the
/// oracle's record.
private struct LineHeightLabel {
    var kind: String
    var text: String
    var width: Double
    /// The oracle's form of the line height: `x1.5` or `24px`.
    var height: String
    var spacing: Double
    /// The oracle's size ranges, `START|END|PX;…`.
    var sizes: String
    var attributed: AttributedString

    static let factors = [0.8, 1, 1.25, 1.5, 2, 2.5]
    /// Lengths from a little under the text's 17.5 px (DejaVu Sans at 15 px) to far over it.
    static let lengths = [16.0, 20, 24, 30, 42]
    static let sizes = [11.0, 13, 18, 20]

    init(_ label: CorpusLabel, using generator: inout SplitMix64) {
        kind = label.kind.rawValue
        text = label.text
        width = label.width
        var paragraph = ParagraphStyle()
        if generator.chance(percent: 50) {
            let factor = generator.pick(Self.factors)
            paragraph.lineHeight = .multiple(factor)
            height = "x\(factor)"
        } else {
            let length = generator.pick(Self.lengths)
            paragraph.lineHeight = .absolute(length)
            height = "\(length)px"
        }
        spacing = generator.chance(percent: 30) ? Double(generator.next(in: 1...8)) : 0
        paragraph.lineSpacing = spacing
        var attributed = AttributedString(label.text)
        attributed.labelKit.paragraphStyle = paragraph
        // A range or two of whole characters in another size; a size other than 15 px needs a length that still
        // holds its text (see the suite's known difference), so lengths under 24 px keep one size.
        // Ranges never overlap: where two sizes cover a character, LabelKit takes the one set last and Pango the one
        // whose range starts last.
        var ranges: [String] = []
        var taken: [Range<Int>] = []
        let characters = label.text.count
        if characters > 2, generator.chance(percent: 45) {
            for _ in 0..<generator.next(in: 1...2) {
                let first = generator.next(below: characters - 1)
                let last = min(characters, first + generator.next(in: 1...12))
                let size = generator.pick(Self.sizes)
                if case .absolute(let length) = paragraph.lineHeight, length < 24, size > 15 { continue }
                if taken.contains(where: { $0.overlaps(first..<last) }) { continue }
                taken.append(first..<last)
                let lower = attributed.index(attributed.startIndex, offsetByCharacters: first)
                let upper = attributed.index(attributed.startIndex, offsetByCharacters: last)
                attributed[lower..<upper].labelKit.fontSize = size
                let start = label.text.prefix(first).utf16.count
                let end = label.text.prefix(last).utf16.count
                ranges.append("\(start)|\(end)|\(size)")
            }
        }
        sizes = ranges.joined(separator: ";")
        self.attributed = attributed
    }

    var record: (text: String, width: Double, height: String, spacing: Double, sizes: String) {
        (text, width, height, spacing, sizes)
    }
}

/// Pango's lines for a `lineheight` record: each line's start (UTF-16), logical height and baseline below its top.
struct PangoLineHeights {
    var lines: [(start: Int, height: Double, baseline: Double)]

    init?(outputLine: Substring) {
        let fields = outputLine.split(separator: " ")
        guard let count = fields.first.flatMap({ Int($0) }), fields.count == count + 1 else { return nil }
        var lines: [(start: Int, height: Double, baseline: Double)] = []
        for field in fields.dropFirst() {
            let parts = field.split(separator: ":")
            guard parts.count == 3, let start = Int(parts[0]), let height = Double(parts[1]),
                let baseline = Double(parts[2])
            else { return nil }
            lines.append((start, height, baseline))
        }
        self.lines = lines
    }
}

extension PangoOracle {
    /// Pango's lines for each label laid out with a line height (`x1.5` for a multiple, `24px` for a length), line
    /// spacing and size ranges (`START|END|PX;…`), in order: the oracle's `lineheight` records
    /// (`Tests/Oracles/line-height.h`).
    func measureLineHeights(
        _ labels: [(text: String, width: Double, height: String, spacing: Double, sizes: String)]
    ) throws(PangoOracleError) -> [PangoLineHeights] {
        var records = ""
        for label in labels {
            records +=
                "lineheight\t\(label.width)\t\(label.height)\t\(label.spacing)\t\(label.sizes)\t"
                + "\(FieldEscaping.escape(label.text))\n"
        }
        return try answers(
            records: records, count: labels.count, arguments: [], read: PangoLineHeights.init(outputLine:))
    }
}

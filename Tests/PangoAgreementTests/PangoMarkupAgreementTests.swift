import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// LabelKit's Pango markup reader against Pango 1.50's `pango_parse_markup` (the oracle's `markup` records, read at
/// 72 dpi so that Pango's points are LabelKit's): on generated markup (``PangoMarkupCorpus``) both give the same text
/// and the same attributes on every UTF-16 code unit (Pango's mapped to LabelKit's by ``PangoMarkupMapping``), and
/// the laid-out text the same line count and height within 1 px; on malformed markup both refuse the same inputs.
///
/// Environment: `PANGO_MARKUP_AGREEMENT_COUNT` changes the number of labels (default 1,000);
/// `PANGO_AGREEMENT_VERBOSE=1` prints every disagreement.
///
/// Figures (1,000 labels, seed 4343): attributes equal on 100 % of the labels; of the 635 without `line_height`, line
/// counts equal 99.69 % and heights within 1 px 97.64 %. The 365 with `line_height` are measured but not required to
/// agree: the layout's ``LineHeight`` is issue 43's other part, and until it lands LabelKit lays them out without it
/// (heights within 1 px 5.75 %). Known differences:
/// - Pango 1.50 sizes and shifts `sub` and `sup` by the font of the text just before them, per line: a script that
///   follows Japanese text (Noto Sans CJK's OS/2 metrics) or starts a wrapped line (no text before it on the line:
///   Pango's fallback shift) differs from the reader, which takes DejaVu Sans's metrics; a script continued on a
///   second line is not shifted there by Pango at all. The corpus keeps scripts short and after a Latin word.
/// - `<tt>`: Pango asks for "Monospace", the reader for DejaVu Sans Mono; the fallback for CJK in them differs.
@Suite struct PangoMarkupAgreementTests {
    static let corpusSeed: UInt64 = 4343
    static let requiredLayoutAgreement = 0.95

    @Test func textAttributesAndLayoutAgreeWithPango() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PANGO_MARKUP_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 1_000
        let verbose = environment["PANGO_AGREEMENT_VERBOSE"] == "1"
        var corpus = PangoMarkupCorpus(seed: Self.corpusSeed)
        var widthGenerator = SplitMix64(seed: Self.corpusSeed + 1)
        let labels = (0..<count).map { _ in
            (markup: corpus.markup(), width: Double(widthGenerator.next(in: 80...400)))
        }
        let answers: [PangoMarkupAnswer]
        do {
            answers = try PangoOracle().readMarkup(labels)
        } catch {
            Issue.record("No Pango oracle, so no agreement figures: \(error)")
            return
        }
        let typesetter = LabelTypesetter.system
        var (attributesAgree, linesAgree, heightsAgree, laidOut) = (0, 0, 0, 0)
        var lineHeightLabels = (count: 0, lines: 0, heights: 0)
        var disagreements: [String] = []
        for (label, answer) in zip(labels, answers) {
            guard case .parsed(let pangoText, let attributes, let measurement) = answer else {
                Issue.record("Pango rejected generated markup \(label.markup): \(answer)")
                continue
            }
            let result: MarkupResult
            do {
                result = try LabelMarkup.pango(label.markup)
            } catch {
                Issue.record("LabelKit rejected markup Pango reads: \(label.markup): \(error)")
                continue
            }
            let text = String(result.text.characters)
            #expect(text == pangoText, "text of \(label.markup)")
            let ours = MarkupUnitAttributes.read(result.text)
            let theirs = PangoMarkupMapping.expected(text: pangoText, attributes: attributes)
            let differing = zip(ours, theirs).enumerated().first { !$0.element.0.agrees(with: $0.element.1) }
            if ours.count == theirs.count, differing == nil {
                attributesAgree += 1
            } else if let (unit, pair) = differing {
                disagreements.append(
                    "- attributes at unit \(unit): LabelKit \(pair.0), Pango \(pair.1)\n    \(label.markup)")
            }
            let layout = try typesetter.layout(result.text, in: TextContainer(width: label.width))
            let sameLines = layout.lines.count == measurement.lineCount
            let sameHeight = abs(Double(layout.usedRect.height) - measurement.height) <= 1
            if label.markup.contains("line_height") {
                lineHeightLabels.count += 1
                lineHeightLabels.lines += sameLines ? 1 : 0
                lineHeightLabels.heights += sameHeight ? 1 : 0
                continue
            }
            laidOut += 1
            linesAgree += sameLines ? 1 : 0
            heightsAgree += sameHeight ? 1 : 0
            if !sameLines || !sameHeight {
                disagreements.append(
                    """
                    - width \(Int(label.width)): LabelKit \(layout.lines.count) lines \
                    \(String(format: "%.3f", Double(layout.usedRect.height))) px, Pango \(measurement.lineCount) \
                    lines \(String(format: "%.3f", measurement.height)) px
                        \(FieldEscaping.escape(label.markup))
                    """)
            }
        }
        func percent(_ part: Int, _ whole: Int) -> String {
            String(format: "%.2f", 100 * Double(part) / Double(max(whole, 1)))
        }
        print(
            """
            LabelKit's Pango markup reader vs Pango 1.50 — \(labels.count) labels, seed \(Self.corpusSeed): \
            attributes equal \(percent(attributesAgree, labels.count)) %; \(laidOut) labels without line_height: \
            lines equal \(percent(linesAgree, laidOut)) %, heights within 1 px \(percent(heightsAgree, laidOut)) %; \
            \(lineHeightLabels.count) with line_height: lines equal \
            \(percent(lineHeightLabels.lines, lineHeightLabels.count)) %, heights within 1 px \
            \(percent(lineHeightLabels.heights, lineHeightLabels.count)) %
            """)
        if verbose { print(disagreements.joined(separator: "\n")) }
        #expect(attributesAgree == labels.count, "\(disagreements.prefix(5).joined(separator: "\n"))")
        let laidOutTotal = Double(max(laidOut, 1))
        #expect(Double(linesAgree) / laidOutTotal >= Self.requiredLayoutAgreement)
        #expect(Double(heightsAgree) / laidOutTotal >= Self.requiredLayoutAgreement)
    }
}

extension PangoMarkupAgreementTests {
    /// `PANGO_MARKUP_PROBE="markup|markup|…"`: prints both engines' measurements of each markup (for investigating).
    @Test func probe() throws {
        guard let probe = ProcessInfo.processInfo.environment["PANGO_MARKUP_PROBE"] else { return }
        let samples = probe.split(separator: "|").map(String.init)
        let answers = try PangoOracle().readMarkup(samples.map { (markup: $0, width: 0) })
        for (sample, answer) in zip(samples, answers) {
            guard case .parsed(_, let attributes, let measurement) = answer else { continue }
            let layout = try LabelTypesetter.system.layout(try LabelMarkup.pango(sample).text, in: TextContainer())
            print(
                "\(sample): LabelKit \(layout.usedRect.width) × \(layout.usedRect.height), Pango \(measurement.width) × "
                    + "\(measurement.height); \(attributes.map { "\($0.type)=\($0.value)" })")
        }
    }
}

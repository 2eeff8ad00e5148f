import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// LabelKit's tab stops against Pango 1.50's `PangoTabArray` (left, right, centre and decimal stops) on a generated
/// corpus of receipt-like labels: item names, quantities, prices with decimals, several tabs a line and several kinds
/// of stop; some in German (decimal comma), some in Hebrew (right to left), some with Pango's default stops (none
/// set) and some wrapped. The x of every character after a tab must agree within 1 px. Same settings as
/// ``PangoAgreementTests`` (DejaVu Sans 15 px, unrounded positions).
///
/// The corpus keeps every tab before its line's last stop: past it Pango repeats the last stops' gap and its
/// alignment, where LabelKit (as TextKit) goes on to multiples of the default interval, left-aligned.
///
/// Environment: `PANGO_TAB_AGREEMENT_COUNT` changes the number of labels (default 1,500);
/// `PANGO_AGREEMENT_VERBOSE=1` prints every disagreement.
@Suite struct PangoTabStopAgreementTests {
    static let corpusSeed: UInt64 = 43
    static let requiredLabelAgreement = 0.99

    @Test func characterPositionsAfterTabsAgreeWithPango() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PANGO_TAB_AGREEMENT_COUNT"].flatMap { Int($0) } ?? 1_500
        let verbose = environment["PANGO_AGREEMENT_VERBOSE"] == "1"
        var generator = SplitMix64(seed: Self.corpusSeed)
        let labels = (0..<count).map { _ in TabStopLabel(using: &generator) }

        let pango: [PangoTabAnswer]
        do {
            pango = try PangoOracle().layOutWithTabs(labels)
        } catch {
            Issue.record("No Pango oracle, so no agreement figures: \(error)")
            return
        }

        var labelsAgree = 0
        var comparable = 0
        var known: [String: Int] = [:]
        var compared = 0
        var charactersAgree = 0
        var kinds: [String: (labels: Int, agree: Int)] = [:]
        var disagreements: [String] = []
        for (label, answer) in zip(labels, pango) {
            let layout = try LabelTypesetter.system(style: label.style)
                .layout(AttributedString(label.text), in: TextContainer(width: label.width))
            let clusters = layout.lines.flatMap { $0.clusters }
            let afterTab = label.offsetsAfterTabs
            var worst = 0.0
            var worstOffset = -1
            for position in answer.positions where afterTab.contains(position.offset) {
                // A hanging space or a line break has no cluster in LabelKit's lines; a mark no cluster of its own.
                guard let cluster = clusters.first(where: { $0.range.lowerBound == position.offset }) else { continue }
                compared += 1
                let difference = abs(cluster.x - position.left)
                if difference <= 1 { charactersAgree += 1 }
                if difference > worst { (worst, worstOffset) = (difference, position.offset) }
            }
            let agrees = worst <= 1 && layout.lines.count == answer.lineCount
            kinds[label.kind, default: (0, 0)].labels += 1
            kinds[label.kind, default: (0, 0)].agree += agrees ? 1 : 0
            if let difference = Self.knownDifference(label, answer) {
                known[difference, default: 0] += 1
                continue
            }
            comparable += 1
            labelsAgree += agrees ? 1 : 0
            if !agrees {
                disagreements.append(
                    """
                    - \(label.kind) width \(label.width.map { "\(Int($0))" } ?? "none") stops \(label.oracleStops): \
                    worst |Δx| \(String(format: "%.2f", worst)) px at offset \(worstOffset); lines LabelKit \
                    \(layout.lines.count), Pango \(answer.lineCount)
                        text: \(FieldEscaping.escape(label.text))
                    """)
            }
        }
        let labelShare = Double(labelsAgree) / Double(max(comparable, 1))
        let characterShare = Double(charactersAgree) / Double(max(compared, 1))
        let byKind = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.agree)/\($0.value.labels)" }
        print(
            """
            LabelKit vs Pango 1.50 tab stops — \(labels.count) labels, seed \(Self.corpusSeed): \
            \(compared) characters after tabs compared, \
            within 1 px \(String(format: "%.2f%%", characterShare * 100)); by kind, labels agreeing (every such \
            character and the line count): \(byKind.joined(separator: ", ")); left out as known differences: \
            \(known.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); \
            the others agree for \(String(format: "%.2f%%", labelShare * 100))
            """)
        for report in disagreements.prefix(verbose ? disagreements.count : 8) { print(report) }
        #expect(compared > labels.count * 5, "too few characters after tabs to compare: \(compared)")
        #expect(kinds.count == 5)
        #expect(comparable >= labels.count * 9 / 10, "only \(comparable) labels left to compare")
        #expect(
            labelShare >= Self.requiredLabelAgreement,
            "labels agree for \(labelShare), below \(Self.requiredLabelAgreement)")
    }
}

extension PangoTabStopAgreementTests {
    /// Why `label` may be laid out otherwise than Pango lays it out, by design; nil when it should agree.
    ///
    /// - Pango's line overflows its width: Pango keeps a tab that reaches past the width on its line, as LabelKit
    ///   does (both let it hang there), but then places the tabs after it from the width rather than from the pen
    ///   (its remaining width is clamped at 0), and keeps text after it on the line that LabelKit wraps.
    /// - A right-to-left line ends in a tab: LabelKit lets a line's trailing tab hang past its end, as its trailing
    ///   spaces, and leaves it out of the line's width; Pango counts it at the line's visual start (the left), which
    ///   moves the whole line.
    static func knownDifference(_ label: TabStopLabel, _ answer: PangoTabAnswer) -> String? {
        if let width = label.width, answer.width > width + 1 { return "Pango wider than its width" }
        let lines = label.text.split(separator: "\n", omittingEmptySubsequences: false)
        if label.kind == "hebrew", lines.contains(where: { $0.hasSuffix("\t") }) {
            return "right-to-left line ending in a tab"
        }
        return nil
    }
}

/// A receipt-like label with tab stops, in LabelKit's form and the oracle's.
struct TabStopLabel {
    var kind: String
    var text: String
    var stops: [TabStop]
    var width: Double?
    var language: LanguageTag?
    /// The decimal separator of the label's language, for the oracle.
    var decimal: String

    static let englishItems = [
        "Coffee", "Tea", "Croissant", "Bagel", "Orange juice", "Muffin", "Water", "Salad", "Soup of the day",
        "Sandwich", "Espresso", "Total", "Subtotal", "VAT 20%", "Tip", "Cake",
    ]
    static let germanItems = ["Kaffee", "Brötchen", "Apfelsaft", "Kuchen", "Summe", "MwSt. 19%", "Wasser", "Brezel"]
    static let hebrewItems = ["קפה", "תה", "לחם", "מים", "סלט", "סה״כ", "עוגה", "מרק היום"]
    static let words = ["each", "EUR", "kg", "pcs", "incl.", "x2", "ea."]

    init(using generator: inout SplitMix64) {
        let roll = generator.next(below: 100)
        kind = roll < 40 ? "receipt" : roll < 55 ? "german" : roll < 70 ? "hebrew" : roll < 85 ? "default" : "wrapped"
        language = kind == "german" ? try? LanguageTag("de") : nil
        decimal = kind == "german" ? "," : "."
        stops = []
        width = nil
        if kind != "default" {
            // The first stop past the longest item name, the others 100 px or more apart: wider than any field, so
            // that every tab goes to a stop of its own.
            var location = Double(generator.next(in: 340...460)) / 2
            for _ in 0..<generator.next(in: 1...4) {
                let alignment = generator.pick(TabStop.Alignment.allCases)
                stops.append(TabStop(location, alignment: alignment))
                location += Double(generator.next(in: 200...320)) / 2
            }
        }
        if kind == "wrapped" { width = Double(generator.next(in: 220...420)) }
        let items = kind == "german" ? Self.germanItems : kind == "hebrew" ? Self.hebrewItems : Self.englishItems
        var lines: [String] = []
        for _ in 0..<generator.next(in: 1...4) {
            var line = kind == "default" ? generator.pick(Self.words + ["a", "Total"]) : generator.pick(items)
            let tabs = kind == "default" ? generator.next(in: 1...5) : generator.next(in: 1...max(1, stops.count))
            for _ in 0..<tabs {
                line += "\t" + Self.field(using: &generator, decimal: decimal)
            }
            lines.append(line)
        }
        text = lines.joined(separator: "\n")
    }

    /// A field after a tab: a price, a quantity, a short word or nothing; at most eight characters.
    static func field(using generator: inout SplitMix64, decimal: String) -> String {
        let grouping = decimal == "." ? "," : "."
        switch generator.next(below: 10) {
        case 0..<4:
            return "\(generator.next(in: 0...99))\(decimal)\(String(format: "%02d", generator.next(in: 0...99)))"
        case 4: return "1\(grouping)\(generator.next(in: 100...999))\(decimal)\(generator.next(in: 10...99))"
        case 5: return "\(generator.next(in: 1...999))"
        case 6: return "x\(generator.next(in: 1...12))"
        case 7: return "\(generator.next(in: 0...9))\(decimal)\(generator.next(in: 0...9))"
        case 8: return generator.pick(words)
        default: return ""
        }
    }

    /// The label's style: DejaVu Sans 15 px (the default), its language and its stops.
    var style: TextStyle {
        var paragraph = ParagraphStyle()
        paragraph.tabStops = stops
        return TextStyle(paragraphStyle: paragraph, language: language)
    }

    /// The stops in the oracle's syntax.
    var oracleStops: String {
        stops.isEmpty ? "-" : stops.map { "\($0.location):\($0.alignment.rawValue)" }.joined(separator: ",")
    }

    /// The UTF-16 offsets of the characters after a tab of their paragraph, the tabs after the first included.
    var offsetsAfterTabs: Set<Int> {
        var offsets = Set<Int>()
        var seenTab = false
        for (offset, unit) in text.utf16.enumerated() {
            if unit == 0x0A {
                seenTab = false
            } else if seenTab {
                offsets.insert(offset)
            } else if unit == 0x09 {
                seenTab = true
            }
        }
        return offsets
    }
}

/// Pango's answer to a `tabs` record: the lines, and each character's UTF-16 offset and left edge.
struct PangoTabAnswer {
    var lineCount: Int
    /// The layout's logical width, in px.
    var width: Double
    var lineStarts: [Int]
    var positions: [(offset: Int, left: Double, width: Double)]

    init?(outputLine: Substring) {
        let fields = outputLine.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 5, let lines = Int(fields[0]), let width = Double(fields[2]) else { return nil }
        lineCount = lines
        self.width = width
        lineStarts = fields[3].split(separator: ",").compactMap { Int($0) }
        positions = []
        for entry in fields[4].split(separator: ",") {
            let parts = entry.split(separator: ":")
            guard parts.count == 3, let offset = Int(parts[0]), let left = Double(parts[1]),
                let width = Double(parts[2])
            else { return nil }
            positions.append((offset, left, width))
        }
    }
}

extension PangoOracle {
    /// Pango's layout of each label with its tab stops (`PangoTabArray`, positions in px, decimal stops on the
    /// label's decimal separator), in order.
    func layOutWithTabs(_ labels: [TabStopLabel]) throws(PangoOracleError) -> [PangoTabAnswer] {
        var records = ""
        for label in labels {
            records +=
                "tabs\t\(label.width ?? 0)\t\(label.decimal)\t\(label.oracleStops)\t\(FieldEscaping.escape(label.text))\n"
        }
        return try answers(
            records: records, count: labels.count, arguments: [], read: PangoTabAnswer.init(outputLine:))
    }
}

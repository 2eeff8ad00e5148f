import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// `character(at:)` against Pango's `pango_layout_xy_to_index` on corpus labels where both engines break lines
/// identically, at points spread over every line and just outside it.
///
/// Points are compared as: both engines hit the same character (LabelKit's cluster contains Pango's index), or both
/// say the point is outside the text. Two regions are left out on purpose, because LabelKit answers differently by
/// design: a line's hanging trailing white space (Pango hits the space; LabelKit hits nothing past the last glyph)
/// and points left of or right of a line (Pango clamps them to the line's first or last character and reports
/// "outside", which the comparison counts as outside).
@Suite struct PangoHitAgreementTests {
    static let requiredAgreement = 0.97

    @Test func characterAgreesWithPangoXYToIndex() throws {
        guard let result = try Self.agreement(makeCorpus(count: 400, seed: 7)) else { return }
        #expect(result.points > 5_000)
        #expect(result.share >= Self.requiredAgreement)
    }

    /// The world's other scripts: right-to-left lines, marks stacked on their bases, conjuncts and dictionary breaks.
    @Test func characterAgreesWithPangoXYToIndexInTheWorldsScripts() throws {
        let corpus = makeCorpus(count: 720, seed: 7, kinds: CorpusKind.world)
        guard let result = try Self.agreement(corpus) else { return }
        #expect(result.points > 5_000)
        for kind in CorpusKind.world {
            let share = result.shareByKind[kind] ?? 0
            // Pango 1.50 keeps a Khmer consonant with the subscript (coeng) before it in one cursor cluster; LabelKit
            // follows UAX #29, whose conjunct rule (GB9c) does not cover Khmer: see WorldScriptDifferenceTests.
            let required = kind == .khmer ? 0.90 : Self.requiredAgreement
            #expect(share >= required, "\(kind): \(String(format: "%.2f", share * 100))% of points agree")
        }
    }

    /// Hit-tests points on every line of the labels both engines break alike; prints the figures and the first
    /// disagreements. Nil, with an issue recorded, when there is no oracle.
    private static func agreement(_ corpus: [CorpusLabel]) throws
        -> (points: Int, share: Double, shareByKind: [CorpusKind: Double])?
    {
        let oracle = PangoOracle()
        let measured: [PangoMeasurement]
        do {
            measured = try oracle.measure(corpus.map { (text: $0.text, width: $0.width) })
        } catch {
            Issue.record("No Pango oracle, so no hit-test agreement: \(error)")
            return nil
        }
        var queries: [(text: String, width: Double, point: CGPoint)] = []
        var queryKinds: [CorpusKind] = []
        var expected: [CharacterHit?] = []
        var sameBreaks = 0
        for (label, pango) in zip(corpus, measured) {
            // Pango places lines from y = 0 at the left (right for right-to-left paragraphs): no centring, no insets.
            let container = TextContainer(width: label.width, verticalAlignment: .top)
            let layout = try LabelTypesetter.system.layout(label.text, in: container)
            guard layout.lines.map(\.textRange.lowerBound) == pango.lineStarts else { continue }
            sameBreaks += 1
            for line in layout.lines where line.rect.width > 0 {
                let y = Double(line.rect.midY)
                let steps = 14
                for step in 0...steps {
                    let x = Double(line.rect.minX) - 3 + (Double(line.rect.width) + 6) * Double(step) / Double(steps)
                    let point = CGPoint(x: x, y: y)
                    let hangingSpace =
                        x >= Double(line.rect.maxX) && x < Double(line.rect.maxX) + 8
                        && line.paragraphLevel == 0
                    if hangingSpace { continue }
                    queries.append((label.text, label.width, point))
                    queryKinds.append(label.kind)
                    expected.append(layout.character(at: point))
                }
            }
        }
        let answers = try oracle.hitTest(queries)
        var agreed = 0
        var agreedByKind: [CorpusKind: (agreed: Int, points: Int)] = [:]
        var disagreements: [String] = []
        for (index, (answer, hit)) in zip(answers, expected).enumerated() {
            let same = hit.map { answer.inside && $0.range.contains(answer.index) } ?? !answer.inside
            agreedByKind[queryKinds[index], default: (0, 0)].points += 1
            if same { agreedByKind[queryKinds[index], default: (0, 0)].agreed += 1 }
            if same {
                agreed += 1
            } else if disagreements.count < 10 {
                let query = queries[index]
                disagreements.append(
                    "\(query.text.debugDescription) at \(query.width) px, point \(query.point): "
                        + "LabelKit \(hit.map { "\($0.range)" } ?? "nothing"), Pango \(answer.index) inside \(answer.inside)"
                )
            }
        }
        let share = Double(agreed) / Double(max(answers.count, 1))
        print(
            "character vs pango_layout_xy_to_index: \(sameBreaks) of \(corpus.count) labels break identically; "
                + "\(agreed) of \(answers.count) points agree (\(String(format: "%.2f", share * 100))%)")
        var shareByKind: [CorpusKind: Double] = [:]
        for kind in CorpusKind.allCases {
            guard let tally = agreedByKind[kind] else { continue }
            shareByKind[kind] = Double(tally.agreed) / Double(tally.points)
            print("  \(kind.rawValue): \(tally.agreed) of \(tally.points) points agree")
        }
        for line in disagreements { print("  disagreement: \(line)") }
        return (answers.count, share, shareByKind)
    }
}

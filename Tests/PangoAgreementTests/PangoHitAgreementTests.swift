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
        let corpus = makeCorpus(count: 400, seed: 7)
        let oracle = PangoOracle()
        let measured: [PangoMeasurement]
        do {
            measured = try oracle.measure(corpus.map { (text: $0.text, width: $0.width) })
        } catch {
            Issue.record("No Pango oracle, so no hit-test agreement: \(error)")
            return
        }
        var queries: [(text: String, width: Double, point: CGPoint)] = []
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
                    expected.append(layout.character(at: point))
                }
            }
        }
        let answers = try oracle.hitTest(queries)
        var agreed = 0
        var disagreements: [String] = []
        for (index, (answer, hit)) in zip(answers, expected).enumerated() {
            let same = hit.map { answer.inside && $0.range.contains(answer.index) } ?? !answer.inside
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
        for line in disagreements { print("  disagreement: \(line)") }
        #expect(answers.count > 5_000)
        #expect(share >= Self.requiredAgreement)
    }
}

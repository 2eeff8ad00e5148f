// `LabelKitBench measure`, section i: balanced, pretty, hyphenated, shrunk and re-wrapped layouts, each timed against
// a cold greedy layout of the same labels in the same run, and reported as a ratio.
import Foundation
import LabelKit

/// The line-breaking figures over `labels` (the classic kinds): seconds per pass for each strategy and its ratio to
/// the greedy layout of the same labels (a ratio above 1 is slower; for re-wrapping, the speed-up over a cold layout).
func lineBreakingFigures(_ labels: [BenchLabel], _ typesetter: LabelTypesetter) throws -> [(String, Double)] {
    func styled(_ text: String, _ style: ParagraphStyle) -> AttributedString {
        var attributed = AttributedString(text)
        attributed.labelKit.paragraphStyle = style
        return attributed
    }
    var checksum = 0.0
    func pass(_ style: ParagraphStyle, container: (BenchLabel) -> TextContainer = { TextContainer(width: $0.width) })
        throws -> Double
    {
        let texts = labels.map { styled($0.text, style) }
        return try medianSeconds {
            for (index, label) in labels.enumerated() {
                checksum += try typesetter.layout(texts[index], in: container(label)).size.height
            }
        }
    }
    let greedy = try pass(ParagraphStyle())
    let balanced = try pass(ParagraphStyle(lineBreakStrategy: .balanced))
    let pretty = try pass(ParagraphStyle(lineBreakStrategy: .pretty))
    let hyphenated = try pass(ParagraphStyle(hyphenation: .auto))

    // Shrinking, on the labels that must shrink to fit one line at half their size or less: against the same labels
    // on one line, truncated. Both through a typesetter whose word cache holds every size tried: the system cache
    // holds the classic corpus at one size, and 1,600 labels tried at two or three sizes each would overflow it and
    // time its evictions, not the fitting (a label on screen shrinks to the same scale at every layout).
    let shrinking = LabelTypesetter(
        fontSystem: typesetter.fontSystem, analyzer: typesetter.analyzer, style: typesetter.style,
        context: TypesettingContext(wordCache: ShapedWordCache(capacity: 200_000)), hyphenator: typesetter.hyphenator)
    let mustShrink = try labels.filter { label in
        let oneLine = TextContainer(width: label.width, maximumNumberOfLines: 1)
        let text = styled(label.text, ParagraphStyle())
        return try typesetter.measurement(text, in: oneLine).isTruncated
            && !(try typesetter.measurement(
                text,
                in: TextContainer(
                    width: label.width, maximumNumberOfLines: 1, minimumScaleFactor: 0.5)
            ).isTruncated)
    }
    let shrinkTexts = mustShrink.map { styled($0.text, ParagraphStyle()) }
    let truncated = try medianSeconds {
        for (index, label) in mustShrink.enumerated() {
            checksum += try shrinking.layout(
                shrinkTexts[index], in: TextContainer(width: label.width, maximumNumberOfLines: 1)
            ).size.height
        }
    }
    let shrunk = try medianSeconds {
        for (index, label) in mustShrink.enumerated() {
            checksum += try shrinking.layout(
                shrinkTexts[index],
                in: TextContainer(width: label.width, maximumNumberOfLines: 1, minimumScaleFactor: 0.5)
            ).size.height
        }
    }

    // Re-wrapping, as a resize does: each label shaped once (untimed), then laid out at 90, 80 and 70 % of its width in
    // turn, against cold layouts at the same three widths in the same order.
    let shaped = try labels.map { try typesetter.shapedText($0.text) }
    let fractions = [0.9, 0.8, 0.7]
    let coldResized = try medianSeconds {
        for label in labels {
            for fraction in fractions {
                checksum += try typesetter.layout(label.text, in: TextContainer(width: label.width * fraction))
                    .size.height
            }
        }
    }
    let rewrapped = try medianSeconds {
        for (index, label) in labels.enumerated() {
            for fraction in fractions {
                checksum += try shaped[index].layout(in: TextContainer(width: label.width * fraction)).size.height
            }
        }
    }
    print("LabelKit line breaking: done (\(mustShrink.count) labels shrunk)")
    return [
        ("wrap.greedy_labels_per_s", Double(labels.count) / greedy),
        ("wrap.balanced_ratio", balanced / greedy), ("wrap.pretty_ratio", pretty / greedy),
        ("wrap.hyphenated_ratio", hyphenated / greedy),
        ("wrap.shrunk_labels", Double(mustShrink.count)), ("wrap.shrunk_ratio", shrunk / max(truncated, 1e-9)),
        ("wrap.rewrap_speedup", coldResized / max(rewrapped, 1e-9)), ("wrap.checksum", checksum),
    ]
}

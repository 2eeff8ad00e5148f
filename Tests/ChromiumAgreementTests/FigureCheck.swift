import Foundation
import Testing

/// One figure of every annotation compared between the engines within a tolerance: an issue for each label with an
/// annotation outside it (its worst one, and how many), and a summary line of the whole corpus.
struct FigureCheck {
    var name: String
    var tolerance: Double
    /// LabelKit's and Chromium's value of the figure for an annotation, or nil where it is not compared.
    var figure: (AnnotationPair) -> (labelKit: Double, chromium: Double)?

    /// Checks `pairs`, recording the issues; returns the summary.
    func check(_ pairs: [AnnotationPair], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        var compared = 0
        var outside = 0
        var failingLabels = 0
        var largest: (difference: Double, pair: AnnotationPair?) = (0, nil)
        var labels: [String] = []
        var byLabel: [String: [AnnotationPair]] = [:]
        for pair in pairs {
            let key = pair.label.description
            if byLabel[key] == nil { labels.append(key) }
            byLabel[key, default: []].append(pair)
        }
        for label in labels {
            var worst: (difference: Double, values: (labelKit: Double, chromium: Double), pair: AnnotationPair)?
            var labelOutside = 0
            var labelCompared = 0
            for pair in byLabel[label] ?? [] {
                guard let values = figure(pair) else { continue }
                let difference = values.labelKit - values.chromium
                labelCompared += 1
                if abs(difference) > tolerance { labelOutside += 1 }
                if worst == nil || abs(difference) > abs(worst?.difference ?? 0) {
                    worst = (difference, values, pair)
                }
                if largest.pair == nil || abs(difference) > abs(largest.difference) { largest = (difference, pair) }
            }
            compared += labelCompared
            outside += labelOutside
            guard labelOutside > 0, let worst else { continue }
            failingLabels += 1
            Issue.record(
                """
                \(name): LabelKit \(format(worst.values.labelKit)) px, Chromium \(format(worst.values.chromium)) px \
                (difference \(format(worst.difference)), tolerance ±\(format(tolerance))) over \(worst.pair) — \
                \(labelOutside) of \(labelCompared) annotations of the label outside
                """,
                sourceLocation: sourceLocation)
        }
        let place = largest.pair.map { " over \($0)" } ?? ""
        return """
            \(name): \(compared) annotations, \(outside) outside ±\(format(tolerance)) px \
            (\(failingLabels) labels); largest difference (LabelKit − Chromium) \(format(largest.difference)) px\(place)
            """
    }
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

func describe(_ rect: CGRect) -> String {
    "[\(format(rect.minX)), \(format(rect.minY)), \(format(rect.width)) × \(format(rect.height))]"
}

// `LabelKitBench draw-report DIR`: the draw table (DrawFigures.swift against bench/pango-draw-bench), one row per kind
// of the corpus, the classic kinds together (total), the world's (world), and the draw into a buffer the caller owns,
// with ratios to Pango and issue 46's target (3× Pango on every kind).
import Foundation

func drawReport(directory: String) {
    let labels = readCorpus(directory)
    let labelKit = readRounds(directory, "labelkit-draw")
    let pango = readRounds(directory, "pango-draw")
    func value(_ figures: [String: Double], _ key: String) -> Double { figures[key] ?? .nan }
    func rate(_ value: Double) -> String { value.isFinite ? String(format: "%.1fk", value / 1e3) : "—" }
    func ratio(_ value: Double) -> String { value.isFinite ? String(format: "%.2f×", value) : "—" }
    func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
    let present = kinds.filter { kind in labels.contains { $0.kind == kind } }
    /// Labels per second over every label: their count over the sum of each kind's time.
    func allRate(_ figures: [String: Double]) -> Double {
        var time = 0.0
        for kind in present {
            time += Double(labels.count { $0.kind == kind }) / value(figures, "draw.\(kind)")
        }
        return Double(labels.count) / time
    }
    print("")
    print(
        "Drawing — \(labels.count) labels laid out beforehand, each drawn into a new ARGB32 image of its size on white"
            + " (labels/s, median of \(repetitions) after a warm-up, median over the rounds):")
    print("LabelKit = LabelRenderer.render; Pango = pango_cairo_show_layout (Benchmarks/pango-draw-bench.c)")
    let widths = [12, 10, 10, 10]
    print(zip(["kind", "LabelKit", "Pango", "LK/Pango"], widths).map { pad($0, $1) }.joined(separator: " "))
    var short: [String] = []
    let hasWorld = present.contains { worldKinds.contains($0) }
    for kind in present + ["total"] + (hasWorld ? ["world"] : []) {
        let ours = value(labelKit, "draw.\(kind)")
        let theirs = value(pango, "draw.\(kind)")
        if present.contains(kind), !(ours / theirs >= 3) { short.append(kind) }
        let row = [kind, rate(ours), rate(theirs), ratio(ours / theirs)]
        print(zip(row, widths).map { pad($0, $1) }.joined(separator: " "))
    }
    let ourAll = allRate(labelKit)
    let pangoAll = allRate(pango)
    print(
        zip(["all", rate(ourAll), rate(pangoAll), ratio(ourAll / pangoAll)], widths).map { pad($0, $1) }.joined(
            separator: " "))
    let into = value(labelKit, "draw_into.all")
    print(
        zip(["all, into", rate(into), rate(pangoAll), ratio(into / pangoAll)], widths).map { pad($0, $1) }.joined(
            separator: " ") + "   (render(_:into:stride:): one buffer the caller owns, every label)")
    print(
        short.isEmpty
            ? "target (issue 46): LabelKit draws at ≥ 3× Pango on every kind: met"
            : "target (issue 46): LabelKit draws at ≥ 3× Pango on every kind: not met (\(short.joined(separator: ", ")))"
    )
}

// `LabelKitBench appearance DIR [COUNT]`: drawing a layout that exists in another appearance against drawing it in
// the same one (issue 42). Colours are resolved when drawing, so a switch should cost what a draw costs and no
// layout: the figures are draws per second both ways, their ratio, a layout pass for scale, and how many texts the
// typesetter typeset while drawing (0).
import Foundation
import LabelKit
import LabelKitCairo
import LabelKitCorpus

/// Prints the appearance figures over the first `count` classic labels of the corpus in `directory`.
func printAppearanceFigures(directory: String, count: Int) throws {
    let labels = Array(classicLabels(readCorpus(directory)).prefix(count))
    guard !labels.isEmpty else { fail("corpus.tsv has no classic labels") }
    let typesetter = LabelTypesetter(
        fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer(), context: TypesettingContext())
    var layouts: [TextLayout] = []
    layouts.reserveCapacity(labels.count)
    let layoutSeconds = try medianSeconds {
        layouts.removeAll(keepingCapacity: true)
        for label in labels { layouts.append(try typesetter.layout(label.text, in: TextContainer(width: label.width))) }
    }
    let light = LabelRenderer(backgroundColor: .background, appearance: .light)
    let dark = LabelRenderer(backgroundColor: .background, appearance: .dark)
    func draw(_ renderer: LabelRenderer) throws -> Double {
        let start = clock.now
        for layout in layouts { _ = try renderer.render(layout) }
        return seconds(clock.now - start)
    }
    // Warm both (faces opened, glyphs cached by Cairo), then passes in the order light, light, dark, dark, light…:
    // each pass after the first draws every layout in the appearance it was last drawn in ("same") or in the other
    // one ("another"), and each group holds as many light passes as dark ones, so that neither the colours' own cost
    // nor drift on a shared machine falls on one side.
    _ = try draw(light)
    _ = try draw(dark)
    let typesetBefore = typesetter.context.typesetCount
    var same: [Double] = []
    var other: [Double] = []
    var previous = light.appearance
    for pass in 0..<(4 * repetitions) {
        let renderer = pass % 4 < 2 ? light : dark
        let time = try draw(renderer)
        if pass > 0 {
            if renderer.appearance == previous { same.append(time) } else { other.append(time) }
        }
        previous = renderer.appearance
    }
    let typesetWhileDrawing = typesetter.context.typesetCount - typesetBefore
    let n = Double(labels.count)
    let sameRate = n / median(same)
    let otherRate = n / median(other)
    print(
        "drawing existing layouts, \(labels.count) classic labels, ARGB32 at scale 1 (medians of \(same.count) and \(other.count) passes):"
    )
    print(String(format: "  same appearance as last drawn   %9.0f labels/s", sameRate))
    print(
        String(
            format: "  another appearance              %9.0f labels/s   %.3f× the same-appearance draw", otherRate,
            otherRate / sameRate))
    print(String(format: "  laying the labels out (warm)    %9.0f labels/s", n / layoutSeconds))
    print("  texts typeset while drawing:    \(typesetWhileDrawing)")
}

// `LabelKitBench profile DIR …`: one pass of the cold benchmark's work for callgrind, after an uncounted warm-up.
import Foundation
import LabelKit
import LabelKitCorpus

/// The cold benchmark's work alone, for a profiler: `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*profiledPass*' LabelKitBench profile DIR COUNT` counts one pass after an uncounted warm-up.
@inline(never)
func profiledPass(_ labels: ArraySlice<BenchLabel>, _ typesetter: LabelTypesetter) throws -> Double {
    var total = 0.0
    for label in labels { total += try typesetter.measurement(label.text, width: label.width).size.height }
    return total
}

/// The whole layout (glyphs positioned, cluster boxes, runs) rather than the measurement alone: `profile DIR COUNT
/// layout` counts this pass instead of ``profiledPass(_:_:)`` (the same `--toggle-collect` pattern matches it).
@inline(never)
func profiledPassOfLayouts(_ labels: ArraySlice<BenchLabel>, _ typesetter: LabelTypesetter) throws -> Double {
    var total = 0.0
    for label in labels {
        total += try typesetter.layout(label.text, in: TextContainer(width: label.width)).size.height
    }
    return total
}

func profile(directory: String, count: Int, mode: String, kind: String?) throws {
    let labels = readCorpus(directory).filter { kind == nil || $0.kind == kind }.prefix(count)
    let typesetter = LabelTypesetter.system
    let warmUp = try warmUpBeforeProfile(labels, typesetter)
    let counted: Double
    switch mode {
    case "layout": counted = try profiledPassOfLayouts(labels, typesetter)
    case "rewrap": counted = try profiledPassOfRewraps(labels, try labels.map { try typesetter.shapedText($0.text) })
    case "hits":
        let layouts = try labels.map { try typesetter.layout($0.text, in: TextContainer(width: $0.width)) }
        counted = profiledPassOfHits(layouts, hitPoints(in: layouts))
    default: counted = try profiledPass(labels, typesetter)
    }
    print("profile: \(labels.count) labels, heights \(warmUp) / \(counted)")
}

@inline(never)
func warmUpBeforeProfile(_ labels: ArraySlice<BenchLabel>, _ typesetter: LabelTypesetter) throws -> Double {
    var total = 0.0
    // + 1: not merged with profiledPass
    for label in labels { total += try typesetter.measurement(label.text, width: label.width).size.height + 1 }
    return total
}

/// Re-wrapping shaped texts at 90, 80 and 70 % of their widths (`profile DIR COUNT rewrap`): what a resize does, for
/// callgrind (the same `--toggle-collect` pattern matches it).
@inline(never)
func profiledPassOfRewraps(_ labels: ArraySlice<BenchLabel>, _ shaped: [ShapedText]) throws -> Double {
    var total = 0.0
    for (index, label) in labels.enumerated() {
        for fraction in [0.9, 0.8, 0.7] {
            total += try shaped[index].layout(in: TextContainer(width: label.width * fraction)).size.height
        }
    }
    return total
}

/// Twenty points in each layout's box, in eighths of a point, from a fixed seed: about half of them on text, the
/// rest past a line's end or in empty space.
func hitPoints(in layouts: [TextLayout]) -> [(label: Int, point: CGPoint)] {
    var points: [(label: Int, point: CGPoint)] = []
    for (index, layout) in layouts.enumerated() {
        var generator = SplitMix64(seed: 0x5EED &+ UInt64(index))
        let width = max(1, Int(Double(layout.size.width) * 8))
        let height = max(1, Int(Double(layout.size.height) * 8))
        for _ in 0..<20 {
            let x = Double(generator.next(below: width)) / 8
            let y = Double(generator.next(below: height)) / 8
            points.append((index, CGPoint(x: x, y: y)))
        }
    }
    return points
}

/// Hit-testing the layouts made beforehand at `points` (`profile DIR COUNT hits`): what a tap or a pointer's move
/// costs, for callgrind (the same `--toggle-collect` pattern matches it).
@inline(never)
func profiledPassOfHits(_ layouts: [TextLayout], _ points: [(label: Int, point: CGPoint)]) -> Double {
    var hits = 0.0
    for (label, point) in points where layouts[label].character(at: point) != nil { hits += 1 }
    return hits
}

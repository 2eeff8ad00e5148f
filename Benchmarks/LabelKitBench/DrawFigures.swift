// `LabelKitBench draw DIR`: drawing laid-out labels into images, per kind (issue 46). Every label of the corpus is
// laid out beforehand (untimed); each timed draw is `LabelRenderer.render` with a white background into a new ARGB32
// image of the label's size, as `bench/pango-draw-bench` does with `pango_cairo_show_layout`. Then the same draws into
// one buffer the caller owns (`render(_:into:stride:)`), the row an SDL texture's memory takes. Writes
// DIR/labelkit-draw.txt; `LabelKitBench draw-report DIR` prints the table against Pango's DIR/pango-draw.txt.
//
// `LabelKitBench pixels DIR [COUNT]` draws every label (or the first COUNT) twice, through the glyph cache and through
// Cairo alone, and counts the labels whose pixels differ (and by how much): the fast path must change nothing.
import Foundation
import LabelKit
import LabelKitCairo
import LabelKitCorpus

/// The corpus laid out, the classic kinds through the system typesetter, the world's through one with its own
/// context (as `measure` does).
func drawLayouts(_ labels: [BenchLabel]) throws -> [TextLayout] {
    let typesetter = LabelTypesetter.system
    let worldTypesetter = LabelTypesetter(
        fontSystem: typesetter.fontSystem, analyzer: typesetter.analyzer, style: typesetter.style,
        context: TypesettingContext())
    let classic = Set(classicKinds)
    return try labels.map { label in
        try (classic.contains(label.kind) ? typesetter : worldTypesetter)
            .layout(label.text, in: TextContainer(width: label.width))
    }
}

func measureDrawing(directory: String) throws {
    let labels = readCorpus(directory)
    let layouts = try drawLayouts(labels)
    var renderer = LabelRenderer(backgroundColor: .white)
    // LABELKIT_DRAW_CAIRO_ONLY=1: every glyph through Cairo, as before the glyph cache (a baseline in the same tree).
    if ProcessInfo.processInfo.environment["LABELKIT_DRAW_CAIRO_ONLY"] == "1" { renderer.usesGlyphAtlas = false }
    var checksum = 0
    var figures: [(String, Double)] = []
    let perKind = try medianSecondsPerKind(labels, layouts) { layout in
        let image = try renderer.render(layout)
        checksum &+= image.width &+ Int(image.bytes.first ?? 0)
    }
    for kind in kinds where perKind[kind] != nil {
        figures.append(("draw.\(kind)", Double(labels.count { $0.kind == kind }) / perKind[kind]!))
    }
    figures.append(("draw.total", groupRate(labels, perKind, classicKinds)))
    figures.append(("draw.world", groupRate(labels, perKind, worldKinds)))
    let cache = renderer.context.glyphCacheStatistics
    print(
        "LabelKit drawing: done (glyph cache: \(cache.strikes) strikes, \(cache.glyphs) glyphs, "
            + "\(cache.bytes / 1024) KiB, \(cache.rasterized) drawn by Cairo, \(cache.tinted) tinted, "
            + "\(cache.evictions) evictions)")

    // Into a buffer the caller owns: one buffer large enough for the largest label, reused, every label of the corpus.
    let largest = layouts.map { Int(($0.bounds.width).rounded(.up)) * Int(($0.bounds.height).rounded(.up)) }.max() ?? 0
    var buffer = [UInt8](repeating: 0, count: max(4, largest * 4))
    let intoTime = try medianSeconds {
        try buffer.withUnsafeMutableBytes { bytes in
            for layout in layouts {
                let stride = Int(layout.bounds.width.rounded(.up)) * 4
                try renderer.render(layout, into: bytes, stride: stride)
                checksum &+= Int(bytes[0])
            }
        }
    }
    figures.append(("draw_into.all", Double(layouts.count) / intoTime))
    let allTime = kinds.compactMap { perKind[$0] }.reduce(0, +)
    figures.append(("draw.all", Double(labels.count) / allTime))
    figures.append(("checksum", Double(checksum)))
    write(figures.map { "\($0.0) \($0.1)\n" }.joined(), to: "\(directory)/labelkit-draw.txt")
    print("LabelKit: draw figures → \(directory)/labelkit-draw.txt")
}

/// The median seconds per kind of `body` over the layouts of each kind's labels (one warm-up pass), as
/// `medianSecondsPerKind` times the labels.
func medianSecondsPerKind(
    _ labels: [BenchLabel], _ layouts: [TextLayout], _ body: (TextLayout) throws -> Void
) rethrows -> [String: Double] {
    let groups = kinds.map { kind in labels.indices.filter { labels[$0].kind == kind }.map { layouts[$0] } }
    for group in groups { for layout in group { try body(layout) } }
    var times = Array(repeating: [Double](), count: kinds.count)
    for _ in 0..<repetitions {
        for (kindIndex, group) in groups.enumerated() {
            let start = clock.now
            for layout in group { try body(layout) }
            times[kindIndex].append(seconds(clock.now - start))
        }
    }
    var result: [String: Double] = [:]
    for (kindIndex, kind) in kinds.enumerated() where !groups[kindIndex].isEmpty {
        result[kind] = median(times[kindIndex])
    }
    return result
}

/// `LabelKitBench pixels DIR [COUNT]`: every label drawn through the glyph cache and through Cairo alone, at scale 1
/// on white (the bench's drawing), and at scale 2 transparent for every tenth label; prints how many differ, by how
/// much at most, and the first few that differ.
func comparePixels(directory: String, count: Int) throws {
    let labels = Array(readCorpus(directory).prefix(count))
    let layouts = try drawLayouts(labels)
    var fast = LabelRenderer(backgroundColor: .white)
    var cairo = fast
    cairo.usesGlyphAtlas = false
    var compared = 0
    var differing: [String: Int] = [:]
    var largest = 0
    var shown = 0
    for (index, layout) in layouts.enumerated() {
        for pass in 0..<2 {
            if pass == 1 {
                guard index % 10 == 0 else { continue }
                fast.scale = 2
                fast.backgroundColor = nil
            } else {
                fast.scale = 1
                fast.backgroundColor = .white
            }
            cairo.scale = fast.scale
            cairo.backgroundColor = fast.backgroundColor
            let ours = try fast.render(layout)
            let theirs = try cairo.render(layout)
            compared += 1
            let difference = zip(ours.bytes, theirs.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
            guard difference > 0 || ours.bytes.count != theirs.bytes.count else { continue }
            differing[labels[index].kind, default: 0] += 1
            largest = max(largest, difference)
            if shown < 5 {
                shown += 1
                print("label \(index) (\(labels[index].kind), scale \(fast.scale)): differs by up to \(difference)")
                if ProcessInfo.processInfo.environment["LABELKIT_PIXELS_DUMP"] != nil {
                    try ours.writePNG(to: "\(directory)/pixels-\(index)-atlas.png")
                    try theirs.writePNG(to: "\(directory)/pixels-\(index)-cairo.png")
                }
            }
        }
    }
    let total = differing.values.reduce(0, +)
    print(
        "pixels: \(compared) drawings of \(labels.count) labels, glyph cache against Cairo alone: \(compared - total)"
            + " identical, \(total) differ (largest difference \(largest) per channel)"
            + (differing.isEmpty ? "" : "; by kind: \(differing.sorted { $0.key < $1.key })"))
}

/// `LabelKitBench profile-draw DIR [COUNT [KIND]]`: the first COUNT labels (of KIND) laid out, drawn once uncounted
/// (faces opened, glyphs cached), then once more in `profiledDrawPass`, which Benchmarks/draw-stage-costs.sh has
/// callgrind count alone.
func profileDrawing(directory: String, count: Int, kind: String?) throws {
    let labels = Array(readCorpus(directory).filter { kind == nil || $0.kind == kind }.prefix(count))
    let layouts = try drawLayouts(labels)
    var renderer = LabelRenderer(backgroundColor: .white)
    if ProcessInfo.processInfo.environment["LABELKIT_DRAW_CAIRO_ONLY"] == "1" { renderer.usesGlyphAtlas = false }
    var checksum = 0
    for layout in layouts { checksum &+= Int(try renderer.render(layout).bytes.first ?? 0) }
    checksum &+= try profiledDrawPass(layouts, renderer)
    print("profile-draw: \(layouts.count) labels, checksum \(checksum)")
}

@inline(never)
func profiledDrawPass(_ layouts: [TextLayout], _ renderer: LabelRenderer) throws -> Int {
    var checksum = 0
    for layout in layouts {
        let image = try renderer.render(layout)
        checksum &+= Int(image.bytes.first ?? 0)
    }
    return checksum
}

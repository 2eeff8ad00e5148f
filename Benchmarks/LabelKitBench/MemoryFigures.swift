// The memory figures of `LabelKitBench measure` (and `LabelKitBench memory DIR`, which prints them alone): bytes the
// allocator keeps for retained layouts, over the corpus and over its 50–70-unit labels, and where they go.
import CBenchMemory
import Foundation
import LabelKit
import LabelKitCorpus

/// The memory figures, and the corpus's layouts (kept for the hit-testing that follows). The layouts come from a
/// typesetter whose own word cache holds every word of the corpus, warmed by one uncounted pass, so that only the
/// layouts' bytes are counted: through the shared cache, whose two generations turn over within the corpus, the
/// bytes of a dropped generation were subtracted from the layouts' (the figure moved with the size of a cache entry).
func memoryFigures(_ labels: [BenchLabel]) throws -> ([(String, Double)], [TextLayout]) {
    let typesetter = LabelTypesetter(
        fontSystem: SystemFontSystem.shared, analyzer: ICUTextAnalyzer(),
        context: TypesettingContext(wordCache: ShapedWordCache(capacity: 1_000_000)))
    for label in labels { _ = try typesetter.layout(label.text, in: TextContainer(width: label.width)) }
    var figures: [(String, Double)] = []
    var layouts: [TextLayout] = []
    layouts.reserveCapacity(labels.count)
    let before = allocatedBytes()
    for label in labels { layouts.append(try typesetter.layout(label.text, in: TextContainer(width: label.width))) }
    let after = allocatedBytes()
    let utf16Length = Double(labels.reduce(0) { $0 + $1.text.utf16.count }) / Double(labels.count)
    let characters = Double(labels.reduce(0) { $0 + $1.text.count }) / Double(labels.count)
    let estimated = Double(layouts.reduce(0) { $0 + $1.estimatedByteCount }) / Double(layouts.count)
    figures.append(("bytes_per_layout", (after - before) / Double(labels.count)))
    // The same for labels of about 60 characters (50–70 UTF-16 units), which the target is stated for.
    let sixty = labels.filter { (50...70).contains($0.text.utf16.count) }
    var sixtyLayouts: [TextLayout] = []
    sixtyLayouts.reserveCapacity(sixty.count)
    let beforeSixty = allocatedBytes()
    for label in sixty { sixtyLayouts.append(try typesetter.layout(label.text, in: TextContainer(width: label.width))) }
    let afterSixty = allocatedBytes()
    figures.append(
        ("bytes_per_layout_50_to_70", sixty.isEmpty ? .nan : (afterSixty - beforeSixty) / Double(sixty.count)))
    figures.append(("labels_50_to_70", Double(sixty.count)))
    // Where a 50–70-unit layout's bytes go, by the layout's own arrays (element counts × strides; no headers).
    func averageBytes(_ bytes: (TextLayout) -> Int) -> Double {
        sixtyLayouts.isEmpty ? .nan : Double(sixtyLayouts.reduce(0) { $0 + bytes($1) }) / Double(sixtyLayouts.count)
    }
    figures.append(("breakdown.runs", averageBytes { $0.runData.count * MemoryLayout<RunData>.stride }))
    figures.append(("breakdown.run_count", averageBytes { $0.runData.count }))
    figures.append(("breakdown.run_stride", Double(MemoryLayout<RunData>.stride)))
    figures.append(("breakdown.lines", averageBytes { $0.lineData.count * MemoryLayout<LineData>.stride }))
    figures.append(("breakdown.line_stride", Double(MemoryLayout<LineData>.stride)))
    figures.append(("breakdown.glyphs", averageBytes { $0.glyphData.count * MemoryLayout<GlyphData>.stride }))
    figures.append(
        ("breakdown.glyph_offsets", averageBytes { $0.glyphOffsets.count * MemoryLayout<GlyphOffset>.stride }))
    figures.append(
        ("breakdown.cluster_boxes", averageBytes { $0.clusterBoxes.count * MemoryLayout<StoredClusterBox>.stride }))
    figures.append(("breakdown.links", averageBytes { $0.links.count * MemoryLayout<LayoutLink>.stride }))
    figures.append(
        (
            "breakdown.unused_capacity",
            averageBytes { layout in
                (layout.runData.capacity - layout.runData.count) * MemoryLayout<RunData>.stride
                    + (layout.lineData.capacity - layout.lineData.count) * MemoryLayout<LineData>.stride
                    + (layout.glyphData.capacity - layout.glyphData.count) * MemoryLayout<GlyphData>.stride
                    + (layout.clusterBoxes.stored.capacity - layout.clusterBoxes.count)
                    * MemoryLayout<StoredClusterBox>.stride
                    + (layout.glyphOffsets.capacity - layout.glyphOffsets.count) * MemoryLayout<GlyphOffset>.stride
            }
        ))
    withExtendedLifetime(sixtyLayouts) {}
    // What a layout costs before its text: the bytes of a one-letter layout (the object, its arrays' headers, its
    // faces and metrics).
    var letters: [TextLayout] = []
    letters.reserveCapacity(1_000)
    let beforeLetters = allocatedBytes()
    for _ in 0..<1_000 { letters.append(try typesetter.layout("a", in: TextContainer(width: 100))) }
    figures.append(("breakdown.one_letter_layout", (allocatedBytes() - beforeLetters) / 1_000))
    withExtendedLifetime(letters) {}
    figures.append(("estimated_bytes_per_layout", estimated))
    figures.append(("average_utf16_length", utf16Length))
    figures.append(("average_characters", characters))
    return (figures, layouts)
}

/// `LabelKitBench memory DIR`: the memory figures alone, printed (for iterating on a layout's size).
func printMemoryFigures(directory: String) throws {
    let (figures, layouts) = try memoryFigures(readCorpus(directory))
    for (key, value) in figures { print(key, value) }
    withExtendedLifetime(layouts) {}
}

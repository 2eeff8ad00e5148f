// `LabelKitBench measure DIR`: LabelKit cold, warm, hit-testing, link detection and memory over the corpus.
import CBenchMemory
import Foundation
import LabelKit
import LabelKitCorpus

func measure(directory: String) throws {
    let labels = readCorpus(directory)
    let typesetter = LabelTypesetter.system
    // The world's labels go through a typesetter of their own: the same fonts and analyzer, but its own context and
    // word cache (of the default capacity). Through the system's, their words would push the classic kinds' out of
    // its cache, and the classic figures would no longer compare with earlier runs.
    let worldTypesetter = LabelTypesetter(
        fontSystem: typesetter.fontSystem, analyzer: typesetter.analyzer, style: typesetter.style,
        context: TypesettingContext())
    let classicKindSet = Set(classicKinds)
    func typesetterOf(_ label: BenchLabel) -> LabelTypesetter {
        classicKindSet.contains(label.kind) ? typesetter : worldTypesetter
    }
    var figures: [(String, Double)] = []
    var checksum = 0.0

    // a. Cold: a new layout per label, through measurement (what a table's height callback calls). The system
    // context's word cache lookups (the classic labels') are counted over the timed passes (the warm-up fills it).
    let words = typesetter.context.wordCache
    let wordsBefore = words?.statistics
    let worldWords = worldTypesetter.context.wordCache
    let worldWordsBefore = worldWords?.statistics
    let cold = try medianSecondsPerKind(labels) { label in
        checksum += try typesetterOf(label).measurement(label.text, width: label.width).size.height
    }
    let wordsAfter = words?.statistics
    let worldWordsAfter = worldWords?.statistics
    figures.append(("cold.word_cache_hits", Double((wordsAfter?.hits ?? 0) - (wordsBefore?.hits ?? 0))))
    figures.append(("cold.word_cache_misses", Double((wordsAfter?.misses ?? 0) - (wordsBefore?.misses ?? 0))))
    figures.append(("cold.word_cache_words", Double(words?.count ?? 0)))
    figures.append(
        ("cold.world_word_cache_hits", Double((worldWordsAfter?.hits ?? 0) - (worldWordsBefore?.hits ?? 0))))
    figures.append(
        ("cold.world_word_cache_misses", Double((worldWordsAfter?.misses ?? 0) - (worldWordsBefore?.misses ?? 0))))
    figures.append(("cold.world_word_cache_words", Double(worldWords?.count ?? 0)))
    for kind in kinds where cold[kind] != nil {
        figures.append(("cold.\(kind)", Double(labels.count { $0.kind == kind }) / cold[kind]!))
    }
    figures.append(("cold.total", groupRate(labels, cold, classicKinds)))
    figures.append(("cold.world", groupRate(labels, cold, worldKinds)))
    print("LabelKit cold: done")

    // b. Warm: the same labels through a layout cache large enough for the corpus (filled by the warm-up pass),
    // by the cache's measurement, as a table asks; the layout path is measured too (warm_layout).
    let cache = TextLayoutCache(typesetter: typesetter, countLimit: labels.count * 2, byteLimit: 1 << 30)
    let worldCache = TextLayoutCache(typesetter: worldTypesetter, countLimit: labels.count * 2, byteLimit: 1 << 30)
    let warm = try medianSecondsPerKind(labels) { label in
        let labelCache = classicKindSet.contains(label.kind) ? cache : worldCache
        checksum += try labelCache.measurement(label.text, width: label.width).size.height
    }
    let classic = classicLabels(labels)
    let warmLayout = try medianSeconds {
        for label in classic {
            checksum += try cache.layout(label.text, in: TextContainer(width: label.width)).size.height
        }
    }
    figures.append(("warm_layout.total", Double(classic.count) / warmLayout))
    for kind in kinds where warm[kind] != nil {
        figures.append(("warm.\(kind)", Double(labels.count { $0.kind == kind }) / warm[kind]!))
    }
    figures.append(("warm.total", groupRate(labels, warm, classicKinds)))
    figures.append(("warm.world", groupRate(labels, warm, worldKinds)))
    let statistics = cache.statistics
    figures.append(("warm.hits", Double(statistics.hits)))
    figures.append(("warm.misses", Double(statistics.misses)))
    figures.append(("warm.cache_bytes", Double(statistics.byteCount)))
    cache.removeAll()
    worldCache.removeAll()
    print("LabelKit warm: done (\(statistics.hits) hits, \(statistics.misses) misses)")

    // g. Memory: bytes retained by 10,000 layouts (font and word caches are warm, so they are not counted).
    // Over the classic labels, as before the world's scripts were added; the world's labels are laid out after
    // them for the agreement alone.
    let (memory, layouts) = try memoryFigures(classic)
    figures += memory

    // Per-label answers for the agreement with Pango, every label: lines and the used height (unrounded).
    var perLabel = ""
    for layout in layouts { perLabel += "\(layout.lines.count) \(layout.usedRect.height)\n" }
    for label in labels[classic.count...] {
        let layout = try worldTypesetter.layout(label.text, in: TextContainer(width: label.width))
        perLabel += "\(layout.lines.count) \(layout.usedRect.height)\n"
    }
    write(perLabel, to: "\(directory)/labelkit-labels.tsv")

    // e. Hit-testing: deterministic points inside each label's bounds, written for Pango to test the same points.
    var points: [(label: Int, x: Double, y: Double)] = []
    points.reserveCapacity(labels.count * pointsPerLabel)
    var pointLines = ""
    for (index, layout) in layouts.enumerated() {
        var generator = SplitMix64(seed: corpusSeed &+ UInt64(index))
        let width = max(1, Int(labels[index].width * 8))
        let height = max(1, Int(Double(layout.size.height) * 8))
        for _ in 0..<pointsPerLabel {
            // Eighths of a point: exact in binary and in Pango units, so both engines test the very same point.
            let x = Double(generator.next(below: width)) / 8
            let y = Double(generator.next(below: height)) / 8
            points.append((index, x, y))
            pointLines += "\(index)\t\(x)\t\(y)\n"
        }
    }
    write(pointLines, to: "\(directory)/points.tsv")
    var hits = 0
    let hitTime = medianSeconds {
        hits = 0
        for point in points {
            if layouts[point.label].character(at: CGPoint(x: point.x, y: point.y)) != nil { hits += 1 }
        }
    }
    figures.append(("hit_points_per_s", Double(points.count) / hitTime))
    figures.append(("hit_share_inside", Double(hits) / Double(points.count)))
    var linkHits = 0
    let linkTime = medianSeconds {
        linkHits = 0
        for point in points {
            if layouts[point.label].link(at: CGPoint(x: point.x, y: point.y), radius: 0) != nil { linkHits += 1 }
        }
    }
    figures.append(("link_hit_points_per_s", Double(points.count) / linkTime))
    print("LabelKit hit-testing: done (\(hits) of \(points.count) points on a character)")

    // f. Link detection over the corpus texts.
    let detector = LinkDetector(kinds: .all)
    let bytes = Double(classic.reduce(0) { $0 + $1.text.utf8.count })
    var detected = 0
    let detectTime = medianSeconds {
        detected = 0
        for label in classic { detected += detector.links(in: label.text).count }
    }
    figures.append(("detect_mb_per_s", bytes / 1e6 / detectTime))
    figures.append(("detected_links", Double(detected)))
    figures.append(("corpus_mb", bytes / 1e6))

    // h. The library's batch call on one thread and on every core.
    figures += parallelFigures(classic, typesetter, jobs: LabelTypesetter.defaultJobCount)

    // i. Line breaking and fitting against greedy layouts of the same labels (LineBreakingFigures.swift).
    figures += try lineBreakingFigures(classic, typesetter)

    figures.append(("peak_rss_mb", processStatus("VmHWM") / 1e6))
    figures.append(("checksum", checksum))
    withExtendedLifetime(layouts) {}
    write(figures.map { "\($0.0) \($0.1)\n" }.joined(), to: "\(directory)/labelkit.txt")
    print("LabelKit: figures → \(directory)/labelkit.txt")
}

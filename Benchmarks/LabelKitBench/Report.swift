// `LabelKitBench report DIR`: every engine's figures as one table, the agreement with Pango (and Qt's line counts
// against LabelKit's), DIR/results.json. Qt is optional: without its figures the report says so and goes on.
import Foundation
import LabelKit
import LabelKitCorpus

func report(directory: String) {
    let labels = readCorpus(directory)
    let labelKit = readRounds(directory, "labelkit")
    let pango = readRounds(directory, "pango")
    let limit = readRounds(directory, "limit")
    let cachedLimit = readRounds(directory, "cached-limit")
    let qtRounds = readRoundsIfPresent(directory, "qt")
    let qt = qtRounds ?? [:]
    func value(_ figures: [String: Double], _ key: String) -> Double { figures[key] ?? .nan }
    func rate(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return value >= 1e6 ? String(format: "%.2fM", value / 1e6) : String(format: "%.1fk", value / 1e3)
    }
    func ratio(_ value: Double) -> String { value.isFinite ? String(format: "%.2f×", value) : "—" }
    /// A JSON number, or null for a figure an engine did not give.
    func jsonNumber(_ value: Double, _ format: String) -> String {
        value.isFinite ? String(format: format, value) : "null"
    }
    func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        ?? "unknown CPU"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("")
    let classicCount = labels.count { classicKinds.contains($0.kind) }
    print(
        "LabelKit benchmark — \(classicCount) labels of the classic kinds (total) and \(labels.count - classicCount) of"
            + " the world's scripts (world), DejaVu Sans 15 px, widths 120–420 px; \(cpu), \(cores) cores")
    print(
        "labels/s, median of \(repetitions) after a warm-up; cold = LabelTypesetter.measurement (a new layout per label);"
    )
    print(
        String(
            format:
                "warm = TextLayoutCache.measurement (all hits; through cache.layout(_:in:) instead: %@ labels/s in total)",
            rate(value(labelKit, "warm_layout.total"))))
    let qtVersion = value(qt, "qt_version")
    if qtRounds == nil {
        print("Qt: no figures (\(directory)/qt.txt absent: qt-bench not built, or it failed); its columns show —")
    } else {
        let version = qtVersion.isFinite ? Int(qtVersion) : 0   // 6.4.2 is written as 60402
        print(
            "Qt = QTextLayout \(version / 10_000).\(version / 100 % 100).\(version % 100), a new layout per label"
                + " (WrapAtWordBoundaryOrAnywhere, line feeds as U+2028)")
    }
    print("")
    let header = [
        "kind", "LK cold", "LK warm", "Pango", "Qt", "limit", "cached", "LK/Pango", "LK/Qt", "LK/limit", "LK/cached",
    ]
    let widths = [10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 10]
    print(zip(header, widths).map { pad($0, $1) }.joined(separator: " "))
    var kindsJSON: [String] = []
    let present = kinds.filter { kind in labels.contains { $0.kind == kind } }
    let hasWorld = present.contains { worldKinds.contains($0) }
    for kind in present + ["total"] + (hasWorld ? ["world"] : []) {
        let cold = value(labelKit, "cold.\(kind)")
        let warm = value(labelKit, "warm.\(kind)")
        let pangoRate = value(pango, "layout.\(kind)")
        let qtRate = value(qt, "layout.\(kind)")
        let limitRate = value(limit, "layout.\(kind)")
        let cachedRate = value(cachedLimit, "layout.\(kind)")
        let row = [
            kind, rate(cold), rate(warm), rate(pangoRate), rate(qtRate), rate(limitRate), rate(cachedRate),
            ratio(cold / pangoRate), ratio(cold / qtRate), ratio(cold / limitRate), ratio(cold / cachedRate),
        ]
        print(zip(row, widths).map { pad($0, $1) }.joined(separator: " "))
        kindsJSON.append(
            String(
                format:
                    "\"%@\":{\"labelkit_cold\":%.0f,\"labelkit_warm\":%.0f,\"pango\":%.0f,\"qt\":%@,\"limit\":%.0f,\"cached_limit\":%.0f,\"lk_over_qt\":%@}",
                kind, cold, warm, pangoRate, jsonNumber(qtRate, "%.0f"), limitRate, cachedRate,
                jsonNumber(cold / qtRate, "%.3f")))
    }
    // Issue 28's target against Qt holds kind by kind, not only for the totals.
    let qtRatios = present.map { (kind: $0, ratio: value(labelKit, "cold.\($0)") / value(qt, "layout.\($0)")) }
    var qtTargetMet: Bool? = nil
    if qtRounds != nil, qtRatios.allSatisfy({ $0.ratio.isFinite }),
        let lowest = qtRatios.min(by: { $0.ratio < $1.ratio })
    {
        let short = qtRatios.filter { $0.ratio < 2 }
        qtTargetMet = short.isEmpty
        let verdict =
            short.isEmpty
            ? String(format: "met (lowest %@ %.2f×)", lowest.kind, lowest.ratio)
            : "not met on \(short.count) of \(qtRatios.count) kinds: "
                + short.map { String(format: "%@ %.2f×", $0.kind, $0.ratio) }.joined(separator: ", ")
        print("target (issue 28)         LabelKit cold ≥ 2× Qt on every kind: \(verdict)")
    } else {
        print("target (issue 28)         LabelKit cold ≥ 2× Qt on every kind: no Qt figures to judge by")
    }
    print(
        String(
            format:
                "cached limit              the limit with a table of shaped segments (≤ %d units): %.0f hits, %.0f misses, %.0f segments held",
            96, value(cachedLimit, "segment_hits"), value(cachedLimit, "segment_misses"),
            value(cachedLimit, "segments_held")))
    let wordHits = value(labelKit, "cold.word_cache_hits")
    let wordMisses = value(labelKit, "cold.word_cache_misses")
    print(
        String(
            format:
                "cold, system word cache   %.2f%% of lookups hit over the warm-up and timed passes: %.0f misses, %.0f hits; %.0f words held",
            100 * wordHits / (wordHits + wordMisses), wordMisses, wordHits, value(labelKit, "cold.word_cache_words")))
    let worldHits = value(labelKit, "cold.world_word_cache_hits")
    let worldMisses = value(labelKit, "cold.world_word_cache_misses")
    if worldHits + worldMisses > 0 {
        print(
            String(
                format:
                    "cold, the world's labels  %.2f%% hit in their typesetter's own word cache: %.0f misses, %.0f hits; %.0f words held",
                100 * worldHits / (worldHits + worldMisses), worldMisses, worldHits,
                value(labelKit, "cold.world_word_cache_words")))
    }
    let hitLabelKit = value(labelKit, "hit_points_per_s")
    let hitPango = value(pango, "hit_points_per_s")
    let detect = value(labelKit, "detect_mb_per_s")
    let bytesPerLayout = value(labelKit, "bytes_per_layout")
    let averageLength = value(labelKit, "average_utf16_length")
    let peak = value(labelKit, "peak_rss_mb")
    print("")
    print(
        String(
            format:
                "hit-testing (points/s)    LabelKit character(at:) %@, link(at:) %@; Pango xy_to_index %@ (%.2f×)",
            rate(hitLabelKit), rate(value(labelKit, "link_hit_points_per_s")), rate(hitPango),
            hitLabelKit / hitPango))
    print(
        String(
            format: "library, parallel         measurements on 1 thread %@ labels/s, on %.0f %@ (%.2f×)",
            rate(value(labelKit, "parallel.one_thread")), value(labelKit, "parallel.jobs"),
            rate(value(labelKit, "parallel.many_threads")), value(labelKit, "parallel.speedup")))
    print(
        String(
            format:
                "line breaking (× greedy)  balanced %.2f×, pretty %.2f×, hyphenated %.2f× the time of greedy layouts (%@ labels/s); shrunk %.2f× a truncated one-line layout (%.0f labels that must shrink); re-wrapping a shaped text %.2f× faster than a cold layout",
            value(labelKit, "wrap.balanced_ratio"), value(labelKit, "wrap.pretty_ratio"),
            value(labelKit, "wrap.hyphenated_ratio"), rate(value(labelKit, "wrap.greedy_labels_per_s")),
            value(labelKit, "wrap.shrunk_ratio"), value(labelKit, "wrap.shrunk_labels"),
            value(labelKit, "wrap.rewrap_speedup")))
    print(
        String(
            format: "link detection            %.1f MB/s over %.2f MB of UTF-8 (%.0f links)",
            detect, value(labelKit, "corpus_mb"), value(labelKit, "detected_links")))
    print(
        String(
            format:
                "memory                    %.0f bytes retained per layout (allocator, 10,000 layouts; estimate %.0f); average text %.1f UTF-16 units (%.1f characters)",
            bytesPerLayout, value(labelKit, "estimated_bytes_per_layout"), averageLength,
            value(labelKit, "average_characters")))
    print(
        String(
            format: "                          %.0f bytes retained per layout of the %.0f labels of 50–70 UTF-16 units",
            value(labelKit, "bytes_per_layout_50_to_70"), value(labelKit, "labels_50_to_70")))
    print(
        String(
            format:
                "                          of which: runs %.0f (%.1f × %.0f B), lines %.0f (× %.0f B), glyphs %.0f, cluster boxes %.0f, glyph offsets %.0f, links %.0f; unused array capacity %.0f; a one-letter layout %.0f (the object, array headers, allocator rounding)",
            value(labelKit, "breakdown.runs"), value(labelKit, "breakdown.run_count"),
            value(labelKit, "breakdown.run_stride"), value(labelKit, "breakdown.lines"),
            value(labelKit, "breakdown.line_stride"), value(labelKit, "breakdown.glyphs"),
            value(labelKit, "breakdown.cluster_boxes"), value(labelKit, "breakdown.glyph_offsets"),
            value(labelKit, "breakdown.links"), value(labelKit, "breakdown.unused_capacity"),
            value(labelKit, "breakdown.one_letter_layout")))
    print(
        String(
            format:
                "peak RSS (MB)             LabelKit %.1f (peak of the whole run: 10,000 layouts cached, then 10,000 retained); Pango %.1f%@; limit %.1f",
            peak, value(pango, "peak_rss_mb"),
            qtRounds != nil ? String(format: "; Qt %.1f", value(qt, "peak_rss_mb")) : "", value(limit, "peak_rss_mb")))

    // Agreement with Pango: line count, and height within 1 px.
    let ours = readLines("\(directory)/labelkit-labels.tsv").map { $0.split(separator: " ").compactMap { Double($0) } }
    let theirs = readLines("\(directory)/pango-labels.tsv").map { $0.split(separator: " ").compactMap { Double($0) } }
    // Qt's line counts against LabelKit's, for information only: Qt breaks lines by its own rules (its own UAX #14,
    // libthai for Thai) and sizes fallback fonts' lines its own way, so its heights are not compared.
    let qtAnswers = readPerLabelAnswers("\(directory)/qt-labels.tsv").flatMap { $0.count == labels.count ? $0 : nil }
    if ours.count == labels.count, theirs.count == labels.count {
        print("")
        print(
            "agreement with Pango       lines equal   |Δheight| ≤ 1 px" + (qtAnswers != nil ? "   Qt lines = LK" : ""))
        var disagreements: [(index: Int, score: Double)] = []
        for kind in present + ["total"] + (hasWorld ? ["world", "all"] : []) {
            var total = 0
            var linesEqual = 0
            var heightsClose = 0
            var qtLinesEqual = 0
            let group = kind == "total" ? classicKinds : kind == "world" ? worldKinds : kind == "all" ? kinds : [kind]
            for index in labels.indices where group.contains(labels[index].kind) {
                total += 1
                let lineDelta = abs(ours[index][0] - theirs[index][0])
                let heightDelta = abs(ours[index][1] - theirs[index][1])
                if lineDelta == 0 { linesEqual += 1 }
                if heightDelta <= 1 { heightsClose += 1 }
                if let qtAnswers, qtAnswers[index][0] == ours[index][0] { qtLinesEqual += 1 }
                if kind == "all" || (kind == "total" && !hasWorld), lineDelta > 0 || heightDelta > 1 {
                    disagreements.append((index, lineDelta * 1000 + heightDelta))
                }
            }
            print(
                pad(kind, 10),
                String(
                    format: "%15.2f%% %18.2f%%", 100 * Double(linesEqual) / Double(total),
                    100 * Double(heightsClose) / Double(total))
                    + (qtAnswers != nil ? String(format: " %16.2f%%", 100 * Double(qtLinesEqual) / Double(total)) : ""))
        }
        if qtAnswers == nil { print("(no Qt column: \(directory)/qt-labels.tsv absent or not of this corpus)") }
        // The limit is a floor, not an engine; its agreement shows it does comparable work (same breaks, same fonts).
        let limitAnswers = readLines("\(directory)/limit-labels.tsv").map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        if limitAnswers.count == labels.count {
            let equal = labels.indices.count { limitAnswers[$0][0] == theirs[$0][0] }
            let close = labels.indices.count { abs(limitAnswers[$0][1] - theirs[$0][1]) <= 1 }
            print(
                pad("(limit)", 10),
                String(
                    format: "%15.2f%% %18.2f%%   the C limit against Pango, as a sanity check",
                    100 * Double(equal) / Double(labels.count),
                    100 * Double(close) / Double(labels.count)))
        }
        print("worst disagreements (LabelKit lines/height vs Pango lines/height):")
        for disagreement in disagreements.sorted(by: { $0.score > $1.score }).prefix(8) {
            let label = labels[disagreement.index]
            let preview = String(FieldEscaping.escape(label.text).prefix(70))
            print(
                String(
                    format: "  #%d %@ w=%.0f  %.0f/%.1f vs %.0f/%.1f  %@", disagreement.index, label.kind,
                    label.width, ours[disagreement.index][0], ours[disagreement.index][1],
                    theirs[disagreement.index][0], theirs[disagreement.index][1], preview))
        }
    }

    let json = """
        {"kinds":{\(kindsJSON.joined(separator: ","))},\
        "qt_version":\(jsonNumber(qtVersion, "%.0f")),\
        "lk_cold_2x_qt_every_kind":\(qtTargetMet.map { "\($0)" } ?? "null"),\
        "hit_points_per_s":{"labelkit":\(String(format: "%.0f", hitLabelKit)),"pango":\(String(format: "%.0f", hitPango))},\
        "detect_mb_per_s":\(String(format: "%.2f", detect)),\
        "parallel_speedup":\(String(format: "%.3f", value(labelKit, "parallel.speedup"))),\
        "line_breaking":{"balanced_ratio":\(String(format: "%.3f", value(labelKit, "wrap.balanced_ratio"))),\
        "pretty_ratio":\(String(format: "%.3f", value(labelKit, "wrap.pretty_ratio"))),\
        "hyphenated_ratio":\(String(format: "%.3f", value(labelKit, "wrap.hyphenated_ratio"))),\
        "shrunk_ratio":\(String(format: "%.3f", value(labelKit, "wrap.shrunk_ratio"))),\
        "rewrap_speedup":\(String(format: "%.3f", value(labelKit, "wrap.rewrap_speedup")))},\
        "bytes_per_layout":\(String(format: "%.0f", bytesPerLayout)),\
        "peak_rss_mb":\(String(format: "%.1f", peak))}

        """
    write(json, to: "\(directory)/results.json")
    print("")
    print("→ \(directory)/results.json")
}

// LabelKit's side of `make bench` (see README.md, "Performance"). Three modes, run by the Makefile in this order:
//
//   LabelKitBench corpus DIR [COUNT]   writes DIR/corpus.tsv: the shared corpus (kind, width, escaped text)
//   LabelKitBench measure DIR          LabelKit cold, warm, hit-testing, link detection and memory over the corpus;
//                                      writes DIR/labelkit.txt, DIR/labelkit-labels.tsv and DIR/points.tsv
//   (bench/pango-bench and bench/limit-bench run here, reading corpus.tsv and points.tsv)
//   LabelKitBench report DIR           reads every engine's figures, prints the table and the agreement with Pango,
//                                      writes DIR/results.json
//
// Every figure is the median of REPETITIONS timed passes after one warm-up pass.
import CBenchMemory
import Foundation
import LabelKit
import LabelKitCorpus

let repetitions = 5
let pointsPerLabel = 16
let corpusSeed: UInt64 = 2026
let kinds = CorpusKind.allCases.map(\.rawValue)

// MARK: - Shared helpers

struct BenchLabel {
    var kind: String
    var width: Double
    var text: String
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("LabelKitBench: \(message)\n".utf8))
    exit(1)
}

func readLines(_ path: String) -> [Substring] {
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return contents.split(separator: "\n", omittingEmptySubsequences: true)
}

func readCorpus(_ directory: String) -> [BenchLabel] {
    readLines("\(directory)/corpus.tsv").map { line in
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let width = Double(fields[1]) else { fail("malformed corpus line: \(line)") }
        return BenchLabel(kind: String(fields[0]), width: width, text: FieldEscaping.unescape(fields[2]))
    }
}

/// `key value` lines, as every engine writes them.
func readFigures(_ path: String) -> [String: Double] {
    var figures: [String: Double] = [:]
    for line in readLines(path) {
        let fields = line.split(separator: " ")
        if fields.count == 2, let value = Double(fields[1]) { figures[String(fields[0])] = value }
    }
    return figures
}

func write(_ text: String, to path: String) {
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch { fail("cannot write \(path)") }
}

/// The figures of one engine over every round of a run (`NAME.1.txt`, `NAME.2.txt`, … or a single `NAME.txt`), each
/// figure the median across rounds. `make bench` alternates the engines round by round, so a change in the machine's
/// load during the run reaches every engine rather than whichever happened to run then.
func readRounds(_ directory: String, _ name: String) -> [String: Double] {
    var rounds: [[String: Double]] = []
    var round = 1
    while FileManager.default.fileExists(atPath: "\(directory)/\(name).\(round).txt") {
        rounds.append(readFigures("\(directory)/\(name).\(round).txt"))
        round += 1
    }
    if rounds.isEmpty { return readFigures("\(directory)/\(name).txt") }
    var medians: [String: Double] = [:]
    for key in rounds[0].keys {
        let values = rounds.compactMap { $0[key] }.sorted()
        medians[key] = values[values.count / 2]
    }
    return medians
}

let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The median time of `repetitions` runs of `body` after one warm-up run.
func medianSeconds(_ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = clock.now
        try body()
        times.append(seconds(clock.now - start))
    }
    return median(times)
}

/// The median seconds per kind, each kind timed separately within each repetition (after one warm-up pass).
func medianSecondsPerKind(_ labels: [BenchLabel], _ body: (BenchLabel) throws -> Void) rethrows -> [String: Double] {
    let groups = kinds.map { kind in labels.filter { $0.kind == kind } }
    for group in groups { for label in group { try body(label) } }
    var times = Array(repeating: [Double](), count: kinds.count)
    for _ in 0..<repetitions {
        for (kindIndex, group) in groups.enumerated() {
            let start = clock.now
            for label in group { try body(label) }
            times[kindIndex].append(seconds(clock.now - start))
        }
    }
    var result: [String: Double] = [:]
    for (kindIndex, kind) in kinds.enumerated() { result[kind] = median(times[kindIndex]) }
    return result
}

func processStatus(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            .flatMap { Double($0) }
        return (number ?? .nan) * 1024   // the kernel reports kB
    }
    return .nan
}

/// Bytes the allocator has handed out and not had back (mallinfo2: arena in use plus mmapped blocks).
func allocatedBytes() -> Double {
    Double(labelkit_bench_allocated_bytes())
}

// MARK: - corpus

func writeCorpus(directory: String, count: Int) {
    let corpus = makeCorpus(count: count, seed: corpusSeed)
    var output = ""
    for label in corpus {
        output += "\(label.kind.rawValue)\t\(Int(label.width))\t\(FieldEscaping.escape(label.text))\n"
    }
    write(output, to: "\(directory)/corpus.tsv")
    print("corpus: \(corpus.count) labels (seed \(corpusSeed)) → \(directory)/corpus.tsv")
}

// MARK: - measure

func measure(directory: String) throws {
    let labels = readCorpus(directory)
    let typesetter = LabelTypesetter.system
    var figures: [(String, Double)] = []
    var checksum = 0.0

    // a. Cold: a new layout per label, through sizeThatFits (what a table's height callback calls).
    let cold = try medianSecondsPerKind(labels) { label in
        checksum += try typesetter.sizeThatFits(label.text, width: label.width).size.height
    }
    for kind in kinds {
        figures.append(("cold.\(kind)", Double(labels.count { $0.kind == kind }) / cold[kind]!))
    }
    figures.append(("cold.total", Double(labels.count) / cold.values.reduce(0, +)))
    print("LabelKit cold: done")

    // b. Warm: the same labels through a layout cache large enough for the corpus (filled by the warm-up pass),
    // by the cache's sizeThatFits, as a table asks; the layout path is measured too (warm_layout).
    let cache = TextLayoutCache(typesetter: typesetter, countLimit: labels.count * 2, byteLimit: 1 << 30)
    let warm = try medianSecondsPerKind(labels) { label in
        checksum += try cache.sizeThatFits(label.text, width: label.width).size.height
    }
    let warmLayout = try medianSeconds {
        for label in labels {
            checksum += try cache.layout(label.text, in: TextContainer(width: label.width)).size.height
        }
    }
    figures.append(("warm_layout.total", Double(labels.count) / warmLayout))
    for kind in kinds {
        figures.append(("warm.\(kind)", Double(labels.count { $0.kind == kind }) / warm[kind]!))
    }
    figures.append(("warm.total", Double(labels.count) / warm.values.reduce(0, +)))
    let statistics = cache.statistics
    figures.append(("warm.hits", Double(statistics.hits)))
    figures.append(("warm.misses", Double(statistics.misses)))
    figures.append(("warm.cache_bytes", Double(statistics.byteCount)))
    cache.removeAll()
    print("LabelKit warm: done (\(statistics.hits) hits, \(statistics.misses) misses)")

    // g. Memory: bytes retained by 10,000 layouts (font caches are warm, so they are not counted).
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
        ("breakdown.cluster_boxes", averageBytes { $0.clusterBoxes.count * MemoryLayout<ClusterBox>.stride }))
    figures.append(("breakdown.utf16", averageBytes { $0.utf16.count * 2 }))
    figures.append(("breakdown.links", averageBytes { $0.links.count * MemoryLayout<LayoutLink>.stride }))
    figures.append(
        (
            "breakdown.unused_capacity",
            averageBytes { layout in
                (layout.runData.capacity - layout.runData.count) * MemoryLayout<RunData>.stride
                    + (layout.lineData.capacity - layout.lineData.count) * MemoryLayout<LineData>.stride
                    + (layout.glyphData.capacity - layout.glyphData.count) * MemoryLayout<GlyphData>.stride
                    + (layout.clusterBoxes.capacity - layout.clusterBoxes.count) * MemoryLayout<ClusterBox>.stride
                    + (layout.utf16.capacity - layout.utf16.count) * 2
            }
        ))
    withExtendedLifetime(sixtyLayouts) {}
    figures.append(("estimated_bytes_per_layout", estimated))
    figures.append(("average_utf16_length", utf16Length))
    figures.append(("average_characters", characters))

    // Per-label answers for the agreement with Pango: lines and the used height (unrounded).
    var perLabel = ""
    for layout in layouts { perLabel += "\(layout.lines.count) \(layout.usedRect.height)\n" }
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
            if layouts[point.label].characterIndex(at: CGPoint(x: point.x, y: point.y)) != nil { hits += 1 }
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
    let bytes = Double(labels.reduce(0) { $0 + $1.text.utf8.count })
    var detected = 0
    let detectTime = medianSeconds {
        detected = 0
        for label in labels { detected += detector.links(in: label.text).count }
    }
    figures.append(("detect_mb_per_s", bytes / 1e6 / detectTime))
    figures.append(("detected_links", Double(detected)))
    figures.append(("corpus_mb", bytes / 1e6))

    figures.append(("peak_rss_mb", processStatus("VmHWM") / 1e6))
    figures.append(("checksum", checksum))
    withExtendedLifetime(layouts) {}
    write(figures.map { "\($0.0) \($0.1)\n" }.joined(), to: "\(directory)/labelkit.txt")
    print("LabelKit: figures → \(directory)/labelkit.txt")
}

// MARK: - profile

/// The cold benchmark's work alone, for a profiler: `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*profiledPass*' LabelKitBench profile DIR COUNT` counts one pass after an uncounted warm-up.
@inline(never)
func profiledPass(_ labels: ArraySlice<BenchLabel>, _ typesetter: LabelTypesetter) throws -> Double {
    var total = 0.0
    for label in labels { total += try typesetter.sizeThatFits(label.text, width: label.width).size.height }
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

func profile(directory: String, count: Int, layouts: Bool) throws {
    let labels = readCorpus(directory).prefix(count)
    let typesetter = LabelTypesetter.system
    let warmUp = try warmUpBeforeProfile(labels, typesetter)
    let counted = try layouts ? profiledPassOfLayouts(labels, typesetter) : profiledPass(labels, typesetter)
    print("profile: \(labels.count) labels, heights \(warmUp) / \(counted)")
}

@inline(never)
func warmUpBeforeProfile(_ labels: ArraySlice<BenchLabel>, _ typesetter: LabelTypesetter) throws -> Double {
    var total = 0.0
    // + 1: not merged with profiledPass
    for label in labels { total += try typesetter.sizeThatFits(label.text, width: label.width).size.height + 1 }
    return total
}

// MARK: - report

func report(directory: String) {
    let labels = readCorpus(directory)
    let labelKit = readRounds(directory, "labelkit")
    let pango = readRounds(directory, "pango")
    let limit = readRounds(directory, "limit")
    func value(_ figures: [String: Double], _ key: String) -> Double { figures[key] ?? .nan }
    func rate(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return value >= 1e6 ? String(format: "%.2fM", value / 1e6) : String(format: "%.1fk", value / 1e3)
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
    print("LabelKit benchmark — \(labels.count) labels, DejaVu Sans 15 px, widths 120–420 px; \(cpu), \(cores) cores")
    print(
        "labels/s, median of \(repetitions) after a warm-up; cold = LabelTypesetter.sizeThatFits (a new layout per label);"
    )
    print(
        String(
            format:
                "warm = TextLayoutCache.sizeThatFits (all hits; through cache.layout(_:in:) instead: %@ labels/s in total)",
            rate(value(labelKit, "warm_layout.total"))))
    print("")
    let header = ["kind", "LK cold", "LK warm", "Pango", "limit", "LK/Pango", "limit/LK"]
    let widths = [10, 10, 10, 10, 10, 9, 9]
    print(zip(header, widths).map { pad($0, $1) }.joined(separator: " "))
    var kindsJSON: [String] = []
    for kind in kinds + ["total"] {
        let cold = value(labelKit, "cold.\(kind)")
        let warm = value(labelKit, "warm.\(kind)")
        let pangoRate = value(pango, "layout.\(kind)")
        let limitRate = value(limit, "layout.\(kind)")
        let row = [
            kind, rate(cold), rate(warm), rate(pangoRate), rate(limitRate),
            String(format: "%.2f×", cold / pangoRate), String(format: "%.2f×", limitRate / cold),
        ]
        print(zip(row, widths).map { pad($0, $1) }.joined(separator: " "))
        kindsJSON.append(
            String(
                format: "\"%@\":{\"labelkit_cold\":%.0f,\"labelkit_warm\":%.0f,\"pango\":%.0f,\"limit\":%.0f}",
                kind, cold, warm, pangoRate, limitRate))
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
                "hit-testing (points/s)    LabelKit characterIndex(at:) %@, link(at:) %@; Pango xy_to_index %@ (%.2f×)",
            rate(hitLabelKit), rate(value(labelKit, "link_hit_points_per_s")), rate(hitPango),
            hitLabelKit / hitPango))
    print(
        String(
            format: "link detection            %.1f MB/s over %.2f MB of UTF-8 (%.0f links)",
            detect, value(labelKit, "corpus_mb"), value(labelKit, "detected_links")))
    print(
        String(
            format:
                "memory                    %.0f bytes retained per layout (allocator, 10,000 layouts; estimate %.0f); average text %.1f UTF-16 units (%.1f characters) → %.0f bytes per 60-unit layout",
            bytesPerLayout, value(labelKit, "estimated_bytes_per_layout"), averageLength,
            value(labelKit, "average_characters"), bytesPerLayout / averageLength * 60))
    print(
        String(
            format: "                          %.0f bytes retained per layout of the %.0f labels of 50–70 UTF-16 units",
            value(labelKit, "bytes_per_layout_50_to_70"), value(labelKit, "labels_50_to_70")))
    print(
        String(
            format:
                "                          of which: runs %.0f (%.1f × %.0f B), lines %.0f (× %.0f B), glyphs %.0f, cluster boxes %.0f, UTF-16 copy %.0f, links %.0f; unused array capacity %.0f; the rest is headers and allocator rounding",
            value(labelKit, "breakdown.runs"), value(labelKit, "breakdown.run_count"),
            value(labelKit, "breakdown.run_stride"), value(labelKit, "breakdown.lines"),
            value(labelKit, "breakdown.line_stride"), value(labelKit, "breakdown.glyphs"),
            value(labelKit, "breakdown.cluster_boxes"), value(labelKit, "breakdown.utf16"),
            value(labelKit, "breakdown.links"), value(labelKit, "breakdown.unused_capacity")))
    print(
        String(
            format:
                "peak RSS (MB)             LabelKit %.1f (peak of the whole run: 10,000 layouts cached, then 10,000 retained); Pango %.1f; limit %.1f",
            peak, value(pango, "peak_rss_mb"), value(limit, "peak_rss_mb")))

    // Agreement with Pango: line count, and height within 1 px.
    let ours = readLines("\(directory)/labelkit-labels.tsv").map { $0.split(separator: " ").compactMap { Double($0) } }
    let theirs = readLines("\(directory)/pango-labels.tsv").map { $0.split(separator: " ").compactMap { Double($0) } }
    if ours.count == labels.count, theirs.count == labels.count {
        print("")
        print("agreement with Pango       lines equal   |Δheight| ≤ 1 px")
        var disagreements: [(index: Int, score: Double)] = []
        for kind in kinds + ["total"] {
            var total = 0
            var linesEqual = 0
            var heightsClose = 0
            for index in labels.indices where kind == "total" || labels[index].kind == kind {
                total += 1
                let lineDelta = abs(ours[index][0] - theirs[index][0])
                let heightDelta = abs(ours[index][1] - theirs[index][1])
                if lineDelta == 0 { linesEqual += 1 }
                if heightDelta <= 1 { heightsClose += 1 }
                if kind == "total", lineDelta > 0 || heightDelta > 1 {
                    disagreements.append((index, lineDelta * 1000 + heightDelta))
                }
            }
            print(
                pad(kind, 10),
                String(
                    format: "%15.2f%% %18.2f%%", 100 * Double(linesEqual) / Double(total),
                    100 * Double(heightsClose) / Double(total)))
        }
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
        "hit_points_per_s":{"labelkit":\(String(format: "%.0f", hitLabelKit)),"pango":\(String(format: "%.0f", hitPango))},\
        "detect_mb_per_s":\(String(format: "%.2f", detect)),\
        "bytes_per_layout":\(String(format: "%.0f", bytesPerLayout)),\
        "peak_rss_mb":\(String(format: "%.1f", peak))}

        """
    write(json, to: "\(directory)/results.json")
    print("")
    print("→ \(directory)/results.json")
}

// MARK: - main

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    fail("usage: LabelKitBench corpus DIR [COUNT] | measure DIR | report DIR | profile DIR [COUNT [layout]]")
}
let directory = arguments[2]
switch arguments[1] {
case "corpus":
    writeCorpus(directory: directory, count: arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000)
case "measure":
    do { try measure(directory: directory) } catch { fail("layout failed: \(error)") }
case "profile":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
    let layouts = arguments.count > 4 && arguments[4] == "layout"
    do { try profile(directory: directory, count: count, layouts: layouts) } catch { fail("layout failed: \(error)") }
case "profile-warm":
    // The warm benchmark's lookups alone, for perf: fill the cache, then many passes of hits.
    let labels = readCorpus(directory)
    let cache = TextLayoutCache(typesetter: .system, countLimit: labels.count * 2, byteLimit: 1 << 30)
    var total = 0.0
    do {
        for _ in 0..<200 {
            for label in labels { total += try cache.sizeThatFits(label.text, width: label.width).size.height }
        }
    } catch { fail("layout failed: \(error)") }
    print("profile-warm: \(total)")
case "report":
    report(directory: directory)
default:
    fail("unknown mode \(arguments[1])")
}

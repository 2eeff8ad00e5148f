// LabelKit's side of `make bench` (see Benchmarks/README.md). Three modes, run by the Makefile in this order:
//
//   LabelKitBench corpus DIR [COUNT [WORLD [SEED]]]  writes DIR/corpus.tsv: the shared corpus (kind, width, escaped
//                                      text), COUNT labels of the classic kinds then WORLD of the world's other
//                                      scripts, from SEED (default 2026, the corpus of every figure in HISTORY.md)
//   LabelKitBench measure DIR          LabelKit cold, warm, hit-testing, link detection and memory over the corpus;
//                                      writes DIR/labelkit.txt, DIR/labelkit-labels.tsv and DIR/points.tsv
//   (bench/pango-bench, bench/qt-bench and bench/limit-bench run here, reading corpus.tsv and points.tsv)
//   LabelKitBench report DIR           reads every engine's figures (Qt's if present), prints the table and the
//                                      agreement with Pango, writes DIR/results.json
//
// Every figure is the median of REPETITIONS timed passes after one warm-up pass. Two more modes are for iterating:
//   LabelKitBench memory DIR           the memory figures alone (MemoryFigures.swift)
//   LabelKitBench profile DIR …        one counted pass for callgrind (Profile.swift)
//   LabelKitBench parallel DIR [JOBS]  the library's batch call on one thread and on JOBS (Parallel.swift)
//   LabelKitBench draw DIR             drawing the corpus's layouts, per kind (DrawFigures.swift), writes
//                                      DIR/labelkit-draw.txt; `draw-report DIR` prints it against Pango's
//   LabelKitBench profile-draw DIR [COUNT [KIND]]  one counted drawing pass for callgrind (draw-stage-costs.sh)
//   LabelKitBench pixels DIR [COUNT]   the glyph cache's pixels against Cairo's own drawing, over the corpus
//   LabelKitBench appearance DIR [COUNT]  drawing a layout in another appearance against the same one
//                                      (AppearanceFigures.swift; `make bench` runs it after the report)
// One file per mode (Measure.swift, MemoryFigures.swift, Profile.swift, Report.swift); BenchSupport.swift holds what
// they share. This file reads the arguments.
import CBenchMemory
import Foundation
import LabelKit
import LabelKitCorpus

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    fail(
        "usage: LabelKitBench corpus DIR [COUNT [WORLD [SEED]]] | measure DIR | report DIR | memory DIR"
            + " | profile DIR [COUNT [layout|size|rewrap [KIND]]] | profile-warm DIR | parallel DIR [JOBS]"
            + " | appearance DIR [COUNT] | draw DIR | draw-report DIR | profile-draw DIR [COUNT [KIND]] | pixels DIR [COUNT]"
    )
}
let directory = arguments[2]
switch arguments[1] {
case "corpus":
    let seed = arguments.count > 5 ? UInt64(arguments[5]) : corpusSeed
    guard let seed else { fail("corpus: SEED must be a whole number from 0 to 2^64 − 1, not \(arguments[5])") }
    writeCorpus(
        directory: directory, count: arguments.count > 3 ? Int(arguments[3]) ?? 10_000 : 10_000,
        worldCount: arguments.count > 4 ? Int(arguments[4]) ?? 9_000 : 9_000,
        seed: seed)
case "measure":
    do { try measure(directory: directory) } catch { fail("layout failed: \(error)") }
case "profile":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
    let mode = arguments.count > 4 ? arguments[4] : "size"
    let kind = arguments.count > 5 ? arguments[5] : nil
    if let kind, !kinds.contains(kind) { fail("unknown kind \(kind); one of \(kinds.joined(separator: ", "))") }
    do {
        try profile(directory: directory, count: count, mode: mode, kind: kind)
    } catch { fail("layout failed: \(error)") }
case "profile-warm":
    // The warm benchmark's lookups alone, for perf: fill the cache, then many passes of hits.
    let labels = readCorpus(directory)
    let cache = TextLayoutCache(typesetter: .system, countLimit: labels.count * 2, byteLimit: 1 << 30)
    var total = 0.0
    do {
        for _ in 0..<200 {
            for label in labels { total += try cache.measurement(label.text, width: label.width).size.height }
        }
    } catch { fail("layout failed: \(error)") }
    print("profile-warm: \(total)")
case "parallel":
    let jobs =
        arguments.count > 3 ? Int(arguments[3]) ?? LabelTypesetter.defaultJobCount : LabelTypesetter.defaultJobCount
    for (key, value) in parallelFigures(readCorpus(directory), .system, jobs: jobs) { print(key, value) }
case "appearance":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 2_000 : 2_000
    do { try printAppearanceFigures(directory: directory, count: count) } catch { fail("drawing failed: \(error)") }
case "draw":
    do { try measureDrawing(directory: directory) } catch { fail("drawing failed: \(error)") }
case "profile-draw":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
    do {
        try profileDrawing(directory: directory, count: count, kind: arguments.count > 4 ? arguments[4] : nil)
    } catch { fail("drawing failed: \(error)") }
case "draw-report":
    drawReport(directory: directory)
case "pixels":
    let count = arguments.count > 3 ? Int(arguments[3]) ?? Int.max : Int.max
    do { try comparePixels(directory: directory, count: count) } catch { fail("drawing failed: \(error)") }
case "memory":
    do { try printMemoryFigures(directory: directory) } catch { fail("layout failed: \(error)") }
case "report":
    report(directory: directory)
default:
    fail("unknown mode \(arguments[1])")
}

// What every mode of LabelKitBench shares: the corpus, the figure files, timing and the allocator's count.
import CBenchMemory
import Foundation
import LabelKit
import LabelKitCorpus

let repetitions = 5
let pointsPerLabel = 16
let corpusSeed: UInt64 = BenchCorpus.defaultSeed
/// Every kind, the classic five first; "total" in the figures is the classic kinds' (comparable with earlier runs),
/// "world" the other scripts'.
let kinds = CorpusKind.allCases.map(\.rawValue)
let classicKinds = CorpusKind.classic.map(\.rawValue)
let worldKinds = CorpusKind.world.map(\.rawValue)

/// The corpus's classic labels, which come first: the figures over the whole corpus (memory, hit-testing, link
/// detection, the parallel call) are taken over these, as before the world's scripts were added.
func classicLabels(_ labels: [BenchLabel]) -> [BenchLabel] {
    let classic = labels.prefix { classicKinds.contains($0.kind) }
    if labels[classic.count...].contains(where: { classicKinds.contains($0.kind) }) {
        fail("corpus.tsv: the classic kinds must come before the world's (write it with LabelKitBench corpus)")
    }
    return Array(classic)
}

/// Labels per second over the labels of `group`'s kinds: their count over the sum of their kinds' median times.
func groupRate(_ labels: [BenchLabel], _ seconds: [String: Double], _ group: [String]) -> Double {
    let count = labels.count { group.contains($0.kind) }
    let time = group.compactMap { seconds[$0] }.reduce(0, +)
    return count > 0 ? Double(count) / time : .nan
}

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

/// The figures of an engine that may not have run (`NAME.N.txt` or `NAME.txt` absent): nil then, for the report to say
/// so and go on.
func readRoundsIfPresent(_ directory: String, _ name: String) -> [String: Double]? {
    let files = ["\(directory)/\(name).1.txt", "\(directory)/\(name).txt"]
    guard files.contains(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
    return readRounds(directory, name)
}

/// Per-label answers (`lines height` lines) of an engine, or nil where the file is absent.
func readPerLabelAnswers(_ path: String) -> [[Double]]? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return readLines(path).map { $0.split(separator: " ").compactMap { Double($0) } }
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
    for (kindIndex, kind) in kinds.enumerated() where !groups[kindIndex].isEmpty {
        result[kind] = median(times[kindIndex])
    }
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

/// The corpus: `count` labels of the classic kinds, then `worldCount` of the world's other scripts, from `seed`.
func writeCorpus(directory: String, count: Int, worldCount: Int, seed: UInt64 = corpusSeed) {
    write(BenchCorpus.tsv(count: count, worldCount: worldCount, seed: seed), to: "\(directory)/corpus.tsv")
    print(
        "corpus: \(count) labels of the classic kinds and \(worldCount) of the world's scripts (seed \(seed))"
            + " → \(directory)/corpus.tsv")
}

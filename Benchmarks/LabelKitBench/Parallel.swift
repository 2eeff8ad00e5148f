// `LabelKitBench parallel DIR [JOBS]`: the library's batch call, `LabelTypesetter.measurements`, over the corpus on one
// thread and on JOBS (default: the cores), in process — the parallel speed a library user gets, without the command
// line's reading and writing. Also run by `LabelKitBench measure` for the report's "library, --jobs" row.
import Foundation
import LabelKit

/// Seconds per pass (median) of the corpus through `measurements` on `jobs` threads, grouped by width as a table of
/// one column width would ask.
func parallelSeconds(_ labels: [BenchLabel], _ typesetter: LabelTypesetter, jobs: Int) -> Double {
    let byWidth = Dictionary(grouping: labels, by: \.width).map { ($0.key, $0.value.map(\.text)) }
    var checksum = 0.0
    let seconds = medianSeconds {
        for (width, texts) in byWidth {
            for result in typesetter.measurements(texts, width: width, jobs: jobs) {
                checksum += (try? result.get().size.height) ?? 0
            }
        }
    }
    precondition(checksum > 0)
    return seconds
}

/// The figures: labels per second on one thread and on `jobs`, and their ratio.
func parallelFigures(_ labels: [BenchLabel], _ typesetter: LabelTypesetter, jobs: Int) -> [(String, Double)] {
    let one = parallelSeconds(labels, typesetter, jobs: 1)
    let many = parallelSeconds(labels, typesetter, jobs: jobs)
    return [
        ("parallel.jobs", Double(jobs)), ("parallel.one_thread", Double(labels.count) / one),
        ("parallel.many_threads", Double(labels.count) / many), ("parallel.speedup", one / many),
    ]
}

import Dispatch
import Foundation
import LabelKitText
import Synchronization

extension LabelTypesetter {
    /// How many threads the batch calls use unless told otherwise: the number of active processor cores.
    public static var defaultJobCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Measures many plain texts at one width on up to `jobs` threads; the results are in the order of `texts`.
    ///
    /// Each result is what ``measurement(_:width:numberOfLines:)-(String,_,_)`` answers for that text alone, or the
    /// ``LayoutError`` it throws: one bad item never stops the others. The typesetter's caches (fonts, shaped words)
    /// are shared by the threads, so a batch warms them for the next one.
    ///
    /// ```swift
    /// let heights = LabelTypesetter.system.measurements(rows, width: 320).map { try? $0.get().size.height }
    /// ```
    public func measurements(
        _ texts: [String], width: Double?, numberOfLines: Int = 0, jobs: Int = LabelTypesetter.defaultJobCount
    ) -> [Result<TextMeasurement, LayoutError>] {
        ParallelWork.map(count: texts.count, jobs: jobs) { index in
            Result { () throws(LayoutError) in
                try measurement(texts[index], width: width, numberOfLines: numberOfLines)
            }
        }
    }

    /// Measures many attributed texts in one container on up to `jobs` threads; the results are in the order of
    /// `texts`, each what ``measurement(_:in:)`` answers for that text alone or the error it throws.
    public func measurements(
        _ texts: [AttributedString], in container: TextContainer, jobs: Int = LabelTypesetter.defaultJobCount
    ) -> [Result<TextMeasurement, LayoutError>] {
        ParallelWork.map(count: texts.count, jobs: jobs) { index in
            Result { () throws(LayoutError) in try measurement(texts[index], in: container) }
        }
    }

    /// Lays out many plain texts in one container on up to `jobs` threads; the results are in the order of `texts`.
    ///
    /// Each result is the layout ``layout(_:in:)-(String,_)`` builds for that text alone, or the ``LayoutError`` it
    /// throws. Layouts are immutable and `Sendable`: hand them to any thread.
    ///
    /// ```swift
    /// let layouts = LabelTypesetter.system.layouts(messages, in: TextContainer(width: 280, maximumNumberOfLines: 3))
    /// for case .success(let layout) in layouts { print(layout.size) }
    /// ```
    public func layouts(
        _ texts: [String], in container: TextContainer = TextContainer(), jobs: Int = LabelTypesetter.defaultJobCount
    ) -> [Result<TextLayout, LayoutError>] {
        ParallelWork.map(count: texts.count, jobs: jobs) { index in
            Result { () throws(LayoutError) in try layout(texts[index], in: container) }
        }
    }

    /// Lays out many attributed texts in one container on up to `jobs` threads; the results are in the order of
    /// `texts`, each the layout ``layout(_:in:)-(AttributedString,_)`` builds for that text alone or the error it
    /// throws.
    public func layouts(
        _ texts: [AttributedString], in container: TextContainer = TextContainer(),
        jobs: Int = LabelTypesetter.defaultJobCount
    ) -> [Result<TextLayout, LayoutError>] {
        ParallelWork.map(count: texts.count, jobs: jobs) { index in
            Result { () throws(LayoutError) in try layout(texts[index], in: container) }
        }
    }
}

/// Independent work items spread over threads, the results kept in input order: what the batch layout calls and
/// `labelkit --batch --jobs` run on.
package enum ParallelWork {
    /// `transform(0) … transform(count - 1)` computed on up to `jobs` threads (the caller's among them), returned in
    /// index order. Threads take the next index as they finish one, so uneven items balance out.
    package static func map<Element: Sendable>(
        count: Int, jobs: Int, _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        let threads = min(max(jobs, 1), count)
        guard threads > 1 else { return (0..<count).map(transform) }
        let progress = Progress()
        return [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            guard let base = buffer.baseAddress else { return }
            let slots = Slots(base: base)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while true {
                    let index = progress.next.add(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    slots.base.advanced(by: index).initialize(to: transform(index))
                    // Publishes the element to whoever reads `finished` with acquiring order below.
                    progress.finished.add(1, ordering: .releasing)
                }
            }
            // Every element is written: `concurrentPerform` returns once every iteration has; the acquiring load
            // makes those writes visible here (and to ThreadSanitizer) without relying on Dispatch's internals.
            let finished = progress.finished.load(ordering: .acquiring)
            precondition(finished == count, "ParallelWork: \(finished) of \(count) items computed")
            initializedCount = count
        }
    }

    /// The counters the threads share: the next index to take, and how many are done.
    private final class Progress: Sendable {
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
    }

    /// The results' storage. Each index is claimed by exactly one thread through `Progress.next` and written once,
    /// so no two threads ever touch the same element.
    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }
}

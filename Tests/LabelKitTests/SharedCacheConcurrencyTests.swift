import Foundation
import LabelKit
import LabelKitCorpus
import Testing

/// The process-wide state the typesetter shares between threads — the font system's lookups and fallback answers,
/// each face's fonts per size, the shaped-word cache, the pool of typesetting buffers — hammered from eight threads
/// with mixed texts, fonts and sizes, every result compared with the one a single thread gets.
///
/// `make tsan` runs these under ThreadSanitizer, which fails the build on any report; without it they still check
/// that sharing changes no result.
@Suite("Concurrency of the shared caches")
struct SharedCacheConcurrencyTests {
    static let threadCount = 8

    /// Base styles over several families, weights and sizes: a new size makes a face create a font, a new
    /// descriptor makes the font system match and sort.
    static let styles: [TextStyle] = [
        TextStyle(),
        TextStyle(fontFamily: "DejaVu Serif", fontSize: 13),
        TextStyle(fontFamily: "DejaVu Sans Mono", fontSize: 11, fontWeight: .bold),
        TextStyle(fontFamily: "Noto Sans CJK JP", fontSize: 17),
        TextStyle(fontSize: 22.5, italic: true),
        TextStyle(fontFamily: "sans-serif", fontSize: 9.25, fontWeight: .bold, italic: true),
    ]

    /// One request: a text in a style at a width.
    struct Job: Sendable {
        var text: String
        var style: Int
        var width: Double?
    }

    /// Corpus labels in every style, and one text longer than the buffer pool keeps, so that a set is dropped and
    /// made while other threads take and return theirs.
    static let jobs: [Job] = {
        let labels = makeCorpus(count: 40, seed: 1313)
        var jobs: [Job] = []
        for (index, label) in labels.enumerated() {
            jobs.append(Job(text: label.text, style: index % styles.count, width: label.width))
            jobs.append(Job(text: label.text, style: (index + 3) % styles.count, width: index % 4 == 0 ? nil : 140))
        }
        let long = String(repeating: "Long text the pool does not keep. ", count: 500)
        jobs.append(Job(text: long, style: 0, width: 300))
        return jobs
    }()

    @Test("layouts of mixed texts, fonts and sizes from eight threads through one tiny word cache equal serial ones")
    func sharedTypesettingStateAgrees() throws {
        // Serial, through a cache of its own that keeps every word: the reference. (A word is shaped on its own
        // whether it is found in the cache or not, so a cache's contents never change a layout.)
        let reference = ShapedWordCache(capacity: 100_000)
        let serial = try Self.jobs.map { job in
            var typesetter = LabelTypesetter.system(style: Self.styles[job.style])
            typesetter.context = TypesettingContext(wordCache: reference)
            return LayoutSnapshot(try typesetter.layout(job.text, in: TextContainer(width: job.width)))
        }
        // A word cache so small that its words are replaced all the time while other threads read it.
        let wordCache = ShapedWordCache(capacity: 64)
        let mismatches = LockedState<[String]>([])
        runOnThreads(Self.threadCount) { thread in
            // Each thread takes half of the jobs, in an order of its own; the long text goes to half the threads.
            for step in 0..<(Self.jobs.count / 2) {
                let index = (step * 5 + thread * 11) % Self.jobs.count
                let job = Self.jobs[index]
                var typesetter = LabelTypesetter.system(style: Self.styles[job.style])
                typesetter.context = TypesettingContext(wordCache: wordCache)
                let container = TextContainer(width: job.width)
                do {
                    let layout = LayoutSnapshot(try typesetter.layout(job.text, in: container))
                    let measured = try typesetter.measurement(AttributedString(job.text), in: container)
                    if layout != serial[index] || measured.size != serial[index].size {
                        mismatches.withLock { $0.append("job \(index) on thread \(thread)") }
                    }
                } catch {
                    mismatches.withLock { $0.append("job \(index): \(error)") }
                }
            }
        }
        let found = mismatches.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(10))")
        #expect(wordCache.count <= 64)
    }

    /// Clusters that need a fallback face: CJK, emoji (with and without presentation selectors), Arabic, Hebrew,
    /// Thai, Devanagari, a flag, a ZWJ family, a combining sequence.
    static let fallbackClusters = [
        "決", "す", "한", "😀", "👍🏽", "🇻🇳", "👨‍👩‍👧‍👦", "☺️", "ب", "ש", "ก", "क्ष", "é", "€", "#️⃣", "\u{FFFC}", "ℵ",
    ]

    static let descriptors = [
        FontDescriptor(family: "DejaVu Sans"), FontDescriptor(family: "DejaVu Sans", weight: .bold),
        FontDescriptor(family: "DejaVu Serif", italic: true), FontDescriptor(family: "Noto Sans CJK JP"),
        FontDescriptor(family: "monospace"), FontDescriptor(family: "No Such Family"),
    ]

    /// Everything one thread asks a font system, as comparable answers: primary faces, fallback faces, metrics
    /// and shaped glyphs at sizes no one asked for before.
    static func answers(of fonts: SystemFontSystem, thread: Int) -> [String] {
        var answers: [String] = []
        for round in 0..<3 {
            for (index, descriptor) in descriptors.enumerated() {
                let rotated = descriptors[(index + thread) % descriptors.count]
                let primary = try? fonts.systemFace(for: rotated)
                answers.append("\(rotated.family): \(primary.map { "\($0.filePath)#\($0.faceIndex)" } ?? "none")")
                for cluster in fallbackClusters {
                    let units = Array(cluster.utf16)
                    let face = units.withUnsafeBufferPointer {
                        fonts.fallbackFace(for: $0, descriptor: descriptor, emojiPresentation: round == 1)
                    }
                    answers.append("\(descriptor.family) \(cluster): \(face?.familyName ?? "own face")")
                }
                if let primary {
                    let size = 7.0 + Double((thread * 7 + index + round * 3) % 23) * 1.5
                    let metrics = primary.metrics(size: size)
                    var glyphs = ShapedGlyphBuffer()
                    let units = Array("Shaped at \(size)".utf16)
                    units.withUnsafeBufferPointer {
                        primary.shape($0, range: 0..<$0.count, options: ShapingOptions(size: size), into: &glyphs)
                    }
                    answers.append("\(rotated.family) \(size): \(metrics.ascent) \(glyphs.advances)")
                }
            }
        }
        return answers
    }

    @Test("a new font system asked from eight threads while a file is registered answers as one thread does")
    func fontSystemLookupsAgree() throws {
        let serial = (0..<Self.threadCount).map { Self.answers(of: SystemFontSystem(), thread: $0) }
        let fonts = SystemFontSystem()
        let results = LockedState<[Int: [String]]>([:])
        let registered = LockedState<[String]>([])
        runOnThreads(Self.threadCount + 1) { thread in
            guard thread < Self.threadCount else {
                // Registering a file empties the lookup caches while the other threads fill them.
                for _ in 0..<3 {
                    let families = (try? fonts.registerFont(at: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
                    registered.withLock { $0 += families ?? ["failed"] }
                }
                return
            }
            let answers = Self.answers(of: fonts, thread: thread)
            results.withLock { $0[thread] = answers }
        }
        let concurrent = results.withLock { $0 }
        for thread in 0..<Self.threadCount {
            #expect(concurrent[thread] == serial[thread], "thread \(thread)")
        }
        #expect(registered.withLock { $0 } == ["DejaVu Sans", "DejaVu Sans", "DejaVu Sans"])
    }

    @Test("the shared pool of typesetting buffers hands each set to one layout at a time")
    func bufferPoolUnderContention() throws {
        let typesetter = LabelTypesetter.system.withoutWordCache
        let short = "Short words, 短い言葉, كلمات قصيرة"
        let long = String(repeating: "a long text that the pool will not keep ", count: 450)
        let expectedShort = LayoutSnapshot(try typesetter.layout(short, in: TextContainer(width: 90)))
        let expectedLong = try typesetter.measurement(long, width: 250)
        let mismatches = LockedState(0)
        runOnThreads(Self.threadCount) { thread in
            for step in 0..<40 {
                do {
                    if (step + thread) % 13 == 0 {
                        if try typesetter.measurement(long, width: 250) != expectedLong {
                            mismatches.withLock { $0 += 1 }
                        }
                    } else if LayoutSnapshot(try typesetter.layout(short, in: TextContainer(width: 90)))
                        != expectedShort
                    {
                        mismatches.withLock { $0 += 1 }
                    }
                } catch {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}

extension LabelTypesetter {
    /// This typesetter shaping every run anew.
    var withoutWordCache: LabelTypesetter {
        var typesetter = self
        typesetter.context = TypesettingContext(wordCache: nil)
        return typesetter
    }
}

/// Runs `body` on `count` threads of their own, started together, and returns when every one has finished —
/// real threads, not tasks, so that the calls overlap even on a machine with few cores.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            start.wait()
            body(index)
            finished.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    finished.wait()
}

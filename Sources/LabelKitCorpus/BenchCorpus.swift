/// The corpus `make bench` measures: `LabelKitBench corpus DIR [COUNT [WORLD [SEED]]]` writes
/// ``tsv(count:worldCount:seed:)`` to `DIR/corpus.tsv`, which every engine's harness reads.
///
/// The default seed, ``defaultSeed``, gives the corpus the benchmark's history was measured on; another seed gives a
/// held-out corpus of the same kinds, widths and lengths, for checking that a speed-up is not fitted to one corpus.
///
/// ```swift
/// let tsv = BenchCorpus.tsv(count: 10_000, worldCount: 9_000)            // bench/corpus.tsv
/// let heldOut = BenchCorpus.tsv(count: 10_000, worldCount: 9_000, seed: 7)
/// ```
public enum BenchCorpus {
    /// The seed of the bench corpus every figure in Benchmarks/HISTORY.md was measured on.
    public static let defaultSeed: UInt64 = 2026

    /// The bench corpus's labels: `count` of the classic kinds, then `worldCount` of the world's other scripts.
    ///
    /// Both parts come from `seed` (``makeCorpus(count:seed:kinds:)``), so one seed names the whole corpus.
    ///
    /// ```swift
    /// let labels = BenchCorpus.labels(count: 100, worldCount: 90)
    /// labels.count    // 190
    /// ```
    public static func labels(count: Int, worldCount: Int, seed: UInt64 = defaultSeed) -> [CorpusLabel] {
        makeCorpus(count: count, seed: seed) + makeCorpus(count: worldCount, seed: seed, kinds: CorpusKind.world)
    }

    /// The corpus as the harnesses read it: one line per label, `kind`, width in whole points and the escaped text
    /// (``FieldEscaping``), separated by tabs.
    ///
    /// ```swift
    /// let tsv = BenchCorpus.tsv(count: 2, worldCount: 0)
    /// tsv.split(separator: "\n").count    // 2
    /// ```
    public static func tsv(count: Int, worldCount: Int, seed: UInt64 = defaultSeed) -> String {
        var output = ""
        for label in labels(count: count, worldCount: worldCount, seed: seed) {
            output += "\(label.kind.rawValue)\t\(Int(label.width))\t\(FieldEscaping.escape(label.text))\n"
        }
        return output
    }
}

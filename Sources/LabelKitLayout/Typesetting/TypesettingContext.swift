import LabelKitText

/// What typesetters keep from one layout to the next: the shaped-word cache, the scratch buffers a layout fills, the
/// faces the font system chose for clusters its primary face cannot draw, and the face and metrics tables layouts
/// share.
///
/// A ``LabelTypesetter`` owns a context or is handed one, as parley's layout builder is handed its `LayoutContext`
/// and cosmic-text's buffers their `FontSystem`: nothing a typesetter keeps lives anywhere else. Typesetters that share
/// a context share what it keeps — a word shaped for one is found by the other — and two typesetters with separate
/// contexts share nothing. A context is safe to use from many threads at once: each layout takes a set of scratch
/// buffers of its own for as long as it runs, so a context keeps about one set per thread that lays out at once.
///
/// ```swift
/// let context = TypesettingContext(wordCache: ShapedWordCache(capacity: 50_000))
/// let body = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, context: context)
/// let captions = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, style: caption, context: context)
/// ```
///
/// `LabelTypesetter.system` shares one context, `TypesettingContext.system` (in `LabelKit`); a typesetter made with
/// ``LabelTypesetter/init(fontSystem:analyzer:style:context:hyphenator:)`` and no context gets a new one of its own.
public final class TypesettingContext: Sendable {
    /// Shaped words kept across layouts; nil shapes every run anew.
    public let wordCache: ShapedWordCache?
    /// Scratch buffer sets given back by finished layouts, each with its kept fallback answers.
    private let scratch = LockedState<[TypesettingBuffers]>([])
    /// The face and metrics tables of recent layouts.
    let runTables = RecentRunTables()

    /// Sets of scratch buffers kept at most: one per thread laying out at once is enough.
    private static let scratchLimit = 16

    /// Creates a context with `wordCache` (a cache of ``ShapedWordCache/standardCapacity`` words by default; nil to
    /// shape every run anew) and nothing else kept yet.
    public init(wordCache: ShapedWordCache? = ShapedWordCache(capacity: ShapedWordCache.standardCapacity)) {
        self.wordCache = wordCache
    }

    /// Forgets everything the context keeps: shaped words, scratch buffers, fallback answers and shared tables.
    /// Layouts made before keep working; the next ones start cold.
    public func removeAll() {
        wordCache?.removeAll()
        scratch.withLock { $0.removeAll() }
        runTables.removeAll()
    }

    /// A set of scratch buffers left by an earlier layout, or a new one.
    func takeScratch() -> TypesettingBuffers {
        scratch.withLock { $0.popLast() } ?? TypesettingBuffers()
    }

    /// Keeps `buffers`, emptied, for the next layout on any thread (unless enough sets are kept, or they grew too
    /// large to keep).
    func recycle(_ buffers: consuming TypesettingBuffers) {
        // Moved into the list, not copied: a copy retained and released each of the two dozen arrays again.
        var emptied = buffers.emptiedForReuse()
        guard emptied != nil else { return }
        scratch.withLock { sets in
            if sets.count < Self.scratchLimit, let buffers = emptied.take() { sets.append(buffers) }
        }
    }

    /// How many scratch buffer sets the context keeps now.
    package var scratchSetCount: Int { scratch.withLock { $0.count } }

    /// How many fallback answers (a face per cluster) the context's scratch sets keep now.
    package var keptFallbackAnswerCount: Int {
        scratch.withLock { sets in
            sets.reduce(0) { $0 + $1.keptScalarFaces.keptCount + $1.keptClusterFaces.keptCount }
        }
    }

    /// How many face and metrics tables the context keeps for layouts to share.
    package var sharedTableCount: (faces: Int, metrics: Int) { runTables.count }
}

import LabelKitText
import Synchronization

/// What typesetters keep from one layout to the next: the shaped-word cache, the stages' workspaces and the arrays a
/// layout fills, the faces the font system chose for clusters its primary face cannot draw, and the face and metrics
/// tables layouts share.
///
/// A ``LabelTypesetter`` owns a context or is handed one, as parley's layout builder is handed its `LayoutContext`
/// and cosmic-text's buffers their `FontSystem`: nothing a typesetter keeps lives anywhere else. Typesetters that share
/// a context share what it keeps — a word shaped for one is found by the other — and two typesetters with separate
/// contexts share nothing. A context is safe to use from many threads at once: each text takes a workspace of its own
/// while it is shaped and a set of arrays for as long as its layout is built, so a context keeps about one of each per
/// thread that lays out at once.
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
    /// The stages' workspaces given back by shaped texts, each with its kept fallback answers.
    private let workspaces = LockedState<[StageWorkspace]>([])
    /// The arrays of shaped texts given back by finished layouts.
    private let buffers = LockedState<[ShapedParagraphs.Buffers]>([])
    /// The face and metrics tables of recent layouts.
    let runTables = RecentRunTables()
    /// How many texts were shaped through the context.
    private let shapedTexts = Atomic<Int>(0)

    /// Workspaces and sets of buffers kept at most: one per thread laying out at once is enough.
    private static let scratchLimit = 16
    /// Texts longer than this many code units leave arrays too large to keep.
    private static let largestKeptText = 16_384

    /// Creates a context with `wordCache` (a cache of ``ShapedWordCache/standardCapacity`` words by default; nil to
    /// shape every run anew) and nothing else kept yet.
    public init(wordCache: ShapedWordCache? = ShapedWordCache(capacity: ShapedWordCache.standardCapacity)) {
        self.wordCache = wordCache
    }

    /// Forgets everything the context keeps: shaped words, workspaces and arrays, fallback answers and shared tables.
    /// Layouts made before keep working; the next ones start cold.
    public func removeAll() {
        wordCache?.removeAll()
        workspaces.withLock { $0.removeAll() }
        buffers.withLock { $0.removeAll() }
        runTables.removeAll()
    }

    /// How many texts were typeset through the context since it was made: analysed, itemized and shaped for a layout
    /// or a measurement. A layout found in a ``TextLayoutCache``, a layout drawn again (in another appearance, say) and
    /// a query on a layout typeset nothing; re-breaking a shaped text at a new width counts as no new text either.
    ///
    /// ```swift
    /// let before = typesetter.context.typesetCount
    /// renderer.appearance = .dark
    /// _ = try renderer.render(layout)
    /// typesetter.context.typesetCount == before   // true: colours are resolved when drawing
    /// ```
    public var typesetCount: Int { shapedTexts.load(ordering: .relaxed) }

    /// A workspace left by an earlier text, or a new one, for one text about to be shaped.
    func takeWorkspace() -> StageWorkspace {
        shapedTexts.add(1, ordering: .relaxed)
        return workspaces.withLock { $0.popLast() } ?? StageWorkspace()
    }

    /// Keeps `workspace`, emptied, for the next text on any thread (unless enough are kept, or a text of
    /// `textLength` code units made it too large to keep).
    func recycle(_ workspace: consuming StageWorkspace, textLength: Int) {
        guard textLength <= Self.largestKeptText else { return }
        workspace.removeAll()
        // Moved into the list, not copied: a copy retained and released each of its arrays again.
        var moving: StageWorkspace? = consume workspace
        workspaces.withLock { list in
            if list.count < Self.scratchLimit, let workspace = moving.take() { list.append(workspace) }
        }
    }

    /// A set of arrays left by an earlier layout, or a new one.
    func takeBuffers() -> ShapedParagraphs.Buffers {
        buffers.withLock { $0.popLast() } ?? ShapedParagraphs.Buffers()
    }

    /// Keeps `set`, emptied, for the next text on any thread (unless enough are kept, or a text of `textLength` code
    /// units made its arrays too large to keep).
    func recycle(_ set: consuming ShapedParagraphs.Buffers, textLength: Int) {
        guard textLength <= Self.largestKeptText else { return }
        set.analysis.removeAll()
        set.itemized.removeAll()
        set.shaping.removeAll()
        var moving: ShapedParagraphs.Buffers? = consume set
        buffers.withLock { list in
            if list.count < Self.scratchLimit, let set = moving.take() { list.append(set) }
        }
    }

    /// How many workspaces the context keeps now.
    package var scratchSetCount: Int { workspaces.withLock { $0.count } }

    /// How many fallback answers (a face per cluster) the context's workspaces keep now.
    package var keptFallbackAnswerCount: Int {
        workspaces.withLock { list in list.reduce(0) { $0 + $1.itemizer.keptAnswers.count } }
    }

    /// How many face and metrics tables the context keeps for layouts to share.
    package var sharedTableCount: (faces: Int, metrics: Int) { runTables.count }
}

import LabelKitText

/// Every buffer a ``TypesettingPass`` fills, as one value: what the stages compute, in flat arrays indexed by UTF-16
/// offset, item or glyph, and the scratch space single stages reuse.
///
/// Laying out thousands of labels would otherwise allocate and free the same dozen arrays each time, so the buffers
/// are kept by the ``TypesettingContext`` the typesetter works with: a pass takes a whole set when it starts and gives
/// the whole set back, emptied by ``emptiedForReuse()``, when its layout is built. Oversized buffers (from a very long
/// text) are not kept. A new buffer belongs in this one list of fields and nowhere else.
struct TypesettingBuffers: Sendable {
    /// One ``TextBoundaryFlags`` per UTF-16 offset, the end included (`count + 1` of them).
    var flags: [TextBoundaryFlags] = []
    /// The bidi level of each code unit.
    var levels: [UInt8] = []
    /// The paragraphs, in text order.
    var paragraphs: [TypesettingPass.Paragraph] = []
    /// The items of every paragraph, in text order.
    var items: [TypesettingPass.Item] = []
    /// Glyphs of every item, item after item, each item's glyphs in visual order.
    var glyphs = ShapedGlyphBuffer()
    /// Advance of each grapheme cluster, stored at its first code unit (0 elsewhere). Ligatures share their advance
    /// evenly between the graphemes they cover.
    var graphemeAdvances: [Double] = []
    /// The index in the pass's faces of each style's primary face, -1 until it is looked up.
    var primaryFaceIndexByStyle: [Int] = []

    /// What a face appends while shaping one run or word, before it is checked and copied into ``glyphs``.
    var shapingScratch = ShapedGlyphBuffer()
    /// The levels of one paragraph, as the analyzer writes them.
    var levelScratch: [UInt8] = []
    /// What the text analyzer keeps from one layout to the next (ICU's iterators), kept with these buffers.
    var analysisScratch = AnalysisScratch()
    /// The ends of the words of one item, for the shaped-word cache.
    var wordEnds: [Int] = []
    /// A word behind (or before) the letter whose script it takes, for the shaped-word cache.
    var anchoredWord: [UInt16] = []
    /// The ends of the shaping segments of one long word, for the shaped-word cache.
    var segmentEnds: [Int] = []
    /// The metrics of each face and size met while shaping one text.
    var knownMetrics: [(face: Int, size: Double, metrics: FontMetrics)] = []
    /// Summed glyph advances per shaping cluster, at the cluster's first code unit.
    var clusterTotals: [Double] = []
    /// Whether a shaping cluster starts at each code unit.
    var clusterStarts: [Bool] = []
    /// The per-pass fallback memo, a direct-mapped table of ``fallbackMemoSize`` slots: keys (style + 1, emoji
    /// flag, scalar; 0 is empty) and the face index chosen for each.
    var fallbackMemoKeys: [UInt32]
    var fallbackMemoFaces: [Int32]
    /// Whether a key was written to ``fallbackMemoKeys`` since it was last cleared.
    var fallbackMemoUsed = false

    /// Slots of the fallback memo (a collision just works the answer out again).
    static let fallbackMemoSize = 256

    /// The kept fallback memo: like the per-pass memo, but its answers are faces rather than a pass's face indices,
    /// so it outlives the pass — Japanese labels use hundreds of ideographs, and asking the font system for each one
    /// again in every label cost a fifth of laying them out. Valid for one font system (``keptFallbackFontSystem``)
    /// at one generation of its answers (``keptFallbackGeneration``) and one descriptor (``keptFallbackDescriptor``);
    /// emptied when any of them changes.
    /// Keys: scalar and emoji flag, + 1 (0 is empty).
    var keptScalarFaces: KeptFaceMemo<UInt32>
    /// The kept memo of clusters of several scalars (emoji sequences with modifiers, joiners, flags and keycaps; a
    /// letter with its marks), valid and emptied with ``keptScalarFaces``, keyed by the cluster's units themselves
    /// (``PackedCluster``), so a hit is always the same cluster.
    var keptClusterFaces: KeptFaceMemo<PackedCluster>
    /// The font system whose answers the kept memos hold, held so that its identity cannot pass to another object
    /// while they are kept.
    var keptFallbackFontSystem: (any FontSystem)? = nil
    var keptFallbackGeneration = 0
    var keptFallbackDescriptor: FontDescriptor? = nil
    /// The primary face of ``keptFallbackDescriptor``, kept with the memos (and forgotten with them): asking the
    /// font system for it again in every label cost a thousand instructions.
    var keptPrimaryFace: (any FontFace)? = nil
    /// The storage of a pass's faces (``TypesettingPass/faces``), lent to it while it runs: a new array per label cost
    /// an allocation or two.
    var faces: [any FontFace] = []
    /// Per style of the current pass: whether its fallback answers may go through the kept memos (1), may not (0),
    /// or not yet known (-1).
    var keptFallbackVerdicts: [Int8] = []

    /// Slots of the kept fallback memo.
    static let keptFallbackSize = 2_048
    /// Slots of the kept memo of clusters of several scalars.
    static let keptClusterSize = 512

    /// Buffers for texts longer than this many code units are dropped rather than kept.
    private static let largestKeptText = 16_384

    /// A new set, its memo tables empty.
    init() {
        fallbackMemoKeys = [UInt32](repeating: 0, count: Self.fallbackMemoSize)
        fallbackMemoFaces = [Int32](repeating: 0, count: Self.fallbackMemoSize)
        keptScalarFaces = KeptFaceMemo(size: Self.keptFallbackSize, empty: 0)
        keptClusterFaces = KeptFaceMemo(size: Self.keptClusterSize, empty: PackedCluster())
    }

    /// A stand-in that allocates nothing (not even the memo tables), for a pass whose buffers have gone back to its
    /// context: never used for work.
    private init(placeholder: Void) {
        fallbackMemoKeys = []
        fallbackMemoFaces = []
        keptScalarFaces = KeptFaceMemo(size: 0, empty: 0)
        keptClusterFaces = KeptFaceMemo(size: 0, empty: PackedCluster())
    }

    /// See ``init(placeholder:)``.
    static var placeholder: TypesettingBuffers { TypesettingBuffers(placeholder: ()) }

    /// What wrapping a shaped text reads — flags, levels, paragraphs, items, glyphs and grapheme advances — in arrays
    /// of their own, each as long as the text needs and no longer, and nothing else: what a ``ShapedText`` keeps, so
    /// that a list of them holds its texts and not a scratch set each (the scratch goes back to the context).
    func compactedForWrapping() -> TypesettingBuffers {
        var compact = TypesettingBuffers.placeholder
        compact.flags = Array(flags[...])
        compact.levels = Array(levels[...])
        compact.paragraphs = Array(paragraphs[...])
        compact.items = Array(items[...])
        compact.glyphs.append(contentsOf: glyphs, range: 0..<glyphs.count)
        compact.graphemeAdvances = Array(graphemeAdvances[...])
        return compact
    }

    /// Empties `array`, keeping its capacity, unless it is empty already.
    @inline(__always) private static func empty<Element>(_ array: inout [Element]) {
        if !array.isEmpty { array.removeAll(keepingCapacity: true) }
    }

    /// The buffers emptied for the next pass, keeping their capacity and the kept fallback memos; nil when they grew
    /// too large to keep (a very long text).
    consuming func emptiedForReuse() -> TypesettingBuffers? {
        guard flags.capacity <= Self.largestKeptText + 1 else { return nil }
        // Emptying an array costs a call and a uniqueness check even when it is empty, as several of these mostly
        // are (the scratch of rarer paths): those are skipped.
        Self.empty(&flags)
        Self.empty(&levels)
        Self.empty(&paragraphs)
        Self.empty(&items)
        glyphs.removeAll()
        Self.empty(&graphemeAdvances)
        Self.empty(&primaryFaceIndexByStyle)
        Self.empty(&faces)
        shapingScratch.removeAll()
        Self.empty(&levelScratch)
        Self.empty(&wordEnds)
        Self.empty(&anchoredWord)
        Self.empty(&segmentEnds)
        Self.empty(&clusterTotals)
        Self.empty(&clusterStarts)
        // Face indices belong to one pass: forget every memo entry, keeping the table (untouched by a text that
        // needed no fallback).
        if fallbackMemoUsed {
            fallbackMemoKeys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            fallbackMemoUsed = false
        }
        Self.empty(&keptFallbackVerdicts)
        // Moved out, not copied: a copy retained and released each of the two dozen arrays again.
        return consume self
    }
}

/// A memo of the faces clusters were given, kept from pass to pass: a key per slot (`empty` for none), the face, and
/// the face's identity, so that a hit finds the face among a pass's faces without retaining it. Two-way: a key mapped
/// to a slot lives there or in its partner (the slot number with the lowest bit flipped), the one used last in the
/// slot itself. Direct-mapped, two frequent ideographs that shared a slot (的 and 是 did, in Chinese labels) pushed
/// each other out in every label, and each was looked up again in the font system's fallback table.
struct KeptFaceMemo<Key: Equatable & Sendable>: Sendable {
    private var keys: [Key]
    private var faces: [(any FontFace)?]
    private var identities: [ObjectIdentifier?]
    private let empty: Key

    init(size: Int, empty: Key) {
        keys = [Key](repeating: empty, count: size)
        faces = [(any FontFace)?](repeating: nil, count: size)
        identities = [ObjectIdentifier?](repeating: nil, count: size)
        self.empty = empty
    }

    /// The identity of the face kept for `key`, which maps to `slot`; nil when neither the slot nor its partner
    /// keeps it.
    func identity(for key: Key, in slot: Int) -> ObjectIdentifier? {
        if keys[slot] == key { return identities[slot] }
        return keys[slot ^ 1] == key ? identities[slot ^ 1] : nil
    }

    /// The index in `passFaces` of the face `identity` kept for a key that maps to `slot`, appended to them if they
    /// lack it.
    func index(of identity: ObjectIdentifier, in slot: Int, among passFaces: inout [any FontFace]) -> Int? {
        if let index = passFaces.firstIndex(where: { ObjectIdentifier($0) == identity }) { return index }
        guard let face = identities[slot] == identity ? faces[slot] : faces[slot ^ 1] else { return nil }
        passFaces.append(face)
        return passFaces.count - 1
    }

    /// Keeps `face` for `key`, which maps to `slot`: in the slot, whose other key (if any) moves to the partner in
    /// place of what the partner kept.
    mutating func keep(_ face: any FontFace, for key: Key, in slot: Int) {
        let partner = slot ^ 1
        if keys[partner] == key {
            keys[partner] = empty
            faces[partner] = nil
            identities[partner] = nil
        } else if keys[slot] != empty, keys[slot] != key {
            keys[partner] = keys[slot]
            faces[partner] = faces[slot]
            identities[partner] = identities[slot]
        }
        keys[slot] = key
        faces[slot] = face
        identities[slot] = ObjectIdentifier(face)
    }

    /// The number of slots that keep a face.
    var keptCount: Int { keys.count { $0 != empty } }

    /// Forgets every slot, keeping the table.
    mutating func removeAll() {
        let empty = empty
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: empty) }
        faces.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
        identities.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
    }
}

/// A cluster of 2 to 16 UTF-16 units and its emoji flag, packed into five words for the kept cluster memo: equal
/// exactly when the units and the flag are. The empty value (count 0) marks an empty slot.
struct PackedCluster: Equatable, Sendable {
    var units: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The unit count in the low byte, the emoji flag above it.
    var countAndFlag: UInt64 = 0

    /// The longest cluster packed.
    static let maximumLength = 16

    init() {}

    /// The cluster `range` of `buffer`, or nil when it is shorter than 2 or longer than ``maximumLength`` units.
    init?(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt16>, emoji: Bool) {
        let count = range.count
        guard count >= 2, count <= Self.maximumLength else { return nil }
        // Four units to a word, the first in the low bits; most clusters (a letter and a mark or two) fill one.
        let start = range.lowerBound
        let end = range.upperBound
        units.0 = Self.word(buffer, from: start, to: min(start + 4, end))
        if count > 4 {
            units.1 = Self.word(buffer, from: start + 4, to: min(start + 8, end))
            if count > 8 {
                units.2 = Self.word(buffer, from: start + 8, to: min(start + 12, end))
                if count > 12 { units.3 = Self.word(buffer, from: start + 12, to: end) }
            }
        }
        countAndFlag = UInt64(count) | (emoji ? 0x100 : 0)
    }

    /// The units `start..<end` (at most four) of `buffer` in one word, the first in the low 16 bits.
    @inline(__always) private static func word(_ buffer: UnsafeBufferPointer<UInt16>, from start: Int, to end: Int)
        -> UInt64
    {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for offset in start..<end {
            word |= UInt64(buffer[offset]) << shift
            shift += 16
        }
        return word
    }

    static func == (left: PackedCluster, right: PackedCluster) -> Bool {
        left.countAndFlag == right.countAndFlag && left.units.0 == right.units.0 && left.units.1 == right.units.1
            && left.units.2 == right.units.2 && left.units.3 == right.units.3
    }

    /// The slot of a table of `size` slots (a power of two) that the cluster maps to.
    func slot(size: Int) -> Int {
        var hash = countAndFlag &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ units.0) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ units.1) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ units.2 ^ units.3) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash >> 40) & (size - 1)
    }
}

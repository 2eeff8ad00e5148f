import LabelKitText

/// The itemizer's memo of the faces it chose within one text: a direct-mapped table of ``size`` slots, keyed by style,
/// emoji flag and scalar (0 is empty), holding an index into the text's faces. A collision just works the answer out
/// again.
struct PassFallbackMemo: Sendable {
    /// The keys (``Itemizer/fallbackMemoKey(style:emoji:scalar:)``; 0 is empty) and the face index chosen for each.
    var keys: [UInt32]
    var faces: [Int32]
    /// Whether a key was written since the table was last cleared.
    var isUsed = false

    /// Slots of the memo.
    static let size = 256

    init(size: Int = PassFallbackMemo.size) {
        keys = [UInt32](repeating: 0, count: size)
        faces = [Int32](repeating: 0, count: size)
    }

    /// Forgets every answer (face indices belong to one text), keeping the table; untouched by a text that needed no
    /// fallback.
    mutating func removeAll() {
        guard isUsed else { return }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        isUsed = false
    }

    /// Remembers `face` for `key` in `slot`.
    @inline(__always) mutating func remember(_ face: Int, for key: UInt32, in slot: Int) {
        keys[slot] = key
        isUsed = true
        faces[slot] = Int32(face)
    }
}

/// The itemizer's memos that outlive a text: the faces the font system chose for clusters, kept as faces rather than
/// as a text's face indices — Japanese labels use hundreds of ideographs, and asking the font system for each one
/// again in every label cost a fifth of laying them out. Valid for one font system (``fontSystem``) at one
/// generation of its answers (``generation``) and one descriptor (``descriptor``); emptied when any of them changes.
struct KeptFallbackAnswers: Sendable {
    /// Clusters of one scalar. Keys: scalar and emoji flag, + 1 (0 is empty).
    var scalarFaces: KeptFaceMemo<UInt32>
    /// Clusters of several scalars (emoji sequences with modifiers, joiners, flags and keycaps; a letter with its
    /// marks), keyed by the cluster's units themselves (``PackedCluster``), so a hit is always the same cluster.
    var clusterFaces: KeptFaceMemo<PackedCluster>
    /// The font system whose answers the memos hold, held so that its identity cannot pass to another object while
    /// they are kept.
    var fontSystem: (any FontSystem)? = nil
    var generation = 0
    var descriptor: FontDescriptor? = nil
    /// The primary face of ``descriptor``, kept with the memos (and forgotten with them): asking the font system for
    /// it again in every label cost a thousand instructions.
    var primaryFace: (any FontFace)? = nil

    /// Slots of the memo of one-scalar clusters.
    static let scalarSlots = 2_048
    /// Slots of the memo of clusters of several scalars.
    static let clusterSlots = 512

    init() {
        scalarFaces = KeptFaceMemo(size: Self.scalarSlots, empty: 0)
        clusterFaces = KeptFaceMemo(size: Self.clusterSlots, empty: PackedCluster())
    }

    /// Forgets every answer and the font system, generation and descriptor they were for.
    mutating func forget(keepingFor fontSystem: any FontSystem, generation: Int, descriptor: FontDescriptor) {
        scalarFaces.removeAll()
        clusterFaces.removeAll()
        self.fontSystem = fontSystem
        self.generation = generation
        self.descriptor = descriptor
        primaryFace = nil
    }

    /// The number of answers kept.
    var count: Int { scalarFaces.keptCount + clusterFaces.keptCount }
}

/// A memo of the faces clusters were given, kept from text to text: a key per slot (`empty` for none), the face, and
/// the face's identity, so that a hit finds the face among a text's faces without retaining it. Two-way: a key mapped
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

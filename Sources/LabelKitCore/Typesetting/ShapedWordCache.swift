/// A bounded, thread-safe cache of shaped words: the glyphs a face gives a short run of text between spaces, at a
/// size, in a direction, with given features.
///
/// Shaping is most of the cost of laying text out, and the same words come back in label after label, so the
/// typesetter shapes each space-separated word on its own and keeps the result (as browsers' word caches do). A word
/// is shaped without context from its neighbours; spaces break kerning, joining and ligatures in the fonts LabelKit
/// targets, so the glyphs are those of shaping the whole run. A word longer than ``maximumWordLength`` (Japanese or
/// Chinese text, which has no spaces; a link) is cached by the segments its face shapes one by one (one per script:
/// "今日", "は", "ダウンロード"; a whole link), where a segment of up to ``maximumSegmentLength`` units reads no
/// context; the rest is shaped in place.
///
/// The cache holds two generations: when the current one fills, it becomes the old one and the older is dropped, so
/// memory stays bounded while frequent words survive. Entries keep their face alive, so a face's identity can never
/// be reused by another face while an entry refers to it.
///
/// ```swift
/// let typesetter = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, wordCache: ShapedWordCache(capacity: 50_000))
/// ```
public final class ShapedWordCache: Sendable {
    /// The longest word, in UTF-16 code units, that is cached.
    public static let maximumWordLength = 24

    /// The longest segment of a longer word, in UTF-16 code units, that is cached. Links and e-mail addresses are
    /// such words, one Latin segment each, and come back as words do (a feed's links, a chat's addresses); they were
    /// shaped again in every label, a quarter of laying Latin labels out.
    public static let maximumSegmentLength = 96

    /// A process-wide cache, used by typesetters by default.
    public static let shared = ShapedWordCache(capacity: 20_000)

    struct Key: Hashable {
        var face: ObjectIdentifier
        var size: Double
        var options: UInt8
        /// The run's OpenType settings, nil for none: a word shaped with `tnum` is another word than without.
        var features: FontFeatures?
        var hash: UInt64
        var length: Int

        /// Hashes the word's own hash alone: words of one text rarely share it across faces, sizes or features, and
        /// equality tells them apart; hashing every field cost as much as the rest of a lookup.
        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// A shaped word in one allocation: its glyphs' five fields side by side, then its code units. A class, so that
    /// a lookup retains one object; flat storage, so that reading it retains nothing more (five arrays had cost five
    /// retains and releases per word, a tenth of a Japanese label's instructions).
    final class Entry: @unchecked Sendable {
        // @unchecked: `storage` is written once, in `init`, and only read after that; `deinit` frees it.
        let face: any FontFace
        let glyphCount: Int
        let unitCount: Int
        private let storage: UnsafeMutableRawPointer

        /// Copies `units` and the glyphs `range` of `buffer`, with clusters made relative to `clusterBase`.
        init(
            face: any FontFace, units: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>,
            of buffer: ShapedGlyphBuffer, clusterBase: Int32
        ) {
            self.face = face
            glyphCount = range.count
            unitCount = units.count
            // Five 4-byte fields per glyph, then 2 bytes per unit; at least one byte, so that allocate never sees 0.
            storage = UnsafeMutableRawPointer.allocate(
                byteCount: max(20 * glyphCount + 2 * unitCount, 1), alignment: MemoryLayout<UInt32>.alignment)
            let count = glyphCount
            func copy<Field>(_ field: [Field], _ slot: Int, adding offset: (Field) -> Field = { $0 }) {
                let target = (storage + 4 * count * slot).bindMemory(to: Field.self, capacity: count)
                field.withUnsafeBufferPointer { source in
                    for index in 0..<count { (target + index).initialize(to: offset(source[range.lowerBound + index])) }
                }
            }
            copy(buffer.glyphIDs, 0)
            copy(buffer.clusters, 1) { $0 &- clusterBase }
            copy(buffer.advances, 2)
            copy(buffer.xOffsets, 3)
            copy(buffer.yOffsets, 4)
            if let source = units.baseAddress {
                (storage + 20 * count).bindMemory(to: UInt16.self, capacity: unitCount)
                    .initialize(from: source, count: unitCount)
            }
        }

        deinit { storage.deallocate() }

        /// The glyphs' field `slot` (0 identifiers, 1 clusters, 2 advances, 3 x offsets, 4 y offsets).
        @inline(__always) private func field<Field>(_ slot: Int, as type: Field.Type) -> UnsafePointer<Field> {
            UnsafePointer((storage + 4 * glyphCount * slot).assumingMemoryBound(to: Field.self))
        }

        /// Whether the word's code units are `units`.
        func hasUnits(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
            guard units.count == unitCount else { return false }
            let stored = UnsafePointer((storage + 20 * glyphCount).assumingMemoryBound(to: UInt16.self))
            for index in 0..<unitCount where stored[index] != units[index] { return false }
            return true
        }

        /// Appends the word's glyphs to `buffer` with clusters offset by `clusterBase`.
        func appendGlyphs(to buffer: inout ShapedGlyphBuffer, clusterBase: Int32) {
            buffer.append(
                glyphIDs: field(0, as: UInt32.self), clusters: field(1, as: Int32.self),
                advances: field(2, as: Float.self), xOffsets: field(3, as: Float.self),
                yOffsets: field(4, as: Float.self), count: glyphCount, clusterOffset: clusterBase)
        }
    }

    private struct Generations {
        var current: [Key: Entry] = [:]
        var previous: [Key: Entry] = [:]
    }

    private let generations = LockedState(Generations())
    private let generationCapacity: Int

    /// Creates a cache holding at least `capacity / 2` and at most `capacity` words.
    public init(capacity: Int) {
        generationCapacity = max(capacity / 2, 1)
    }

    /// Removes every word.
    public func removeAll() {
        generations.withLock { $0 = Generations() }
    }

    /// The number of words held.
    public var count: Int {
        generations.withLock { $0.current.count + $0.previous.count }
    }

    static func key(face: any FontFace, options: ShapingOptions, units: UnsafeBufferPointer<UInt16>) -> Key {
        // FNV-1a over the code units: cheap, and collisions are resolved by comparing the stored units.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units {
            hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3
        }
        let flags = (options.rightToLeft ? 1 : 0) | (options.kerning ? 2 : 0) | (options.ligatures ? 4 : 0)
        return Key(
            face: ObjectIdentifier(face), size: options.size, options: UInt8(flags),
            features: options.features.isEmpty ? nil : options.features,
            hash: hash, length: units.count)
    }

    /// Appends the cached glyphs of `units` to `buffer` with clusters offset by `clusterBase`; false on a miss.
    func appendGlyphs(
        for key: Key, units: UnsafeBufferPointer<UInt16>, clusterBase: Int32, into buffer: inout ShapedGlyphBuffer
    ) -> Bool {
        let found: Entry? = generations.withLock { generations in
            if let entry = generations.current[key] { return entry }
            guard let old = generations.previous[key] else { return nil }
            Self.insert(old, for: key, into: &generations, capacity: generationCapacity)
            return old
        }
        guard let found, found.hasUnits(units) else { return false }
        found.appendGlyphs(to: &buffer, clusterBase: clusterBase)
        return true
    }

    /// Stores the glyphs `buffer[glyphs]` of a word whose clusters start at `clusterBase`.
    func store(
        _ key: Key, face: any FontFace, units: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>,
        of buffer: ShapedGlyphBuffer, clusterBase: Int32
    ) {
        for index in range {
            let relative = buffer.clusters[index] - clusterBase
            guard relative >= 0, relative < Int32(units.count) else { return }
        }
        let entry = Entry(face: face, units: units, glyphs: range, of: buffer, clusterBase: clusterBase)
        let capacity = generationCapacity
        generations.withLock { Self.insert(entry, for: key, into: &$0, capacity: capacity) }
    }

    private static func insert(_ entry: Entry, for key: Key, into generations: inout Generations, capacity: Int) {
        if generations.current.count >= capacity {
            generations.previous = generations.current
            generations.current = [:]
            generations.current.reserveCapacity(capacity)
        }
        generations.current[key] = entry
    }
}

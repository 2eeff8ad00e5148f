import LabelKitText

/// A bounded, thread-safe cache of shaped words: the glyphs a face gives a short run of text between spaces, at a
/// size, in a direction, with given features, in a given language.
///
/// Shaping is most of the cost of laying text out, and the same words come back in label after label, so the
/// typesetter shapes each space-separated word on its own and keeps the result (as browsers' word caches do). A word
/// is shaped without context from its neighbours; spaces break kerning, joining and ligatures in the fonts LabelKit
/// targets, so the glyphs are those of shaping the whole run. A word longer than ``maximumWordLength`` (Japanese or
/// Chinese text, which has no spaces; a link) is cached by the segments its face shapes one by one (one per script:
/// "今日", "は", "ダウンロード"; a whole link), where a segment of up to ``maximumSegmentLength`` units reads no
/// context; the rest is shaped in place.
///
/// The cache holds up to its capacity of words. Once it is full, a new word takes the place of one that has not been
/// asked for since the cache last looked at it (the CLOCK policy, close to least recently used): a text's vocabulary
/// that fits the capacity stays whole, and frequent words survive a stream of new ones. Entries keep their face alive,
/// so a face's identity can never be reused by another face while an entry refers to it.
///
/// ```swift
/// let context = TypesettingContext(wordCache: ShapedWordCache(capacity: 50_000))
/// let typesetter = LabelTypesetter(fontSystem: fonts, analyzer: analyzer, context: context)
/// ```
public final class ShapedWordCache: Sendable {
    /// The longest word, in UTF-16 code units, that is cached.
    public static let maximumWordLength = 24

    /// The longest segment of a longer word, in UTF-16 code units, that is cached. Links and e-mail addresses are
    /// such words, one Latin segment each, and come back as words do (a feed's links, a chat's addresses); they were
    /// shaped again in every label, a quarter of laying Latin labels out.
    public static let maximumSegmentLength = 96

    /// The capacity of the word cache a ``TypesettingContext`` makes by default: room for the vocabulary of a large
    /// app's labels (the 10,000 labels of the benchmark corpus hold 17,067 distinct words and segments).
    public static let standardCapacity = 20_000

    /// A word's key: plain values only, so that making, copying and dropping one per word retains nothing.
    struct Key: Equatable {
        var face: ObjectIdentifier
        var size: Double
        var options: UInt8
        /// The run's OpenType settings and language as the cache numbers them (``variant(of:)``), 0 for neither: a
        /// word shaped with `tnum`, or in Serbian rather than Russian (`locl`), is another word.
        var variant: UInt64
        /// FNV-1a of the word's code units: where ``SlotIndex`` looks first. Words of one text rarely share it across
        /// faces, sizes or features, and comparing the other fields tells them apart.
        var hash: UInt64
        var length: Int
    }

    /// What a shaped word keeps beside its glyphs: its key, so that a lookup compares it where it reads the glyphs
    /// (a separate array of keys cost a lookup another cache line), and the clock's mark.
    struct EntryHeader {
        let face: any FontFace
        let key: Key
        let glyphCount: Int
        let unitCount: Int
        /// Where the kept word starts among the entry's units (after an anchor letter and its space, or at 0), and
        /// how many units it has, when the entry holds the word's cluster totals
        /// (``Entry/clusterTotals(of:clusterBase:kept:rightToLeft:into:)``); a count of 0 when it holds none.
        let totalsStart: Int
        let totalsCount: Int
        /// Whether every kept unit starts a cluster of its own (no NaN among the totals): Latin, kana, Han.
        let everyUnitHasTotal: Bool
        /// Whether the word was asked for since the clock hand last passed it: such a word gets a second chance.
        /// Read and written only under the cache's lock.
        var asked = false
    }

    /// A shaped word in one allocation, the object's own: its glyphs' records (``ShapedGlyphBuffer/Record``, five
    /// 32-bit words each), then its code units, one 32-bit word each, then — when it has them — the cluster totals of
    /// its kept units, one `Double` (two words) each. A class, so that a lookup retains one object; tail-allocated, so
    /// that reading it retains nothing more and follows no second pointer (five arrays had cost five retains and
    /// releases per word, a tenth of a Japanese label's instructions).
    final class Entry: ManagedBuffer<EntryHeader, UInt32> {

        /// A new entry for `units` and the glyphs `range` of `buffer`, with clusters made relative to `clusterBase`;
        /// `kept` is the word's part of `units` (all of them, unless an anchor letter was shaped with it).
        static func make(
            key: Key, face: any FontFace, units: UnsafeBufferPointer<UInt16>, kept: Range<Int>, rightToLeft: Bool,
            glyphs range: Range<Int>, of buffer: ShapedGlyphBuffer, clusterBase: Int32
        ) -> Entry {
            let count = range.count
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: max(kept.count, 1)) { scratch in
                var totalsCount = 0
                var everyUnitHasTotal = false
                if let totals = scratch.baseAddress,
                    buffer.records.withUnsafeBufferPointer({ records in
                        clusterTotals(
                            of: UnsafeBufferPointer(rebasing: records[range]), clusterBase: clusterBase, kept: kept,
                            rightToLeft: rightToLeft, into: totals)
                    })
                {
                    totalsCount = kept.count
                    everyUnitHasTotal = !UnsafeBufferPointer(start: totals, count: totalsCount).contains { $0.isNaN }
                }
                let header = EntryHeader(
                    face: face, key: key, glyphCount: count, unitCount: units.count, totalsStart: kept.lowerBound,
                    totalsCount: totalsCount, everyUnitHasTotal: everyUnitHasTotal)
                let entry = unsafeDowncast(
                    Entry.create(minimumCapacity: 5 * count + units.count + 2 * totalsCount) { _ in header },
                    to: Entry.self)
                entry.fill(units: units, glyphs: range, of: buffer, clusterBase: clusterBase)
                if totalsCount > 0, let totals = scratch.baseAddress {
                    entry.withUnsafeMutablePointerToElements { elements in
                        UnsafeMutableRawPointer(elements + 5 * count + units.count).copyMemory(
                            from: totals, byteCount: 8 * totalsCount)
                    }
                }
                return entry
            }
        }

        /// The advance of each shaping cluster of the kept units `kept` of `glyphs` (whose clusters, less
        /// `clusterBase`, are offsets in the word's units), summed in the order in which
        /// ``TypesettingPass/computeGraphemeAdvances()`` walks them, at the cluster's first unit in `totals`, and NaN
        /// at every other unit; false, with `totals` unusable, unless that walk would meet the kept word's first unit
        /// first and then clusters that only rise inside it — what lets a measurement spread the totals over a
        /// label's graphemes exactly as the glyphs would have been
        /// (``TypesettingPass/spreadClusterTotals(_:count:everyUnitHasTotal:at:flags:advances:)``).
        static func clusterTotals(
            of glyphs: UnsafeBufferPointer<ShapedGlyphBuffer.Record>, clusterBase: Int32, kept: Range<Int>,
            rightToLeft: Bool, into totals: UnsafeMutablePointer<Double>
        ) -> Bool {
            guard !glyphs.isEmpty, !kept.isEmpty else { return false }
            for index in 0..<kept.count { (totals + index).initialize(to: .nan) }
            let step = rightToLeft ? -1 : 1
            var glyph = rightToLeft ? glyphs.count - 1 : 0
            let stop = rightToLeft ? -1 : glyphs.count
            var previous: Int? = nil
            while glyph != stop {
                let cluster = Int(glyphs[glyph].cluster &- clusterBase)
                // The first cluster is the word's first unit; the others rise inside the word.
                if let previous {
                    guard cluster > previous, cluster < kept.upperBound else { return false }
                } else {
                    guard cluster == kept.lowerBound else { return false }
                }
                var total = 0.0
                repeat {
                    total += Double(glyphs[glyph].advance)
                    glyph += step
                } while glyph != stop && Int(glyphs[glyph].cluster &- clusterBase) == cluster
                guard !total.isNaN else { return false }
                totals[cluster - kept.lowerBound] = total
                previous = cluster
            }
            return true
        }

        /// Copies the glyphs `range` of `buffer` (clusters made relative to `clusterBase`) and `units` in.
        private func fill(
            units: UnsafeBufferPointer<UInt16>, glyphs range: Range<Int>, of buffer: ShapedGlyphBuffer,
            clusterBase: Int32
        ) {
            let count = range.count
            withUnsafeMutablePointerToElements { elements in
                // The records' bytes, five words each (a record is five 32-bit fields: checked once, in a test).
                buffer.records.withUnsafeBufferPointer { source in
                    elements.withMemoryRebound(to: ShapedGlyphBuffer.Record.self, capacity: count) { records in
                        for index in 0..<count {
                            var record = source[range.lowerBound + index]
                            record.cluster &-= clusterBase
                            (records + index).initialize(to: record)
                        }
                    }
                }
                for index in 0..<units.count { (elements + 5 * count + index).initialize(to: UInt32(units[index])) }
            }
        }

        /// Calls `body` with the cluster totals of the kept units `kept` (unaligned `Double`s, one per unit) and
        /// whether every unit has one, or returns false when the entry holds none for them.
        @inline(__always) func withClusterTotals(
            kept: Range<Int>, _ body: (UnsafeRawPointer, Bool) -> Void
        ) -> Bool {
            withUnsafeMutablePointers { header, elements in
                let count = header.pointee.totalsCount
                guard count > 0, count == kept.count, header.pointee.totalsStart == kept.lowerBound else {
                    return false
                }
                body(
                    UnsafeRawPointer(elements + 5 * header.pointee.glyphCount + header.pointee.unitCount),
                    header.pointee.everyUnitHasTotal)
                return true
            }
        }

        /// The word's key.
        var key: Key {
            // Through the pointer: reading `header` itself is a dynamically checked access.
            withUnsafeMutablePointerToHeader { $0.pointee.key }
        }

        /// Whether the word's key has the hash of `key`'s word and its every other field (the word's units aside).
        @inline(__always) func matches(_ key: Key) -> Bool {
            withUnsafeMutablePointerToHeader { header in
                let stored = header.pointee.key
                return stored.hash == key.hash && stored.length == key.length && stored.face == key.face
                    && stored.size == key.size && stored.options == key.options && stored.variant == key.variant
            }
        }

        /// The clock's mark (``EntryHeader/asked``); only under the cache's lock.
        var asked: Bool {
            get { withUnsafeMutablePointerToHeader { $0.pointee.asked } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.asked = newValue } }
        }

        /// Whether the word's code units are `units`.
        func hasUnits(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
            // Through the pointers: reading `header` itself is a dynamically checked access.
            withUnsafeMutablePointers { header, elements in
                guard units.count == header.pointee.unitCount else { return false }
                let stored = elements + 5 * header.pointee.glyphCount
                for index in 0..<units.count where stored[index] != UInt32(units[index]) { return false }
                return true
            }
        }

        /// Appends the word's glyphs to `buffer` with clusters offset by `clusterBase`.
        func appendGlyphs(to buffer: inout ShapedGlyphBuffer, clusterBase: Int32) {
            withUnsafeMutablePointers { header, elements in
                let count = header.pointee.glyphCount
                elements.withMemoryRebound(to: ShapedGlyphBuffer.Record.self, capacity: count) {
                    buffer.append(records: $0, count: count, clusterOffset: clusterBase)
                }
            }
        }
    }

    /// An entry as the slots hold it. `ManagedBuffer` is never `Sendable`; an entry may be shared because its
    /// header and elements are written once, in ``Entry/make(face:units:glyphs:of:clusterBase:)``, and only read after.
    struct SharedEntry: @unchecked Sendable {
        let entry: Entry
    }

    /// The words in slots, and the clock hand that sweeps them for the next slot to reuse.
    private struct Slots {
        /// Which slot holds each key: an open-addressed table of slot numbers plus one (0 for none), probed linearly
        /// from a position taken from the word's own hash. A dictionary hashed the hash again with a keyed hasher
        /// on every lookup, a fifth of a cached word's cost.
        var slotOfKey = SlotIndex()
        /// Each slot's word, which holds its key and the clock's mark.
        var entries: [SharedEntry] = []
        var hand = 0
        var statistics = ShapedWordCacheStatistics()
    }

    private let slots = LockedState(Slots())
    private let capacity: Int

    /// Creates a cache holding at most `capacity` words (at least one).
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Removes every word and resets the statistics.
    public func removeAll() {
        slots.withLock { $0 = Slots() }
    }

    /// The number of words held.
    public var count: Int {
        slots.withLock { $0.entries.count }
    }

    /// Lookups answered and missed so far, and words evicted to stay within the capacity.
    public var statistics: ShapedWordCacheStatistics {
        slots.withLock { $0.statistics }
    }

    /// The number of `options`' features and language in this cache's keys: 0 for no features and no language,
    /// otherwise a number this cache gives that combination alone. Numbers are never given twice, so the table may
    /// be emptied when it grows (words under a forgotten number are then never found again, and age out).
    func variant(of options: ShapingOptions) -> UInt64 {
        if options.features.isEmpty, options.language == nil { return 0 }
        let variant = Variant(features: options.features, language: options.language)
        return variants.withLock { table in
            if let known = table.numbers[variant] { return known }
            if table.numbers.count >= Self.variantLimit { table.numbers.removeAll() }
            table.last += 1
            table.numbers[variant] = table.last
            return table.last
        }
    }

    /// A combination of features and language that words are shaped with.
    private struct Variant: Hashable {
        let features: FontFeatures
        let language: LanguageTag?
    }

    /// The numbers of the combinations of features and language met so far.
    private struct Variants {
        var numbers: [Variant: UInt64] = [:]
        var last: UInt64 = 0
    }

    private let variants = LockedState(Variants())

    /// The most combinations of features and language numbered at once.
    private static let variantLimit = 1_024

    static func key(face: any FontFace, options: ShapingOptions, variant: UInt64, units: UnsafeBufferPointer<UInt16>)
        -> Key
    {
        // FNV-1a over the code units: cheap, and collisions are resolved by comparing the stored units.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units {
            hash = (hash ^ UInt64(unit)) &* 0x100_0000_01b3
        }
        let flags =
            (options.rightToLeft ? 1 : 0) | (options.kerning ? 2 : 0) | (options.ligatures ? 4 : 0)
            | (options.vertical ? 8 : 0)
        return Key(
            face: ObjectIdentifier(face), size: options.size, options: UInt8(flags),
            variant: variant, hash: hash, length: units.count)
    }

    /// Appends the cached glyphs of `units` to `buffer` with clusters offset by `clusterBase`; false on a miss.
    func appendGlyphs(
        for key: Key, units: UnsafeBufferPointer<UInt16>, clusterBase: Int32, into buffer: inout ShapedGlyphBuffer
    ) -> Bool {
        guard let found = entry(for: key, units: units) else { return false }
        found.appendGlyphs(to: &buffer, clusterBase: clusterBase)
        return true
    }

    /// The entry of `units` under `key`, or nil on a miss.
    @inline(__always) func entry(for key: Key, units: UnsafeBufferPointer<UInt16>) -> Entry? {
        let found: SharedEntry? = slots.withLock { slots in
            // Another word with the same hash and length is a miss too (storing this one replaces it).
            guard let slot = slots.slotOfKey.slot(of: key, entries: slots.entries),
                slots.entries[slot].entry.hasUnits(units)
            else {
                slots.statistics.misses += 1
                return nil
            }
            let found = slots.entries[slot]
            if !found.entry.asked { found.entry.asked = true }
            slots.statistics.hits += 1
            return found
        }
        return found?.entry
    }

    /// Stores the glyphs `buffer[glyphs]` of a word whose clusters start at `clusterBase`; `kept` is the word's part
    /// of `units` (all of them, unless an anchor letter was shaped with it).
    func store(
        _ key: Key, face: any FontFace, units: UnsafeBufferPointer<UInt16>, kept: Range<Int>, rightToLeft: Bool,
        glyphs range: Range<Int>, of buffer: ShapedGlyphBuffer, clusterBase: Int32
    ) {
        for index in range {
            let relative = buffer.records[index].cluster - clusterBase
            guard relative >= 0, relative < Int32(units.count) else { return }
        }
        let entry = SharedEntry(
            entry: Entry.make(
                key: key, face: face, units: units, kept: kept, rightToLeft: rightToLeft, glyphs: range, of: buffer,
                clusterBase: clusterBase))
        let capacity = capacity
        // The replaced entry is returned and released after the lock, not while other threads wait for it.
        _ = slots.withLock { Self.insert(entry, for: key, into: &$0, capacity: capacity) }
    }

    /// Puts `entry` in the slot of its key, in a free slot, or in the first slot the hand finds whose word was not
    /// asked for since its last pass (clearing the mark of each it passes); returns the entry it replaces.
    private static func insert(_ entry: SharedEntry, for key: Key, into slots: inout Slots, capacity: Int)
        -> SharedEntry?
    {
        if let slot = slots.slotOfKey.slot(of: key, entries: slots.entries) {
            // The same key for other units: the slot's hash is unchanged, so the index stays as it is.
            defer { slots.entries[slot] = entry }
            return slots.entries[slot]
        }
        guard slots.entries.count >= capacity else {
            slots.entries.append(entry)
            slots.slotOfKey.insert(slot: slots.entries.count - 1, entries: slots.entries)
            return nil
        }
        // Ends within one sweep: the hand clears every mark it passes.
        while slots.entries[slots.hand].entry.asked {
            slots.entries[slots.hand].entry.asked = false
            slots.hand = slots.hand + 1 == capacity ? 0 : slots.hand + 1
        }
        let slot = slots.hand
        slots.hand = slot + 1 == capacity ? 0 : slot + 1
        slots.slotOfKey.remove(slot: slot, entries: slots.entries)
        let replaced = slots.entries[slot]
        slots.entries[slot] = entry
        slots.slotOfKey.insert(slot: slot, entries: slots.entries)
        slots.statistics.evictions += 1
        return replaced
    }
}

/// The slot of each key of a ``ShapedWordCache``: open addressing with linear probing over slot numbers plus one (0
/// marks an empty position), from a position taken from the key's own hash of the word's code units; removal shifts
/// the entries after the removed one back, so that no probe ever meets a hole inside its run. The table stays at most
/// half full, doubling as the cache fills.
struct SlotIndex {
    private var positions: [Int32] = Array(repeating: 0, count: 64)
    private var count = 0

    @inline(__always) private static func home(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot whose entry in `entries` has the key `key` (``ShapedWordCache/Entry/matches(_:)``), or nil.
    func slot(of key: ShapedWordCache.Key, entries: [ShapedWordCache.SharedEntry]) -> Int? {
        positions.withUnsafeBufferPointer { positions in
            let mask = positions.count - 1
            var position = Self.home(of: key.hash, mask: mask)
            while true {
                let stored = Int(positions[position])
                if stored == 0 { return nil }
                if entries[stored - 1].entry.matches(key) { return stored - 1 }
                position = (position + 1) & mask
            }
        }
    }

    /// Adds `slot`, whose entry is `entries[slot]` (not in the table yet).
    mutating func insert(slot: Int, entries: [ShapedWordCache.SharedEntry]) {
        if 2 * (count + 1) > positions.count {
            positions = Array(repeating: 0, count: 2 * positions.count)
            count = 0
            for other in entries.indices where other != slot {
                place(other, hash: entries[other].entry.key.hash)
            }
        }
        place(slot, hash: entries[slot].entry.key.hash)
    }

    private mutating func place(_ slot: Int, hash: UInt64) {
        let mask = positions.count - 1
        var position = Self.home(of: hash, mask: mask)
        while positions[position] != 0 { position = (position + 1) & mask }
        positions[position] = Int32(slot + 1)
        count += 1
    }

    /// Removes `slot`, whose entry is still `entries[slot]`.
    mutating func remove(slot: Int, entries: [ShapedWordCache.SharedEntry]) {
        let mask = positions.count - 1
        var hole = Self.home(of: entries[slot].entry.key.hash, mask: mask)
        while positions[hole] != 0, Int(positions[hole]) != slot + 1 { hole = (hole + 1) & mask }
        guard positions[hole] != 0 else { return }
        positions[hole] = 0
        count -= 1
        // Entries after the hole whose home lies at or before it (cyclically) move back into it.
        var next = (hole + 1) & mask
        while positions[next] != 0 {
            let home = Self.home(of: entries[Int(positions[next]) - 1].entry.key.hash, mask: mask)
            if (next &- home) & mask >= (next &- hole) & mask {
                positions[hole] = positions[next]
                positions[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
    }
}

/// What a ``ShapedWordCache`` has done: lookups answered and missed, and words evicted to stay within its capacity.
public struct ShapedWordCacheStatistics: Sendable, Hashable {
    /// Lookups that found the word's glyphs.
    public var hits = 0
    /// Lookups that did not, after which the word is shaped (and, if it can be, stored).
    public var misses = 0
    /// Words dropped to make room for another because the cache was full.
    public var evictions = 0
}

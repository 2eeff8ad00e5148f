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

import Foundation
import LabelKitText

/// A bounded, thread-safe cache of layouts made by one typesetter: the same text in the same container is laid out
/// once, and every later request returns the same immutable ``TextLayout``.
///
/// A table that measures each row's height on every reload, scrolls back to rows it has measured, or hit-tests a label
/// it has drawn asks for the same layout many times; the cache answers those requests with a hash lookup. The key is
/// the text (a plain `String` is hashed as a string, never through `AttributedString`'s runs) and the whole
/// ``/LabelKitText/TextContainer`` (width, height, line limit, insets, alignment, truncation); the typesetter's style
/// is fixed for the cache's lifetime, so it is not part of the key.
///
/// The cache holds at most ``countLimit`` layouts and about ``byteLimit`` bytes of them (an estimate of their
/// flat arrays); beyond either limit it evicts by the clock algorithm, an approximation of least-recently-used that
/// needs no list surgery on a hit. Layouts are made outside the lock, so a slow layout never blocks other threads'
/// hits; two threads that miss on the same key at once may both lay it out, and the first insertion wins.
///
/// ```swift
/// let cache = TextLayoutCache(typesetter: .system, countLimit: 10_000)
/// let height = try cache.layout(row.text, in: TextContainer(width: 320)).size.height
/// ```
public final class TextLayoutCache: Sendable {
    /// The typesetter that makes the layouts on a miss.
    public let typesetter: LabelTypesetter
    /// The most layouts the cache holds.
    public let countLimit: Int
    /// The most bytes (estimated, see ``TextLayout/estimatedByteCount``) the cache's layouts may hold.
    public let byteLimit: Int

    private let state: LockedState<CacheState>

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - typesetter: Makes the layouts; its style applies to plain strings.
    ///   - countLimit: The most layouts held (at least 1).
    ///   - byteLimit: The most estimated bytes held (a layout larger than this on its own is returned, not cached).
    public init(typesetter: LabelTypesetter, countLimit: Int = 2_000, byteLimit: Int = 32 << 20) {
        self.typesetter = typesetter
        self.countLimit = max(1, countLimit)
        self.byteLimit = max(0, byteLimit)
        state = LockedState(CacheState())
    }

    /// The layout of a plain string in the typesetter's style, from the cache or made and cached.
    ///
    /// - Throws: What ``LabelTypesetter/layout(_:in:)-(String,_)`` throws; failures are not cached.
    public func layout(_ text: String, in container: TextContainer = TextContainer()) throws(LayoutError)
        -> TextLayout
    {
        let key = CacheKey(text: .plain(PlainTextKey(text)), container: container)
        if let layout = cachedLayout(for: key) { return layout }
        return insert(try typesetter.layout(text, in: container), for: key)
    }

    /// The layout of an attributed string, from the cache or made and cached.
    ///
    /// - Throws: What ``LabelTypesetter/layout(_:in:)-(AttributedString,_)`` throws; failures are not cached.
    public func layout(_ text: AttributedString, in container: TextContainer = TextContainer()) throws(LayoutError)
        -> TextLayout
    {
        let key = CacheKey(text: .attributed(text), container: container)
        if let layout = cachedLayout(for: key) { return layout }
        return insert(try typesetter.layout(text, in: container), for: key)
    }

    /// The size a label needs for `text` at `width` with at most `numberOfLines` lines, through the cache — what a
    /// table's row-height callback calls. A hit answers from the cache's own record of the measurement, without
    /// touching the layout.
    public func measurement(_ text: String, width: Double?, numberOfLines: Int = 0) throws(LayoutError)
        -> TextMeasurement
    {
        let container = TextContainer(width: width, maximumNumberOfLines: numberOfLines)
        let key = CacheKey(text: .plain(PlainTextKey(text)), container: container)
        if let measurement = cachedEntry(for: key, { $0.measurements[$1] }) { return measurement }
        return TextMeasurement(insert(try typesetter.layout(text, in: container), for: key))
    }

    /// Counters since the cache was made (or last emptied).
    public var statistics: TextLayoutCacheStatistics {
        state.withLock { $0.statistics }
    }

    /// Removes every layout and resets the statistics.
    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    private func cachedLayout(for key: CacheKey) -> TextLayout? {
        cachedEntry(for: key, { $0.layouts[$1] })
    }

    /// What `value` reads from the slot of `key`, or nil on a miss. Only the slot index is copied out of the
    /// dictionary, so a `measurement` hit touches neither the layout object nor its reference count.
    private func cachedEntry<Value>(for key: CacheKey, _ value: (borrowing CacheState, Int) -> Value?) -> Value? {
        state.withLock { state in
            guard let slot = state.index[key] else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            state.isReferenced[slot] = true
            return value(state, slot)
        }
    }

    private func insert(_ layout: TextLayout, for key: CacheKey) -> TextLayout {
        let bytes = layout.estimatedByteCount + key.estimatedByteCount
        guard bytes <= byteLimit else { return layout }
        return state.withLock { state in
            if let existing = state.index[key], let layout = state.layouts[existing] { return layout }
            while state.index.count >= countLimit || state.byteCount + bytes > byteLimit {
                guard state.evictOne() else { break }
            }
            let measurement = TextMeasurement(layout)
            let slot: Int
            if let free = state.freeSlots.popLast() {
                slot = free
                state.slotKeys[slot] = key
                state.layouts[slot] = layout
                state.measurements[slot] = measurement
                state.byteCounts[slot] = bytes
                state.isReferenced[slot] = false
            } else {
                slot = state.slotKeys.count
                state.slotKeys.append(key)
                state.layouts.append(layout)
                state.measurements.append(measurement)
                state.byteCounts.append(bytes)
                state.isReferenced.append(false)
            }
            state.index[key] = slot
            state.byteCount += bytes
            state.statistics.count = state.index.count
            state.statistics.byteCount = state.byteCount
            return layout
        }
    }
}

/// What a ``TextLayoutCache`` has done: hits, misses, evictions and what it holds.
public struct TextLayoutCacheStatistics: Sendable, Hashable {
    /// Requests answered from the cache.
    public var hits = 0
    /// Requests that had to lay out.
    public var misses = 0
    /// Layouts dropped to stay within the limits.
    public var evictions = 0
    /// Layouts held now.
    public var count = 0
    /// Estimated bytes held now.
    public var byteCount = 0
}

extension TextLayout {
    /// An estimate of the memory the layout holds: its flat arrays, lines, runs and links, plus object headers. The
    /// source `String` is not counted — it is shared with the caller's copy.
    public var estimatedByteCount: Int {
        var bytes = 256   // the object and its array headers, roughly
        bytes += glyphData.count * MemoryLayout<GlyphData>.stride
        bytes += glyphOffsets.count * MemoryLayout<GlyphOffset>.stride
        bytes += clusterBoxes.count * MemoryLayout<StoredClusterBox>.stride
        bytes += lineData.count * MemoryLayout<LineData>.stride
        bytes += runData.count * MemoryLayout<RunData>.stride
        bytes += metrics.count * MemoryLayout<FontMetrics>.stride
        bytes += links.count * (MemoryLayout<LayoutLink>.stride + 64)
        bytes += linkRects.reduce(0) { $0 + 32 + $1.count * MemoryLayout<TextRangeRect>.stride }
        return bytes
    }
}

/// The text part of a cache key.
private enum CacheText: Hashable, Sendable {
    case plain(PlainTextKey)
    case attributed(AttributedString)
}

/// A plain string compared and hashed by its UTF-8 bytes.
///
/// `String`'s own `==` and `hash(into:)` follow canonical equivalence, which normalises non-ASCII text on every
/// lookup — several times the cost of the lookup itself for Japanese or Vietnamese. Byte identity is also the right
/// key for a layout: an NFD string shapes differently from its NFC twin.
private struct PlainTextKey: Hashable, Sendable {
    var string: String

    init(_ string: String) {
        var string = string
        string.makeContiguousUTF8()
        self.string = string
    }

    func hash(into hasher: inout Hasher) {
        let utf8 = string.utf8
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
        hasher.combine(utf8.count)
    }

    static func == (lhs: PlainTextKey, rhs: PlainTextKey) -> Bool {
        let (left, right) = (lhs.string.utf8, rhs.string.utf8)
        guard left.count == right.count else { return false }
        let equal = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes -> Bool in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
        return (equal ?? nil) ?? left.elementsEqual(right)
    }
}

private struct CacheKey: Hashable, Sendable {
    var text: CacheText
    var container: TextContainer

    /// The text and the container's sizes only: what differs between a table's rows. Keys that differ only in
    /// insets, alignment or truncation collide and are told apart by `==`, which compares everything.
    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(container.width)
        hasher.combine(container.height)
        hasher.combine(container.maximumNumberOfLines)
    }

    var estimatedByteCount: Int {
        switch text {
        case .plain(let key): 64 + key.string.utf8.count
        case .attributed(let string): 256 + string.characters.count * 2
        }
    }
}

/// The cache's mutable state, guarded by its lock.
private struct CacheState: Sendable {
    /// The lookup a hit needs: one hash, one comparison, a slot index.
    var index: [CacheKey: Int] = [:]
    /// The slots, in clock order, as parallel arrays: each slot's key (nil when free), layout, measurement,
    /// estimated bytes and reference bit (set on a hit, cleared once by the hand before the slot is evicted).
    var slotKeys: [CacheKey?] = []
    var layouts: [TextLayout?] = []
    var measurements: [TextMeasurement] = []
    var byteCounts: [Int] = []
    var isReferenced: [Bool] = []
    var freeSlots: [Int] = []
    var hand = 0
    var byteCount = 0
    var statistics = TextLayoutCacheStatistics()

    mutating func removeAll() {
        index.removeAll()
        slotKeys.removeAll()
        layouts.removeAll()
        measurements.removeAll()
        byteCounts.removeAll()
        isReferenced.removeAll()
        freeSlots.removeAll()
        hand = 0
        byteCount = 0
        statistics = TextLayoutCacheStatistics()
    }

    /// Evicts the first unreferenced slot from the hand on, clearing reference bits on the way; false when empty.
    mutating func evictOne() -> Bool {
        guard !index.isEmpty else { return false }
        while true {
            if hand >= slotKeys.count { hand = 0 }
            let current = hand
            hand += 1
            guard let key = slotKeys[current] else { continue }
            if isReferenced[current] {
                isReferenced[current] = false
                continue
            }
            index[key] = nil
            slotKeys[current] = nil
            layouts[current] = nil
            byteCount -= byteCounts[current]
            freeSlots.append(current)
            statistics.evictions += 1
            statistics.count = index.count
            statistics.byteCount = byteCount
            return true
        }
    }
}

/// What a ``ShapedWordCache`` has done: lookups answered and missed, and words evicted to stay within its capacity.
public struct ShapedWordCacheStatistics: Sendable, Hashable {
    /// Lookups that found the word's glyphs.
    public var hits = 0
    /// Lookups that did not, after which the word is shaped (and, if it can be, stored).
    public var misses = 0
    /// Words dropped to make room for another because the cache was full.
    public var evictions = 0
}

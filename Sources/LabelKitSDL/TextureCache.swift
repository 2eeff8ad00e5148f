/// A small least-recently-used cache of textures by key: rendered list rows, so that scrolling back does not
/// render them again.
///
/// ```swift
/// var cache = TextureCache<Int>(capacity: 64)
/// let texture = try cache.texture(for: row) { try render(row) }
/// ```
public struct TextureCache<Key: Hashable> {
    /// The most textures kept.
    public let capacity: Int
    private var entries: [Key: (texture: Texture, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// How many lookups had to render.
    public private(set) var misses = 0

    /// Creates an empty cache keeping at most `capacity` textures (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of textures held.
    public var count: Int { entries.count }

    /// The texture for `key`, made by `make` when it is not cached; the least recently used one is dropped when the
    /// cache is full.
    public mutating func texture(for key: Key, make: () throws -> Texture) rethrows -> Texture {
        clock += 1
        if let entry = entries[key] {
            entries[key] = (entry.texture, clock)
            return entry.texture
        }
        misses += 1
        let texture = try make()
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[key] = (texture, clock)
        return texture
    }

    /// Drops every texture (after a change of width or scale).
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}

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

/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64), so a corpus is the same on
/// every machine and every Swift version — Swift's own `random` APIs promise neither.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let roll = generator.next(below: 6)   // 0...5, the same on every run
/// ```
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` ≤ 0), by multiply-and-shift: deterministic, and its bias is
    /// negligible for the small bounds a corpus uses.
    public mutating func next(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(percent: Int) -> Bool {
        next(below: 100) < percent
    }

    /// An element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[next(below: elements.count)]
    }
}

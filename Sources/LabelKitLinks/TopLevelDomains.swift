/// The top-level domains a bare domain must end in, as a trie over lower-cased Unicode scalars.
///
/// Looking a TLD up walks at most the longest TLD's length from a position, so the scanner's cost per label
/// is bounded no matter how long the text is.
struct TopLevelDomains: Sendable {
    /// One trie node: its children as sorted (scalar, node index) pairs and whether a TLD ends here.
    private struct Node: Sendable {
        var children: [(scalar: UInt32, node: Int32)] = []
        var isTerminal = false
    }

    private let nodes: [Node]

    /// The shared table built from ``names``.
    static let shared = TopLevelDomains(names: names)

    init(names: [String]) {
        var nodes = [Node()]
        for name in names {
            var current = 0
            for scalar in name.unicodeScalars {
                let value = Self.lowercasedASCII(scalar.value)
                if let child = nodes[current].children.first(where: { $0.scalar == value }) {
                    current = Int(child.node)
                } else {
                    nodes.append(Node())
                    let child = nodes.count - 1
                    nodes[current].children.append((value, Int32(child)))
                    current = child
                }
            }
            nodes[current].isTerminal = true
        }
        self.nodes = nodes
    }

    @inline(__always)
    static func lowercasedASCII(_ value: UInt32) -> UInt32 {
        (value >= 0x41 && value <= 0x5A) ? value + 0x20 : value
    }

    /// Ends (exclusive) of every TLD that starts at `start`, shortest first, reported through `body`.
    @inline(__always)
    func forEachMatch(in scalars: UnsafeBufferPointer<UInt32>, from start: Int, _ body: (Int) -> Void) {
        var current = 0
        var position = start
        while position < scalars.count {
            let value = Self.lowercasedASCII(scalars[position])
            guard let child = nodes[current].children.first(where: { $0.scalar == value }) else { return }
            current = Int(child.node)
            position += 1
            if nodes[current].isTerminal { body(position) }
        }
    }
}

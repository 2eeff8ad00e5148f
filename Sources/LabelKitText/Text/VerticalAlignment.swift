/// Where the block of lines sits inside bounds taller than the text.
public enum VerticalAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the top.
    case top
    /// Centred, as in `UILabel` (the default).
    case center
    /// At the bottom.
    case bottom
}

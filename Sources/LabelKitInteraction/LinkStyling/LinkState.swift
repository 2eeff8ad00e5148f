/// The state a link is drawn in.
public enum LinkState: String, Sendable, Hashable, CaseIterable {
    /// At rest.
    case normal
    /// Under a finger.
    case pressed
    /// Not tappable.
    case disabled
}

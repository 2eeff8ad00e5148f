/// A caret position between two grapheme clusters: a UTF-16 offset and the side it leans to.
///
/// At a soft line break the same offset is both the end of one line and the start of the next; the affinity tells
/// which: `.upstream` is the end of the earlier line, `.downstream` the start of the later one (as in parley and UIKit).
public struct TextPosition: Sendable, Hashable {
    /// Which way a position leans where one offset has two places.
    public enum Affinity: Sendable, Hashable {
        /// Towards the text before the offset (the end of the earlier line).
        case upstream
        /// Towards the text after the offset (the start of the later line).
        case downstream
    }

    /// The UTF-16 offset.
    public var index: Int
    /// The side the position leans to.
    public var affinity: Affinity

    /// Creates a position.
    public init(index: Int, affinity: Affinity = .downstream) {
        self.index = index
        self.affinity = affinity
    }
}

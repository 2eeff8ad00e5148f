import LabelKitLayout

/// Somewhere copied text goes: the system clipboard in a front end, memory in tests.
///
/// ```swift
/// var pasteboard = InMemoryPasteboard()
/// pasteboard.copy(layout)                 // the whole text
/// pasteboard.copy(layout, range: 9..<13)  // 利用規約
/// ```
public protocol Pasteboard {
    /// Replaces the pasteboard's contents with `string`.
    mutating func setString(_ string: String)
    /// The pasteboard's text, if it holds any.
    func string() -> String?
}

extension Pasteboard {
    /// Copies the layout's text — all of it when `range` is nil, even the part hidden by truncation — and returns
    /// what was copied. A UTF-16 `range` is clamped to the text and widened to whole characters; attachments are
    /// copied as their alt text (``/LabelKitLayout/TextLayout/plainText(in:ruby:)``).
    @discardableResult
    public mutating func copy(_ layout: TextLayout, range: Range<Int>? = nil) -> String {
        let text = layout.plainText(in: range)
        setString(text)
        return text
    }
}

/// A pasteboard that keeps its text in memory: for tests and for front ends without a clipboard.
///
/// ```swift
/// var pasteboard = InMemoryPasteboard()
/// pasteboard.setString("hello")
/// pasteboard.string()   // "hello"
/// ```
public struct InMemoryPasteboard: Pasteboard, Sendable, Hashable {
    private var contents: String?

    /// Creates an empty pasteboard.
    public init() {}

    /// Replaces the contents.
    public mutating func setString(_ string: String) { contents = string }

    /// The contents.
    public func string() -> String? { contents }
}

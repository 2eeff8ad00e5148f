import Foundation

/// An app-defined kind of link: a regular expression and a closure that turns each match into a target.
///
/// Matches are reported with kind ``/LabelKitText/LinkKind/custom(_:)`` carrying ``name``. A target whose scheme the
/// ``LinkSafetyPolicy`` does not allow is dropped and the link is flagged
/// ``/LabelKitText/LinkWarnings/disallowedScheme``.
///
/// ```swift
/// let tickets = try CustomLinkPattern(name: "ticket", pattern: #"\bLK-[0-9]+\b"#) { match in
///     URL(string: "https://tracker.example.com/\(match)")
/// }
/// let detector = LinkDetector(kinds: .standard, customPatterns: [tickets])
/// ```
public struct CustomLinkPattern: Sendable {
    /// The name reported in ``/LabelKitText/LinkKind/custom(_:)``.
    public let name: String
    /// The expression matched against the whole text.
    public let expression: NSRegularExpression
    /// Maps the matched text to the link's target; `nil` leaves the match without a target.
    public let target: @Sendable (String) -> URL?

    /// Creates a pattern from a compiled expression.
    public init(name: String, expression: NSRegularExpression, target: @escaping @Sendable (String) -> URL?) {
        self.name = name
        self.expression = expression
        self.target = target
    }

    /// Creates a pattern from the source of an `NSRegularExpression`.
    ///
    /// - Throws: ``CustomLinkPatternError`` when `pattern` does not compile.
    public init(
        name: String, pattern: String, options: NSRegularExpression.Options = [],
        target: @escaping @Sendable (String) -> URL?
    ) throws(CustomLinkPatternError) {
        do {
            self.init(
                name: name, expression: try NSRegularExpression(pattern: pattern, options: options),
                target: target)
        } catch {
            throw CustomLinkPatternError(name: name, pattern: pattern)
        }
    }
}

/// The error thrown when a ``CustomLinkPattern``'s regular expression does not compile.
public struct CustomLinkPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern's name.
    public let name: String
    /// The source that failed to compile.
    public let pattern: String

    /// A message naming the pattern.
    public var description: String { "custom link pattern '\(name)' is not a valid regular expression: \(pattern)" }
}

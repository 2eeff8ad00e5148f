import Foundation

/// The outcome of detecting links in an `AttributedString`: the text with `.link` and styles set, and every link.
///
/// ```swift
/// var text = AttributedString("Terms: example.com/terms, mail ana@example.com")
/// let result = LinkDetector().detectLinks(in: text)
/// result.text            // .link set on both, styled per kind
/// result.links.map(\.kind) // [.url, .email]
/// ```
public struct LinkDetectionResult: Sendable {
    /// The text with Foundation's `.link` set on each detected link (links the app set are left as they were).
    public var text: AttributedString
    /// The detected links and the links the app set itself (kind ``/LabelKitText/LinkKind/explicit``), sorted by
    /// position.
    public var links: [DetectedLink]

    /// Creates a result; ``LinkDetector``'s `detectLinks(in:)` makes these, with the scalar offsets that
    /// ``trimmingDisplayedLinks(maximumLength:kinds:)`` relies on.
    package init(text: AttributedString, links: [DetectedLink]) {
        self.text = text
        self.links = links
    }
}

import Foundation
import LabelKitText

/// One link found in a text: its kind, where it is, what it says and where it leads.
///
/// `range` is in UTF-16 code units, as `NSAttributedString` users count and as every range of LabelKit is.
///
/// ```swift
/// let link = LinkDetector().links(in: "see example.com")[0]
/// link.range          // 4..<15
/// link.text           // "example.com"
/// link.target         // https://example.com
/// link.isSafe         // true
/// ```
public struct DetectedLink: Hashable, Sendable {
    /// What kind of link this is.
    public var kind: LinkKind
    /// Where the link is, in UTF-16 code units of the detected text.
    public var range: Range<Int>
    /// The link's text exactly as it appears (`range` of the detected text).
    public var text: String
    /// Where the link leads: a normalised URL (`https://` added to bare domains, `mailto:`, `tel:`), the app's
    /// target for mentions, hashtags and custom patterns, or `nil` when there is no target or its scheme is
    /// not allowed (see ``/LabelKitText/LinkWarnings/disallowedScheme``).
    public var target: URL?
    /// Reasons to warn before opening the link; empty for an ordinary link.
    public var warnings: LinkWarnings

    /// Whether the link raised no warning.
    public var isSafe: Bool { warnings.isEmpty }

    /// The link's range in Unicode scalars of the detected text, used to convert ranges without rescanning.
    package var scalarRange: Range<Int>

    /// Creates a link; ``LinkDetector`` makes these, tests and apps may too.
    public init(kind: LinkKind, range: Range<Int>, text: String, target: URL?, warnings: LinkWarnings = []) {
        self.kind = kind
        self.range = range
        self.text = text
        self.target = target
        self.warnings = warnings
        self.scalarRange = 0..<0
    }

    /// Creates a link with its scalar offsets (the detector's own initialiser).
    package init(
        kind: LinkKind, range: Range<Int>, scalarRange: Range<Int>, text: String, target: URL?, warnings: LinkWarnings
    ) {
        self.init(kind: kind, range: range, text: text, target: target, warnings: warnings)
        self.scalarRange = scalarRange
    }

    /// Links are equal when their public properties are (the scalar offsets are a cache).
    public static func == (left: DetectedLink, right: DetectedLink) -> Bool {
        left.kind == right.kind && left.range == right.range && left.text == right.text && left.target == right.target
            && left.warnings == right.warnings
    }

    /// Hashes the public properties.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
        hasher.combine(text)
        hasher.combine(target)
        hasher.combine(warnings)
    }
}

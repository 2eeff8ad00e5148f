import Foundation
import LabelKitText

/// A link of a ``TextLayout``: a range of text with a target, its kind and the safety warnings link detection raised.
///
/// ```swift
/// if let hit = layout.link(at: tap, radius: 10) {
///     if hit.link.isSafe { open(hit.link.target) } else { confirm(hit.link.target, hit.link.warnings.names) }
/// }
/// ```
public struct LayoutLink: Sendable, Hashable {
    /// The UTF-16 range of the link: in the text, or in the truncation token when ``isInTruncationToken``.
    public let range: Range<Int>
    /// Where the link goes.
    public let target: URL
    /// The kind of link ``/LabelKitLinks/LinkDetector`` found here; ``/LabelKitText/LinkKind/explicit`` for a link
    /// the app set itself.
    public let kind: LinkKind
    /// Reasons to warn before opening the link, as ``/LabelKitLinks/LinkDetector`` found them (the text's
    /// ``/LabelKitText/LabelAttributes/LinkWarningsAttribute``); empty for a link no detector flagged — or checked.
    public let warnings: LinkWarnings
    /// Whether the link is part of the truncation token rather than of the text.
    public let isInTruncationToken: Bool

    /// Whether the link raised no warning: what ``/LabelKitLinks/DetectedLink/isSafe`` said of it.
    public var isSafe: Bool { warnings.isEmpty }

    package init(range: Range<Int>, target: URL, kind: LinkKind, warnings: LinkWarnings, isInTruncationToken: Bool) {
        self.range = range
        self.target = target
        self.kind = kind
        self.warnings = warnings
        self.isInTruncationToken = isInTruncationToken
    }
}

import Foundation
import LabelKitText

/// A link of a ``TextLayout``: a range of text with a target.
public struct LayoutLink: Sendable, Hashable {
    /// The UTF-16 range of the link: in the text, or in the truncation token when ``isInTruncationToken``.
    public let range: Range<Int>
    /// Where the link goes.
    public let target: URL
    /// The kind of link ``/LabelKitLinks/LinkDetector`` found here; nil for a link the app set itself.
    public let kind: LinkKind?
    /// Whether the link is part of the truncation token rather than of the text.
    public let isInTruncationToken: Bool
}

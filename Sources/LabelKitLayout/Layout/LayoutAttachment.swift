import Foundation
import LabelKitText

/// An attachment placed in a ``TextLayout``: what it is, where its U+FFFC is in the text, and the box it occupies.
///
/// ```swift
/// for placed in layout.attachments {
///     if case .custom(let identifier) = placed.attachment.content { drawIcon(identifier, in: placed.rect) }
/// }
/// ```
public struct LayoutAttachment: Sendable, Hashable {
    /// The attachment.
    public let attachment: TextAttachment
    /// The UTF-16 offset of its U+FFFC: in the text, or in the truncation token when ``isInTruncationToken``.
    public let index: Int
    /// The box, in the label's coordinates: the attachment's width and height where its alignment (and its run's
    /// baseline offset) put it on its line — what is drawn and what ``TextLayout/attachment(at:)`` hits.
    public let rect: CGRect
    /// The index of its line in ``TextLayout/lines``.
    public let lineIndex: Int
    /// The index of its run in ``TextLayout/runs``: a run of its own, with no glyphs.
    public let runIndex: Int
    /// Whether the attachment is part of the truncation token rather than of the text.
    public let isInTruncationToken: Bool

    /// Creates a placed attachment.
    public init(
        attachment: TextAttachment, index: Int, rect: CGRect, lineIndex: Int, runIndex: Int,
        isInTruncationToken: Bool
    ) {
        self.attachment = attachment
        self.index = index
        self.rect = rect
        self.lineIndex = lineIndex
        self.runIndex = runIndex
        self.isInTruncationToken = isInTruncationToken
    }

    /// The UTF-16 range of its U+FFFC (one code unit).
    public var range: Range<Int> { index..<(index + 1) }
}

import Foundation
import LabelKitText

/// An inline box placed in a ``TextLayout``: the box, the rectangle it occupies, its line and its run.
///
/// ```swift
/// for placed in layout.inlineBoxes {
///     if case .attachment(let attachment) = placed.box.content { draw(attachment, in: placed.rect) }
/// }
/// ```
public struct LayoutInlineBox: Sendable, Hashable {
    /// The box; its ``InlineBox/textRange`` is in the text, or in the truncation token when
    /// ``isInTruncationToken``.
    public let box: InlineBox
    /// The rectangle, in the label's coordinates: the box's size where its alignment (and its run's baseline offset)
    /// put it on its line — what is drawn and what ``TextLayout/attachment(at:)`` hits for an attachment.
    public let rect: CGRect
    /// The index of its line in ``TextLayout/lines``.
    public let lineIndex: Int
    /// The index of its run in ``TextLayout/runs``: a run of its own, with no glyphs.
    public let runIndex: Int
    /// Whether the box is part of the truncation token rather than of the text.
    public let isInTruncationToken: Bool

    /// Creates a placed box.
    public init(box: InlineBox, rect: CGRect, lineIndex: Int, runIndex: Int, isInTruncationToken: Bool) {
        (self.box, self.rect, self.lineIndex) = (box, rect, lineIndex)
        (self.runIndex, self.isInTruncationToken) = (runIndex, isInTruncationToken)
    }

    /// The placed attachment, when the box shows one: what ``TextLayout/attachments`` lists.
    var placedAttachment: LayoutAttachment? {
        guard let attachment = box.attachment else { return nil }
        return LayoutAttachment(
            attachment: attachment, index: box.textRange.lowerBound, rect: rect, lineIndex: lineIndex,
            runIndex: runIndex, isInTruncationToken: isInTruncationToken)
    }
}

/// Where a ruby annotation stands on its line, in line coordinates, and the UTF-16 range of its base: what
/// ``TextLayout/character(at:)`` answers for a point on it.
package struct RubyArea: Sendable, Hashable {
    package var rect: CGRect
    package var lineIndex: Int32
    package var baseStart: Int32
    package var baseEnd: Int32
    /// The annotation's runs in the layout's runs.
    package var runStart: Int32
    package var runEnd: Int32
}

import Foundation

extension TextLayout {
    /// The attachment whose box contains `point`, or nil: an exact hit on ``LayoutAttachment/rect``, which may be
    /// taller or shorter than its line. (``character(at:)`` hits the attachment's cluster across its whole
    /// line band, like any cluster.)
    ///
    /// ```swift
    /// if let badge = layout.attachment(at: touch) { print(badge.attachment.altText) }
    /// ```
    public func attachment(at point: CGPoint) -> LayoutAttachment? {
        attachments.first { $0.rect.contains(point) }
    }
}

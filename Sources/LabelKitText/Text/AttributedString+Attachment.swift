import Foundation

extension AttributedString {
    /// A one-character string holding `attachment`: U+FFFC with the `labelKit.attachment` attribute.
    ///
    /// ```swift
    /// var message = AttributedString("Ana ")
    /// message += AttributedString(attachment: verifiedBadge)
    /// ```
    public init(attachment: TextAttachment) {
        self.init(String(TextAttachment.character))
        self.labelKit.attachment = attachment
    }
}

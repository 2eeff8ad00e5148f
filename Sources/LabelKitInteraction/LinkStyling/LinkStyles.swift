import Foundation
import LabelKitText

/// A ``LinkStyle`` per kind of detected link.
///
/// ```swift
/// let result = LinkDetector().detectLinks(in: text, styles: .standard)
/// ```
public struct LinkStyles: Hashable, Sendable {
    /// The style of URLs.
    public var url: LinkStyle
    /// The style of e-mail addresses.
    public var email: LinkStyle
    /// The style of phone numbers.
    public var phone: LinkStyle
    /// The style of mentions.
    public var mention: LinkStyle
    /// The style of hashtags.
    public var hashtag: LinkStyle
    /// The style of cashtags.
    public var cashtag: LinkStyle
    /// Styles of custom patterns, by pattern name; a pattern without one gets ``url``'s style.
    public var custom: [String: LinkStyle]

    /// Creates styles; kinds left out are not styled.
    public init(
        url: LinkStyle = LinkStyle(), email: LinkStyle = LinkStyle(), phone: LinkStyle = LinkStyle(),
        mention: LinkStyle = LinkStyle(), hashtag: LinkStyle = LinkStyle(), cashtag: LinkStyle = LinkStyle(),
        custom: [String: LinkStyle] = [:]
    ) {
        self.url = url
        self.email = email
        self.phone = phone
        self.mention = mention
        self.hashtag = hashtag
        self.cashtag = cashtag
        self.custom = custom
    }

    /// The default look: link-blue and underlined for URLs, e-mails and phones; link-blue for mentions,
    /// hashtags and cashtags.
    public static let standard: LinkStyles = {
        let underlined = LinkStyle(foregroundColor: .link, underline: .single)
        let coloured = LinkStyle(foregroundColor: .link)
        return LinkStyles(
            url: underlined, email: underlined, phone: underlined,
            mention: coloured, hashtag: coloured, cashtag: coloured)
    }()

    /// No styling: only `.link` is set.
    public static let none = LinkStyles()

    /// The style for `kind` (explicit links are never restyled).
    public subscript(kind: LinkKind) -> LinkStyle {
        switch kind {
        case .url: url
        case .email: email
        case .phone: phone
        case .mention: mention
        case .hashtag: hashtag
        case .cashtag: cashtag
        case .custom(let name): custom[name] ?? url
        case .explicit: LinkStyle()
        }
    }
}

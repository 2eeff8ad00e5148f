/// What kind of text a ``/LabelKitLinks/DetectedLink`` was found in.
///
/// The built-in kinds are found by ``/LabelKitLinks/LinkDetector``'s own linear-time scanner; ``custom(_:)`` links come
/// from an app-supplied ``/LabelKitLinks/CustomLinkPattern``; ``explicit`` marks a `.link` the app set itself on an
/// `AttributedString`, reported so that its safety can be checked like a detected one.
///
/// ```swift
/// let links = LinkDetector().links(in: "Mail ana@example.com")
/// links[0].kind == .email // true
/// ```
public enum LinkKind: Hashable, Sendable, CustomStringConvertible {
    /// A web address, with or without a scheme (`https://example.com`, `www.example.org`, `example.co.jp`).
    case url
    /// An e-mail address, optionally written with `mailto:`.
    case email
    /// A phone number, international (`+81 3-1234-5678`) or national with separators, optionally with `tel:`.
    case phone
    /// An `@mention` (or fullwidth `＠mention`) by twitter-text's rules.
    case mention
    /// A `#hashtag` (or fullwidth `＃hashtag`) by twitter-text's rules.
    case hashtag
    /// A `$CASHTAG` by twitter-text's rules.
    case cashtag
    /// A match of the app's ``/LabelKitLinks/CustomLinkPattern`` with this name.
    case custom(String)
    /// A link the app set itself (Foundation's `.link` attribute), never changed by detection.
    case explicit

    /// The name used in JSON output and in `LinkKinds(names:)`: `url`, `email`, … or the custom pattern's name.
    public var description: String {
        switch self {
        case .url: "url"
        case .email: "email"
        case .phone: "phone"
        case .mention: "mention"
        case .hashtag: "hashtag"
        case .cashtag: "cashtag"
        case .custom(let name): name
        case .explicit: "explicit"
        }
    }
}

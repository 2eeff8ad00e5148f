import Foundation

/// What kind of text a ``DetectedLink`` was found in.
///
/// The built-in kinds are found by ``LinkDetector``'s own linear-time scanner; ``custom(_:)`` links come from an
/// app-supplied ``CustomLinkPattern``; ``explicit`` marks a `.link` the app set itself on an `AttributedString`,
/// reported so that its safety can be checked like a detected one.
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
    /// A match of the app's ``CustomLinkPattern`` with this name.
    case custom(String)
    /// A link the app set itself (Foundation's `.link` attribute), never changed by detection.
    case explicit

    /// The name used in JSON output and in ``LinkKinds/init(names:)``: `url`, `email`, … or the custom pattern's name.
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

/// A set of built-in link kinds for ``LinkDetector`` to look for.
///
/// ```swift
/// let detector = LinkDetector(kinds: [.url, .email])
/// ```
public struct LinkKinds: OptionSet, Hashable, Sendable {
    /// The raw bits of the set.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Web addresses.
    public static let url = LinkKinds(rawValue: 1 << 0)
    /// E-mail addresses.
    public static let email = LinkKinds(rawValue: 1 << 1)
    /// Phone numbers.
    public static let phone = LinkKinds(rawValue: 1 << 2)
    /// `@mentions`.
    public static let mention = LinkKinds(rawValue: 1 << 3)
    /// `#hashtags`.
    public static let hashtag = LinkKinds(rawValue: 1 << 4)
    /// `$CASHTAGS` (off in ``standard``: most text does not want them).
    public static let cashtag = LinkKinds(rawValue: 1 << 5)

    /// URLs, e-mails, phones, mentions and hashtags — everything but cashtags.
    public static let standard: LinkKinds = [.url, .email, .phone, .mention, .hashtag]
    /// Every built-in kind.
    public static let all: LinkKinds = [.standard, .cashtag]

    /// Parses a comma-separated list such as `"url,email,phone"`.
    ///
    /// - Throws: ``LinkKindsParseError`` naming the first unknown kind.
    public init(names: String) throws(LinkKindsParseError) {
        var kinds: LinkKinds = []
        for rawName in names.split(separator: ",") {
            let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "url", "urls": kinds.insert(.url)
            case "email", "emails": kinds.insert(.email)
            case "phone", "phones": kinds.insert(.phone)
            case "mention", "mentions": kinds.insert(.mention)
            case "hashtag", "hashtags": kinds.insert(.hashtag)
            case "cashtag", "cashtags": kinds.insert(.cashtag)
            case "all": kinds.formUnion(.all)
            default: throw LinkKindsParseError(unknownKind: String(rawName))
            }
        }
        self = kinds
    }
}

/// The error thrown by ``LinkKinds/init(names:)`` for a name that is not a link kind.
public struct LinkKindsParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name that was not recognised.
    public let unknownKind: String

    /// A message naming the kind and the accepted names.
    public var description: String {
        "unknown link kind '\(unknownKind)' (expected url, email, phone, mention, hashtag, cashtag or all)"
    }
}

import Foundation
import LabelKitText

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

    /// Whether the set holds `kind`; never for custom patterns and explicit links, which are not built-in kinds.
    ///
    /// ```swift
    /// LinkKinds.standard.contains(kind: .email)   // true
    /// LinkKinds.all.contains(kind: .explicit)     // false
    /// ```
    public func contains(kind: LinkKind) -> Bool {
        switch kind {
        case .url: contains(.url)
        case .email: contains(.email)
        case .phone: contains(.phone)
        case .mention: contains(.mention)
        case .hashtag: contains(.hashtag)
        case .cashtag: contains(.cashtag)
        case .custom, .explicit: false
        }
    }

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

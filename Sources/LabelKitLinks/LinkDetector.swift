import Foundation
import LabelKitText

/// Finds URLs, e-mail addresses, phone numbers, @mentions, #hashtags, $cashtags and app-defined patterns in text.
///
/// Detection is pure Swift (there is no `NSDataDetector` on Linux) and runs in time linear in the text: the
/// built-in kinds are found by single forward passes over the text's Unicode scalars with bounded lookback, never
/// by backtracking regular expressions. Mentions, hashtags and cashtags follow twitter-text's rules and pass its
/// conformance cases; URLs do too, and go further where people paste links twitter-text does not know:
///
/// - After `http://`, `https://` or `ftp://` any host is a host: `localhost`, `wiki`, `intranet.corp`, `10.0.0.7:3000`,
///   `[::1]`, with user info (`user:pw@host`, flagged ``/LabelKitText/LinkWarnings/userInfo``). Ports above 65535 make
///   no link.
/// - Without a scheme, a domain needs a TLD on the list, in any script (`bücher.de`, `пример.рф`, `例え.jp`); a
///   dotted-quad IPv4 address (`8.8.4.4`, `10.1.2.3/status`) is a link too. A domain written straight against
///   text of another script does not swallow it (`日本語example.comです` links `example.com`).
/// - Paths, queries and fragments hold any character but white space (IRIs: `https://例え.jp/規約`), with
///   balanced brackets and quotes; trailing punctuation and unbalanced closers stay out.
/// - `mailto:` (any host after it, `mailto:ops@intranet`), `tel:` and `sms:`, the app's schemes registered in
///   ``safetyPolicy`` (`myapp://item/42`); `javascript:`, `data:`, `file:` and `vbscript:` links are found, flagged
///   ``/LabelKitText/LinkWarnings/disallowedScheme`` and given no target.
///
/// Results are sorted by position and never overlap: when two candidates overlap, the one that starts first wins,
/// and at the same start custom patterns win, then URLs, e-mails, phones, mentions, hashtags and cashtags. A
/// mention or hashtag inside a URL is never reported, even when URLs are not among ``kinds``.
///
/// Targets: URLs as the WHATWG URL standard writes them — hosts in Punycode, non-ASCII characters and spaces
/// percent-encoded — while ``DetectedLink/text`` stays as written; `https://` added to bare domains and
/// `http://` to bare IPv4 addresses; `mailto:` plus the address; `tel:` or `sms:` plus the digits (and a leading
/// `+`). Mentions, hashtags and cashtags get the target of ``mentionTarget``,
/// ``hashtagTarget`` and ``cashtagTarget``; by default LinkDetector's neutral schemes `mention:name`,
/// `hashtag:tag` and `cashtag:SYMBOL`, which an app can handle itself or replace with web addresses.
///
/// ```swift
/// let detector = LinkDetector()
/// for link in detector.links(in: "Mail ana@example.com or see example.co.jp") {
///     print(link.kind, link.range, link.target!)
/// }
/// // email 5..<20 mailto:ana@example.com
/// // url 28..<41 https://example.co.jp
/// ```
public struct LinkDetector: Sendable {
    /// The built-in kinds to look for.
    public var kinds: LinkKinds
    /// App-defined patterns, reported as ``/LabelKitText/LinkKind/custom(_:)``.
    public var customPatterns: [CustomLinkPattern]
    /// The allowed schemes; app schemes registered here are also detected when written as `scheme://…`.
    public var safetyPolicy: LinkSafetyPolicy
    /// The target of a mention, given the user name without `@`.
    public var mentionTarget: @Sendable (String) -> URL?
    /// The target of a hashtag, given the tag without `#`.
    public var hashtagTarget: @Sendable (String) -> URL?
    /// The target of a cashtag, given the symbol without `$`.
    public var cashtagTarget: @Sendable (String) -> URL?

    /// Creates a detector.
    public init(
        kinds: LinkKinds = .standard,
        customPatterns: [CustomLinkPattern] = [],
        safetyPolicy: LinkSafetyPolicy = LinkSafetyPolicy(),
        mentionTarget: @escaping @Sendable (String) -> URL? = LinkDetector.neutralTarget(scheme: "mention"),
        hashtagTarget: @escaping @Sendable (String) -> URL? = LinkDetector.neutralTarget(scheme: "hashtag"),
        cashtagTarget: @escaping @Sendable (String) -> URL? = LinkDetector.neutralTarget(scheme: "cashtag")
    ) {
        self.kinds = kinds
        self.customPatterns = customPatterns
        self.safetyPolicy = safetyPolicy
        self.mentionTarget = mentionTarget
        self.hashtagTarget = hashtagTarget
        self.cashtagTarget = cashtagTarget
    }

    /// A target closure making `scheme:name` (the name percent-encoded), LinkDetector's default for mentions,
    /// hashtags and cashtags.
    public static func neutralTarget(scheme: String) -> @Sendable (String) -> URL? {
        { name in
            var encoded = URLBytes(capacity: name.utf8.count)
            let scalars = name.unicodeScalars.map(\.value)
            scalars.withUnsafeBufferPointer { encoded.append($0, 0..<$0.count, encodingIn: .name) }
            return URL(string: scheme + ":" + encoded.string)
        }
    }

    /// The links in `text`, sorted by position, not overlapping.
    public func links(in text: String) -> [DetectedLink] {
        let scanned = ScannedText(text)
        return links(in: text, scanned: scanned)
    }

    func links(in text: String, scanned: ScannedText) -> [DetectedLink] {
        var matches: [RawLinkMatch] = []
        scanned.scalars.withUnsafeBufferPointer { buffer in
            let scanner = LinkScanner(
                scalars: buffer, topLevelDomains: .shared, scripts: .shared,
                allowedSchemes: safetyPolicy.allowedSchemes)
            // URLs always run: they keep mentions, hashtags and e-mails out of links.
            scanner.scanURLs(into: &matches)
            if kinds.contains(.email) { scanner.scanEmails(into: &matches) }
            if kinds.contains(.phone) { scanner.scanPhones(into: &matches) }
            if kinds.contains(.mention) { scanner.scanMentions(into: &matches) }
            if kinds.contains(.hashtag) { scanner.scanHashtags(into: &matches) }
            if kinds.contains(.cashtag) { scanner.scanCashtags(into: &matches) }
        }
        var customTargets: [Int: URL?] = [:]
        if !customPatterns.isEmpty {
            let whole = NSRange(location: 0, length: scanned.utf16Length)
            for pattern in customPatterns {
                for result in pattern.expression.matches(in: text, range: whole) {
                    // The Foundation edge: NSRegularExpression's NSRange becomes a Range<Int> here and nowhere else.
                    guard let utf16Range = Range(result.range), !utf16Range.isEmpty else { continue }
                    let range = scanned.scalarRange(utf16: utf16Range)
                    guard !range.isEmpty else { continue }
                    customTargets[matches.count] = pattern.target(scanned.string(range))
                    matches.append(RawLinkMatch(kind: .custom(pattern.name), range: range))
                }
            }
        }

        let order = matches.indices.sorted { left, right in
            let a = matches[left]
            let b = matches[right]
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            return Self.priority(a.kind) < Self.priority(b.kind)
        }
        var links: [DetectedLink] = []
        var coveredEnd = 0
        scanned.scalars.withUnsafeBufferPointer { scalars in
            for matchIndex in order {
                let match = matches[matchIndex]
                guard match.range.lowerBound >= coveredEnd else { continue }
                coveredEnd = match.range.upperBound
                if match.kind == .url, !kinds.contains(.url) { continue }
                let target: URL?
                switch match.kind {
                case .mention: target = mentionTarget(match.payload)
                case .hashtag: target = hashtagTarget(match.payload)
                case .cashtag: target = cashtagTarget(match.payload)
                case .custom: target = customTargets[matchIndex] ?? nil
                default:
                    if let address = match.address {
                        target = LinkTarget.string(for: match, address, in: scalars).flatMap { URL(string: $0) }
                    } else {
                        target = URL(string: match.payload)
                    }
                }
                links.append(makeLink(match, target: target, scanned: scanned))
            }
        }
        return links
    }

    private func makeLink(_ match: RawLinkMatch, target: URL?, scanned: ScannedText) -> DetectedLink {
        let text = scanned.string(match.range)
        let host = match.address.map { scanned.string($0.host) }
        var warnings = safetyPolicy.warnings(target: target, text: text, host: host ?? "")
        // A bidi control right before or after the link reorders how it is displayed.
        for index in [match.range.lowerBound - 1, match.range.upperBound]
        where index >= 0 && index < scanned.scalars.count && ScalarClass.isBidiControl(scanned.scalars[index]) {
            warnings.insert(.bidirectionalControl)
        }
        return DetectedLink(
            kind: match.kind, range: scanned.utf16Range(match.range), scalarRange: match.range, text: text,
            target: warnings.contains(.disallowedScheme) ? nil : target, warnings: warnings)
    }

    private static func priority(_ kind: LinkKind) -> Int {
        switch kind {
        case .custom: 0
        case .explicit: 0
        case .url: 1
        case .email: 2
        case .phone: 3
        case .mention: 4
        case .hashtag: 5
        case .cashtag: 6
        }
    }
}

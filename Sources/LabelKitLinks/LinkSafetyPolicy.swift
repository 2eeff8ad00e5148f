import Foundation
import LabelKitText

/// Which link targets are safe to produce, and how links are checked before an app opens them.
///
/// The allow-list holds `http`, `https`, `ftp`, `mailto`, `tel` and `sms`, LabelKit's neutral `mention`, `hashtag` and
/// `cashtag` schemes, and the schemes the app registers. `javascript`, `data`, `file` and `vbscript` are never allowed,
/// even when registered.
///
/// ```swift
/// var policy = LinkSafetyPolicy()
/// policy.registerScheme("myapp")          // myapp://… links are now detected and safe
/// policy.isAllowed(URL(string: "javascript:alert(1)")!) // false
/// ```
public struct LinkSafetyPolicy: Hashable, Sendable {
    /// Schemes that are never allowed: they run code or reach local files.
    public static let forbiddenSchemes: Set<String> = ["javascript", "data", "file", "vbscript"]

    /// The schemes allowed by default.
    public static let defaultSchemes: Set<String> = [
        "http", "https", "ftp", "mailto", "tel", "sms", "mention", "hashtag", "cashtag",
    ]

    /// The allowed schemes, lower-cased.
    public private(set) var allowedSchemes: Set<String>

    /// Creates a policy allowing ``defaultSchemes`` plus `additionalSchemes`.
    public init(additionalSchemes: Set<String> = []) {
        allowedSchemes = Self.defaultSchemes
        for scheme in additionalSchemes { registerScheme(scheme) }
    }

    /// Allows links with `scheme` (case-insensitive). Ignored for ``forbiddenSchemes``.
    public mutating func registerScheme(_ scheme: String) {
        let lowercased = scheme.lowercased()
        guard !Self.forbiddenSchemes.contains(lowercased) else { return }
        allowedSchemes.insert(lowercased)
    }

    /// The schemes the app registered beyond the defaults.
    public var appSchemes: Set<String> { allowedSchemes.subtracting(Self.defaultSchemes) }

    /// Whether `url`'s scheme is on the allow-list (a URL without a scheme is not).
    public func isAllowed(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return allowedSchemes.contains(scheme) && !Self.forbiddenSchemes.contains(scheme)
    }

    /// The warnings for a link with `target` whose text is `text`.
    ///
    /// Checks the scheme, user info in the target, bidirectional controls in `text` and a label of `host` (by
    /// default the target's host) mixing Latin, Greek and Cyrillic letters, as written or once decoded from
    /// Punycode. ``LinkDetector`` also flags a control right before or after a link.
    public func warnings(target: URL?, text: String, host: String? = nil) -> LinkWarnings {
        var warnings: LinkWarnings = []
        if let target, !isAllowed(target) { warnings.insert(.disallowedScheme) }
        if let target, target.user != nil || target.password != nil { warnings.insert(.userInfo) }
        if text.unicodeScalars.contains(where: { ScalarClass.isBidiControl($0.value) }) {
            warnings.insert(.bidirectionalControl)
        }
        if let host = host ?? target?.host(percentEncoded: false), Self.mixesLookAlikeScripts(host) {
            warnings.insert(.mixedScriptHost)
        }
        return warnings
    }

    /// Whether a label of `host` holds letters of more than one of Latin, Greek and Cyrillic; an `xn--` label is
    /// judged by what it decodes to (one that does not decode counts as mixed: it hides what it says).
    static func mixesLookAlikeScripts(_ host: String) -> Bool {
        let scalars = host.unicodeScalars.map(\.value)
        var labelStart = 0
        while labelStart <= scalars.count {
            let labelEnd = scalars[labelStart...].firstIndex(of: 0x2E) ?? scalars.count
            let label = scalars[labelStart..<labelEnd]
            let isPunycode =
                label.count > 4 && label.prefix(4).map(TopLevelDomains.lowercasedASCII) == [0x78, 0x6E, 0x2D, 0x2D]
            if isPunycode {
                guard let decoded = Punycode.decode(label.dropFirst(4)) else { return true }
                if mixesLookAlikeScripts(label: decoded) { return true }
            } else if mixesLookAlikeScripts(label: label) {
                return true
            }
            labelStart = labelEnd + 1
        }
        return false
    }

    private static func mixesLookAlikeScripts<Label: Collection<UInt32>>(label: Label) -> Bool {
        var seen: LinkScript?
        for value in label {
            let script = LinkScript.of(value)
            guard script.isLookAlike else { continue }
            if let seen, seen != script { return true }
            seen = script
        }
        return false
    }
}

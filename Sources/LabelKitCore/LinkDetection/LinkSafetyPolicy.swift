import Foundation

/// Which link targets are safe to produce, and how links are checked before an app opens them.
///
/// The allow-list holds `http`, `https`, `mailto` and `tel`, LabelKit's neutral `mention`, `hashtag` and `cashtag`
/// schemes, and the schemes the app registers. `javascript`, `data`, `file` and `vbscript` are never allowed,
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
    public static let defaultSchemes: Set<String> = ["http", "https", "mailto", "tel", "mention", "hashtag", "cashtag"]

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
    /// Checks the scheme, bidirectional controls in `text` and a label of `host` (by default the target's host)
    /// mixing Latin, Greek and Cyrillic letters. ``LinkDetector`` also flags a control right before or after a link.
    public func warnings(target: URL?, text: String, host: String? = nil) -> LinkWarnings {
        var warnings: LinkWarnings = []
        if let target, !isAllowed(target) { warnings.insert(.disallowedScheme) }
        if text.unicodeScalars.contains(where: { ScalarClass.isBidiControl($0.value) }) {
            warnings.insert(.bidirectionalControl)
        }
        if let host = host ?? target?.host(percentEncoded: false), Self.mixesLookAlikeScripts(host) {
            warnings.insert(.mixedScriptHost)
        }
        return warnings
    }

    /// Whether a label of `host` holds letters of more than one of Latin, Greek and Cyrillic.
    static func mixesLookAlikeScripts(_ host: String) -> Bool {
        var seen: ScalarClass.LookAlikeScript?
        for scalar in host.unicodeScalars {
            if scalar == "." {
                seen = nil
                continue
            }
            guard let script = ScalarClass.lookAlikeScript(scalar.value) else { continue }
            if let seen, seen != script { return true }
            seen = script
        }
        return false
    }
}

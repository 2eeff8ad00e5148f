/// Reasons a link deserves a warning before an app opens it.
///
/// ```swift
/// if link.warnings.contains(.mixedScriptHost) { showConfirmation(for: link) }
/// ```
public struct LinkWarnings: OptionSet, Hashable, Sendable {
    /// The raw bits of the set.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The target's scheme is not on the ``/LabelKitLinks/LinkSafetyPolicy``'s allow-list (for example `javascript:`,
    /// `data:`, `file:` or `vbscript:`, which are never allowed).
    public static let disallowedScheme = LinkWarnings(rawValue: 1 << 0)
    /// The link's text, or the character right before or after it, is a bidirectional embedding, override or
    /// isolate control (U+202A–U+202E, U+2066–U+2069), which can make the displayed text lie about the target.
    public static let bidirectionalControl = LinkWarnings(rawValue: 1 << 1)
    /// A label of the host mixes scripts whose letters look alike (Latin, Greek, Cyrillic), as in `аpple.com`
    /// with a Cyrillic `а` — written so, or in Punycode that decodes so (`xn--pple-43d.com`).
    public static let mixedScriptHost = LinkWarnings(rawValue: 1 << 2)
    /// The URL carries user info before its host (`https://user:password@host/`). What comes before the `@` can
    /// pass for the host: `https://bank.example@evil.example/` opens `evil.example`.
    public static let userInfo = LinkWarnings(rawValue: 1 << 3)

    /// The name of each warning in the set, in a fixed order: `disallowedScheme`, `bidirectionalControl`,
    /// `mixedScriptHost`, `userInfo` (as `labelkit links` prints them).
    ///
    /// ```swift
    /// LinkWarnings([.userInfo, .disallowedScheme]).names   // ["disallowedScheme", "userInfo"]
    /// ```
    public var names: [String] {
        let named: [(LinkWarnings, String)] = [
            (.disallowedScheme, "disallowedScheme"), (.bidirectionalControl, "bidirectionalControl"),
            (.mixedScriptHost, "mixedScriptHost"), (.userInfo, "userInfo"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}

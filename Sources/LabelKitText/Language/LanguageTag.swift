/// A BCP 47 language tag ("ja", "zh-Hans", "sr-Latn-RS"), checked and written in its canonical case.
///
/// A language tag says which language a run of text is in. The typesetter uses it to choose the glyphs the language
/// expects where a script is shared: the face font fallback picks for a Han character (Noto Sans CJK JP for `ja`,
/// SC for `zh-Hans`, TC for `zh-Hant`, HK for `zh-HK`, KR for `ko`), and the shaper's localized forms (OpenType
/// `locl`), such as the Serbian and Macedonian б in DejaVu Sans and Noto Sans.
///
/// A tag is checked against the syntax of RFC 5646 (`language[-script][-region][-variant…][-extension…][-x-private]`)
/// when it is made; it does not have to name a registered language. Its subtags are written as RFC 5646 recommends:
/// the language in lower case, the script in title case, the region in upper case, the rest in lower case. An
/// underscore between subtags, as POSIX locales write them (`zh_CN`), is read as a hyphen.
///
/// ```swift
/// let chinese = try LanguageTag("zh-hans")          // "zh-Hans"
/// let serbian = try LanguageTag("SR_latn_rs")       // "sr-Latn-RS"
/// _ = try? LanguageTag("!!")                        // nil: LanguageTagError.malformed
/// text[range].labelKit.language = chinese
/// ```
public struct LanguageTag: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The longest tag accepted, in characters: far longer than any tag a language needs ("zh-Hant-HK" is 10), so that
    /// a stray string is refused early instead of being carried through layouts.
    public static let maximumLength = 64

    /// The tag in its canonical case: "zh-Hans".
    public let identifier: String

    /// The primary language subtag, lower case: "zh" for "zh-Hant-HK".
    public var language: String {
        String(identifier.prefix { $0 != "-" })
    }

    /// The script subtag in title case ("Hant" for "zh-Hant-HK"), or nil when the tag has none.
    public var script: String? {
        parsedSubtags.script
    }

    /// The region subtag in upper case ("HK" for "zh-Hant-HK", "419" for "es-419"), or nil when the tag has none.
    public var region: String? {
        parsedSubtags.region
    }

    /// Checks `string` as a BCP 47 tag and writes it in its canonical case.
    ///
    /// ```swift
    /// let japanese = try LanguageTag("JA")   // "ja"
    /// ```
    ///
    /// - Throws: ``LanguageTagError/empty`` for an empty string, ``LanguageTagError/tooLong(length:)`` beyond
    ///   ``maximumLength`` characters, ``LanguageTagError/malformed(_:)`` for anything RFC 5646 does not allow.
    public init(_ string: String) throws(LanguageTagError) {
        guard !string.isEmpty else { throw .empty }
        let length = string.unicodeScalars.count
        guard length <= Self.maximumLength else { throw .tooLong(length: length) }
        guard let canonical = Self.canonical(string) else { throw .malformed(string) }
        identifier = canonical
    }

    /// The tag as it is written: ``identifier``.
    public var description: String { identifier }

    /// Reads a tag from its string form and checks it as ``init(_:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            try self.init(string)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the tag as its string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    // MARK: Syntax

    /// The script and region subtags, found by their position and form in the canonical identifier.
    private var parsedSubtags: (script: String?, region: String?) {
        var script: String?
        var region: String?
        for (index, subtag) in identifier.split(separator: "-").enumerated().dropFirst() {
            if subtag.count == 1 { break }   // an extension or private use: no script or region after it
            if index == 1, subtag.count == 3, subtag.allSatisfy(\.isLetter) { continue }   // an extended language
            if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                script = String(subtag)
            } else if region == nil, Self.isRegion(subtag) {
                region = String(subtag)
            } else {
                break
            }
        }
        return (script, region)
    }

    /// `string` in canonical case when it is a well-formed tag (RFC 5646, section 2.1, without the grandfathered
    /// irregular tags); nil otherwise.
    private static func canonical(_ string: String) -> String? {
        let subtags = string.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard subtags.allSatisfy({ (1...8).contains($0.count) && $0.utf8.allSatisfy(isASCIIAlphanumeric) }) else {
            return nil
        }
        var lowered = subtags.map { $0.lowercased() }
        var index = 0
        // A tag of private use alone: "x-whatever".
        if lowered[0] == "x" { return privateUse(lowered, from: 0) }
        // language: 2–3 letters with up to three extended-language subtags, or 4–8 letters.
        guard lowered[0].utf8.allSatisfy(isASCIILetter), lowered[0].count >= 2 else { return nil }
        index = 1
        if lowered[0].count <= 3 {
            var extended = 0
            while index < lowered.count, extended < 3, lowered[index].count == 3,
                lowered[index].utf8.allSatisfy(isASCIILetter)
            {
                index += 1
                extended += 1
            }
        }
        // script: 4 letters.
        if index < lowered.count, lowered[index].count == 4, lowered[index].utf8.allSatisfy(isASCIILetter) {
            lowered[index] = lowered[index].prefix(1).uppercased() + lowered[index].dropFirst()
            index += 1
        }
        // region: 2 letters or 3 digits.
        if index < lowered.count, isRegion(Substring(lowered[index])) {
            lowered[index] = lowered[index].uppercased()
            index += 1
        }
        // variants: 5–8 alphanumerics, or a digit and 3 alphanumerics.
        while index < lowered.count, isVariant(lowered[index]) { index += 1 }
        // extensions: a singleton other than x, then one or more subtags of 2–8.
        while index < lowered.count, lowered[index].count == 1, lowered[index] != "x" {
            var end = index + 1
            while end < lowered.count, lowered[end].count >= 2 { end += 1 }
            guard end > index + 1 else { return nil }
            index = end
        }
        if index < lowered.count, lowered[index] == "x" { return privateUse(lowered, from: index) }
        guard index == lowered.count else { return nil }
        return lowered.joined(separator: "-")
    }

    /// The tag when `subtags[start...]` is a private-use sequence ("x" and one or more subtags); nil otherwise.
    private static func privateUse(_ subtags: [String], from start: Int) -> String? {
        guard subtags.count > start + 1 else { return nil }
        return subtags.joined(separator: "-")
    }

    private static func isRegion(_ subtag: Substring) -> Bool {
        (subtag.count == 2 && subtag.utf8.allSatisfy(isASCIILetter))
            || (subtag.count == 3 && subtag.utf8.allSatisfy(isASCIIDigit))
    }

    private static func isVariant(_ subtag: String) -> Bool {
        if subtag.count >= 5 { return true }   // 5–8 alphanumerics (lengths and characters checked already)
        guard subtag.count == 4, let first = subtag.utf8.first else { return false }
        return isASCIIDigit(first)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte)
    }
}

/// Why a string is not a ``LanguageTag``.
public enum LanguageTagError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The string is empty.
    case empty
    /// The string is longer than ``LanguageTag/maximumLength`` characters; `length` is its length.
    case tooLong(length: Int)
    /// The string does not have the form of a BCP 47 tag (RFC 5646): subtags of 1–8 ASCII letters and digits
    /// separated by hyphens, a language of letters first.
    case malformed(String)

    /// A message for people: `"!!" is not a BCP 47 language tag (such as "ja", "zh-Hans" or "sr-Latn")`.
    public var description: String {
        switch self {
        case .empty: "the language tag is empty"
        case .tooLong(let length):
            "a language tag of \(length) characters is longer than \(LanguageTag.maximumLength)"
        case .malformed(let string):
            "\(string.debugDescription) is not a BCP 47 language tag (such as \"ja\", \"zh-Hans\" or \"sr-Latn\")"
        }
    }
}

/// One OpenType feature setting: a four-character tag and a value (1 on, 0 off, or an alternate's number).
///
/// ```swift
/// let tabular = try FontFeature(tag: "tnum")             // on
/// let noLigatures = try FontFeature(tag: "liga", value: 0)
/// ```
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The tag as a big-endian 32-bit number, as OpenType and HarfBuzz store it.
    package let tagCode: UInt32
    /// The value: 0 turns the feature off, 1 on; larger values pick an alternate (`aalt=2`).
    public let value: UInt32

    /// Creates a setting.
    ///
    /// - Throws: ``FontFeatureError/invalidTag(_:)`` unless `tag` is four ASCII letters or digits.
    public init(tag: String, value: UInt32 = 1) throws(FontFeatureError) {
        guard let code = Self.tagCode(of: Substring(tag)) else { throw .invalidTag(tag) }
        self.tagCode = code
        self.value = value
    }

    /// The four-character tag ("tnum", "liga", "ss01").
    public var tag: String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tagCode >> (24 - 8 * $0)) }, as: UTF8.self)
    }

    /// The setting as written in a feature list: `tnum`, `-liga`, `aalt=2`.
    public var description: String {
        switch value {
        case 1: tag
        case 0: "-" + tag
        default: "\(tag)=\(value)"
        }
    }

    /// The code of a tag of exactly four ASCII letters or digits, or nil.
    static func tagCode(of tag: Substring) -> UInt32? {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4 else { return nil }
        var code: UInt32 = 0
        for byte in bytes {
            let isLetterOrDigit =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            guard isLetterOrDigit else { return nil }
            code = code << 8 | UInt32(byte)
        }
        return code
    }
}

/// OpenType feature settings for a run of text, as CSS `font-feature-settings` or HarfBuzz's feature strings:
/// tabular digits, small capitals, ligatures off, stylistic sets.
///
/// The settings go to the shaper with the run's text and are part of every shaping cache key, so a word shaped with
/// `tnum` is never reused without it. A later setting of the same tag wins. Features the font does not have are
/// ignored by the shaper, as in every text system.
///
/// ```swift
/// let features = try FontFeatures(parsing: "tnum,-liga,ss01")
/// text[priceRange].labelKit.fontFeatures = features
/// features.description   // "tnum,-liga,ss01"
/// ```
public struct FontFeatures: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The settings, in the order they apply.
    public let settings: [FontFeature]

    /// Creates features from settings.
    public init(_ settings: [FontFeature] = []) {
        self.settings = settings
    }

    /// Parses a comma-separated feature list: each item a four-character tag, optionally preceded by `+` (on) or
    /// `-` (off) or followed by `=value` (`=0` off, `=1` on, `=2` the second alternate; `=on` and `=off` also read).
    /// Spaces around items are ignored; an empty list is no features.
    ///
    /// ```swift
    /// try FontFeatures(parsing: "tnum, -liga, aalt=2")   // three settings
    /// try FontFeatures(parsing: "tnum,,liga")            // throws FontFeatureError.emptyItem(position: 2)
    /// ```
    ///
    /// - Throws: ``FontFeatureError`` naming the first malformed item.
    public init(parsing list: String) throws(FontFeatureError) {
        let trimmed = Self.trimmingSpaces(Substring(list))
        guard !trimmed.isEmpty else {
            self.init()
            return
        }
        var settings: [FontFeature] = []
        for (index, rawItem) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            settings.append(try Self.parseItem(Self.trimmingSpaces(rawItem), position: index + 1))
        }
        self.init(settings)
    }

    /// Whether there are no settings.
    public var isEmpty: Bool { settings.isEmpty }

    /// The list in the form ``init(parsing:)`` reads: `tnum,-liga,aalt=2`.
    public var description: String { settings.map(\.description).joined(separator: ",") }

    /// Reads the list from its string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let list = try container.decode(String.self)
        do {
            try self.init(parsing: list)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Writes the list in its string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func parseItem(_ item: Substring, position: Int) throws(FontFeatureError) -> FontFeature {
        guard !item.isEmpty else { throw .emptyItem(position: position) }
        var tagText = item
        var value: UInt32 = 1
        if let sign = tagText.first, sign == "+" || sign == "-" {
            value = sign == "+" ? 1 : 0
            tagText = tagText.dropFirst()
        }
        if let equals = tagText.firstIndex(of: "=") {
            let valueText = trimmingSpaces(tagText[tagText.index(after: equals)...])
            tagText = trimmingSpaces(tagText[..<equals])
            guard item.first != "+", item.first != "-" else { throw .invalidValue(String(item)) }
            switch valueText {
            case "on": value = 1
            case "off": value = 0
            default:
                guard let number = UInt32(valueText) else { throw .invalidValue(String(item)) }
                value = number
            }
        }
        guard let code = FontFeature.tagCode(of: tagText) else { throw .invalidTag(String(tagText)) }
        return FontFeature(tagCode: code, value: value)
    }

    private static func trimmingSpaces(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

extension FontFeature {
    fileprivate init(tagCode: UInt32, value: UInt32) {
        self.tagCode = tagCode
        self.value = value
    }
}

/// Why a feature list could not be read.
public enum FontFeatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Item `position` (1-based) of the list is empty: two commas in a row, or a comma at an end.
    case emptyItem(position: Int)
    /// A tag is not four ASCII letters or digits.
    case invalidTag(String)
    /// An item's value is not a whole number ≥ 0, `on` or `off` (or follows a `+` or `-`).
    case invalidValue(String)

    /// A message for people, naming the offending item.
    public var description: String {
        switch self {
        case .emptyItem(let position): "feature list item \(position) is empty"
        case .invalidTag(let tag): "feature tag \"\(tag)\" is not four ASCII letters or digits"
        case .invalidValue(let item): "feature \"\(item)\" has a value that is not a whole number ≥ 0, on or off"
        }
    }
}

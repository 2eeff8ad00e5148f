/// A ruby annotation — furigana over kanji, pinyin over hanzi — set on its base text with the
/// ``LabelAttributes/RubyAttribute`` (`text.labelKit.ruby`), as CoreText's `CTRubyAnnotation` and CSS's `<ruby>` are.
///
/// The annotation is drawn in a smaller size of its base's style (``sizeFactor``) over the base (``Position/over``),
/// or under it; in vertical text, ``Position/over`` is on the right of the column and ``Position/under`` on its
/// left, as CSS's `ruby-position` maps them. A line grows to hold its ruby.
///
/// - **Group ruby**: one part over the whole base (`漢字` + `かんじ`). The base is never broken across lines.
/// - **Mono ruby**: one part per base character (`漢字` + `かん`, `じ`). Each part stands over its own character,
///   and a line may break between them.
///
/// A hit on the ruby answers its base; selection and copy are about the base (copy gives the base text, or
/// `漢字(かんじ)` when asked); the base's rects include its ruby; screen readers read the base and get the annotation
/// as the `ruby` text attribute.
///
/// ```swift
/// var text = AttributedString("漢字を読む")
/// let base = text.range(of: "漢字")!
/// text[base].labelKit.ruby = RubyAnnotation("かんじ")
/// text[text.range(of: "読")!].labelKit.ruby = RubyAnnotation("よ", position: .over)
/// ```
///
/// Adjacent runs with equal annotations merge into one base, as `AttributedString` merges equal runs: to put the same
/// ruby on two neighbouring bases, set it on each with a different ``alignment`` or write them as one mono ruby.
public struct RubyAnnotation: Sendable, Hashable, Codable {
    /// Which side of its base the annotation stands on.
    public enum Position: String, Sendable, Hashable, Codable, CaseIterable {
        /// Above the base in horizontal text; on its right in vertical text (the default, as in Japanese).
        case over
        /// Below the base in horizontal text; on its left in vertical text.
        case under
    }

    /// How an annotation and its base share the wider one's width (CSS's `ruby-align`).
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
        /// The narrower one centred on the wider (the default).
        case center
        /// Both start at the same edge: the line's start edge.
        case start
        /// The narrower one's characters spread with half a gap at each end and a whole gap between them, as CSS's
        /// `ruby-align: space-around` does (CoreText's `distributeSpace`).
        case spaceAround
    }

    /// Whether an annotation wider than its base may reach over the characters beside it.
    public enum Overhang: String, Sendable, Hashable, Codable, CaseIterable {
        /// Over a neighbouring kana, by up to one character of the annotation and never more than the base's own
        /// spacing leaves room for (the default, as JIS X 4051 and CSS's `ruby-overhang: auto`); never over a kanji,
        /// another ruby's base, or anything else.
        case auto
        /// Never: the base takes the annotation's whole width (CSS's `ruby-overhang: none`).
        case none
    }

    /// The annotation's text in parts: one part for group ruby, one per base character for mono ruby. A mono ruby with
    /// fewer parts than its base has characters puts its last part over the rest of the base.
    public var parts: [String]
    /// Which side of its base the annotation stands on.
    public var position: Position
    /// How the annotation and its base share the wider one's width.
    public var alignment: Alignment
    /// The annotation's font size as a fraction of its base's: a finite number > 0 (0.5 by default).
    public var sizeFactor: Double
    /// Whether an annotation wider than its base may reach over neighbouring kana (``Overhang/auto`` by default).
    public var overhang: Overhang = .auto

    /// Group ruby: `text` over the whole base.
    public init(
        _ text: String, position: Position = .over, alignment: Alignment = .center, sizeFactor: Double = 0.5,
        overhang: Overhang = .auto
    ) {
        self.init(parts: [text], position: position, alignment: alignment, sizeFactor: sizeFactor, overhang: overhang)
    }

    /// Mono ruby when `parts` has more than one part: each part over one base character, in order, the last over the
    /// rest of the base.
    public init(
        parts: [String], position: Position = .over, alignment: Alignment = .center, sizeFactor: Double = 0.5,
        overhang: Overhang = .auto
    ) {
        self.parts = parts
        self.position = position
        self.alignment = alignment
        self.sizeFactor = sizeFactor
        self.overhang = overhang
    }

    private enum CodingKeys: String, CodingKey {
        case parts, position, alignment, sizeFactor, overhang
    }

    /// Decodes an annotation; a missing ``overhang`` is ``Overhang/auto``, as annotations were written before it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parts = try container.decode([String].self, forKey: .parts)
        position = try container.decode(Position.self, forKey: .position)
        alignment = try container.decode(Alignment.self, forKey: .alignment)
        sizeFactor = try container.decode(Double.self, forKey: .sizeFactor)
        overhang = try container.decodeIfPresent(Overhang.self, forKey: .overhang) ?? .auto
    }

    /// The whole annotation: its parts joined.
    public var text: String { parts.joined() }

    /// Whether each part stands over a base character of its own (more than one part).
    public var isMono: Bool { parts.count > 1 }

    /// Why an annotation cannot be laid out over its base: see ``problem(baseCharacterCount:)``.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The annotation, or one of a mono ruby's parts, is empty.
        case emptyText
        /// A mono ruby has more parts than its base has characters.
        case morePartsThanBaseCharacters(parts: Int, baseCharacters: Int)
        /// The size factor is not a finite number > 0.
        case invalidSizeFactor(Double)
        /// The base is an attachment (U+FFFC), which has no text to annotate.
        case onAttachment

        /// A message for people.
        public var description: String {
            switch self {
            case .emptyText: "ruby text must not be empty"
            case .morePartsThanBaseCharacters(let parts, let characters):
                "mono ruby has \(parts) parts but its base has \(characters) characters"
            case .invalidSizeFactor(let factor): "ruby size factor must be a finite number > 0, not \(factor)"
            case .onAttachment: "ruby cannot annotate an attachment"
            }
        }
    }

    /// What keeps the annotation from being laid out over a base of `baseCharacterCount` characters (grapheme
    /// clusters), or nil when nothing does. The attachment check is the typesetter's: it knows the base's text.
    public func problem(baseCharacterCount: Int) -> Problem? {
        if parts.isEmpty || parts.contains(where: \.isEmpty) { return .emptyText }
        if parts.count > 1, parts.count > baseCharacterCount {
            return .morePartsThanBaseCharacters(parts: parts.count, baseCharacters: baseCharacterCount)
        }
        if !(sizeFactor.isFinite && sizeFactor > 0) { return .invalidSizeFactor(sizeFactor) }
        return nil
    }
}

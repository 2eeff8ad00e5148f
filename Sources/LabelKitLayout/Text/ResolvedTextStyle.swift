import LabelKitText

/// The style of one run of laid-out text: the base ``/LabelKitText/TextStyle`` with the run's attributes applied. A
/// layout stores each distinct style once; a run reads its own through ``GlyphRun/style``.
public struct ResolvedTextStyle: Sendable, Hashable {
    /// The font the run asks for.
    public var fontDescriptor: FontDescriptor
    /// The font size in points.
    public var fontSize: Double
    /// The language of the run's text (its ``/LabelKitText/LabelAttributes/LanguageAttribute``, else the label's
    /// ``/LabelKitText/TextStyle/language``), or nil for none: kept in the font descriptor, which the font system
    /// reads it from.
    public var language: LanguageTag? {
        get { fontDescriptor.language }
        set { fontDescriptor.language = newValue }
    }
    /// The colour of the glyphs.
    public var foregroundColor: LabelColor
    /// The colour behind the glyphs, if any.
    public var backgroundColor: LabelColor?
    /// The underline, if any.
    public var underline: LineDecoration?
    /// The strikethrough, if any.
    public var strikethrough: LineDecoration?
    /// Extra space after each grapheme cluster, in points (`NSKern`); it adds to ``tracking``.
    public var kern: Double
    /// The index of the run's link in ``TextLayout/links``, if the run is part of a link.
    public var linkIndex: Int?
    /// The attributes most text never sets, out of line: a plain style stays small in every layout that keeps it.
    private var rare: RareAttributes? = nil

    /// How far the run's glyphs, decorations and attachments are moved up from the line's baseline, in points
    /// (negative is down). ``GlyphRun/baseline`` is already moved by it.
    public var baselineOffset: Double {
        get { rare?.values.baselineOffset ?? 0 }
        set { update { $0.baselineOffset = newValue } }
    }
    /// Extra space after each grapheme cluster, in points; it adds to ``kern``. Cluster boxes include it.
    public var tracking: Double {
        get { rare?.values.tracking ?? 0 }
        set { update { $0.tracking = newValue } }
    }
    /// The OpenType feature settings the run was shaped with.
    public var fontFeatures: FontFeatures {
        get { rare?.values.fontFeatures ?? FontFeatures() }
        set { update { $0.fontFeatures = newValue } }
    }
    /// The shadow beneath the run's glyphs, if any.
    public var shadow: TextShadow? {
        get { rare?.values.shadow }
        set { update { $0.shadow = newValue } }
    }
    /// The outline around the run's glyphs, if any.
    public var stroke: TextStroke? {
        get { rare?.values.stroke }
        set { update { $0.stroke = newValue } }
    }
    /// The underline's colour; nil for ``foregroundColor``.
    public var underlineColor: LabelColor? {
        get { rare?.values.underlineColor }
        set { update { $0.underlineColor = newValue } }
    }
    /// The strikethrough's colour; nil for ``foregroundColor``.
    public var strikethroughColor: LabelColor? {
        get { rare?.values.strikethroughColor }
        set { update { $0.strikethroughColor = newValue } }
    }
    /// The attachment the run shows instead of glyphs, if it is an attachment's run (its text is one U+FFFC).
    public var attachment: TextAttachment? {
        get { rare?.values.attachment }
        set { update { $0.attachment = newValue } }
    }
    /// Whether the run is set across a vertical column (tate-chu-yoko); `.none` by default.
    public var combineUpright: CombineUpright {
        get { rare?.values.combineUpright ?? .none }
        set { update { $0.combineUpright = newValue } }
    }

    init(
        fontDescriptor: FontDescriptor, fontSize: Double, foregroundColor: LabelColor, backgroundColor: LabelColor?,
        underline: LineDecoration?, strikethrough: LineDecoration?, kern: Double, linkIndex: Int?
    ) {
        self.fontDescriptor = fontDescriptor
        self.fontSize = fontSize
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.strikethrough = strikethrough
        self.kern = kern
        self.linkIndex = linkIndex
    }

    /// The space added after each grapheme cluster: ``kern`` plus ``tracking``.
    var clusterSpacing: Double { kern + tracking }

    /// Changes the rare attributes; a style that ends up setting none of them stores none.
    private mutating func update(_ change: (inout RareValues) -> Void) {
        var values = rare?.values ?? RareValues()
        change(&values)
        rare = values == RareValues() ? nil : RareAttributes(values)
    }
}

/// The values behind ``ResolvedTextStyle``'s rarely set attributes.
private struct RareValues: Sendable, Hashable {
    var baselineOffset = 0.0
    var tracking = 0.0
    var fontFeatures = FontFeatures()
    var shadow: TextShadow? = nil
    var stroke: TextStroke? = nil
    var underlineColor: LabelColor? = nil
    var strikethroughColor: LabelColor? = nil
    var attachment: TextAttachment? = nil
    var combineUpright = CombineUpright.none
}

/// An immutable box of ``RareValues``, equal and hashed by its values.
private final class RareAttributes: Sendable, Hashable {
    let values: RareValues

    init(_ values: RareValues) {
        self.values = values
    }

    static func == (lhs: RareAttributes, rhs: RareAttributes) -> Bool { lhs === rhs || lhs.values == rhs.values }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}

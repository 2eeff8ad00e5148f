import Foundation

/// LabelKit's text attributes, used with `AttributedString` alongside Foundation's `.link`.
///
/// Every attribute is optional; what a run leaves out comes from the ``TextStyle`` the typesetter is given.
///
/// ```swift
/// var text = AttributedString("決済をしたと同時に利用規約に同意したとみなします")
/// if let range = text.range(of: "利用規約") {
///     text[range].link = URL(string: "https://example.com/terms")
///     text[range].labelKit.foregroundColor = .link
/// }
/// text.labelKit.fontSize = 17
/// ```
public enum LabelAttributes {
    /// The font family name ("DejaVu Sans").
    public enum FontFamilyAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = String
        /// The attribute's name.
        public static let name = "LabelKit.fontFamily"
    }
    /// The font size in points.
    public enum FontSizeAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The attribute's name.
        public static let name = "LabelKit.fontSize"
    }
    /// A text style whose size the run has (``DynamicTextStyle``), scaled by the label's ``TextStyle/textScale``. A
    /// run's own ``FontSizeAttribute`` wins over it.
    ///
    /// ```swift
    /// text[dateRange].labelKit.textStyle = .caption1
    /// ```
    public enum TextStyleAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = DynamicTextStyle
        /// The attribute's name.
        public static let name = "LabelKit.textStyle"
    }
    /// The largest size the run's text may have, in points (a finite number > 0): its size is capped after
    /// ``TextStyle/textScale`` scales it, at any scale, in place of ``TextStyle/maximumFontSize``.
    public enum MaximumFontSizeAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The attribute's name.
        public static let name = "LabelKit.maximumFontSize"
    }
    /// The font weight.
    public enum FontWeightAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Int
        /// The attribute's name.
        public static let name = "LabelKit.fontWeight"
    }
    /// Whether the text is italic.
    public enum ItalicAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Bool
        /// The attribute's name.
        public static let name = "LabelKit.italic"
    }
    /// The colour of the glyphs.
    public enum ForegroundColorAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LabelColor
        /// The attribute's name.
        public static let name = "LabelKit.foregroundColor"
    }
    /// The colour behind the glyphs.
    public enum BackgroundColorAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LabelColor
        /// The attribute's name.
        public static let name = "LabelKit.backgroundColor"
    }
    /// An underline.
    public enum UnderlineAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LineDecoration
        /// The attribute's name.
        public static let name = "LabelKit.underline"
    }
    /// A strikethrough.
    public enum StrikethroughAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LineDecoration
        /// The attribute's name.
        public static let name = "LabelKit.strikethrough"
    }
    /// Extra space after each grapheme cluster, in points (`NSKern`); optional ligatures are off where it is not 0.
    /// Kept for code written against `NSAttributedString`: it is the same spacing as ``TrackingAttribute``, and a run
    /// with both gets their sum.
    public enum KernAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The attribute's name.
        public static let name = "LabelKit.kern"
    }
    /// Moves the run's glyphs, decorations and attachments up from the baseline, in points (negative moves them
    /// down), as `NSBaselineOffset`. The line grows so that nothing overlaps the next one.
    public enum BaselineOffsetAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The attribute's name.
        public static let name = "LabelKit.baselineOffset"
    }
    /// Extra space after every grapheme cluster, in points (negative tightens), as UIKit's tracking and CSS
    /// `letter-spacing`; optional ligatures are off where it is not 0. Adds to ``KernAttribute``. Tightening stops
    /// at zero width: a character never overlaps the one before it, so each keeps its own box for taps and selection.
    public enum TrackingAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = Double
        /// The attribute's name.
        public static let name = "LabelKit.tracking"
    }
    /// OpenType feature settings ("tnum", "-liga", "ss01"), passed to the shaper.
    public enum FontFeaturesAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = FontFeatures
        /// The attribute's name.
        public static let name = "LabelKit.fontFeatures"
    }
    /// A shadow beneath the glyphs; no effect on the layout.
    public enum ShadowAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = TextShadow
        /// The attribute's name.
        public static let name = "LabelKit.shadow"
    }
    /// An outline around the glyphs; no effect on the layout.
    public enum StrokeAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = TextStroke
        /// The attribute's name.
        public static let name = "LabelKit.stroke"
    }
    /// The underline's colour; unset for the text's colour.
    public enum UnderlineColorAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LabelColor
        /// The attribute's name.
        public static let name = "LabelKit.underlineColor"
    }
    /// The strikethrough's colour; unset for the text's colour.
    public enum StrikethroughColorAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LabelColor
        /// The attribute's name.
        public static let name = "LabelKit.strikethroughColor"
    }
    /// An inline attachment, on a range whose text is one U+FFFC (see ``TextAttachment``). Every U+FFFC the
    /// attribute covers is laid out as the attachment; other characters it covers are laid out as text, as in
    /// `NSAttributedString`.
    public enum AttachmentAttribute: AttributedStringKey {
        /// The value type.
        public typealias Value = TextAttachment
        /// The attribute's name.
        public static let name = "LabelKit.attachment"
    }
    /// The kind of a link found by ``/LabelKitLinks/LinkDetector`` (set next to `.link`), so styles can differ per
    /// kind; a `.link` without it is ``LinkKind/explicit``, a link the app set.
    public enum LinkKindAttribute: AttributedStringKey {
        /// The value type.
        public typealias Value = LinkKind
        /// The attribute's name.
        public static let name = "LabelKit.linkKind"
    }
    /// The safety warnings ``/LabelKitLinks/LinkDetector`` raised for a link (set next to `.link`, on detected links
    /// and on the app's own), carried into the layout's ``/LabelKitLayout/LayoutLink/warnings`` so that a tap handler
    /// can warn before opening it.
    public enum LinkWarningsAttribute: AttributedStringKey {
        /// The value type.
        public typealias Value = LinkWarnings
        /// The attribute's name.
        public static let name = "LabelKit.linkWarnings"
    }
    /// The language of the run (a BCP 47 tag): it chooses the fallback face for characters the font lacks (Noto Sans
    /// CJK JP, SC, TC, HK or KR for Han) and the shaper's localized forms (`locl`). Unset, the run is in the
    /// ``TextStyle/language`` of the label; a change of language splits the text into runs of their own.
    ///
    /// ```swift
    /// var text = AttributedString("直 直")
    /// text.labelKit.language = try LanguageTag("ja")
    /// ```
    public enum LanguageAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = LanguageTag
        /// The attribute's name.
        public static let name = "LabelKit.language"
    }
    /// Sets a short run across a vertical column (tate-chu-yoko): the run, or each short run of digits in it, takes
    /// one cell of the column. Horizontal text ignores it.
    ///
    /// ```swift
    /// var date = AttributedString("2024年10月1日")
    /// date.labelKit.combineUpright = .digits(2)
    /// ```
    public enum CombineUprightAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = CombineUpright
        /// The attribute's name.
        public static let name = "LabelKit.combineUpright"
    }
    /// A ruby annotation (furigana) over or beside the run's text, its base (see ``RubyAnnotation``).
    ///
    /// ```swift
    /// text[text.range(of: "漢字")!].labelKit.ruby = RubyAnnotation("かんじ")
    /// ```
    public enum RubyAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = RubyAnnotation
        /// The attribute's name.
        public static let name = "LabelKit.ruby"
    }
    /// Paragraph attributes, read from a paragraph's first character.
    public enum ParagraphStyleAttribute: CodableAttributedStringKey {
        /// The value type.
        public typealias Value = ParagraphStyle
        /// The attribute's name.
        public static let name = "LabelKit.paragraphStyle"
    }
}

extension AttributeScopes {
    /// The attributes LabelKit reads: its own plus Foundation's (for `.link`).
    public struct LabelKitAttributes: AttributeScope {
        /// The font family name.
        public let fontFamily: LabelAttributes.FontFamilyAttribute
        /// The font size in points.
        public let fontSize: LabelAttributes.FontSizeAttribute
        /// A text style whose size the run has, scaled by the label's text scale.
        public let textStyle: LabelAttributes.TextStyleAttribute
        /// The largest size scaling may give the run, in points.
        public let maximumFontSize: LabelAttributes.MaximumFontSizeAttribute
        /// The font weight (CSS scale: 400 regular, 700 bold).
        public let fontWeight: LabelAttributes.FontWeightAttribute
        /// Whether the text is italic.
        public let italic: LabelAttributes.ItalicAttribute
        /// The colour of the glyphs.
        public let foregroundColor: LabelAttributes.ForegroundColorAttribute
        /// The colour behind the glyphs.
        public let backgroundColor: LabelAttributes.BackgroundColorAttribute
        /// An underline.
        public let underline: LabelAttributes.UnderlineAttribute
        /// A strikethrough.
        public let strikethrough: LabelAttributes.StrikethroughAttribute
        /// Extra space after each grapheme cluster, in points.
        public let kern: LabelAttributes.KernAttribute
        /// Moves the glyphs up from the baseline, in points.
        public let baselineOffset: LabelAttributes.BaselineOffsetAttribute
        /// Extra space after every grapheme cluster, in points.
        public let tracking: LabelAttributes.TrackingAttribute
        /// OpenType feature settings.
        public let fontFeatures: LabelAttributes.FontFeaturesAttribute
        /// A shadow beneath the glyphs.
        public let shadow: LabelAttributes.ShadowAttribute
        /// An outline around the glyphs.
        public let stroke: LabelAttributes.StrokeAttribute
        /// The underline's colour.
        public let underlineColor: LabelAttributes.UnderlineColorAttribute
        /// The strikethrough's colour.
        public let strikethroughColor: LabelAttributes.StrikethroughColorAttribute
        /// An inline attachment on a U+FFFC.
        public let attachment: LabelAttributes.AttachmentAttribute
        /// The language of the text (a BCP 47 tag).
        public let language: LabelAttributes.LanguageAttribute
        /// Tate-chu-yoko in vertical text.
        public let combineUpright: LabelAttributes.CombineUprightAttribute
        /// A ruby annotation over the run's text.
        public let ruby: LabelAttributes.RubyAttribute
        /// Paragraph attributes.
        public let paragraphStyle: LabelAttributes.ParagraphStyleAttribute
        /// The kind of a detected link.
        public let linkKind: LabelAttributes.LinkKindAttribute
        /// The safety warnings of a checked link.
        public let linkWarnings: LabelAttributes.LinkWarningsAttribute
        /// Foundation's attributes, among them `.link`.
        public let foundation: AttributeScopes.FoundationAttributes
    }

    /// LabelKit's attribute scope, for `text.labelKit.fontSize = 17` and `AttributedString(…, including: \.labelKit)`.
    public var labelKit: LabelKitAttributes.Type { LabelKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Gives `AttributedString` and its slices direct access to LabelKit's attributes.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.LabelKitAttributes, T>
    ) -> T {
        self[T.self]
    }
}

import Foundation

/// The inline style an open element gives the text inside it, inherited by the elements inside it (as CSS inherits
/// these properties; `text-decoration` and `background-color` are not inherited in CSS but reach the text of every
/// descendant all the same, which in a flat string is the same thing).
struct HTMLInlineStyle: Hashable, Sendable {
    /// The computed font size in points (the label's size at the root).
    var fontSize: Double
    var fontFamily: String?
    /// nil until an element sets a weight: the label's own weight then applies.
    var fontWeight: Int?
    /// nil until an element sets italic or normal.
    var italic: Bool?
    var foregroundColor: LabelColor?
    var backgroundColor: LabelColor?
    var underline: LineDecoration?
    var underlineColor: LabelColor?
    var strikethrough: LineDecoration?
    var strikethroughColor: LabelColor?
    /// Points up from the baseline (`sup` adds, `sub` takes away).
    var baselineOffset = 0.0
    var link: URL?
    /// CSS's `line-height` as inherited: each run's line height counts for its paragraph.
    var lineHeight: CSSLineHeight?

    /// The run's LabelKit attributes: only those an element set (the font size only where it differs from the
    /// label's, `baseFontSize`), so that unstyled text carries none.
    func attributes(baseFontSize: Double) -> AttributeContainer {
        var attributes = AttributeContainer()
        if fontSize != baseFontSize { attributes[LabelAttributes.FontSizeAttribute.self] = fontSize }
        if let fontFamily { attributes[LabelAttributes.FontFamilyAttribute.self] = fontFamily }
        if let fontWeight { attributes[LabelAttributes.FontWeightAttribute.self] = fontWeight }
        if let italic { attributes[LabelAttributes.ItalicAttribute.self] = italic }
        if let foregroundColor { attributes[LabelAttributes.ForegroundColorAttribute.self] = foregroundColor }
        if let backgroundColor { attributes[LabelAttributes.BackgroundColorAttribute.self] = backgroundColor }
        if let underline { attributes[LabelAttributes.UnderlineAttribute.self] = underline }
        if let underlineColor { attributes[LabelAttributes.UnderlineColorAttribute.self] = underlineColor }
        if let strikethrough { attributes[LabelAttributes.StrikethroughAttribute.self] = strikethrough }
        if let strikethroughColor { attributes[LabelAttributes.StrikethroughColorAttribute.self] = strikethroughColor }
        if baselineOffset != 0 { attributes[LabelAttributes.BaselineOffsetAttribute.self] = baselineOffset }
        if let link { attributes[AttributeScopes.FoundationAttributes.LinkAttribute.self] = link }
        return attributes
    }
}

/// Everything an open element gives the content inside it: its inline style, and what a paragraph that starts inside
/// it is (its lists, its line height, the list item it belongs to).
struct HTMLContext: Sendable {
    var style: HTMLInlineStyle
    /// The lists a paragraph that starts here is an item of, outermost first (set by `li`).
    var paragraphLists: [TextList] = []
    /// The lists an `li` here is an item of: those of the enclosing item, and the `ul` or `ol` around it.
    var itemLists: [TextList] = []
    /// The line height of the innermost block, in points (CSS's strut): the least height of its lines.
    var strut: Double?
    /// Tells apart the `li` elements: paragraphs of one item are joined by line breaks, so it keeps one marker.
    var itemID: Int?
    /// Inside `pre`: white space is kept and line feeds break lines.
    var preformatted = false
}

/// What the reader does with an element.
enum HTMLElementKind: Sendable {
    case bold, italic, underline, strikethrough, link, sup, sub, code, span
    case paragraph, division, preformatted, unorderedList, orderedList, listItem
    /// `ruby`, `rb`, `rt` and `rtc` (read as `rt`), `rp`: ruby annotations (HTMLReader+Ruby.swift).
    case ruby, rubyBase, rubyText, rubyParenthesis
    /// `br`, `img`: no content, never open.
    case lineBreak, image
    /// `html`, `head`, `body`: open, with no effect and no warning.
    case document
    /// `meta`, `link`: void, with no effect and no warning.
    case metadata
    /// A tag the reader does not know: its text is kept, with a warning.
    case unknown
    /// A void tag the reader does not know (`hr`, `input`): left out, with a warning.
    case unknownVoid
    /// An element nested deeper than ``HTMLReader/maximumDepth``: open (so that its end tag matches) but read as
    /// its parent.
    case inert

    init(name: String) {
        switch name {
        case "b", "strong": self = .bold
        case "i", "em": self = .italic
        case "u": self = .underline
        case "s", "del": self = .strikethrough
        case "a": self = .link
        case "sup": self = .sup
        case "sub": self = .sub
        case "code": self = .code
        case "span": self = .span
        case "p": self = .paragraph
        case "div": self = .division
        case "pre": self = .preformatted
        case "ul": self = .unorderedList
        case "ol": self = .orderedList
        case "li": self = .listItem
        case "ruby": self = .ruby
        case "rb": self = .rubyBase
        case "rt", "rtc": self = .rubyText
        case "rp": self = .rubyParenthesis
        case "br": self = .lineBreak
        case "img": self = .image
        case "html", "head", "body": self = .document
        case "meta", "link": self = .metadata
        case "hr", "input", "wbr", "area", "base", "col", "embed", "source", "track", "param", "keygen":
            self = .unknownVoid
        default: self = .unknown
        }
    }

    /// Whether the element starts and ends paragraphs.
    var isBlock: Bool {
        switch self {
        case .paragraph, .division, .preformatted, .unorderedList, .orderedList, .listItem: true
        default: false
        }
    }

    /// Whether the element is one of ruby's, which change neither the style nor the paragraphs.
    var isRuby: Bool {
        switch self {
        case .ruby, .rubyBase, .rubyText, .rubyParenthesis: true
        default: false
        }
    }

    /// Whether the element is never open (it has no content and no end tag).
    var isVoid: Bool {
        switch self {
        case .lineBreak, .image, .metadata, .unknownVoid: true
        default: false
        }
    }
}

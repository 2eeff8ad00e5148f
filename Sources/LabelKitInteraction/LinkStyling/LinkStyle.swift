import Foundation
import LabelKitLayout
import LabelKitText

/// How a label's links look: a ``Look`` for each state a link is drawn in — at rest, pressed, disabled — and rules
/// that give some links another look, by kind, by target or one link alone.
///
/// The style is applied when drawing, as ``LinkOverlay``s: the stored text never changes, and showing a link pressed
/// needs no new layout. By default a link is blue (``/LabelKitText/LabelColor/link``) and underlined, has the
/// translucent grey highlight of ``standardPressedHighlight`` behind it while pressed, and is grey
/// (``standardDisabledForeground``) when disabled.
///
/// The look of a link in a state is the most specific look set for it, from general to specific: the style's own
/// (``normal``, ``pressed``, ``disabled``), then a rule for the link's ``/LabelKitText/LinkKind``, then one for its
/// target, then one for the link itself (``Selector``). A rule gives a whole look — what it leaves nil is not drawn —
/// so a rule can take the underline away as well as change the colour. The pressed and disabled looks are drawn over
/// the normal one: what they leave nil, the normal look still draws.
///
/// ```swift
/// var style = LinkStyle()                                   // blue, underlined; grey highlight when pressed
/// style.pressed.highlightColor = LabelColor(hex: 0xFFCC00, alpha: 0.4)
/// style.setLook(LinkStyle.Look(foregroundColor: .link), for: .kind(.hashtag))   // hashtags: blue, no underline
/// if let terms = URL(string: "https://example.com/terms") {
///     style.setLook(LinkStyle.Look(foregroundColor: .black, underline: .double), for: .target(terms))
/// }
/// var renderer = LabelRenderer(scale: 2)                    // LabelKitCairo
/// renderer.linkStyle = style
/// renderer.pressedLink = interaction.pressedLink?.index
/// let image = try renderer.render(layout)
/// ```
public struct LinkStyle: Sendable, Hashable {
    /// The look of every link at rest, unless a rule gives it another.
    ///
    /// By default the link blue, ``/LabelKitText/LabelColor/link``, with a single underline.
    ///
    /// ```swift
    /// var style = LinkStyle()
    /// style.normal.underline = nil   // coloured links, not underlined
    /// ```
    public var normal: Look
    /// The look of every link under a finger, drawn over its normal look, unless a rule gives it another.
    ///
    /// By default the translucent grey highlight ``standardPressedHighlight``, with corners of
    /// ``standardHighlightCornerRadius``; the link keeps its normal colour and underline.
    ///
    /// ```swift
    /// var style = LinkStyle()
    /// style.pressed.highlightPadding = EdgeInsets(top: 1, left: 3, bottom: 1, right: 3)
    /// ```
    public var pressed: Look
    /// The look of every disabled link, drawn over its normal look, unless a rule gives it another.
    ///
    /// By default grey text, ``standardDisabledForeground``; its underline, if the normal look has one, is grey too.
    ///
    /// ```swift
    /// var style = LinkStyle()
    /// style.disabled = LinkStyle.Look(foregroundColor: LabelColor(hex: 0xC7C7CC))
    /// ```
    public var disabled: Look
    /// The looks rules give, by the links they select and the state.
    private var rules: [RuleKey: Look]

    /// Creates a style with these looks and no rules; by default a blue underlined link, a grey highlight behind it
    /// when pressed and grey text when disabled.
    ///
    /// Rules are added afterwards with ``setLook(_:for:in:)``.
    ///
    /// ```swift
    /// // Links drawn as the text has them at rest, with a padded, rounded highlight when pressed.
    /// let style = LinkStyle(
    ///     normal: LinkStyle.Look(),
    ///     pressed: LinkStyle.Look(
    ///         highlightColor: LabelColor(hex: 0x1D9BF0, alpha: 0.22), highlightCornerRadius: 6,
    ///         highlightPadding: EdgeInsets(top: 2, left: 3, bottom: 2, right: 3)))
    /// ```
    public init(
        normal: Look = Look(foregroundColor: .link, underline: .single),
        pressed: Look = Look(highlightColor: LinkStyle.standardPressedHighlight),
        disabled: Look = Look(foregroundColor: LinkStyle.standardDisabledForeground)
    ) {
        self.normal = normal
        self.pressed = pressed
        self.disabled = disabled
        rules = [:]
    }

    /// Gives the links `links` selects the look `look` in `state`, in place of any look set before for the same
    /// links and state; a nil look removes that rule.
    ///
    /// A pressed or disabled look is drawn over the link's normal look, so a rule for one of those states changes
    /// only what it sets.
    ///
    /// ```swift
    /// var style = LinkStyle()
    /// style.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.phone))
    /// style.setLook(LinkStyle.Look(highlightColor: LabelColor(hex: 0xFFCC00, alpha: 0.4)), for: .link(0), in: .pressed)
    /// ```
    public mutating func setLook(_ look: Look?, for links: Selector, in state: LinkState = .normal) {
        rules[RuleKey(links: links, state: state)] = look
    }

    /// The look a rule gives the links `links` selects in `state`, or nil when no rule was set for them.
    ///
    /// This reads the rule as it was set; ``resolvedLook(ofLink:in:state:)`` says what a given link is drawn with.
    ///
    /// ```swift
    /// style.look(for: .kind(.phone))   // LinkStyle.Look(foregroundColor: .black)
    /// ```
    public func look(for links: Selector, in state: LinkState = .normal) -> Look? {
        rules[RuleKey(links: links, state: state)]
    }

    /// The look link `index` of `layout` is drawn with in `state`: the most specific look for that state (the
    /// style's own, then a rule for its kind, its target, the link itself), drawn over the link's normal look for the
    /// pressed and disabled states.
    ///
    /// ```swift
    /// let look = style.resolvedLook(ofLink: 0, in: layout, state: .pressed)
    /// look.highlightColor   // LinkStyle.standardPressedHighlight
    /// look.foregroundColor  // .link, from the normal look
    /// ```
    public func resolvedLook(ofLink index: Int, in layout: TextLayout, state: LinkState) -> Look {
        let link = layout.links.indices.contains(index) ? layout.links[index] : nil
        let normalLook = mostSpecificLook(in: .normal, link: link, index: index)
        guard state != .normal else { return normalLook }
        return mostSpecificLook(in: state, link: link, index: index).drawn(over: normalLook)
    }

    /// One overlay per visible link of `layout`, in link order: its state (disabled wins over pressed), its resolved
    /// look and its rectangles.
    ///
    /// Links hidden by truncation have no rectangles and get no overlay; a link of the truncation token gets one.
    ///
    /// ```swift
    /// let overlays = LinkStyle().overlays(for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])
    /// for overlay in overlays { draw(overlay.look, over: overlay.rects) }   // a front end of its own
    /// ```
    public func overlays(for layout: TextLayout, pressedLink: Int?, disabledLinks: Set<Int>) -> [LinkOverlay] {
        layout.links.indices.compactMap { index in
            let rects = layout.rects(forLink: index)
            guard !rects.isEmpty else { return nil }
            let state: LinkState =
                disabledLinks.contains(index) ? .disabled : (pressedLink == index ? .pressed : .normal)
            let link = layout.links[index]
            return LinkOverlay(
                linkIndex: index, range: link.range, isInTruncationToken: link.isInTruncationToken, state: state,
                look: resolvedLook(ofLink: index, in: layout, state: state), rects: rects
            )
        }
    }

    /// The translucent grey TTTAttributedLabel and UIKit draw behind a pressed link: the default pressed look's
    /// highlight.
    ///
    /// In light, black at 15 %: it darkens any background a little and leaves the text readable. In dark, white at
    /// 20 %, which lightens a dark background as much; high contrast doubles the strength (30 % and 40 %).
    ///
    /// ```swift
    /// LinkStyle().pressed.highlightColor == LinkStyle.standardPressedHighlight   // true
    /// ```
    public static let standardPressedHighlight = LabelColor(
        light: RGBAColor(hex: 0x000000, alpha: 0.15), dark: RGBAColor(hex: 0xFFFFFF, alpha: 0.2),
        lightHighContrast: RGBAColor(hex: 0x000000, alpha: 0.3), darkHighContrast: RGBAColor(hex: 0xFFFFFF, alpha: 0.4))
    /// The grey of a disabled link: the default disabled look's text colour.
    ///
    /// UIKit's secondary grey, #8E8E93, in light; #6E6E76 in dark; #5C5C66 and #AEAEB8 in high contrast (the
    /// ``/LabelKitText/SystemColor/placeholder`` values).
    ///
    /// ```swift
    /// LinkStyle().disabled.foregroundColor == LinkStyle.standardDisabledForeground   // true
    /// ```
    public static let standardDisabledForeground = LabelColor.placeholder
    /// The corner radius of a highlight whose look sets none, in points.
    ///
    /// A look sets 0 for square corners.
    ///
    /// ```swift
    /// LinkStyle.Look(highlightColor: .black).highlightCornerRadius   // nil: drawn with this radius
    /// ```
    public static let standardHighlightCornerRadius = 3.0

    /// The look for `state` of link `index`: a rule for the link itself, for its target or for its kind, in that
    /// order, or the style's own.
    private func mostSpecificLook(in state: LinkState, link: LayoutLink?, index: Int) -> Look {
        if let look = rules[RuleKey(links: .link(index), state: state)] { return look }
        if let link {
            if let look = rules[RuleKey(links: .target(link.target), state: state)] { return look }
            if let look = rules[RuleKey(links: .kind(link.kind), state: state)] { return look }
        }
        switch state {
        case .normal: return normal
        case .pressed: return pressed
        case .disabled: return disabled
        }
    }
}

extension LinkStyle {
    /// Which links a rule of a ``LinkStyle`` gives its look: those of a kind, those to a target, or one link.
    ///
    /// From general to specific: a kind, a target, a link; a more specific rule wins over a more general one for the
    /// same state.
    ///
    /// ```swift
    /// style.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.phone))
    /// if let terms = URL(string: "https://example.com/terms") {
    ///     style.setLook(LinkStyle.Look(foregroundColor: .black, underline: .double), for: .target(terms))
    /// }
    /// style.setLook(LinkStyle.Look(), for: .link(2))   // link 2 drawn as its text has it
    /// ```
    public enum Selector: Sendable, Hashable {
        /// The links of a kind, as ``/LabelKitLinks/LinkDetector`` found them (``/LabelKitText/LinkKind/explicit``
        /// for the app's own links).
        ///
        /// ```swift
        /// LinkStyle.Selector.kind(.mention)
        /// ```
        case kind(LinkKind)
        /// The links to a target.
        ///
        /// ```swift
        /// let terms = URL(string: "https://example.com/terms").map(LinkStyle.Selector.target)
        /// ```
        case target(URL)
        /// One link, by its index in ``/LabelKitLayout/TextLayout/links``.
        ///
        /// ```swift
        /// LinkStyle.Selector.link(0)   // the first link of the text
        /// ```
        case link(Int)
    }

    /// What a rule is set for: some links in one state.
    private struct RuleKey: Sendable, Hashable {
        var links: Selector
        var state: LinkState
    }
}

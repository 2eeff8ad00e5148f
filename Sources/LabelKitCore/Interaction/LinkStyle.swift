import Foundation

/// How a link looks: per kind when links are detected (as text attributes), and per state when drawn (as an overlay).
/// A nil property leaves the text's own attribute as it is.
///
/// ```swift
/// let pressed = LinkStyle(foregroundColor: .link, underline: .single, highlightColor: LabelColor(hex: 0x0B5FCC, alpha: 0.2))
/// ```
public struct LinkStyle: Sendable, Hashable {
    /// The text colour, drawn over the link's range.
    public var foregroundColor: LabelColor?
    /// The colour behind the link's glyphs, stored as a text attribute by link detection.
    public var backgroundColor: LabelColor?
    /// The underline.
    public var underline: LineDecoration?
    /// A colour filled behind the link's rectangles when drawing (the pressed highlight).
    public var highlightColor: LabelColor?

    /// Creates a style.
    public init(
        foregroundColor: LabelColor? = nil, backgroundColor: LabelColor? = nil, underline: LineDecoration? = nil,
        highlightColor: LabelColor? = nil
    ) {
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.highlightColor = highlightColor
    }

    /// This style with every property `other` sets taking its place.
    public func overridden(by other: LinkStyle) -> LinkStyle {
        LinkStyle(
            foregroundColor: other.foregroundColor ?? foregroundColor,
            backgroundColor: other.backgroundColor ?? backgroundColor,
            underline: other.underline ?? underline,
            highlightColor: other.highlightColor ?? highlightColor
        )
    }

    /// The translucent grey TTTAttributedLabel and UIKit draw behind a pressed link.
    public static let standardPressedHighlight = LabelColor(red: 0, green: 0, blue: 0, alpha: 0.15)
    /// The grey of a disabled link.
    public static let standardDisabledForeground = LabelColor(hex: 0x8E8E93)
}

/// The state a link is drawn in.
public enum LinkState: String, Sendable, Hashable, CaseIterable {
    /// At rest.
    case normal
    /// Under a finger.
    case pressed
    /// Not tappable.
    case disabled
}

/// A link's look in each state.
///
/// ```swift
/// var terms = LinkStateStyles()
/// terms.pressed.highlightColor = LabelColor(hex: 0xFFCC00, alpha: 0.4)
/// ```
public struct LinkStateStyles: Sendable, Hashable {
    /// At rest.
    public var normal: LinkStyle
    /// Pressed; drawn over ``normal``.
    public var pressed: LinkStyle
    /// Disabled; drawn over ``normal``.
    public var disabled: LinkStyle

    /// Creates styles; by default a blue underlined link, a grey highlight when pressed and grey text when disabled.
    public init(
        normal: LinkStyle = LinkStyle(foregroundColor: .link, underline: .single),
        pressed: LinkStyle = LinkStyle(highlightColor: LinkStyle.standardPressedHighlight),
        disabled: LinkStyle = LinkStyle(foregroundColor: LinkStyle.standardDisabledForeground)
    ) {
        self.normal = normal
        self.pressed = pressed
        self.disabled = disabled
    }

    /// Styles that set nothing: for overrides that change one state only.
    public static let unset = LinkStateStyles(normal: LinkStyle(), pressed: LinkStyle(), disabled: LinkStyle())

    /// The style of `state`: the normal style with the state's own settings on top.
    public func style(for state: LinkState) -> LinkStyle {
        switch state {
        case .normal: normal
        case .pressed: normal.overridden(by: pressed)
        case .disabled: normal.overridden(by: disabled)
        }
    }

    /// These styles with every property `other` sets, state by state, taking its place.
    public func overridden(by other: LinkStateStyles) -> LinkStateStyles {
        LinkStateStyles(
            normal: normal.overridden(by: other.normal),
            pressed: pressed.overridden(by: other.pressed),
            disabled: disabled.overridden(by: other.disabled)
        )
    }
}

/// The link styles of a label: defaults for every link, overridden per kind, per target and per link.
///
/// Resolution goes from general to specific: the defaults, then the styles for the link's kind (URL, phone number,
/// mention … as ``LinkDetector`` found it), then those for its target, then those for its index.
///
/// The styles are applied when drawing, as ``LinkOverlay``s: the stored text never changes, and showing a link
/// pressed needs no new layout.
///
/// ```swift
/// var styles = LinkStyleSheet()
/// if let terms = URL(string: "https://example.com/terms") {
///     styles.byTarget[terms] = LinkStateStyles.unset.with(normal: LinkStyle(foregroundColor: .black))
/// }
/// let overlays = styles.overlays(for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: [])
/// renderer.draw(layout, overlays: overlays)
/// ```
public struct LinkStyleSheet: Sendable, Hashable {
    /// The styles of every link.
    public var defaults: LinkStateStyles
    /// Styles for detected links of a kind, over the defaults.
    public var byKind: [LinkKind: LinkStateStyles]
    /// Styles for links to a target, over the defaults and kinds.
    public var byTarget: [URL: LinkStateStyles]
    /// Styles for one link, by its index in ``TextLayout/links``, over everything else.
    public var byLinkIndex: [Int: LinkStateStyles]

    /// Creates a style sheet.
    public init(
        defaults: LinkStateStyles = LinkStateStyles(), byKind: [LinkKind: LinkStateStyles] = [:],
        byTarget: [URL: LinkStateStyles] = [:], byLinkIndex: [Int: LinkStateStyles] = [:]
    ) {
        self.defaults = defaults
        self.byKind = byKind
        self.byTarget = byTarget
        self.byLinkIndex = byLinkIndex
    }

    /// The resolved styles of link `index` of `layout`.
    public func styles(forLink index: Int, in layout: TextLayout) -> LinkStateStyles {
        var styles = defaults
        if layout.links.indices.contains(index), let kind = layout.links[index].kind, let forKind = byKind[kind] {
            styles = styles.overridden(by: forKind)
        }
        if layout.links.indices.contains(index), let forTarget = byTarget[layout.links[index].target] {
            styles = styles.overridden(by: forTarget)
        }
        if let forLink = byLinkIndex[index] { styles = styles.overridden(by: forLink) }
        return styles
    }

    /// One overlay per visible link of `layout`, in link order: its state (disabled wins over pressed), its
    /// resolved style and its rectangles. Links hidden by truncation have no rectangles and get no overlay.
    public func overlays(for layout: TextLayout, pressedLink: Int?, disabledLinks: Set<Int>) -> [LinkOverlay] {
        layout.links.indices.compactMap { index in
            let rects = layout.rects(forLink: index)
            guard !rects.isEmpty else { return nil }
            let state: LinkState =
                disabledLinks.contains(index) ? .disabled : (pressedLink == index ? .pressed : .normal)
            let link = layout.links[index]
            return LinkOverlay(
                linkIndex: index, range: link.range, isInTruncationToken: link.isInTruncationToken, state: state,
                style: styles(forLink: index, in: layout).style(for: state), rects: rects
            )
        }
    }
}

extension LinkStateStyles {
    /// These styles with `normal` replaced.
    public func with(normal: LinkStyle) -> LinkStateStyles {
        var copy = self
        copy.normal = normal
        return copy
    }
}

/// What a renderer draws over a laid-out link: colour and underline overrides for its range and a highlight
/// behind its rectangles.
///
/// ```swift
/// for overlay in overlays {
///     if let highlight = overlay.style.highlightColor { fill(overlay.rects, highlight) }
///     drawText(layout, foregroundOverride: overlay.style.foregroundColor, in: overlay.range)
/// }
/// ```
public struct LinkOverlay: Sendable, Hashable {
    /// The index of the link in ``TextLayout/links``.
    public let linkIndex: Int
    /// The link's UTF-16 range (in the truncation token when ``isInTruncationToken``).
    public let range: Range<Int>
    /// Whether the range is in the truncation token.
    public let isInTruncationToken: Bool
    /// The state the link is drawn in.
    public let state: LinkState
    /// The resolved style for that state.
    public let style: LinkStyle
    /// The link's rectangles, one per line fragment, in the label's coordinates.
    public let rects: [CGRect]
}

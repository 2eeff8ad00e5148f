import Foundation
import LabelKitLayout
import LabelKitText

/// The link styles of a label: defaults for every link, overridden per kind, per target and per link.
///
/// Resolution goes from general to specific: the defaults, then the styles for the link's kind (URL, phone number,
/// mention … as ``/LabelKitLinks/LinkDetector`` found it), then those for its target, then those for its index.
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
/// var renderer = LabelRenderer(scale: 2)       // LabelKitCairo
/// renderer.addLinkOverlays(overlays)
/// let image = try renderer.render(layout)
/// ```
public struct LinkStyleSheet: Sendable, Hashable {
    /// The styles of every link.
    public var defaults: LinkStateStyles
    /// Styles for detected links of a kind, over the defaults.
    public var byKind: [LinkKind: LinkStateStyles]
    /// Styles for links to a target, over the defaults and kinds.
    public var byTarget: [URL: LinkStateStyles]
    /// Styles for one link, by its index in ``/LabelKitLayout/TextLayout/links``, over everything else.
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
        if layout.links.indices.contains(index), let forKind = byKind[layout.links[index].kind] {
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

import Foundation
import LabelKit
import LabelKitCairo

/// A layout drawn with ``LabelRenderer`` into a texture, drawn again only when what it shows changes: the layout,
/// the link style, the pressed or disabled links, the selection, the scale, the background or the appearance. A new
/// appearance draws the same layout again: nothing is laid out.
package struct LabelTexture {
    private struct Key: Equatable {
        var layout: ObjectIdentifier
        var linkStyle: LinkStyle
        var pressedLink: Int?
        var disabledLinks: Set<Int>
        var selection: Range<Int>?
        var scale: Double
        var background: LabelColor
        var appearance: Appearance
    }

    private var texture: Texture?
    private var key: Key?
    /// How many times the layout was rendered: a test hook showing that nothing is drawn again needlessly.
    private(set) var renderCount = 0

    /// The texture of `layout` with its links drawn in `linkStyle` (the pressed link highlighted, the disabled ones
    /// greyed), the selection behind the text, on `background`; on an opaque background it is cut to its ink
    /// (``Window/makeTexture(_:croppingAround:)``): draw it after ``Window/fill(_:_:around:at:)``.
    mutating func texture(
        for layout: TextLayout, pressedLink: Int?, disabledLinks: Set<Int>, linkStyle: LinkStyle,
        background: LabelColor, window: Window, selection: Range<Int>? = nil
    ) throws -> Texture {
        let scale = window.scale
        let wanted = Key(
            layout: ObjectIdentifier(layout), linkStyle: linkStyle, pressedLink: pressedLink,
            disabledLinks: disabledLinks, selection: selection, scale: scale, background: background,
            appearance: window.appearance)
        if let texture, key == wanted { return texture }
        let renderer = Self.renderer(
            for: layout, pressedLink: pressedLink, disabledLinks: disabledLinks, linkStyle: linkStyle,
            background: background, scale: scale, selection: selection, appearance: window.appearance)
        let made = try window.makeTexture(try renderer.render(layout), croppingAround: background)
        renderCount += 1
        texture = made
        key = wanted
        return made
    }

    /// The renderer a view draws `layout` with: its links in `linkStyle`, the selection behind the text, on
    /// `background`, in `appearance`. A test hook too: what a view draws, without a window.
    package static func renderer(
        for layout: TextLayout, pressedLink: Int?, disabledLinks: Set<Int>, linkStyle: LinkStyle,
        background: LabelColor, scale: Double, selection: Range<Int>? = nil, appearance: Appearance = .light
    ) -> LabelRenderer {
        var renderer = LabelRenderer(scale: scale, backgroundColor: background, appearance: appearance)
        renderer.selectedRange = selection
        renderer.linkStyle = linkStyle
        renderer.pressedLink = pressedLink
        renderer.disabledLinks = disabledLinks
        return renderer
    }

    /// Forgets the texture.
    mutating func invalidate() {
        texture = nil
        key = nil
    }
}

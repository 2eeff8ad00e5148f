import Foundation
import LabelKit
import LabelKitCairo

/// The colours of popups, in every appearance (the light values are those popups always had). The menu is dark in
/// every appearance, a little lighter than a dark window.
enum PopupPalette {
    static let menuBackground = LabelColor(
        hex: 0x2B2B2E, dark: 0x3A3A3F, lightHighContrast: 0x000000, darkHighContrast: 0x333338)
    static let menuText = LabelColor.white
    static let menuSeparator = LabelColor(
        hex: 0x5A5A60, dark: 0x6A6A70, lightHighContrast: 0x8E8E93, darkHighContrast: 0xAEAEB8)
    static let cardBackground = LabelColor(
        hex: 0xFFFDF5, dark: 0x2A2A2D, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)
    /// The card's border, its connector and the link's target: the link colour.
    static let cardBorder = LabelColor.link
    static let cardDetail = LabelColor(
        hex: 0x6B6B70, dark: 0xAEAEB8, lightHighContrast: 0x3A3A42, darkHighContrast: 0xD6D6DE)
    static let cardShadow = LabelColor(
        light: RGBAColor(hex: 0x000000, alpha: 0.18), dark: RGBAColor(hex: 0x000000, alpha: 0.5),
        lightHighContrast: RGBAColor(hex: 0x000000, alpha: 0.3), darkHighContrast: RGBAColor(hex: 0x000000, alpha: 0.6))
    static let linkMark = LabelColor(
        light: RGBAColor(hex: 0x0B5FCC, alpha: 0.18), dark: RGBAColor(hex: 0x6CB0FF, alpha: 0.22),
        lightHighContrast: RGBAColor(hex: 0x0046A6, alpha: 0.3),
        darkHighContrast: RGBAColor(hex: 0xA8D1FF, alpha: 0.35))
}

/// A horizontal menu bar of ``CopyMenu`` items drawn above (or below, when there is no room) an anchor rectangle.
@MainActor
final class MenuPopup {
    let menu: CopyMenu
    /// The items and their frames, in window coordinates.
    let items: [MenuItemFrame]
    /// The whole bar.
    let frame: CGRect
    private let titleLayouts: [TextLayout]
    /// The titles rendered at `textureKey`'s scale and in its appearance, made at the first draw and reused until the
    /// popup closes or the appearance changes.
    private var titleTextures: [Texture] = []
    private var textureKey: PopupTextureKey?

    static let padding = (horizontal: 12.0, vertical: 7.0)
    static let gap = 8.0

    init(menu: CopyMenu, anchor: CGRect, bounds: CGRect, typesetter: LabelTypesetter) {
        self.menu = menu
        let style = TextStyle(
            fontSize: 14, foregroundColor: PopupPalette.menuText, textScale: typesetter.style.textScale)
        var measuring = typesetter
        measuring.style = style
        let layouts = menu.items.compactMap { try? measuring.layout(Self.title(of: $0)) }
        titleLayouts = layouts
        let itemSizes = layouts.map {
            CGSize(
                width: Double($0.bounds.width) + 2 * Self.padding.horizontal,
                height: Double($0.bounds.height) + 2 * Self.padding.vertical
            )
        }
        let width = itemSizes.reduce(0) { $0 + Double($1.width) }
        let height = itemSizes.map { Double($0.height) }.max() ?? 0
        var x = Double(anchor.midX) - width / 2
        x = min(max(x, Double(bounds.minX) + 4), Double(bounds.maxX) - width - 4)
        var y = Double(anchor.minY) - Self.gap - height
        if y < Double(bounds.minY) + 4 { y = Double(anchor.maxY) + Self.gap }
        frame = CGRect(x: x, y: y, width: width, height: height)
        var frames: [MenuItemFrame] = []
        var itemX = x
        for (item, size) in zip(menu.items, itemSizes) {
            frames.append(
                MenuItemFrame(
                    item: item, title: Self.title(of: item),
                    frame: CGRect(x: itemX, y: y, width: Double(size.width), height: height)
                ))
            itemX += Double(size.width)
        }
        items = frames
    }

    static func title(of item: CopyMenu.Item) -> String {
        switch item {
        case .copy: "Copy"
        case .selectAll: "Select All"
        case .copyLink: "Copy Link"
        case .openLink: "Open Link"
        }
    }

    func item(at point: CGPoint) -> CopyMenu.Item? {
        items.first { $0.frame.contains(point) }?.item
    }

    func draw(in window: Window) throws {
        window.fill(frame.offsetBy(dx: 2, dy: 3), PopupPalette.cardShadow)
        window.fill(frame, PopupPalette.menuBackground)
        let key = PopupTextureKey(window)
        if textureKey != key {
            var renderer = LabelRenderer(
                scale: window.scale, backgroundColor: PopupPalette.menuBackground, appearance: window.appearance)
            renderer.roundsGlyphPositions = true
            titleTextures = try titleLayouts.map { try window.makeTexture(try renderer.render($0), isOpaque: true) }
            textureKey = key
        }
        for (index, ((entry, layout), texture)) in zip(zip(items, titleLayouts), titleTextures).enumerated() {
            if index > 0 {
                window.fill(
                    CGRect(x: entry.frame.minX, y: entry.frame.minY + 5, width: 1, height: entry.frame.height - 10),
                    PopupPalette.menuSeparator
                )
            }
            window.draw(
                texture,
                at: CGPoint(
                    x: entry.frame.minX + Self.padding.horizontal,
                    y: entry.frame.midY - layout.bounds.height / 2
                )
            )
        }
    }
}

/// A card previewing a link, anchored under (or above) the link's rectangles, with every rectangle of the link
/// marked — both lines of a wrapped link.
@MainActor
final class PreviewCard {
    let context: PreviewContext
    /// The link's rectangles in window coordinates.
    let linkRects: [CGRect]
    /// The card, in window coordinates.
    let frame: CGRect
    private let content: TextLayout?
    private let anchorPoint: CGPoint
    private let cardEdgePoint: CGPoint
    /// The content rendered at `textureKey`'s scale and in its appearance, made at the first draw.
    private var contentTexture: Texture?
    private var textureKey: PopupTextureKey?

    static let width = 300.0
    static let padding = 10.0
    static let gap = 10.0

    init(context: PreviewContext, linkRects: [CGRect], bounds: CGRect, typesetter: LabelTypesetter) {
        self.context = context
        self.linkRects = linkRects
        var text = AttributedString("Preview\n")
        text.labelKit.fontWeight = FontWeight.bold.rawValue
        var target = AttributedString(context.target.absoluteString)
        target.labelKit.foregroundColor = PopupPalette.cardBorder
        let kindName = context.link.kind == .explicit ? "link" : "\(context.link.kind)"
        var kind = AttributedString("\n\(kindName) · \(linkRects.count) line(s)")
        kind.labelKit.foregroundColor = PopupPalette.cardDetail
        kind.labelKit.textStyle = .caption1
        text += target + kind
        content = try? typesetter.layout(text, in: TextContainer(width: Self.width - 2 * Self.padding))
        let height = Double(content?.bounds.height ?? 40) + 2 * Self.padding
        let source = linkRects.isEmpty ? .zero : linkRects.union
        var x = Double(source.minX)
        x = min(max(x, Double(bounds.minX) + 4), Double(bounds.maxX) - Self.width - 4)
        var y = Double(source.maxY) + Self.gap
        let below = y + height <= Double(bounds.maxY) - 4
        if !below { y = Double(source.minY) - Self.gap - height }
        frame = CGRect(x: x, y: y, width: Self.width, height: height)
        // The connector runs from the nearest link rectangle to the card's nearest edge.
        let nearest = below ? linkRects.max(by: { $0.maxY < $1.maxY }) : linkRects.min(by: { $0.minY < $1.minY })
        let anchorRect = nearest ?? source
        let anchorX = min(max(Double(anchorRect.midX), x + 12), x + Self.width - 12)
        anchorPoint = CGPoint(x: anchorRect.midX, y: below ? anchorRect.maxY : anchorRect.minY)
        cardEdgePoint = CGPoint(x: anchorX, y: below ? y : y + height)
    }

    func draw(in window: Window) throws {
        for rect in linkRects {
            window.fill(rect.insetBy(dx: -2, dy: -1), PopupPalette.linkMark)
            window.stroke(rect.insetBy(dx: -2, dy: -1), PopupPalette.cardBorder)
        }
        window.line(from: anchorPoint, to: cardEdgePoint, PopupPalette.cardBorder, width: 1.5)
        window.fill(frame.offsetBy(dx: 3, dy: 4), PopupPalette.cardShadow)
        window.fill(frame, PopupPalette.cardBackground)
        window.stroke(frame, PopupPalette.cardBorder, width: 1.5)
        guard let content else { return }
        let key = PopupTextureKey(window)
        if textureKey != key {
            let renderer = LabelRenderer(
                scale: window.scale, backgroundColor: PopupPalette.cardBackground, appearance: window.appearance)
            contentTexture = try window.makeTexture(try renderer.render(content), isOpaque: true)
            textureKey = key
        }
        guard let texture = contentTexture else { return }
        window.draw(texture, at: CGPoint(x: frame.minX + Self.padding, y: frame.minY + Self.padding))
    }
}

/// What a popup's rendered text depends on besides its layout: the window's scale and appearance.
private struct PopupTextureKey: Equatable {
    let scale: Double
    let appearance: Appearance

    @MainActor init(_ window: Window) {
        scale = window.scale
        appearance = window.appearance
    }
}

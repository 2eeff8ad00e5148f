import Foundation
import LabelKit
import LabelKitCairo

/// A label in a window: draws a ``LabelKitLayout/TextLayout`` and makes it touchable — links pressed, tapped and
/// previewed, the truncation token tapped, and a copy menu on a long press.
///
/// The view draws the very layout it hit-tests: a press, a pressed style or a menu never lays the text out again.
/// The layout is rendered into a texture once and again only when its pressed link, the scale or the layout changes.
/// Mouse events reach the view's ``LabelKitInteraction/LabelInteraction`` with SDL's timestamps; the app calls
/// ``advance(to:)`` on every turn of its loop (``ViewHost`` does) so that a long press fires while the mouse rests.
///
/// A long press on a link opens a preview card anchored to the link's rectangles (both, when the link wraps) and
/// the menu; a long press on text opens the copy menu when copying is on. Clicking Copy puts the whole text —
/// even what truncation hides — on the ``pasteboard``.
///
/// A selectable view (`isSelectable`) draws its selection behind the text: drag, double- or triple-click, shift+click,
/// the keyboard (``handleKey(_:)``); Copy and ctrl+C then copy the selection. Tab moves a focus ring over its links.
///
/// ```swift
/// let layout = try LabelTypesetter.system.layout(text, in: TextContainer(width: 320))
/// let terms = LabelView(layout: layout, origin: CGPoint(x: 16, y: 16))
/// let host = ViewHost(views: [terms])
/// ```
@MainActor
public final class LabelView: InteractiveView {
    /// The top-left corner, in window points.
    public var origin: CGPoint
    /// The drawn layout.
    public private(set) var layout: TextLayout
    /// The colour behind the text (opaque: the texture is copied without blending); ``LabelKitText/LabelColor/background``
    /// by default, white in light and dark grey in dark.
    public var backgroundColor: LabelColor
    /// How links look at rest, pressed and disabled: blue and underlined, a grey highlight while pressed, grey when
    /// disabled, unless you give another style.
    ///
    /// The text is drawn again when the style changes; the layout is not.
    ///
    /// ```swift
    /// view.linkStyle.setLook(LinkStyle.Look(foregroundColor: .link), for: .kind(.hashtag))   // no underline
    /// ```
    public var linkStyle: LinkStyle
    /// Where copied text goes.
    public var pasteboard: any Pasteboard
    /// The area popups must stay inside (the window's bounds), in window points.
    public var popupBounds: CGRect
    /// The typesetter of the menu and the preview card.
    public var popupTypesetter: LabelTypesetter
    /// Draws the layout's ``LabelKitText/AttachmentContent/custom(identifier:)`` attachments, which the renderer
    /// leaves empty: called after the text for each one, with its box in window points. Image attachments are drawn
    /// with the text; nil leaves custom boxes empty.
    ///
    /// ```swift
    /// view.customAttachmentDrawer = { placed, frame, window in
    ///     if case .custom("presence") = placed.attachment.content { window.fillEllipse(in: frame, .green) }
    /// }
    /// ```
    public var customAttachmentDrawer: CustomAttachmentDrawer?

    /// Draws one custom attachment: the attachment as the layout placed it, its box in window points, the window.
    public typealias CustomAttachmentDrawer =
        @MainActor (
            _ attachment: LayoutAttachment, _ frame: CGRect, _ window: Window
        ) throws -> Void

    private var interaction: LabelInteraction
    private var labelTexture = LabelTexture()
    private var menu: MenuPopup?
    private var preview: PreviewCard?
    /// The menu item a press on an open popup went down on (nil: outside every item).
    private var popupPressItem: CopyMenu.Item?
    /// Whether the press under way opened the popups (a long press): its lift ends the press, it does not close them.
    private var pressOpenedPopup = false

    /// Creates a view of `layout` at `origin`; `copyEnabled` usually comes from ``LabelKitInteraction/CopyPolicy``.
    public init(
        layout: TextLayout, origin: CGPoint = .zero, copyEnabled: Bool = true,
        settings: InteractionSettings = InteractionSettings(), linkStyle: LinkStyle = LinkStyle(),
        backgroundColor: LabelColor = .background, pasteboard: any Pasteboard = SDLClipboard(),
        popupBounds: CGRect = CGRect(x: 0, y: 0, width: 1 << 16, height: 1 << 16),
        popupTypesetter: LabelTypesetter = .system, isSelectable: Bool = false
    ) {
        self.origin = origin
        self.layout = layout
        self.backgroundColor = backgroundColor
        self.linkStyle = linkStyle
        self.pasteboard = pasteboard
        self.popupBounds = popupBounds
        self.popupTypesetter = popupTypesetter
        interaction = LabelInteraction(
            layout: layout, settings: settings, copyEnabled: copyEnabled, isSelectable: isSelectable)
    }

    /// The view's frame: the layout's bounds at ``origin``.
    public var frame: CGRect { CGRect(origin: origin, size: layout.bounds.size) }

    /// The label's accessibility elements with their state (the whole text, then each visible link).
    public func accessibilityElements() -> [AccessibilityElement] { interaction.accessibilityElements() }

    /// Performs an accessibility action (a screen reader's): a link's `click` reports exactly what a tap does,
    /// `showMenu` opens the long-press preview and menu, `copy` copies.
    public func performAccessibilityAction(_ action: AccessibilityAction) -> [ViewEvent] {
        translate(interaction.perform(action))
    }

    /// The selection in characters of `text`, made from ``layout``; nil when nothing is selected.
    public func accessibleSelection(in text: AccessibleText) -> Range<Int>? {
        interaction.accessibleSelection(in: text)
    }

    /// Selects characters `range` of `text` (made from ``layout``), as a drag over them does, in a selectable label.
    public func setAccessibleSelection(_ range: Range<Int>, in text: AccessibleText) -> [ViewEvent] {
        translate(interaction.setAccessibleSelection(range, in: text))
    }

    /// Whether a long press offers Copy.
    public var copyEnabled: Bool { interaction.copyEnabled }

    /// Whether the text can be selected.
    public var isSelectable: Bool { interaction.isSelectable }

    /// The selection, if any.
    public var selection: TextSelection? { interaction.selection }

    /// The link with the keyboard focus, if any.
    public var focusedLink: LinkHit? { interaction.focusedLink }

    /// How many times the layout was rendered into a texture (a test hook: pressing a link renders twice, resting
    /// renders nothing).
    public var renderCount: Int { labelTexture.renderCount }

    /// Shows another layout (after a resize or an expansion): a new interaction, popups closed; the selection and
    /// the focused link stay when the text is the same.
    public func setLayout(_ layout: TextLayout) {
        let kept = layout.string == self.layout.string ? interaction : nil
        self.layout = layout
        interaction = LabelInteraction(
            layout: layout, settings: interaction.settings, copyEnabled: interaction.copyEnabled,
            disabledLinks: interaction.disabledLinks, isSelectable: interaction.isSelectable
        )
        if let kept {
            if let range = kept.selection?.range { _ = interaction.select(range) }
            if let link = kept.focusedLink?.index { _ = interaction.focus(link: link) }
        }
        closePopups()
        labelTexture.invalidate()
    }

    /// The rectangles of link `index`, in window coordinates, each tagged with its line.
    public func windowRects(forLink index: Int) -> [TextRangeRect] {
        layout.rects(forLink: index).map {
            TextRangeRect(rect: $0.rect.offsetBy(dx: origin.x, dy: origin.y), lineIndex: $0.lineIndex)
        }
    }

    /// The truncation token's box, in window coordinates, when the layout is truncated with a token.
    public var truncationTokenFrame: CGRect? {
        layout.truncationTokenRect?.offsetBy(dx: origin.x, dy: origin.y)
    }

    // MARK: Drawing

    /// Draws the text with its links in ``linkStyle`` (the pressed link highlighted, disabled links greyed) and the
    /// selection.
    public func draw(in window: Window) throws {
        let texture = try labelTexture.texture(
            for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: interaction.disabledLinks,
            linkStyle: linkStyle, background: backgroundColor, window: window,
            selection: interaction.selection?.range
        )
        window.fill(frame, backgroundColor, around: texture, at: origin)
        window.draw(texture, at: origin)
        try drawCustomAttachments(in: window)
        if let focused = interaction.focusedLink {
            window.drawFocusRing(around: windowRects(forLink: focused.index).map(\.rect))
        }
    }

    /// The renderer ``draw(in:)`` draws the text with at `scale` in `appearance`: a test hook, what the view shows
    /// without a window.
    package func textRenderer(scale: Double, appearance: Appearance = .light) -> LabelRenderer {
        LabelTexture.renderer(
            for: layout, pressedLink: interaction.pressedLink?.index, disabledLinks: interaction.disabledLinks,
            linkStyle: linkStyle, background: backgroundColor, scale: scale, selection: interaction.selection?.range,
            appearance: appearance)
    }

    /// The custom attachments' boxes handed to ``customAttachmentDrawer``, in window points.
    private func drawCustomAttachments(in window: Window) throws {
        guard let customAttachmentDrawer else { return }
        for placed in layout.attachments {
            guard case .custom = placed.attachment.content else { continue }
            try customAttachmentDrawer(placed, placed.rect.offsetBy(dx: origin.x, dy: origin.y), window)
        }
    }

    /// Whether the menu or the preview card is open.
    public var hasPopup: Bool { menu != nil || preview != nil }

    /// Draws the preview card and the menu.
    public func drawPopups(in window: Window) throws {
        try preview?.draw(in: window)
        try menu?.draw(in: window)
    }

    // MARK: Events

    /// Whether the view takes a press at `point`: on a link, on the token, anywhere when copying is on, and
    /// anywhere while a popup is open.
    public func claimsPointer(at point: CGPoint) -> Bool {
        if hasPopup { return true }
        return frame.contains(point) && interaction.shouldHandle(local(point))
    }

    /// Handles a pointer event in window coordinates.
    public func handle(_ event: PointerEvent) -> [ViewEvent] {
        // A new press means the one that opened the popups is over, even if its lift was lost.
        if event.phase == .down { pressOpenedPopup = false }
        if hasPopup, !pressOpenedPopup { return handlePopupPointer(event) }
        if event.phase == .up || event.phase == .cancel { pressOpenedPopup = false }
        return translate(interaction.handle(event.offset(by: CGPoint(x: -origin.x, y: -origin.y))))
    }

    /// Handles a key while the view has the focus (see ``LabelKitInteraction/LabelInteraction/handleKey(_:)``); Escape
    /// closes an open menu first.
    public func handleKey(_ key: KeyPress) -> [ViewEvent] {
        if hasPopup, key == KeyPress(.escape) {
            closePopups()
            return [.popupsDismissed]
        }
        return translate(interaction.handleKey(key))
    }

    /// The focus went to another view: the focus ring and the selection go.
    public func resignFocus() -> [ViewEvent] {
        translate(interaction.focus(link: nil) + interaction.clearSelection())
    }

    /// A screen reader gives a link the focus: its focus ring, as when Tab reached it. The label itself takes none.
    public func takeAccessibleFocus(_ part: AccessiblePart) -> [ViewEvent] {
        guard case .link(let index) = part else { return [] }
        return translate(interaction.focus(link: index))
    }

    /// Ticks the clock: a resting press turns into a long press.
    public func advance(to time: Double) -> [ViewEvent] {
        guard interaction.isTracking else { return [] }
        return translate(interaction.advance(to: time))
    }

    private func local(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    private func translate(_ events: [InteractionEvent]) -> [ViewEvent] {
        events.flatMap { event -> [ViewEvent] in
            switch event {
            case .pressedLinkChanged:
                return [.changed]
            case .tap(let hit):
                return [.linkTapped(hit)]
            case .tokenTap:
                return [.tokenTapped]
            case .longPress(let context, let copyMenu):
                let rects = context.rects.map { $0.rect.offsetBy(dx: origin.x, dy: origin.y) }
                let card = PreviewCard(
                    context: context, linkRects: rects, bounds: popupBounds, typesetter: popupTypesetter
                )
                preview = card
                pressOpenedPopup = true
                var events: [ViewEvent] = [.previewShown(context, rects: rects, card: card.frame)]
                if !copyMenu.isEmpty {
                    let anchor = rects.isEmpty ? frame : rects.union
                    menu = MenuPopup(menu: copyMenu, anchor: anchor, bounds: popupBounds, typesetter: popupTypesetter)
                    events.append(.menuShown(menu?.items ?? []))
                }
                return events
            case .longPressOnText(let copyMenu):
                guard !copyMenu.isEmpty else { return [] }
                let location = copyMenu.location
                let anchor = CGRect(x: origin.x + location.x, y: origin.y + location.y, width: 0, height: 0)
                menu = MenuPopup(menu: copyMenu, anchor: anchor, bounds: popupBounds, typesetter: popupTypesetter)
                pressOpenedPopup = true
                return [.menuShown(menu?.items ?? [])]
            case .menu(let copyMenu, let anchor):
                menu = MenuPopup(
                    menu: copyMenu, anchor: anchor.offsetBy(dx: origin.x, dy: origin.y), bounds: popupBounds,
                    typesetter: popupTypesetter)
                return [.menuShown(menu?.items ?? [])]
            case .selectionChanged(let selection):
                let rects = selection.map { layout.selectionRects(for: $0.range).map(\.rect) } ?? []
                return [
                    .selectionChanged(
                        selection, text: interaction.selectedText,
                        rects: rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) })
                ]
            case .focusedLinkChanged(let hit):
                return [
                    .focusChanged(
                        link: hit, rects: (hit?.rects ?? []).map { $0.rect.offsetBy(dx: origin.x, dy: origin.y) })
                ]
            case .focusLeaves(let direction):
                return [.focusLeaves(direction)]
            case .copy(let text):
                pasteboard.setString(text)
                return [.copied(text, item: nil)]
            }
        }
    }

    /// While a popup is open a press goes to it: lifting on the item it went down on performs the item; any other
    /// press closes the popups.
    private func handlePopupPointer(_ event: PointerEvent) -> [ViewEvent] {
        switch event.phase {
        case .down:
            popupPressItem = menu?.item(at: event.location)
            return []
        case .move:
            return []
        case .cancel:
            popupPressItem = nil
            return []
        case .up:
            defer { popupPressItem = nil }
            var events: [ViewEvent] = []
            if let item = popupPressItem, let menu, menu.item(at: event.location) == item {
                switch menu.menu.perform(item, layout: layout, pasteboard: &pasteboard) {
                case .copied(let text): events.append(.copied(text, item: item))
                case .open: if let link = menu.menu.link { events.append(.openLink(link)) }
                case .selectAll: events += translate(interaction.selectAll())
                case .unavailable: break
                }
            }
            closePopups()
            return events + [.popupsDismissed]
        }
    }

    private func closePopups() {
        menu = nil
        preview = nil
        popupPressItem = nil
        pressOpenedPopup = false
    }
}

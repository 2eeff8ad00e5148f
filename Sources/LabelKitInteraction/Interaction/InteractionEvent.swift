import Foundation
import LabelKitLayout

/// What a ``LabelInteraction`` reports to its front end.
///
/// Events come back, in order, from every call that feeds the interaction; the front end redraws, opens links or
/// shows menus in response.
///
/// ```swift
/// for event in interaction.handle(.up(at: point, time: now)) {
///     switch event {
///     case .pressedLinkChanged(let hit): redraw(pressed: hit?.index)
///     case .tap(let hit): open(hit.link.target)
///     case .longPress(let preview, let menu): showPreview(preview, menu: menu)
///     case .longPressOnText(let menu): showMenu(menu)
///     case .tokenTap: expand()
///     case .selectionChanged(let selection): redraw(selection: selection?.range)
///     case .focusedLinkChanged(let hit): redraw(focusRing: hit?.rects)
///     case .focusLeaves(let direction): moveFocus(direction)
///     case .menu(let menu, let anchor): showMenu(menu, at: anchor)
///     case .copy(let text): clipboard.setString(text)
///     }
/// }
/// ```
public enum InteractionEvent: Sendable, Hashable {
    /// The pressed link changed: draw it with its pressed style (nil: no link is pressed any more).
    case pressedLinkChanged(LinkHit?)
    /// A link was tapped: run its action. Fires once per tap.
    case tap(LinkHit)
    /// A link was held for the long-press duration: show its preview and the menu (Copy when copying is on, Copy
    /// Link, Open Link). The pressed style is cleared just before (the preview takes over), and the lift that
    /// follows reports nothing.
    case longPress(PreviewContext, menu: CopyMenu)
    /// Text (not a link) was held for the long-press duration while copying is on: show the copy menu.
    case longPressOnText(CopyMenu)
    /// The truncation token (e.g. "…more") was tapped: the app may expand the label.
    case tokenTap
    /// The selected text changed: draw the new selection (``/LabelKitLayout/TextLayout/selectionRects(for:)``); nil
    /// when it was cleared. Only a change of the selected range is reported.
    case selectionChanged(TextSelection?)
    /// The keyboard focus moved to this link (Tab, shift+Tab): draw a focus ring around its rects; nil when no link
    /// of the label has the focus any more.
    case focusedLinkChanged(LinkHit?)
    /// Tab (or shift+Tab) went past the label's last (or first) link: the front end moves the focus on to the next
    /// (or previous) widget.
    case focusLeaves(FocusDirection)
    /// The keyboard asked for the context menu (the Menu key, shift+F10): show `menu` pointing at `anchor`, the
    /// focused link's first rect or the selection's, in the label's coordinates.
    case menu(CopyMenu, anchor: CGRect)
    /// ctrl+C asked to copy this text (whole grapheme clusters of the selection): put it on the clipboard.
    case copy(String)
}

/// Which way keyboard focus moves: Tab moves forward, shift+Tab backward.
public enum FocusDirection: String, Sendable, Hashable, CaseIterable {
    /// To the next link or widget (Tab).
    case forward
    /// To the previous link or widget (shift+Tab).
    case backward
}

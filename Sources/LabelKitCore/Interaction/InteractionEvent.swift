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
}

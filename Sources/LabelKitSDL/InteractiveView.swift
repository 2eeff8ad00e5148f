import Foundation
import LabelKit

/// What a view reports after a pointer event or a clock tick, for the app to act on.
public enum ViewEvent: Sendable {
    /// Something the view draws changed (a link pressed or released); the window should be drawn again.
    case changed
    /// A link was tapped; its action should run — after a warning when the link is not
    /// ``/LabelKitLayout/LayoutLink/isSafe``.
    case linkTapped(LinkHit)
    /// A long press on a link showed its preview card; `rects` are the link's rectangles and `card` the card's frame,
    /// in window coordinates.
    case previewShown(PreviewContext, rects: [CGRect], card: CGRect)
    /// A copy menu opened with these items.
    case menuShown([MenuItemFrame])
    /// A menu item (or ctrl+C, `item` nil) put `text` on the pasteboard.
    case copied(String, item: CopyMenu.Item?)
    /// A menu item asked to open `link` (its target) — after a warning when the link is not
    /// ``/LabelKitLayout/LayoutLink/isSafe``.
    case openLink(LayoutLink)
    /// The open menu and preview closed.
    case popupsDismissed
    /// The truncation token ("…more") was tapped.
    case tokenTapped
    /// A checkbox toggled to this state.
    case toggled(isChecked: Bool)
    /// A button was clicked.
    case buttonPressed
    /// A list scrolled: its offset in points and the first row in view.
    case scrolled(offset: Double, firstVisibleRow: Int)
    /// The selection changed: its text (nil when cleared) and its highlight's rectangles, in window coordinates.
    case selectionChanged(TextSelection?, text: String?, rects: [CGRect])
    /// The keyboard focus moved inside the view: to `link` (nil for the view itself, such as a checkbox's box) with
    /// the focus ring around `rects` in window coordinates; no rects when the view lost the focus.
    case focusChanged(link: LinkHit?, rects: [CGRect])
    /// Tab went past the view's last focusable part (shift+Tab its first): ``ViewHost`` moves on to the next view.
    case focusLeaves(FocusDirection)
}

/// One item of a shown copy menu and where it is drawn, in window coordinates.
public struct MenuItemFrame: Sendable, Hashable {
    /// The item.
    public let item: CopyMenu.Item
    /// Its title ("Copy").
    public let title: String
    /// Where it is drawn.
    public let frame: CGRect
}

/// A view in a ``ViewHost``: it draws itself into a window, takes pointer events in window coordinates, and says what
/// it is to screen readers.
///
/// The accessibility requirements (``accessibleRole``, ``accessibleName``, ``accessibleStates(of:)``…) are how the
/// host's AT-SPI bridge reads a view, its text's links and its children, and operates them; each has a default that
/// exposes nothing, so a view that draws only decoration needs none of them. See the "Screen readers" article.
@MainActor
public protocol InteractiveView: AnyObject {
    /// Where the view is, in window points.
    var frame: CGRect { get }
    /// Draws the view.
    func draw(in window: Window) throws
    /// Draws the view's popups (menus, preview cards) over every view.
    func drawPopups(in window: Window) throws
    /// Whether a popup of this view is open: it then gets every press until it closes.
    var hasPopup: Bool { get }
    /// Whether the view takes a press at `point` (window coordinates).
    func claimsPointer(at point: CGPoint) -> Bool
    /// Handles a pointer event in window coordinates.
    func handle(_ event: PointerEvent) -> [ViewEvent]
    /// Tells the view the time, in seconds: a long press may fire.
    func advance(to time: Double) -> [ViewEvent]
    /// Handles a wheel turn of `dx`, `dy` notches over the view.
    func scroll(dx: Double, dy: Double) -> [ViewEvent]
    /// Handles a key while the view has the keyboard focus; Tab and shift+Tab arrive also when the focus enters the
    /// view, which answers ``ViewEvent/focusLeaves(_:)`` when it has nothing (more) to focus.
    func handleKey(_ key: KeyPress) -> [ViewEvent]
    /// The focus moved to another view (a click there): drop the focus ring and the selection.
    func resignFocus() -> [ViewEvent]
    /// The person's text scale changed (``ViewHost/settings``): a view that lays its own text out lays it out again at
    /// `scale` — a ``ListView`` measures its rows again. A view showing a layout the app made does nothing (the
    /// default): the app lays it out again when ``ViewHost/takeSettingsChange()`` reports the new scale.
    func textScaleDidChange(to scale: TextScale)

    // MARK: Accessibility

    /// What a screen reader announces the view as (``AccessibleRole/filler`` by default).
    var accessibleRole: AccessibleRole { get }
    /// What a screen reader reads as the view's name: a label's text, a button's title (empty by default).
    var accessibleName: String { get }
    /// The text a screen reader reads in the view, character by character, with its links as the view's `link`
    /// children: a label's text, a checkbox's title; nil (the default) for a view without text.
    var accessibleTextSource: AccessibleTextSource? { get }
    /// The view's children besides its text's links, in reading order: a list's rows in view (none by default).
    var accessibleChildren: [AccessibleChild] { get }
    /// The states of the view or of a part of it: focusable, focused, checked, selectable text, disabled (none by
    /// default).
    func accessibleStates(of part: AccessiblePart) -> AccessibleStates
    /// The actions the view or a part of it offers, in the order a screen reader lists them (none by default).
    func accessibleActions(of part: AccessiblePart) -> [AccessibleActionName]
    /// Performs action `name` of `part` as a screen reader asks; returns what the view reports, as after a click.
    /// An action the part does not offer does nothing.
    func performAccessibleAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent]
    /// The selection in characters of `text`, made from ``accessibleTextSource``'s layout; nil when nothing is
    /// selected (always, by default).
    func accessibleSelection(in text: AccessibleText) -> Range<Int>?
    /// Selects characters `range` of `text`, made from ``accessibleTextSource``'s layout, as a drag over them does;
    /// only asked of a view whose states hold ``AccessibleStates/selectableText`` (nothing happens by default).
    func setAccessibleSelection(_ range: Range<Int>, in text: AccessibleText) -> [ViewEvent]
    /// Gives the keyboard focus to a part (a screen reader's `GrabFocus`): what the view reports, as when Tab moved
    /// it there; nothing for a part that takes no focus.
    func takeAccessibleFocus(_ part: AccessiblePart) -> [ViewEvent]
}

extension InteractiveView {
    /// No popups by default.
    public func drawPopups(in window: Window) throws {}
    /// No popups by default.
    public var hasPopup: Bool { false }
    /// No clock by default.
    public func advance(to time: Double) -> [ViewEvent] { [] }
    /// No scrolling by default.
    public func scroll(dx: Double, dy: Double) -> [ViewEvent] { [] }
    /// By default a view takes no keyboard focus: Tab passes it by.
    public func handleKey(_ key: KeyPress) -> [ViewEvent] {
        switch (key.key, key.modifiers) {
        case (.tab, []): [.focusLeaves(.forward)]
        case (.tab, .shift): [.focusLeaves(.backward)]
        default: []
        }
    }
    /// Nothing to drop by default.
    public func resignFocus() -> [ViewEvent] { [] }
    /// Nothing to lay out by default.
    public func textScaleDidChange(to scale: TextScale) {}
}

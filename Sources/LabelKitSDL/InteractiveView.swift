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
}

/// The views of a window: routes window events to them, ticks their clocks and draws them in order.
///
/// A press goes to an open popup's view first (popups are modal: a click elsewhere closes them), otherwise to the
/// topmost view that claims it; that view then gets the moves and the lift, and the keyboard focus. The wheel goes to
/// the view under the pointer. Keys go to the focused view; Tab and shift+Tab move the focus through the views in
/// their order (each view through its own links first), round and round.
///
/// ```swift
/// let host = ViewHost(views: [terms, checkbox, list])
/// for (view, event) in host.handle(windowEvent) { react(view, event) }
/// try host.draw(in: window, background: .white)
/// ```
@MainActor
public final class ViewHost {
    /// The views, bottom to top.
    public var views: [any InteractiveView]
    /// The view keys go to: the last one pressed, or the one Tab moved the focus into.
    public private(set) var focusedView: (any InteractiveView)?
    private var captured: (any InteractiveView)?
    /// The AT-SPI bridge, once ``startAccessibility(window:applicationName:)`` turned it on.
    private var accessibility: AccessibilityBridge?
    /// Whether the bridge was asked for, so that a session without a bus is asked once, not every frame.
    private var hasTriedAccessibility = false
    /// Whether the first ``draw(in:background:)`` turns the screen-reader bridge on, named after the process, when
    /// ``startAccessibility(window:applicationName:)`` was not called before it (true by default). Set it to false
    /// before the first frame to keep the views away from screen readers.
    public var startsAccessibilityAutomatically = true

    /// Creates a host of `views`, bottom to top.
    public init(views: [any InteractiveView]) {
        self.views = views
    }

    /// Whether a press is being tracked: the clock should tick often so that a long press fires on time.
    public var isTracking: Bool { captured != nil }

    /// Exposes the window and its views to screen readers through AT-SPI, on the accessibility bus of the D-Bus
    /// session (the first ``draw(in:background:)`` calls it when the app has not, unless
    /// ``startsAccessibilityAutomatically`` is off): labels, their links, checkboxes, buttons and the visible rows of lists, readable and operable (see
    /// the "Screen readers" article). Without a session bus or an accessibility bus it answers why, quickly, and
    /// everything runs as before. Calls from a screen reader are answered in ``advance(to:)``; what their actions do
    /// comes back from it like a click's events.
    ///
    /// ```swift
    /// print(host.startAccessibility(window: window, applicationName: "my-app"))   // "accessibility: on (AT-SPI)"
    /// ```
    public func startAccessibility(window: Window, applicationName: String) -> AccessibilityStatus {
        if accessibility != nil { return .on }
        hasTriedAccessibility = true
        do {
            accessibility = try AccessibilityBridge(host: self, window: window, applicationName: applicationName)
            accessibilityStatus = .on
        } catch {
            accessibilityStatus = .off(reason: error.description)
        }
        return accessibilityStatus ?? .on
    }

    /// What the last attempt to turn the screen-reader bridge on answered (the first frame's, unless the app asked
    /// itself); nil before any: one line for the app to print.
    public private(set) var accessibilityStatus: AccessibilityStatus?

    /// Whether the views are exposed to screen readers.
    public var isAccessibilityOn: Bool { accessibility != nil }

    /// Routes a window event; returns what the views reported.
    public func handle(_ event: WindowEvent) -> [(view: any InteractiveView, event: ViewEvent)] {
        let results = route(event)
        if let accessibility {
            if case .resized = event { accessibility.windowResized() }
            for (view, viewEvent) in results { accessibility.observe(view, viewEvent) }
        }
        return results
    }

    /// Tells the bridge what a view reported outside ``handle(_:)`` (a scroll the app made itself), so that screen
    /// readers hear of it.
    public func report(_ event: ViewEvent, of view: any InteractiveView) {
        accessibility?.observe(view, event)
    }

    private func route(_ event: WindowEvent) -> [(view: any InteractiveView, event: ViewEvent)] {
        switch event {
        case .mouseDown(let point, let button, let time, let modifiers) where button == 1:
            let target = views.last(where: \.hasPopup) ?? views.last(where: { $0.claimsPointer(at: point) })
            if let captured, captured !== target {
                _ = captured.handle(.cancel(time: time))
            }
            captured = target
            var results: [(view: any InteractiveView, event: ViewEvent)] = []
            if let focusedView, focusedView !== target {
                results += focusedView.resignFocus().map { (focusedView, $0) }
            }
            focusedView = target
            guard let target else { return results }
            return results + target.handle(.down(at: point, time: time, modifiers: modifiers)).map { (target, $0) }
        case .mouseMove(let point, let isPressed, let time) where isPressed:
            guard let captured else { return [] }
            return captured.handle(.move(to: point, time: time)).map { (captured, $0) }
        case .mouseUp(let point, let button, let time) where button == 1:
            guard let target = captured else { return [] }
            captured = nil
            return target.handle(.up(at: point, time: time)).map { (target, $0) }
        case .wheel(let dx, let dy, let point, _):
            guard let target = views.last(where: { $0.frame.contains(point) }) else { return [] }
            return target.scroll(dx: dx, dy: dy).map { (target, $0) }
        case .key(let key):
            return handleKey(key)
        default:
            return []
        }
    }

    /// Gives a key to the focused view; Tab and shift+Tab move the focus on when the view lets it go, to the next
    /// view (the previous one) that takes it, wrapping round at the ends.
    public func handleKey(_ key: KeyPress) -> [(view: any InteractiveView, event: ViewEvent)] {
        let isTab = key.key == .tab && (key.modifiers == [] || key.modifiers == .shift)
        guard isTab else {
            guard let focusedView else { return [] }
            return focusedView.handleKey(key).map { (focusedView, $0) }
        }
        let forward = key.modifiers == []
        var results: [(view: any InteractiveView, event: ViewEvent)] = []
        var current = focusedView ?? (forward ? views.first : views.last)
        // Every view once, and the one the focus started in a second time: its links from the other end.
        for _ in 0...views.count {
            guard let view = current else { break }
            let events = view.handleKey(key)
            results += events.filter { if case .focusLeaves = $0 { false } else { true } }.map { (view, $0) }
            guard events.contains(where: { if case .focusLeaves = $0 { true } else { false } }) else {
                focusedView = view
                return results
            }
            guard let position = views.firstIndex(where: { $0 === view }), !views.isEmpty else { break }
            let next = (position + (forward ? 1 : views.count - 1)) % views.count
            current = views[next]
        }
        focusedView = nil
        return results
    }

    /// Ticks every view's clock, and answers what screen readers asked meanwhile: their actions' events come back
    /// with the views' own.
    public func advance(to time: Double) -> [(view: any InteractiveView, event: ViewEvent)] {
        let results = views.flatMap { view in view.advance(to: time).map { (view, $0) } }
        guard let accessibility else { return results }
        for (view, event) in results { accessibility.observe(view, event) }
        return results + accessibility.pump()
    }

    /// Clears the window and draws every view, then every popup.
    public func draw(in window: Window, background: LabelColor) throws {
        if startsAccessibilityAutomatically, !hasTriedAccessibility {
            // Every app on LabelKitSDL is readable by screen readers with no code of its own: the first frame turns
            // the bridge on (or learns, once and quickly, that there is no bus to turn it on with).
            _ = startAccessibility(window: window, applicationName: ProcessInfo.processInfo.processName)
        }
        window.clear(background)
        for view in views { try view.draw(in: window) }
        for view in views where view.hasPopup { try view.drawPopups(in: window) }
    }
}

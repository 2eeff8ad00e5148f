import Foundation
import LabelKit

/// The views of a window: routes window events to them, ticks their clocks and draws them in order.
///
/// A press goes to an open popup's view first (popups are modal: a click elsewhere closes them), otherwise to the
/// topmost view that claims it; that view then gets the moves and the lift, and the keyboard focus. The wheel goes to
/// the view under the pointer. Keys go to the focused view; Tab and shift+Tab move the focus through the views in
/// their order (each view through its own links first), round and round.
///
/// The host draws its views in the person's appearance and tells them the person's text scale: ``settings``, the
/// desktop's (``followDesktopSettings()``) with what the app sets itself (``settingsOverride``).
///
/// Screen readers are answered on the main thread, in ``advance(to:)``: a call arriving wakes a loop waiting in
/// ``SDLSession/waitEvent(timeout:)`` at once (it returns ``WindowEvent/other``), so the loop answers in well under a
/// millisecond if it calls `advance(to:)` on every turn, whatever woke it. Keys go to the screen reader first (AT-SPI's
/// registry); one it consumes reaches the loop as ``WindowEvent/other``.
///
/// ```swift
/// let host = ViewHost(views: [terms, checkbox, list])
/// var running = true
/// while running {
///     // Asleep until an event, a screen reader's call or the next tick of a long press.
///     if let windowEvent = session.waitEvent(timeout: host.isTracking ? 0.01 : 0.05) {
///         running = windowEvent != .quit
///         for (view, event) in host.handle(windowEvent) { react(view, event) }
///     }
///     for (view, event) in host.advance(to: session.seconds) { react(view, event) }   // answers screen readers
///     if let change = host.takeSettingsChange(), change.changesTextScale { layOutLabels(at: change.new.textScale) }
///     try host.draw(in: window, background: .background)
/// }
/// ```
@MainActor
public final class ViewHost {
    /// The views, bottom to top.
    public var views: [any InteractiveView]
    /// The view keys go to: the last one pressed, or the one Tab moved the focus into.
    public private(set) var focusedView: (any InteractiveView)?
    private var captured: (any InteractiveView)?
    /// The AT-SPI bridge, once ``startAccessibility(window:applicationName:)`` turned it on.
    private(set) var accessibility: AccessibilityBridge?
    /// Whether the bridge was asked for, so that a session without a bus is asked once, not every frame.
    private var hasTriedAccessibility = false
    /// Whether the first ``draw(in:background:)`` turns the screen-reader bridge on, named after the process, when
    /// ``startAccessibility(window:applicationName:)`` was not called before it (true by default). Set it to false
    /// before the first frame to keep the views away from screen readers.
    public var startsAccessibilityAutomatically = true

    // MARK: Settings (ViewHost+DesktopSettings.swift)

    /// What the desktop asks for: light, normal contrast and the standard scale until ``followDesktopSettings()``
    /// reads the desktop portal, then as the portal says, changing with it.
    public internal(set) var desktopSettings = DesktopSettings.standard
    /// What the app sets itself: each setting it gives wins over the desktop's (none by default). The views draw in
    /// the new appearance at the next frame; ``takeSettingsChange()`` reports a new text scale.
    ///
    /// ```swift
    /// host.settingsOverride.colorScheme = .dark
    /// ```
    public var settingsOverride = DesktopSettingsOverride()
    /// Whether the first ``draw(in:background:)`` starts following the desktop's settings when
    /// ``followDesktopSettings()`` was not called before it (true by default).
    public var followsDesktopSettingsAutomatically = true
    /// What the last attempt to follow the desktop's settings answered; nil before any.
    public internal(set) var desktopSettingsStatus: DesktopSettingsStatus?
    /// The desktop portal's settings, once ``followDesktopSettings()`` reached the portal.
    var portal: DesktopSettingsPortal?
    /// The settings ``takeSettingsChange()`` reported last.
    var reportedSettings = DesktopSettings.standard
    /// The text scale the views were told last (``InteractiveView/textScaleDidChange(to:)``).
    var viewsTextScale = TextScale.standard
    /// The appearance screen readers were told last.
    var accessibleAppearance = Appearance.light

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
    /// everything runs as before. Calls from a screen reader are answered in ``advance(to:)`` as soon as they arrive
    /// (they wake the loop); what their actions do comes back from it like a click's events.
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
            switch event {
            case .resized: accessibility.windowResized()
            case .activated: accessibility.windowActivationChanged(isActive: true)
            case .deactivated: accessibility.windowActivationChanged(isActive: false)
            default: break
            }
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

    /// Gives the keyboard focus to `part` of `view`, as a screen reader asks (`GrabFocus`): the view that had it
    /// resigns it. Nil when the part takes no focus.
    func focusAccessiblePart(
        _ part: AccessiblePart, of view: any InteractiveView
    ) -> [(view: any InteractiveView, event: ViewEvent)]? {
        let events = view.takeAccessibleFocus(part)
        guard view.accessibleStates(of: part).contains(.focused) else { return nil }
        var results: [(view: any InteractiveView, event: ViewEvent)] = []
        if let focusedView, focusedView !== view {
            results += focusedView.resignFocus().map { (focusedView, $0) }
        }
        focusedView = view
        return results + events.map { (view, $0) }
    }

    /// Ticks every view's clock, and answers what screen readers asked meanwhile: their actions' events come back
    /// with the views' own.
    public func advance(to time: Double) -> [(view: any InteractiveView, event: ViewEvent)] {
        let results = views.flatMap { view in view.advance(to: time).map { (view, $0) } }
        guard let accessibility else { return results }
        for (view, event) in results { accessibility.observe(view, event) }
        return results + accessibility.pump()
    }

    /// Clears the window and draws every view, then every popup, in ``appearance``: `background` and every colour the
    /// views draw with take their values for it.
    public func draw(in window: Window, background: LabelColor) throws {
        if startsAccessibilityAutomatically, !hasTriedAccessibility {
            // Every app on LabelKitSDL is readable by screen readers with no code of its own: the first frame turns
            // the bridge on (or learns, once and quickly, that there is no bus to turn it on with).
            _ = startAccessibility(window: window, applicationName: ProcessInfo.processInfo.processName)
        }
        if followsDesktopSettingsAutomatically, desktopSettingsStatus == nil { _ = followDesktopSettings() }
        applySettings()
        window.appearance = appearance
        window.clear(background)
        for view in views { try view.draw(in: window) }
        for view in views where view.hasPopup { try view.drawPopups(in: window) }
        accessibility?.viewsDrawn()
    }
}

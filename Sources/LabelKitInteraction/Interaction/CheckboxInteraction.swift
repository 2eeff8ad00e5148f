import Foundation

/// What a ``CheckboxInteraction`` reports.
public enum CheckboxEvent: Sendable, Hashable {
    /// The checkbox toggled; this is its new state.
    case toggled(isChecked: Bool)
    /// Something happened on a link of the title (pressed, tapped, long-pressed, focused), in the title's
    /// coordinates.
    case link(InteractionEvent)
    /// The control itself (its box) took or lost the keyboard focus: draw or remove its focus ring.
    case focusChanged(isFocused: Bool)
    /// Tab (or shift+Tab) went past the control: the front end moves the focus on to the next (or previous) widget.
    case focusLeaves(FocusDirection)
}

/// The touch and keyboard behaviour of a ``CheckboxWithLink``, fed pointer events in the control's coordinates.
///
/// A press that starts on a link of the title belongs to the title's ``LabelInteraction`` (copy off: the title is
/// inside a control) and only runs the link; a press anywhere else on the control — the box included, even near a
/// link — takes the keyboard focus at once (``CheckboxEvent/focusChanged(isFocused:)``) and toggles when lifted
/// within the movement slop. A disabled checkbox ignores everything.
///
/// ```swift
/// var interaction = CheckboxInteraction(checkbox: checkbox, layout: layout)
/// _ = interaction.handle(.down(at: point, time: 0))
/// for event in interaction.handle(.up(at: point, time: 0.1)) {
///     if case .toggled(let checked) = event { save(checked) }
///     if case .link(.tap(let hit)) = event { open(hit.link.target) }
/// }
/// ```
public struct CheckboxInteraction: Sendable {
    /// The control's state.
    public private(set) var checkbox: CheckboxWithLink
    /// The control's geometry.
    public let layout: CheckboxLayout
    /// The title's own interaction, in the title's coordinates.
    public private(set) var titleInteraction: LabelInteraction
    /// Whether the control itself (not one of its title's links) has the keyboard focus: Space toggles it.
    public private(set) var isFocused = false

    private enum Press: Sendable {
        case link
        case control(location: CGPoint)
        case cancelled
    }

    private var press: Press?

    /// Creates the interaction of a checkbox laid out as `layout`. The title does not offer Copy: it is inside a
    /// control, as ``CopyPolicy`` has it.
    public init(
        checkbox: CheckboxWithLink, layout: CheckboxLayout, settings: InteractionSettings = InteractionSettings(),
        disabledLinks: Set<Int> = []
    ) {
        self.checkbox = checkbox
        self.layout = layout
        titleInteraction = LabelInteraction(
            layout: layout.title, settings: settings, copyEnabled: false, disabledLinks: disabledLinks
        )
    }

    /// Whether the control takes a touch at `point`: anywhere in its bounds while enabled.
    public func shouldHandle(_ point: CGPoint) -> Bool {
        checkbox.isEnabled && layout.bounds.contains(point)
    }

    /// Feeds a pointer event in the control's coordinates.
    public mutating func handle(_ event: PointerEvent) -> [CheckboxEvent] {
        guard checkbox.isEnabled else {
            press = nil
            return []
        }
        let titleEvent = event.offset(by: CGPoint(x: -layout.titleFrame.minX, y: -layout.titleFrame.minY))
        switch event.phase {
        case .down:
            var events = cancel(time: event.timestamp)
            if !layout.boxFrame.contains(event.location),
                titleInteraction.enabledLink(at: titleEvent.location) != nil
            {
                press = .link
                events += titleInteraction.handle(titleEvent).map(CheckboxEvent.link)
            } else if layout.bounds.contains(event.location) {
                // A press on the box or on the title outside its links focuses the control for the keyboard, as a
                // click does in a browser: Space then toggles it, Tab goes on to the title's first link.
                press = .control(location: event.location)
                events += titleInteraction.focus(link: nil).map(CheckboxEvent.link) + setFocused(true)
            }
            return events
        case .move:
            switch press {
            case .link: return titleInteraction.handle(titleEvent).map(CheckboxEvent.link)
            case .control(let start)
            where LabelInteraction.distance(start, event.location) > titleInteraction.settings.movementSlop:
                press = .cancelled
                return []
            default: return []
            }
        case .up:
            defer { press = nil }
            switch press {
            case .link: return titleInteraction.handle(titleEvent).map(CheckboxEvent.link)
            case .control(let start)
            where LabelInteraction.distance(start, event.location) <= titleInteraction.settings.movementSlop:
                checkbox.toggle()
                return [.toggled(isChecked: checkbox.isChecked)]
            default: return []
            }
        case .cancel:
            return cancel(time: event.timestamp)
        }
    }

    /// Tells the interaction the time: a long press on a title link may fire.
    public mutating func advance(to time: Double) -> [CheckboxEvent] {
        guard checkbox.isEnabled, case .link = press else { return [] }
        return titleInteraction.advance(to: time).map(CheckboxEvent.link)
    }

    /// Handles a key press: space toggles an enabled checkbox.
    public mutating func handleKey(_ key: ControlKey) -> [CheckboxEvent] {
        guard checkbox.handleKey(key) else { return [] }
        return [.toggled(isChecked: checkbox.isChecked)]
    }

    /// Handles a key press with keyboard focus: Tab stops at the control, then at each link of its title, then
    /// leaves (shift+Tab the other way round); Space toggles the focused control; Return, the Menu key and shift+F10
    /// act on a focused title link as in a label. A disabled checkbox takes no key.
    ///
    /// ```swift
    /// interaction.handleKey(KeyPress(.tab))     // [.focusChanged(isFocused: true)]
    /// interaction.handleKey(KeyPress(.space))   // [.toggled(isChecked: true)]
    /// ```
    public mutating func handleKey(_ key: KeyPress) -> [CheckboxEvent] {
        guard checkbox.isEnabled else { return [] }
        let hasFocusedLink = titleInteraction.focusedLink != nil
        switch (key.key, key.modifiers) {
        case (.tab, []) where !isFocused && !hasFocusedLink:
            return setFocused(true)
        case (.tab, []):
            return setFocused(false) + titleEvents(titleInteraction.handleKey(key))
        case (.tab, .shift) where isFocused:
            return setFocused(false) + [.focusLeaves(.backward)]
        case (.tab, .shift):
            // From the first link (or from the widget after, when the title has no link) back to the control.
            var events = titleInteraction.handleKey(key)
            guard events.last == .focusLeaves(.backward) else { return titleEvents(events) }
            events.removeLast()
            return events.map(CheckboxEvent.link) + setFocused(true)
        case (.space, []):
            guard isFocused, checkbox.toggle() else { return [] }
            return [.toggled(isChecked: checkbox.isChecked)]
        default:
            return titleEvents(titleInteraction.handleKey(key))
        }
    }

    /// Gives the keyboard focus to the control itself (nil) or to link `index` of its title's layout, as a screen
    /// reader's "grab focus" does; nothing for a disabled checkbox or a link the title does not show.
    ///
    /// ```swift
    /// interaction.focus(link: nil)   // [.focusChanged(isFocused: true)]
    /// ```
    public mutating func focus(link index: Int?) -> [CheckboxEvent] {
        guard checkbox.isEnabled else { return [] }
        guard let index else { return titleInteraction.focus(link: nil).map(CheckboxEvent.link) + setFocused(true) }
        let events = titleInteraction.focus(link: index)
        guard titleInteraction.focusedLink?.index == index else { return events.map(CheckboxEvent.link) }
        return setFocused(false) + events.map(CheckboxEvent.link)
    }

    /// Takes the keyboard focus away from the control and its title's links (another widget took it).
    public mutating func resignFocus() -> [CheckboxEvent] {
        setFocused(false) + titleInteraction.focus(link: nil).map(CheckboxEvent.link)
    }

    private mutating func setFocused(_ focused: Bool) -> [CheckboxEvent] {
        guard isFocused != focused else { return [] }
        isFocused = focused
        return [.focusChanged(isFocused: focused)]
    }

    private func titleEvents(_ events: [InteractionEvent]) -> [CheckboxEvent] {
        events.map { event in
            if case .focusLeaves(let direction) = event { return .focusLeaves(direction) }
            return .link(event)
        }
    }

    /// Enables or disables the control; disabling ends any press.
    public mutating func setEnabled(_ isEnabled: Bool) {
        checkbox.isEnabled = isEnabled
        if !isEnabled {
            press = nil
            _ = titleInteraction.handle(.cancel(time: 0))
            _ = resignFocus()
        }
    }

    /// The control's accessibility element, its value following the state.
    public var accessibilityElement: AccessibilityElement { layout.accessibilityElement(for: checkbox) }

    private mutating func cancel(time: Double) -> [CheckboxEvent] {
        let wasLink: Bool
        if case .link = press { wasLink = true } else { wasLink = false }
        press = nil
        guard wasLink else { return [] }
        return titleInteraction.handle(.cancel(time: time)).map(CheckboxEvent.link)
    }

    /// Performs an accessibility action as an assistive technology asks: ``AccessibilityAction/toggle`` toggles an
    /// enabled control (as a click does), a title link's actions act on the title as on a label.
    public mutating func perform(_ action: AccessibilityAction) -> [CheckboxEvent] {
        guard checkbox.isEnabled else { return [] }
        switch action {
        case .toggle:
            guard checkbox.toggle() else { return [] }
            return [.toggled(isChecked: checkbox.isChecked)]
        default:
            return titleInteraction.perform(action).map(CheckboxEvent.link)
        }
    }

    /// The title's accessibility elements (its text, then its links), with their state, for a bridge that exposes
    /// the title's links as children of the control.
    public func titleAccessibilityElements() -> [AccessibilityElement] {
        titleInteraction.accessibilityElements()
    }
}

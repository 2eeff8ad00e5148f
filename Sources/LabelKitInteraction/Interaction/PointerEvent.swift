import Foundation

/// One pointer (finger, pen or mouse button) event, in the label's coordinates.
///
/// Timestamps are seconds on any monotonic clock the front end chooses; only differences matter. Tests use a fake
/// clock: the event times are simply numbers.
///
/// ```swift
/// var interaction = LabelInteraction(layout: layout)
/// interaction.handle(.down(at: CGPoint(x: 150, y: 45), time: 0))
/// let events = interaction.handle(.up(at: CGPoint(x: 151, y: 45), time: 0.1))   // [.pressedLinkChanged(nil), .tap(…)]
/// ```
public struct PointerEvent: Sendable, Hashable {
    /// What the pointer did.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// The pointer touched down (or the button was pressed).
        case down
        /// The pointer moved while down.
        case move
        /// The pointer lifted.
        case up
        /// The system took the pointer away (a scroll view began scrolling, a call came in): nothing fires.
        case cancel
    }

    /// What the pointer did.
    public var phase: Phase
    /// Where, in the label's coordinates (origin top-left, y down). Ignored for ``Phase/cancel``.
    public var location: CGPoint
    /// When, in seconds.
    public var timestamp: Double
    /// The modifier keys held: shift on a press extends a selectable label's selection.
    public var modifiers: KeyModifiers

    /// Creates an event.
    public init(phase: Phase, location: CGPoint, timestamp: Double, modifiers: KeyModifiers = []) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.modifiers = modifiers
    }

    /// A touch down at `location`, with `modifiers` held (shift+click extends a selection).
    public static func down(at location: CGPoint, time: Double, modifiers: KeyModifiers = []) -> PointerEvent {
        PointerEvent(phase: .down, location: location, timestamp: time, modifiers: modifiers)
    }

    /// A move to `location`.
    public static func move(to location: CGPoint, time: Double) -> PointerEvent {
        PointerEvent(phase: .move, location: location, timestamp: time)
    }

    /// A lift at `location`.
    public static func up(at location: CGPoint, time: Double) -> PointerEvent {
        PointerEvent(phase: .up, location: location, timestamp: time)
    }

    /// A cancellation; it has no meaningful location.
    public static func cancel(time: Double) -> PointerEvent {
        PointerEvent(phase: .cancel, location: .zero, timestamp: time)
    }

    /// The same event moved by `offset`: for handing a control's event to a label placed inside it.
    public func offset(by offset: CGPoint) -> PointerEvent {
        PointerEvent(
            phase: phase, location: CGPoint(x: location.x + offset.x, y: location.y + offset.y), timestamp: timestamp,
            modifiers: modifiers)
    }
}

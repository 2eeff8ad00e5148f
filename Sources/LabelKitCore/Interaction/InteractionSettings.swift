/// The timings and distances of touch handling, as values a front end may tune.
///
/// The defaults follow the platforms' conventions: a long press after half a second, a 10-point slop before a
/// press turns into a drag, and a 10-point radius that lets a finger land near a small link.
///
/// ```swift
/// var settings = InteractionSettings()
/// settings.longPressDuration = 0.8      // an accessibility preference for slower presses
/// let interaction = LabelInteraction(layout: layout, settings: settings)
/// ```
public struct InteractionSettings: Sendable, Hashable {
    /// How long a press must be held, in seconds, before it becomes a long press.
    public var longPressDuration: Double
    /// How far, in points, the pointer may move from where it went down before the press is cancelled.
    public var movementSlop: Double
    /// How far, in points, a touch may land from a link and still hit it; the nearest link wins.
    public var touchRadius: Double

    /// The platforms' conventional long-press duration: half a second.
    public static let standardLongPressDuration = 0.5
    /// The conventional movement slop, in points.
    public static let standardMovementSlop = 10.0
    /// The conventional touch radius for links, in points.
    public static let standardTouchRadius = 10.0

    /// Creates settings; every value defaults to the platforms' convention.
    public init(
        longPressDuration: Double = standardLongPressDuration,
        movementSlop: Double = standardMovementSlop,
        touchRadius: Double = standardTouchRadius
    ) {
        self.longPressDuration = longPressDuration
        self.movementSlop = movementSlop
        self.touchRadius = touchRadius
    }
}

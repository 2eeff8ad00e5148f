/// The timings and distances of touch handling, as values a front end may tune.
///
/// The defaults follow the platforms' conventions: a long press after half a second, a 10-point slop before a
/// press turns into a drag, a 10-point radius that lets a finger land near a small link, and clicks that count as
/// a double (or triple) click when they come within 0.4 seconds and 5 points of the one before — two select a word,
/// three a paragraph, in a selectable label.
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
    /// The longest time, in seconds, between two presses of a double or triple click.
    public var multipleClickInterval: Double
    /// How far, in points, a press of a double or triple click may be from the one before.
    public var multipleClickDistance: Double
    /// The click count that selects a word in a selectable label (2: a double click); 0 turns it off.
    public var wordSelectionClickCount: Int
    /// The click count that selects a paragraph in a selectable label (3: a triple click); 0 turns it off.
    public var paragraphSelectionClickCount: Int

    /// The platforms' conventional long-press duration: half a second.
    public static let standardLongPressDuration = 0.5
    /// The conventional movement slop, in points.
    public static let standardMovementSlop = 10.0
    /// The conventional touch radius for links, in points.
    public static let standardTouchRadius = 10.0
    /// The conventional double-click interval (GTK's and GNOME's default), in seconds.
    public static let standardMultipleClickInterval = 0.4
    /// The conventional double-click distance (GTK's default), in points.
    public static let standardMultipleClickDistance = 5.0

    /// Creates settings; every value defaults to the platforms' convention.
    public init(
        longPressDuration: Double = standardLongPressDuration,
        movementSlop: Double = standardMovementSlop,
        touchRadius: Double = standardTouchRadius,
        multipleClickInterval: Double = standardMultipleClickInterval,
        multipleClickDistance: Double = standardMultipleClickDistance,
        wordSelectionClickCount: Int = 2,
        paragraphSelectionClickCount: Int = 3
    ) {
        self.longPressDuration = longPressDuration
        self.movementSlop = movementSlop
        self.touchRadius = touchRadius
        self.multipleClickInterval = multipleClickInterval
        self.multipleClickDistance = multipleClickDistance
        self.wordSelectionClickCount = wordSelectionClickCount
        self.paragraphSelectionClickCount = paragraphSelectionClickCount
    }
}

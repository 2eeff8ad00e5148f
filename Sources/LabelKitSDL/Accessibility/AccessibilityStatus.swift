/// Whether the views are exposed to screen readers, and why not when they are not.
public enum AccessibilityStatus: Sendable, Hashable, CustomStringConvertible {
    /// The views are exposed on the accessibility bus.
    case on
    /// Accessibility is off, for the reason given (no session bus, no accessibility bus).
    case off(reason: String)

    /// One line for the app to print.
    public var description: String {
        switch self {
        case .on: "accessibility: on (AT-SPI)"
        case .off(let reason): "accessibility: off (\(reason))"
        }
    }
}

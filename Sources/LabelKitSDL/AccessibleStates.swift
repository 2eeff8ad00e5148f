/// The states of a view or of a part of it, as a screen reader hears them: whether it takes the focus and has it,
/// whether it is checked, whether its text can be selected, whether it is disabled.
///
/// Every part of a window is showing, visible and enabled unless it says ``disabled``; the bridge adds those itself.
///
/// ```swift
/// func accessibleStates(of part: AccessiblePart) -> AccessibleStates {
///     part == .view ? [.focusable, .checkable] : []
/// }
/// ```
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    /// The states as bits.
    public let rawValue: UInt32

    /// Creates states from their bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Tab can move the keyboard focus to it.
    public static let focusable = AccessibleStates(rawValue: 1 << 0)
    /// It has the keyboard focus.
    public static let focused = AccessibleStates(rawValue: 1 << 1)
    /// It can be checked: a checkbox, whether checked or not.
    public static let checkable = AccessibleStates(rawValue: 1 << 2)
    /// It is checked.
    public static let checked = AccessibleStates(rawValue: 1 << 3)
    /// It is pressed: a toggle button that is on.
    public static let pressed = AccessibleStates(rawValue: 1 << 4)
    /// It is the chosen item of its parent: a selected row.
    public static let selected = AccessibleStates(rawValue: 1 << 5)
    /// Its text can be selected: ``InteractiveView/setAccessibleSelection(_:in:)`` selects it.
    public static let selectableText = AccessibleStates(rawValue: 1 << 6)
    /// It does not respond now: neither enabled nor sensitive to a screen reader.
    public static let disabled = AccessibleStates(rawValue: 1 << 7)
}

import LabelKit

/// The defaults of the accessibility requirements: a view that exposes nothing, a filler without a name, text,
/// children, states or actions.
extension InteractiveView {
    /// A filler by default: a part of the window with no meaning of its own.
    public var accessibleRole: AccessibleRole { .filler }
    /// No name by default.
    public var accessibleName: String { "" }
    /// No text by default.
    public var accessibleTextSource: AccessibleTextSource? { nil }
    /// No children by default.
    public var accessibleChildren: [AccessibleChild] { [] }
    /// No states by default (the bridge still reports the view showing, visible and enabled).
    public func accessibleStates(of part: AccessiblePart) -> AccessibleStates { [] }
    /// No actions by default.
    public func accessibleActions(of part: AccessiblePart) -> [AccessibleActionName] { [] }
    /// Nothing to perform by default.
    public func performAccessibleAction(_ name: AccessibleActionName, of part: AccessiblePart) -> [ViewEvent] { [] }
    /// No selection by default.
    public func accessibleSelection(in text: AccessibleText) -> Range<Int>? { nil }
    /// Nothing to select by default.
    public func setAccessibleSelection(_ range: Range<Int>, in text: AccessibleText) -> [ViewEvent] { [] }
    /// Nothing: the view takes no focus from a screen reader.
    public func takeAccessibleFocus(_ part: AccessiblePart) -> [ViewEvent] { [] }
}

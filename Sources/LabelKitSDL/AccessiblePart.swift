/// A part of a view that a screen reader addresses: the view itself, one of the links of its text, or one of its
/// children.
///
/// A screen reader asks a view for the states and actions of each part, and performs an action on one:
///
/// ```swift
/// label.accessibleActions(of: .link(index: 0))                   // [.click, .showMenu]
/// label.performAccessibleAction(.click, of: .link(index: 0))     // what a tap on the link reports
/// ```
public enum AccessiblePart: Sendable, Hashable {
    /// The view itself.
    case view
    /// Link `index` of the links of the view's text layout (``AccessibleTextSource/layout``), the index a tap on it
    /// reports.
    case link(index: Int)
    /// The child whose ``AccessibleChild/id`` is `id`.
    case child(id: Int)
}

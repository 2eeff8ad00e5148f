import Foundation

/// A child of a view besides the links of its text, as a screen reader sees it: a row of a list.
///
/// ```swift
/// list.accessibleChildren.map(\.name)   // the texts of the rows in view
/// ```
public struct AccessibleChild: Sendable, Hashable {
    /// What tells the child from its siblings while it exists: a row's index in the list, so that a row keeps its
    /// identity while the list scrolls.
    public var id: Int
    /// What the child is.
    public var role: AccessibleRole
    /// What a screen reader reads for it.
    public var name: String
    /// Where it is, in window points.
    public var frame: CGRect

    /// Creates a child.
    public init(id: Int, role: AccessibleRole, name: String, frame: CGRect) {
        (self.id, self.role, self.name, self.frame) = (id, role, name, frame)
    }
}

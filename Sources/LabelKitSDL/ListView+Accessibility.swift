import LabelKit

/// A list is a `list` whose children are the rows in view, each a `list item` named by its text: a screen reader
/// hears rows come and go as the list scrolls.
extension ListView {
    /// A list.
    public var accessibleRole: AccessibleRole { .list }

    /// The rows in view (``visibleRows``), in order, each identified by its index in ``texts`` and framed by
    /// ``rowFrame(_:)``.
    public var accessibleChildren: [AccessibleChild] {
        visibleRows.map { row in
            AccessibleChild(id: row, role: .listItem, name: texts[row], frame: rowFrame(row) ?? .zero)
        }
    }
}

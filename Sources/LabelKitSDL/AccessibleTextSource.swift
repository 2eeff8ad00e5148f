import Foundation
import LabelKit

/// The text a view shows a screen reader: the layout it draws and where it draws it.
///
/// The bridge reads the layout through `AccessibleText` (characters, words, lines, extents, links, attributes), once
/// per layout, and places what it answers at ``origin``: a screen reader's character extents are the rects a tap uses.
///
/// ```swift
/// var accessibleTextSource: AccessibleTextSource? { AccessibleTextSource(layout: layout, origin: origin) }
/// ```
public struct AccessibleTextSource: Sendable {
    /// The drawn layout.
    public var layout: TextLayout
    /// Where the layout's origin is drawn, in window points.
    public var origin: CGPoint

    /// Creates a text source of `layout` drawn at `origin`.
    public init(layout: TextLayout, origin: CGPoint) {
        self.layout = layout
        self.origin = origin
    }
}

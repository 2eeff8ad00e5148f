/// What a screen reader announces a view, or a part of it, as: the roles of AT-SPI (and of ATK and AccessKit) that
/// LabelKit's views and an app's own views need.
///
/// A view says its role through ``InteractiveView/accessibleRole``; a child names its own in ``AccessibleChild``. The
/// AT-SPI bridge turns each into AT-SPI's role number and role name ("check box", "push button").
///
/// ```swift
/// final class AvatarView: InteractiveView {
///     var accessibleRole: AccessibleRole { .image }
///     var accessibleName: String { "Maria's picture" }
///     // frame, draw(in:), claimsPointer(at:), handle(_:)…
/// }
/// ```
public enum AccessibleRole: Sendable, Hashable, CaseIterable {
    /// A part of the window with no meaning of its own: what a view that says nothing else is.
    case filler
    /// Text that is read, with the links in it (``LabelView``).
    case label
    /// A link inside text.
    case link
    /// A control that is checked or not (``CheckboxView``).
    case checkBox
    /// One control of a group of which one is chosen.
    case radioButton
    /// A button that does something when pressed (``ButtonView``).
    case pushButton
    /// A button that stays pressed or not.
    case toggleButton
    /// A list of items (``ListView``).
    case list
    /// An item of a list: a row of ``ListView``.
    case listItem
    /// A picture.
    case image
    /// A heading above a part of the window.
    case heading
    /// A group of views.
    case panel
}

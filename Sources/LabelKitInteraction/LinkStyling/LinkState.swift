/// The state a link is drawn in, each with its own ``LinkStyle/Look``.
///
/// A link is pressed while a finger or the mouse is down on it (``LabelInteraction/pressedLink``), and disabled when
/// the app says so (``LabelInteraction/disabledLinks``); a disabled link is drawn disabled even while pressed.
///
/// ```swift
/// style.setLook(LinkStyle.Look(highlightColor: .black), for: .kind(.url), in: .pressed)
/// ```
public enum LinkState: String, Sendable, Hashable, CaseIterable {
    /// At rest.
    ///
    /// Drawn with ``LinkStyle/normal``, or the look of the most specific rule for the link in this state.
    ///
    /// ```swift
    /// style.setLook(LinkStyle.Look(foregroundColor: .black), for: .kind(.phone), in: .normal)
    /// ```
    case normal
    /// Under a finger.
    ///
    /// Drawn with ``LinkStyle/pressed`` (or a rule's pressed look) over the link's normal look.
    ///
    /// ```swift
    /// style.setLook(LinkStyle.Look(highlightColor: .black), for: .link(0), in: .pressed)
    /// ```
    case pressed
    /// Not tappable.
    ///
    /// Drawn with ``LinkStyle/disabled`` (or a rule's disabled look) over the link's normal look, even while pressed.
    ///
    /// ```swift
    /// style.setLook(LinkStyle.Look(foregroundColor: .clear), for: .kind(.email), in: .disabled)
    /// ```
    case disabled
}

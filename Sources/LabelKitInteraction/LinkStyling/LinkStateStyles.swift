import LabelKitText

/// A link's look in each state.
///
/// ```swift
/// var terms = LinkStateStyles()
/// terms.pressed.highlightColor = LabelColor(hex: 0xFFCC00, alpha: 0.4)
/// ```
public struct LinkStateStyles: Sendable, Hashable {
    /// At rest.
    public var normal: LinkStyle
    /// Pressed; drawn over ``normal``.
    public var pressed: LinkStyle
    /// Disabled; drawn over ``normal``.
    public var disabled: LinkStyle

    /// Creates styles; by default a blue underlined link, a grey highlight when pressed and grey text when disabled.
    public init(
        normal: LinkStyle = LinkStyle(foregroundColor: .link, underline: .single),
        pressed: LinkStyle = LinkStyle(highlightColor: LinkStyle.standardPressedHighlight),
        disabled: LinkStyle = LinkStyle(foregroundColor: LinkStyle.standardDisabledForeground)
    ) {
        self.normal = normal
        self.pressed = pressed
        self.disabled = disabled
    }

    /// Styles that set nothing: for overrides that change one state only.
    public static let unset = LinkStateStyles(normal: LinkStyle(), pressed: LinkStyle(), disabled: LinkStyle())

    /// The style of `state`: the normal style with the state's own settings on top.
    public func style(for state: LinkState) -> LinkStyle {
        switch state {
        case .normal: normal
        case .pressed: normal.overridden(by: pressed)
        case .disabled: normal.overridden(by: disabled)
        }
    }

    /// These styles with every property `other` sets, state by state, taking its place.
    public func overridden(by other: LinkStateStyles) -> LinkStateStyles {
        LinkStateStyles(
            normal: normal.overridden(by: other.normal),
            pressed: pressed.overridden(by: other.pressed),
            disabled: disabled.overridden(by: other.disabled)
        )
    }
}

extension LinkStateStyles {
    /// These styles with `normal` replaced.
    public func with(normal: LinkStyle) -> LinkStateStyles {
        var copy = self
        copy.normal = normal
        return copy
    }
}

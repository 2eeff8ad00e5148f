/// A semantic colour: what the colour is for, with a value in every ``Appearance``.
///
/// | Colour | Light | Dark | Light, high contrast | Dark, high contrast |
/// |---|---|---|---|---|
/// | `label` | `#000000` | `#FFFFFF` | `#000000` | `#FFFFFF` |
/// | `secondaryLabel` | `#5C5C66` | `#AEAEB8` | `#3A3A42` | `#D6D6DE` |
/// | `tertiaryLabel` | `#7A7A85` | `#85858F` | `#55555E` | `#BDBDC6` |
/// | `link` | `#0B5FCC` | `#6CB0FF` | `#0046A6` | `#A8D1FF` |
/// | `background` | `#FFFFFF` | `#1E1E1E` | `#FFFFFF` | `#000000` |
/// | `selection` | `#0B5FCC` at 28 % | `#3D8DFF` at 40 % | `#0046A6` at 35 % | `#A8D1FF` at 45 % |
/// | `focusRing` | `#0B5FCC` | `#6CB0FF` | `#0046A6` | `#A8D1FF` |
/// | `placeholder` | `#8E8E93` | `#6E6E76` | `#5C5C66` | `#AEAEB8` |
/// | `separator` | `#C6C6C8` | `#3A3A3C` | `#8E8E93` | `#8E8E93` |
///
/// Light values are those LabelKit drew before it had appearances (black text, the `#0B5FCC` link blue, its
/// selection and focus ring), so light drawings are unchanged. On `background`, `label`, `secondaryLabel` and `link`
/// meet WCAG's AA contrast (4.5:1) in normal contrast and AAA (7:1) in high contrast; `tertiaryLabel` and
/// `placeholder` are quieter (at least 3.2:1) and meet AA in high contrast.
///
/// ```swift
/// SystemColor.secondaryLabel.resolved(for: .dark)   // #AEAEB8
/// text[detailRange].labelKit.foregroundColor = .secondaryLabel
/// ```
public enum SystemColor: String, Sendable, Hashable, Codable, CaseIterable {
    /// Primary text.
    case label
    /// Secondary text: subtitles, details.
    case secondaryLabel
    /// Tertiary text: timestamps, hints.
    case tertiaryLabel
    /// Links.
    case link
    /// What text is drawn on.
    case background
    /// The selection highlight, translucent, drawn behind the text.
    case selection
    /// Keyboard focus rings.
    case focusRing
    /// Placeholder text.
    case placeholder
    /// Separator lines.
    case separator

    /// The colour's value in `appearance`, from the table above.
    public func resolved(for appearance: Appearance) -> RGBAColor {
        values.resolved(for: appearance)
    }

    /// The colour's four values.
    public var values: DynamicColor {
        switch self {
        case .label: Table.label
        case .secondaryLabel: Table.secondaryLabel
        case .tertiaryLabel: Table.tertiaryLabel
        case .link: Table.link
        case .background: Table.background
        case .selection: Table.selection
        case .focusRing: Table.focusRing
        case .placeholder: Table.placeholder
        case .separator: Table.separator
        }
    }

    /// The values, made once: drawing resolves a colour for every run.
    private enum Table {
        static let label = DynamicColor(
            hex: 0x000000, dark: 0xFFFFFF, lightHighContrast: 0x000000, darkHighContrast: 0xFFFFFF)
        static let secondaryLabel = DynamicColor(
            hex: 0x5C5C66, dark: 0xAEAEB8, lightHighContrast: 0x3A3A42, darkHighContrast: 0xD6D6DE)
        static let tertiaryLabel = DynamicColor(
            hex: 0x7A7A85, dark: 0x85858F, lightHighContrast: 0x55555E, darkHighContrast: 0xBDBDC6)
        static let link = DynamicColor(
            hex: 0x0B5FCC, dark: 0x6CB0FF, lightHighContrast: 0x0046A6, darkHighContrast: 0xA8D1FF)
        static let background = DynamicColor(
            hex: 0xFFFFFF, dark: 0x1E1E1E, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)
        static let selection = DynamicColor(
            light: RGBAColor(hex: 0x0B5FCC, alpha: 0.28), dark: RGBAColor(hex: 0x3D8DFF, alpha: 0.40),
            lightHighContrast: RGBAColor(hex: 0x0046A6, alpha: 0.35),
            darkHighContrast: RGBAColor(hex: 0xA8D1FF, alpha: 0.45))
        static let focusRing = DynamicColor(
            hex: 0x0B5FCC, dark: 0x6CB0FF, lightHighContrast: 0x0046A6, darkHighContrast: 0xA8D1FF)
        static let placeholder = DynamicColor(
            hex: 0x8E8E93, dark: 0x6E6E76, lightHighContrast: 0x5C5C66, darkHighContrast: 0xAEAEB8)
        static let separator = DynamicColor(
            hex: 0xC6C6C8, dark: 0x3A3A3C, lightHighContrast: 0x8E8E93, darkHighContrast: 0x8E8E93)
    }
}

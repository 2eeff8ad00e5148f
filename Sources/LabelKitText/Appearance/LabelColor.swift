/// A colour as text and drawing ask for it: a fixed sRGB value, a dynamic one (a value for light and one for dark,
/// each with an optional high-contrast variant), or a semantic ``SystemColor``.
///
/// A layout keeps colours as they are given; the renderer resolves them against its ``Appearance`` when it draws
/// (``resolved(for:)``), so one layout draws in every appearance.
///
/// ```swift
/// let brand = LabelColor(hex: 0x0A66C2)                                        // the same everywhere
/// let ink = LabelColor(light: RGBAColor(hex: 0x1D1D1F), dark: RGBAColor(hex: 0xF5F5F7))
/// let quiet = LabelColor.secondaryLabel                                         // follows the desktop
/// ink.resolved(for: .dark)   // #F5F5F7
/// ```
public struct LabelColor: Hashable, Sendable, CustomStringConvertible {
    /// What a colour is made of.
    public enum Value: Hashable, Sendable {
        /// One sRGB value in every appearance.
        case fixed(RGBAColor)
        /// A value per appearance (stored out of line, so that a colour stays the size of one sRGB value).
        indirect case dynamic(DynamicColor)
        /// A semantic colour, with the values ``SystemColor`` documents.
        case system(SystemColor)
    }

    /// What the colour is made of.
    public let value: Value

    /// A colour made of `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// A fixed colour.
    public init(_ color: RGBAColor) {
        value = .fixed(color)
    }

    /// A fixed colour from components in 0…1 (values outside are clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(RGBAColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A fixed colour from a 24-bit `0xRRGGBB` value.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(RGBAColor(hex: hex, alpha: alpha))
    }

    /// Parses `#RRGGBB`, `RRGGBB` or `#RRGGBBAA` into a fixed colour; nil when the text is not such a colour.
    public init?(hexString: String) {
        guard let color = RGBAColor(hexString: hexString) else { return nil }
        self.init(color)
    }

    /// A dynamic colour: `light` and `dark`, and what high contrast uses in each (the normal value when nil).
    ///
    /// ```swift
    /// let ink = LabelColor(
    ///     light: RGBAColor(hex: 0x3C3C43), dark: RGBAColor(hex: 0xEBEBF5),
    ///     lightHighContrast: RGBAColor(hex: 0x000000), darkHighContrast: RGBAColor(hex: 0xFFFFFF))
    /// ```
    public init(
        light: RGBAColor, dark: RGBAColor, lightHighContrast: RGBAColor? = nil, darkHighContrast: RGBAColor? = nil
    ) {
        value = .dynamic(
            DynamicColor(
                light: light, dark: dark, lightHighContrast: lightHighContrast, darkHighContrast: darkHighContrast))
    }

    /// A dynamic colour of opaque `0xRRGGBB` values: `light` (the first argument), `dark`, and what high contrast
    /// uses in each (the normal value when nil).
    ///
    /// ```swift
    /// let panel = LabelColor(hex: 0xF4F6FA, dark: 0x26272B, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)
    /// ```
    public init(hex light: UInt32, dark: UInt32, lightHighContrast: UInt32? = nil, darkHighContrast: UInt32? = nil) {
        value = .dynamic(
            DynamicColor(
                hex: light, dark: dark, lightHighContrast: lightHighContrast, darkHighContrast: darkHighContrast))
    }

    /// A semantic colour.
    public init(system: SystemColor) {
        value = .system(system)
    }

    /// The sRGB value the colour has in `appearance`.
    public func resolved(for appearance: Appearance) -> RGBAColor {
        switch value {
        case .fixed(let color): color
        case .dynamic(let color): color.resolved(for: appearance)
        case .system(let color): color.resolved(for: appearance)
        }
    }

    /// The value of a fixed colour; nil for a dynamic or semantic one.
    public var fixedValue: RGBAColor? {
        if case .fixed(let color) = value { return color }
        return nil
    }

    /// Whether the colour can look different in another appearance (it is dynamic or semantic).
    public var dependsOnAppearance: Bool { fixedValue == nil }

    /// `#RRGGBB` for a fixed colour; `light #… dark #…` (with `lightHighContrast #…`, `darkHighContrast #…` where
    /// set) for a dynamic one; the semantic name (`label`, `link`, …) for a system colour.
    public var description: String {
        switch value {
        case .fixed(let color): color.description
        case .dynamic(let color): color.description
        case .system(let color): color.rawValue
        }
    }

    /// Opaque black, in every appearance.
    public static let black = LabelColor(red: 0, green: 0, blue: 0)
    /// Opaque white, in every appearance.
    public static let white = LabelColor(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = LabelColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Primary text: ``SystemColor/label``. What text is drawn in unless it says otherwise.
    public static let label = LabelColor(system: .label)
    /// Secondary text (subtitles, details): ``SystemColor/secondaryLabel``.
    public static let secondaryLabel = LabelColor(system: .secondaryLabel)
    /// Tertiary text (timestamps, hints): ``SystemColor/tertiaryLabel``.
    public static let tertiaryLabel = LabelColor(system: .tertiaryLabel)
    /// Links: ``SystemColor/link``, a readable blue in light and a lighter one in dark. Links drawn without a style
    /// of their own take it.
    public static let link = LabelColor(system: .link)
    /// What text is drawn on: ``SystemColor/background``, white in light and a dark grey in dark.
    public static let background = LabelColor(system: .background)
    /// The selection highlight: ``SystemColor/selection``.
    public static let selection = LabelColor(system: .selection)
    /// Keyboard focus rings: ``SystemColor/focusRing``.
    public static let focusRing = LabelColor(system: .focusRing)
    /// Placeholder text: ``SystemColor/placeholder``.
    public static let placeholder = LabelColor(system: .placeholder)
    /// Separator lines: ``SystemColor/separator``.
    public static let separator = LabelColor(system: .separator)
}

/// A colour with a value per ``Appearance``: one for light, one for dark, and optional high-contrast variants.
///
/// ```swift
/// let accent = DynamicColor(light: RGBAColor(hex: 0x0B5FCC), dark: RGBAColor(hex: 0x6CB0FF))
/// accent.resolved(for: .darkHighContrast)   // #6CB0FF: no high-contrast variant, so the dark value
/// ```
public struct DynamicColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The value in light, normal contrast.
    public var light: RGBAColor
    /// The value in dark, normal contrast.
    public var dark: RGBAColor
    /// The value in light, high contrast; nil for ``light``.
    public var lightHighContrast: RGBAColor?
    /// The value in dark, high contrast; nil for ``dark``.
    public var darkHighContrast: RGBAColor?

    /// Creates a dynamic colour.
    public init(
        light: RGBAColor, dark: RGBAColor, lightHighContrast: RGBAColor? = nil, darkHighContrast: RGBAColor? = nil
    ) {
        self.light = light
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }

    /// A dynamic colour of opaque `0xRRGGBB` values, as ``LabelColor/init(hex:dark:lightHighContrast:darkHighContrast:)``.
    public init(hex light: UInt32, dark: UInt32, lightHighContrast: UInt32? = nil, darkHighContrast: UInt32? = nil) {
        self.init(
            light: RGBAColor(hex: light), dark: RGBAColor(hex: dark),
            lightHighContrast: lightHighContrast.map { RGBAColor(hex: $0) },
            darkHighContrast: darkHighContrast.map { RGBAColor(hex: $0) })
    }

    /// The value in `appearance`: the high-contrast variant where there is one and the appearance asks for it.
    public func resolved(for appearance: Appearance) -> RGBAColor {
        switch (appearance.colorScheme, appearance.contrast) {
        case (.light, .normal): light
        case (.light, .high): lightHighContrast ?? light
        case (.dark, .normal): dark
        case (.dark, .high): darkHighContrast ?? dark
        }
    }

    /// `light #… dark #…`, then `lightHighContrast #…` and `darkHighContrast #…` where set.
    public var description: String {
        var text = "light \(light) dark \(dark)"
        if let lightHighContrast { text += " lightHighContrast \(lightHighContrast)" }
        if let darkHighContrast { text += " darkHighContrast \(darkHighContrast)" }
        return text
    }
}

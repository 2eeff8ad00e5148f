import LabelKit

/// The colours the views draw with unless the app gives others, in every appearance: the light values are those the
/// views always had, so light windows look as before; dark and high-contrast values keep the same roles readable.
enum ViewPalette {
    /// Every other row of a list (the rows between are ``LabelKitText/LabelColor/background``).
    static let alternateRow = color(0xF3F5F9, 0x27272B, 0xE8EAF0, 0x161618)
    /// A list's scroll indicator.
    static let scrollIndicator = LabelColor(
        light: RGBAColor(hex: 0x000000, alpha: 0.35), dark: RGBAColor(hex: 0xFFFFFF, alpha: 0.35),
        lightHighContrast: RGBAColor(hex: 0x000000, alpha: 0.6), darkHighContrast: RGBAColor(hex: 0xFFFFFF, alpha: 0.7))
    /// The outline of an unchecked checkbox.
    static let checkboxOutline = color(0x7A7A80, 0x8E8E96, 0x3A3A42, 0xD6D6DE)
    /// The tick of a checked checkbox, on its tint (``LabelKitText/LabelColor/link`` by default).
    static let checkboxTick = color(0xFFFFFF, 0x1E1E1E, 0xFFFFFF, 0x000000)
    /// A button at rest.
    static let buttonFill = color(0xE4E9F2, 0x33373F, 0xFFFFFF, 0x000000)
    /// A button while pressed.
    static let buttonPressedFill = color(0xC5D0E3, 0x4A5262, 0xC8C8D0, 0x3A3A40)
    /// A button's border.
    static let buttonBorder = color(0x9AA7BD, 0x5C6578, 0x000000, 0xFFFFFF)

    /// An opaque colour with a value per appearance: light, dark, light high contrast, dark high contrast.
    static func color(_ light: UInt32, _ dark: UInt32, _ lightHigh: UInt32, _ darkHigh: UInt32, alpha: Double = 1)
        -> LabelColor
    {
        LabelColor(
            light: RGBAColor(hex: light, alpha: alpha), dark: RGBAColor(hex: dark, alpha: alpha),
            lightHighContrast: RGBAColor(hex: lightHigh, alpha: alpha),
            darkHighContrast: RGBAColor(hex: darkHigh, alpha: alpha))
    }
}

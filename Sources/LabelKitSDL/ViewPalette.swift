import LabelKit

/// The colours the views draw with unless the app gives others, in every appearance: the light values are those the
/// views always had, so light windows look as before; dark and high-contrast values keep the same roles readable.
enum ViewPalette {
    /// Every other row of a list (the rows between are ``LabelKitText/LabelColor/background``).
    static let alternateRow = LabelColor(
        hex: 0xF3F5F9, dark: 0x27272B, lightHighContrast: 0xE8EAF0, darkHighContrast: 0x161618)
    /// A list's scroll indicator.
    static let scrollIndicator = LabelColor(
        light: RGBAColor(hex: 0x000000, alpha: 0.35), dark: RGBAColor(hex: 0xFFFFFF, alpha: 0.35),
        lightHighContrast: RGBAColor(hex: 0x000000, alpha: 0.6), darkHighContrast: RGBAColor(hex: 0xFFFFFF, alpha: 0.7))
    /// The outline of an unchecked checkbox.
    static let checkboxOutline = LabelColor(
        hex: 0x7A7A80, dark: 0x8E8E96, lightHighContrast: 0x3A3A42, darkHighContrast: 0xD6D6DE)
    /// The tick of a checked checkbox, on its tint (``LabelKitText/LabelColor/link`` by default).
    static let checkboxTick = LabelColor(
        hex: 0xFFFFFF, dark: 0x1E1E1E, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)
    /// A button at rest.
    static let buttonFill = LabelColor(
        hex: 0xE4E9F2, dark: 0x33373F, lightHighContrast: 0xFFFFFF, darkHighContrast: 0x000000)
    /// A button while pressed.
    static let buttonPressedFill = LabelColor(
        hex: 0xC5D0E3, dark: 0x4A5262, lightHighContrast: 0xC8C8D0, darkHighContrast: 0x3A3A40)
    /// A button's border.
    static let buttonBorder = LabelColor(
        hex: 0x9AA7BD, dark: 0x5C6578, lightHighContrast: 0x000000, darkHighContrast: 0xFFFFFF)

}

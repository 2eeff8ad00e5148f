/// What a person's desktop asks text to look like: light or dark, normal or high contrast.
///
/// A ``LabelColor`` can be dynamic or a semantic ``SystemColor``; the renderer resolves it against an appearance when
/// it draws. Layouts never depend on it: one layout draws in every appearance, and changing the appearance lays
/// nothing out again.
///
/// ```swift
/// let ink = LabelColor.label.resolved(for: .dark)   // white
/// renderer.appearance = Appearance(colorScheme: .dark, contrast: .high)
/// ```
public struct Appearance: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Light or dark.
    public enum ColorScheme: String, Sendable, Hashable, Codable, CaseIterable {
        /// Dark text on a light background (the default).
        case light
        /// Light text on a dark background.
        case dark
    }

    /// Normal or high contrast.
    public enum Contrast: String, Sendable, Hashable, Codable, CaseIterable {
        /// The colours' normal values (the default).
        case normal
        /// The colours' high-contrast values, where a colour has them.
        case high
    }

    /// Light or dark.
    public var colorScheme: ColorScheme
    /// Normal or high contrast.
    public var contrast: Contrast

    /// Creates an appearance; light with normal contrast by default.
    public init(colorScheme: ColorScheme = .light, contrast: Contrast = .normal) {
        self.colorScheme = colorScheme
        self.contrast = contrast
    }

    /// Light, normal contrast: what text looks like unless someone asks otherwise.
    public static let light = Appearance()
    /// Dark, normal contrast.
    public static let dark = Appearance(colorScheme: .dark)
    /// Light, high contrast.
    public static let lightHighContrast = Appearance(colorScheme: .light, contrast: .high)
    /// Dark, high contrast.
    public static let darkHighContrast = Appearance(colorScheme: .dark, contrast: .high)
    /// The four appearances, light first.
    public static let all: [Appearance] = [.light, .dark, .lightHighContrast, .darkHighContrast]

    /// `light`, `dark`, `light, high contrast` or `dark, high contrast`.
    public var description: String {
        contrast == .high ? "\(colorScheme.rawValue), high contrast" : colorScheme.rawValue
    }
}

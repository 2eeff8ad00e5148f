import LabelKit

/// What the person's desktop asks text to look like: light or dark, normal or high contrast, and how large.
///
/// A ``ViewHost`` follows the desktop's settings through the XDG desktop portal
/// (``ViewHost/followDesktopSettings()``); an app's own choice (``DesktopSettingsOverride``) wins over them.
///
/// ```swift
/// let settings = DesktopSettings(colorScheme: .dark, textScale: try TextScale(1.25))
/// settings.appearance   // dark, normal contrast
/// ```
public struct DesktopSettings: Sendable, Hashable, CustomStringConvertible {
    /// Light or dark.
    public var colorScheme: Appearance.ColorScheme
    /// Normal or high contrast.
    public var contrast: Appearance.Contrast
    /// How much larger or smaller than their own sizes text is.
    public var textScale: TextScale

    /// Creates settings; light, normal contrast and the standard scale by default.
    public init(
        colorScheme: Appearance.ColorScheme = .light, contrast: Appearance.Contrast = .normal,
        textScale: TextScale = .standard
    ) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.textScale = textScale
    }

    /// Light, normal contrast, text at its own size: what an app shows without a desktop portal.
    public static let standard = DesktopSettings()

    /// The colour scheme and the contrast, as colours are resolved against them.
    public var appearance: Appearance {
        get { Appearance(colorScheme: colorScheme, contrast: contrast) }
        set {
            colorScheme = newValue.colorScheme
            contrast = newValue.contrast
        }
    }

    /// These settings with what `override` sets in their place.
    ///
    /// ```swift
    /// DesktopSettings(colorScheme: .dark).overridden(by: DesktopSettingsOverride(contrast: .high))
    /// // dark, high contrast
    /// ```
    public func overridden(by override: DesktopSettingsOverride) -> DesktopSettings {
        DesktopSettings(
            colorScheme: override.colorScheme ?? colorScheme, contrast: override.contrast ?? contrast,
            textScale: override.textScale ?? textScale)
    }

    /// `dark, high contrast, text scale 1.5`.
    public var description: String { "\(appearance), text scale \(textScale)" }
}

/// What an app sets itself instead of following the desktop: each setting it gives wins over the desktop portal's,
/// the others still follow the desktop.
///
/// ```swift
/// host.settingsOverride = DesktopSettingsOverride(colorScheme: .dark)   // dark whatever the desktop says
/// ```
public struct DesktopSettingsOverride: Sendable, Hashable {
    /// The colour scheme to use, or nil for the desktop's.
    public var colorScheme: Appearance.ColorScheme?
    /// The contrast to use, or nil for the desktop's.
    public var contrast: Appearance.Contrast?
    /// The text scale to use, or nil for the desktop's.
    public var textScale: TextScale?

    /// Creates an override; nil follows the desktop.
    public init(
        colorScheme: Appearance.ColorScheme? = nil, contrast: Appearance.Contrast? = nil, textScale: TextScale? = nil
    ) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.textScale = textScale
    }
}

/// Settings that changed: what they were and what they are, for an app to react to — nothing to do for a new
/// appearance (the views draw again in it), its labels to lay out again for a new text scale.
public struct DesktopSettingsChange: Sendable, Hashable {
    /// The settings before.
    public let old: DesktopSettings
    /// The settings now.
    public let new: DesktopSettings

    /// Creates a change.
    public init(old: DesktopSettings, new: DesktopSettings) {
        self.old = old
        self.new = new
    }

    /// Whether the colour scheme or the contrast changed: colours look different, nothing is laid out again.
    public var changesAppearance: Bool { old.appearance != new.appearance }

    /// Whether the text scale changed: labels are laid out again.
    public var changesTextScale: Bool { old.textScale != new.textScale }
}

/// Whether the host follows the desktop's settings, and why not when it does not.
public enum DesktopSettingsStatus: Sendable, Hashable, CustomStringConvertible {
    /// The settings come from the desktop portal, and change with it.
    case following
    /// The settings stay as they are (light, normal contrast, scale 1, unless the app sets them), for the reason given
    /// (no session bus, no desktop portal).
    case off(reason: String)

    /// One line for the app to print.
    public var description: String {
        switch self {
        case .following: "desktop settings: following the desktop portal"
        case .off(let reason): "desktop settings: off (\(reason))"
        }
    }
}

import Foundation
import LabelKit

/// The person's appearance and text scale: the desktop's, through the XDG desktop portal, or the app's own.
extension ViewHost {
    /// The settings the views show: ``desktopSettings`` with ``settingsOverride`` in their place.
    public var settings: DesktopSettings { desktopSettings.overridden(by: settingsOverride) }

    /// The appearance the views are drawn in (``settings``): the window's colours, the labels' dynamic and semantic
    /// colours, and the colours screen readers read in text attributes. A new appearance draws the views again; it
    /// lays nothing out.
    public var appearance: Appearance { settings.appearance }

    /// The text scale of ``settings``: what the app lays its labels out at. A new scale lays text out again.
    public var textScale: TextScale { settings.textScale }

    /// Starts following the desktop's dark mode, contrast and text size through the XDG desktop portal on the session
    /// bus (the first ``draw(in:background:)`` calls it when the app has not, unless
    /// ``followsDesktopSettingsAutomatically`` is off): `color-scheme` and `contrast` of `org.freedesktop.appearance`,
    /// and GNOME's `text-scaling-factor`. The settings are read now; their changes arrive through
    /// ``takeSettingsChange()``. Without a session bus or a portal it answers why, quickly, and the settings stay
    /// light, normal contrast and scale 1. A value of the wrong type is reported in one line on standard error and
    /// ignored.
    ///
    /// ```swift
    /// print(host.followDesktopSettings())   // "desktop settings: following the desktop portal"
    /// ```
    @discardableResult
    public func followDesktopSettings() -> DesktopSettingsStatus {
        if portal != nil { return .following }
        let processName = ProcessInfo.processInfo.processName
        do {
            let portal = try DesktopSettingsPortal { message in
                FileHandle.standardError.write(Data("\(processName): \(message)\n".utf8))
            }
            self.portal = portal
            desktopSettings = portal.settings
            desktopSettingsStatus = .following
        } catch {
            desktopSettingsStatus = .off(reason: error.description)
        }
        return desktopSettingsStatus ?? .following
    }

    /// Takes in what the desktop portal reported since the last turn of the loop, and returns how ``settings``
    /// changed since the last call — the portal's changes and the app's own (``settingsOverride``) — or nil when they
    /// did not. Call it on every turn of the loop.
    ///
    /// A new appearance needs nothing more than a frame: the views draw in it, nothing is laid out again. A new text
    /// scale is told to the views at once (a ``ListView`` measures its rows again, keeping its top row in view); the
    /// app lays out the labels it made at ``textScale``, and screen readers hear of the views that moved or changed
    /// size at the next frame.
    ///
    /// ```swift
    /// if let change = host.takeSettingsChange() {
    ///     if change.changesTextScale { try layOutLabels() }
    ///     needsDraw = true
    /// }
    /// ```
    public func takeSettingsChange() -> DesktopSettingsChange? {
        if let changed = portal?.takeChanges() { desktopSettings = changed }
        applySettings()
        let now = settings
        guard now != reportedSettings else { return nil }
        defer { reportedSettings = now }
        return DesktopSettingsChange(old: reportedSettings, new: now)
    }

    /// Tells the views a new text scale and screen readers a new appearance, once each.
    func applySettings() {
        let settings = self.settings
        if settings.textScale != viewsTextScale {
            viewsTextScale = settings.textScale
            for view in views { view.textScaleDidChange(to: settings.textScale) }
        }
        if settings.appearance != accessibleAppearance {
            accessibleAppearance = settings.appearance
            accessibility?.appearanceChanged()
        }
    }
}

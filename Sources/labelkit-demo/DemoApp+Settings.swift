import Foundation
import LabelKit
import LabelKitJSON
import LabelKitSDL

/// The demo follows the person: dark mode, contrast and text size from the desktop portal (or `--appearance`,
/// `--contrast`, `--text-scale`), live.
extension DemoApp {
    /// The status line's ink: a dark grey in light, a light grey in dark, black or white in high contrast.
    static let statusInk = LabelColor(
        hex: 0x44444A, dark: 0xB8B8C0, lightHighContrast: 0x000000, darkHighContrast: 0xFFFFFF)

    /// Takes in a change of the settings, if any: a new text scale lays every label out again (the list measures its
    /// rows again itself); a new appearance only draws again. Reports it as an `appearance` event whose `relaidOut` is
    /// the number of texts typeset for it, the frame drawn in the new settings included: 0 for colours alone.
    func followSettings() throws {
        let typesetBefore = typesetter.context.typesetCount
        guard let change = host.takeSettingsChange() else { return }
        if change.changesTextScale {
            typesetter.style.textScale = change.new.textScale
            try relayout()
        }
        try draw()
        let settings = change.new
        log.emit(
            "appearance",
            [
                ("colorScheme", .string(settings.colorScheme.rawValue)),
                ("contrast", .string(settings.contrast.rawValue)),
                ("textScale", .number(settings.textScale.value)),
                ("relaidOut", .number(Double(typesetter.context.typesetCount - typesetBefore))),
            ])
        if change.changesTextScale { emitLayout("layout") }
    }
}

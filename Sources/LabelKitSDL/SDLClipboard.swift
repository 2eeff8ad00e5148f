import CSDL2
import LabelKit

/// The system clipboard as a ``LabelKitInteraction/Pasteboard``: `SDL_SetClipboardText` and `SDL_GetClipboardText`.
///
/// On X11 SDL owns the CLIPBOARD selection after a copy and answers other programs' requests from its event loop,
/// so the app must keep pumping events (and stay running) for a paste elsewhere to see the text. Needs a live
/// ``SDLSession``.
///
/// ```swift
/// var clipboard = SDLClipboard()
/// clipboard.copy(layout)          // the whole text, even when truncated
/// clipboard.string()              // what any app on the desktop would paste
/// ```
public struct SDLClipboard: Pasteboard {
    /// Creates a handle on the clipboard; it holds no state of its own.
    public init() {}

    /// Replaces the clipboard's text.
    public mutating func setString(_ string: String) {
        _ = SDL_SetClipboardText(string)
    }

    /// The clipboard's text, if it holds any.
    public func string() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let text = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(text) }
        return String(cString: text)
    }
}

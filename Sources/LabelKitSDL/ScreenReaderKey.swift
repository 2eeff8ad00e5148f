/// A key going down or up, as X11 and GTK describe it to the AT-SPI registry before the app sees it
/// (`org.a11y.atspi.DeviceEventController.NotifyListenersSync`): a screen reader such as Orca gets every key from
/// the toolkit this way and consumes its own commands.
struct ScreenReaderKey: Sendable, Hashable {
    /// Whether the key went down (AT-SPI's `KEY_PRESSED_EVENT`, 0) or up (`KEY_RELEASED_EVENT`, 1).
    var isPress: Bool
    /// The X11 keysym (`XK_KP_Enter` is 0xff8d), with Shift, Caps Lock and Num Lock applied as X applies them.
    var keysym: Int32
    /// The X11 keycode: the evdev code plus 8, as the X server numbers the key.
    var keycode: UInt32
    /// The X11 modifier mask held: Shift 1, Lock 2, Control 4, Mod1 (Alt) 8, Mod2 (Num Lock) 16, Mod4 (Super) 64.
    var modifiers: UInt32
    /// Milliseconds on the event's clock.
    var timestamp: Int32
    /// What GTK sends as the event's string: the character a printable key types, otherwise the keysym's name
    /// (`KP_Enter`, `Insert`, `space`).
    var text: String
    /// Whether ``text`` is the character typed rather than a key's name.
    var isText: Bool

    /// The event as `NotifyListenersSync` takes it: `(uinnisb)`, the keycode and the modifiers 16-bit, as the
    /// registry reads them and GTK's bridge sends them (the registry's introspection says `(uiuuisb)`, but a call of
    /// that type is refused as invalid arguments).
    var deviceEvent: DBusValue {
        .tuple([
            .uint32(isPress ? 0 : 1), .int32(keysym), .int16(Int16(truncatingIfNeeded: keycode)),
            .int16(Int16(truncatingIfNeeded: modifiers)), .int32(timestamp), .string(text), .bool(isText),
        ])
    }
}

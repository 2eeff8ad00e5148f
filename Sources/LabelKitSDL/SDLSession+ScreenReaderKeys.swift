import CSDL2

/// SDL's key events as X11 names them, for ``ScreenReaderKey``: keycodes from SDL's scancodes (USB usages) through
/// the evdev codes X adds 8 to, keysyms and names for the keys that type no character.
extension SDLSession {
    /// A key event as the screen reader hears it, or nil for a key the tables do not name (it goes to the app).
    static func screenReaderKey(_ event: SDL_KeyboardEvent) -> ScreenReaderKey? {
        screenReaderKey(
            scancode: Int(event.keysym.scancode.rawValue), symbol: event.keysym.sym, sdlModifiers: event.keysym.mod,
            isPress: event.type == SDL_KEYDOWN.rawValue, timestamp: event.timestamp)
    }

    /// A key as the screen reader hears it, from SDL's scancode (a USB usage), its keycode (`SDLK_a` is `a`), its
    /// modifier state (`KMOD_…`), whether it went down, and its time in milliseconds.
    static func screenReaderKey(
        scancode: Int, symbol: Int32, sdlModifiers state16: UInt16, isPress: Bool, timestamp: UInt32
    ) -> ScreenReaderKey? {
        guard let evdev = evdevCodes[scancode] else { return nil }
        let state = UInt32(state16)
        var modifiers: UInt32 = 0
        if state & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0 { modifiers |= 1 }
        if state & KMOD_CAPS.rawValue != 0 { modifiers |= 2 }
        if state & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue) != 0 { modifiers |= 4 }
        if state & (KMOD_LALT.rawValue | KMOD_RALT.rawValue) != 0 { modifiers |= 8 }
        if state & KMOD_NUM.rawValue != 0 { modifiers |= 16 }
        if state & (KMOD_LGUI.rawValue | KMOD_RGUI.rawValue) != 0 { modifiers |= 64 }
        // X reports the state before the event: a modifier's own bit is off while it goes down, on while it comes up.
        if let own = modifierBits[scancode] { modifiers = isPress ? modifiers & ~own : modifiers | own }
        let timestamp = Int32(truncatingIfNeeded: timestamp)
        let keycode = UInt32(evdev + 8)
        if let (keysym, name) = namedKey(scancode, numLock: modifiers & 16 != 0) {
            return ScreenReaderKey(
                isPress: isPress, keysym: keysym, keycode: keycode, modifiers: modifiers, timestamp: timestamp,
                text: name, isText: false)
        }
        // A key that types a character: X's keysym of a Latin-1 character is the character (an ASCII letter upper
        // case with Shift or Caps Lock), of any other Unicode character 0x1000000 plus it.
        let symbol = UInt32(bitPattern: symbol)
        guard var scalar = Unicode.Scalar(symbol), scalar.properties.generalCategory != .control,
            !scalar.properties.isWhitespace
        else { return nil }
        if (0x61...0x7a).contains(symbol), (modifiers & 1 != 0) != (modifiers & 2 != 0),
            let upper = Unicode.Scalar(symbol - 0x20)
        {
            scalar = upper
        }
        let keysym = scalar.value <= 0xff ? scalar.value : 0x0100_0000 | scalar.value
        return ScreenReaderKey(
            isPress: isPress, keysym: Int32(bitPattern: keysym), keycode: keycode, modifiers: modifiers,
            timestamp: timestamp, text: String(Character(scalar)), isText: true)
    }

    /// The keysym and name of a key that types no character, by SDL scancode; the keypad's digits name their
    /// arrows without Num Lock and their digits with it, as X does.
    private static func namedKey(_ scancode: Int, numLock: Bool) -> (Int32, String)? {
        if let digit = keypadDigits[scancode] {
            return numLock ? (Int32(0xffb0 + digit.value), "KP_\(digit.value)") : (digit.keysym, digit.name)
        }
        if scancode == Int(SDL_SCANCODE_KP_PERIOD.rawValue) {
            return numLock ? (0xffae, "KP_Decimal") : (0xff9f, "KP_Delete")
        }
        if (Int(SDL_SCANCODE_F1.rawValue)...Int(SDL_SCANCODE_F12.rawValue)).contains(scancode) {
            let number = scancode - Int(SDL_SCANCODE_F1.rawValue) + 1
            return (Int32(0xffbe + number - 1), "F\(number)")
        }
        return namedKeys[scancode]
    }

    /// The X modifier bit each modifier key sets: Shift, Control, Alt (Mod1), Super (Mod4).
    private static let modifierBits: [Int: UInt32] = [
        Int(SDL_SCANCODE_LSHIFT.rawValue): 1, Int(SDL_SCANCODE_RSHIFT.rawValue): 1,
        Int(SDL_SCANCODE_LCTRL.rawValue): 4, Int(SDL_SCANCODE_RCTRL.rawValue): 4,
        Int(SDL_SCANCODE_LALT.rawValue): 8, Int(SDL_SCANCODE_RALT.rawValue): 8,
        Int(SDL_SCANCODE_LGUI.rawValue): 64, Int(SDL_SCANCODE_RGUI.rawValue): 64,
    ]

    /// The keypad's digit keys: their digit, and their keysym and name without Num Lock.
    private static let keypadDigits: [Int: (value: Int, keysym: Int32, name: String)] = [
        Int(SDL_SCANCODE_KP_0.rawValue): (0, 0xff9e, "KP_Insert"),
        Int(SDL_SCANCODE_KP_1.rawValue): (1, 0xff9c, "KP_End"),
        Int(SDL_SCANCODE_KP_2.rawValue): (2, 0xff99, "KP_Down"),
        Int(SDL_SCANCODE_KP_3.rawValue): (3, 0xff9b, "KP_Next"),
        Int(SDL_SCANCODE_KP_4.rawValue): (4, 0xff96, "KP_Left"),
        Int(SDL_SCANCODE_KP_5.rawValue): (5, 0xff9d, "KP_Begin"),
        Int(SDL_SCANCODE_KP_6.rawValue): (6, 0xff98, "KP_Right"),
        Int(SDL_SCANCODE_KP_7.rawValue): (7, 0xff95, "KP_Home"),
        Int(SDL_SCANCODE_KP_8.rawValue): (8, 0xff97, "KP_Up"),
        Int(SDL_SCANCODE_KP_9.rawValue): (9, 0xff9a, "KP_Prior"),
    ]

    /// Keys that type no character (the space bar's event string is its name too, as GTK sends it).
    private static let namedKeys: [Int: (Int32, String)] = [
        Int(SDL_SCANCODE_RETURN.rawValue): (0xff0d, "Return"), Int(SDL_SCANCODE_ESCAPE.rawValue): (0xff1b, "Escape"),
        Int(SDL_SCANCODE_BACKSPACE.rawValue): (0xff08, "BackSpace"), Int(SDL_SCANCODE_TAB.rawValue): (0xff09, "Tab"),
        Int(SDL_SCANCODE_SPACE.rawValue): (0x20, "space"), Int(SDL_SCANCODE_CAPSLOCK.rawValue): (0xffe5, "Caps_Lock"),
        Int(SDL_SCANCODE_PRINTSCREEN.rawValue): (0xff61, "Print"),
        Int(SDL_SCANCODE_SCROLLLOCK.rawValue): (0xff14, "Scroll_Lock"),
        Int(SDL_SCANCODE_PAUSE.rawValue): (0xff13, "Pause"), Int(SDL_SCANCODE_INSERT.rawValue): (0xff63, "Insert"),
        Int(SDL_SCANCODE_HOME.rawValue): (0xff50, "Home"), Int(SDL_SCANCODE_PAGEUP.rawValue): (0xff55, "Page_Up"),
        Int(SDL_SCANCODE_DELETE.rawValue): (0xffff, "Delete"), Int(SDL_SCANCODE_END.rawValue): (0xff57, "End"),
        Int(SDL_SCANCODE_PAGEDOWN.rawValue): (0xff56, "Page_Down"), Int(SDL_SCANCODE_RIGHT.rawValue): (0xff53, "Right"),
        Int(SDL_SCANCODE_LEFT.rawValue): (0xff51, "Left"), Int(SDL_SCANCODE_DOWN.rawValue): (0xff54, "Down"),
        Int(SDL_SCANCODE_UP.rawValue): (0xff52, "Up"), Int(SDL_SCANCODE_NUMLOCKCLEAR.rawValue): (0xff7f, "Num_Lock"),
        Int(SDL_SCANCODE_KP_DIVIDE.rawValue): (0xffaf, "KP_Divide"),
        Int(SDL_SCANCODE_KP_MULTIPLY.rawValue): (0xffaa, "KP_Multiply"),
        Int(SDL_SCANCODE_KP_MINUS.rawValue): (0xffad, "KP_Subtract"),
        Int(SDL_SCANCODE_KP_PLUS.rawValue): (0xffab, "KP_Add"),
        Int(SDL_SCANCODE_KP_ENTER.rawValue): (0xff8d, "KP_Enter"),
        Int(SDL_SCANCODE_APPLICATION.rawValue): (0xff67, "Menu"),
        Int(SDL_SCANCODE_LCTRL.rawValue): (0xffe3, "Control_L"),
        Int(SDL_SCANCODE_RCTRL.rawValue): (0xffe4, "Control_R"),
        Int(SDL_SCANCODE_LSHIFT.rawValue): (0xffe1, "Shift_L"), Int(SDL_SCANCODE_RSHIFT.rawValue): (0xffe2, "Shift_R"),
        Int(SDL_SCANCODE_LALT.rawValue): (0xffe9, "Alt_L"), Int(SDL_SCANCODE_RALT.rawValue): (0xffea, "Alt_R"),
        Int(SDL_SCANCODE_LGUI.rawValue): (0xffeb, "Super_L"), Int(SDL_SCANCODE_RGUI.rawValue): (0xffec, "Super_R"),
    ]

    /// Linux's evdev code of each SDL scancode the view layer may see (X's keycode is 8 more).
    private static let evdevCodes: [Int: Int] = {
        var codes: [Int: Int] = [:]
        // A–Z (scancodes 4–29) in QWERTY's evdev numbering.
        let letters = [
            30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44,
        ]
        for (offset, code) in letters.enumerated() { codes[4 + offset] = code }
        for offset in 0..<10 { codes[30 + offset] = 2 + offset }   // 1–9 then 0
        // Return, Escape, BackSpace, Tab, space, - = [ ] \ (49); ; ' ` , . / Caps Lock (51–57).
        let row: [(Int, Int)] = [
            (40, 28), (41, 1), (42, 14), (43, 15), (44, 57), (45, 12), (46, 13), (47, 26), (48, 27), (49, 43),
            (51, 39), (52, 40), (53, 41), (54, 51), (55, 52), (56, 53), (57, 58),
        ]
        for (scancode, code) in row { codes[scancode] = code }
        for offset in 0..<10 { codes[58 + offset] = 59 + offset }   // F1–F10
        codes[68] = 87   // F11
        codes[69] = 88   // F12
        // Print, Scroll Lock, Pause, Insert, Home, Page Up, Delete, End, Page Down, Right, Left, Down, Up.
        let editing = [99, 70, 119, 110, 102, 104, 111, 107, 109, 106, 105, 108, 103]
        for (offset, code) in editing.enumerated() { codes[70 + offset] = code }
        // Num Lock, KP / * - + Enter, KP 1–9, KP 0, KP . (83–99).
        let keypad = [69, 98, 55, 74, 78, 96, 79, 80, 81, 75, 76, 77, 71, 72, 73, 82, 83]
        for (offset, code) in keypad.enumerated() { codes[83 + offset] = code }
        codes[101] = 127   // Menu (Compose)
        // Left Control, Shift, Alt, Super; right Control, Shift, Alt, Super (224–231).
        let modifiers = [29, 42, 56, 125, 97, 54, 100, 126]
        for (offset, code) in modifiers.enumerated() { codes[224 + offset] = code }
        return codes
    }()
}

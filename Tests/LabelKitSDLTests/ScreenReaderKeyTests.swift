import Testing

@testable import LabelKitSDL

/// Keys as the AT-SPI registry hears them before the app: the keysym, X keycode, modifier mask and string that X11 and
/// GTK give a screen reader such as Orca, read from SDL's scancodes (USB usages) and keycodes.
@Suite struct ScreenReaderKeyTests {
    // SDL's scancodes are USB HID usages; its modifier bits are KMOD_LSHIFT 0x1, KMOD_NUM 0x1000, KMOD_CAPS 0x2000.
    static let keypadEnter = 88, keypad8 = 96, keypad5 = 93, keyA = 4, insert = 73, leftShift = 225, escape = 41

    static func key(
        _ scancode: Int, symbol: Int32 = 0, modifiers: UInt16 = 0, isPress: Bool = true
    ) -> ScreenReaderKey? {
        SDLSession.screenReaderKey(
            scancode: scancode, symbol: symbol, sdlModifiers: modifiers, isPress: isPress, timestamp: 1234)
    }

    @Test func theKeypadEnterIsOrcasWhereAmIKeyWithTheXServersKeycode() throws {
        let key = try #require(Self.key(Self.keypadEnter))
        #expect(key.keysym == 0xff8d)
        #expect(key.keycode == 104)
        #expect(key.text == "KP_Enter")
        #expect(!key.isText)
        #expect(key.timestamp == 1234)
    }

    @Test func keypadDigitsAreArrowsWithoutNumLockAndDigitsWithIt() throws {
        #expect(Self.key(Self.keypad8)?.text == "KP_Up")
        #expect(Self.key(Self.keypad8)?.keysym == 0xff97)
        #expect(Self.key(Self.keypad5)?.text == "KP_Begin")
        let withNumLock = try #require(Self.key(Self.keypad8, modifiers: 0x1000))
        #expect(withNumLock.keysym == 0xffb8)
        #expect(withNumLock.modifiers == 16)
        #expect(withNumLock.keycode == 80)
    }

    @Test func insertIsOrcasModifierKey() throws {
        let key = try #require(Self.key(Self.insert))
        #expect(key.text == "Insert")
        #expect(key.keycode == 118)
        #expect(key.keysym == 0xff63)
    }

    @Test func aLetterIsTextAndShiftOrCapsLockMakesItUpperCase() throws {
        let plain = try #require(Self.key(Self.keyA, symbol: 0x61))
        #expect(plain.text == "a")
        #expect(plain.keysym == 0x61)
        #expect(plain.isText)
        #expect(plain.keycode == 38)
        let shifted = try #require(Self.key(Self.keyA, symbol: 0x61, modifiers: 0x1))
        #expect(shifted.text == "A")
        #expect(shifted.keysym == 0x41)
        #expect(shifted.modifiers == 1)
        #expect(Self.key(Self.keyA, symbol: 0x61, modifiers: 0x2000)?.text == "A")
        #expect(Self.key(Self.keyA, symbol: 0x61, modifiers: 0x2001)?.text == "a")
    }

    @Test func aModifierKeysOwnBitIsOffAsItGoesDownAndOnAsItComesUpAsXReportsIt() throws {
        let down = try #require(Self.key(Self.leftShift, modifiers: 0x1, isPress: true))
        let up = try #require(Self.key(Self.leftShift, modifiers: 0, isPress: false))
        #expect(down.text == "Shift_L")
        #expect(down.modifiers == 0)
        #expect(up.modifiers == 1)
        #expect(!up.isPress)
    }

    @Test func theRegistryGetsTheEventAsGTKSendsItWithSixteenBitKeycodeAndModifiers() throws {
        let key = try #require(Self.key(Self.escape, isPress: false))
        #expect(
            key.deviceEvent
                == .tuple([
                    .uint32(1), .int32(0xff1b), .int16(9), .int16(0), .int32(1234), .string("Escape"), .bool(false),
                ]))
    }

    @Test func charactersOfOtherLayoutsTakeXsLatin1OrUnicodeKeysyms() {
        #expect(Self.key(Self.keyA, symbol: 0xe9)?.keysym == 0xe9)   // é
        #expect(Self.key(Self.keyA, symbol: 0x451)?.keysym == 0x100_0451)   // ё
        #expect(Self.key(Self.keyA, symbol: 0x451)?.text == "ё")
    }

    @Test func aKeyTheTablesDoNotKnowGoesStraightToTheApp() {
        #expect(Self.key(300) == nil)
        #expect(Self.key(Self.keyA, symbol: 0x4000_0000 | 300) == nil)   // SDL's keycode of a key without a character
    }
}

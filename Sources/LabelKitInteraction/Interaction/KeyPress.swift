/// Modifier keys held with a key or a click.
///
/// ```swift
/// let extend: KeyModifiers = .shift
/// let wordWise: KeyModifiers = [.control, .shift]
/// ```
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt8
    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift: extends a selection (shift+Right, shift+click) or reverses Tab.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control: word-wise motion (ctrl+shift+Right) and commands (ctrl+A, ctrl+C).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (Option).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
}

/// A key pressed with its modifiers, as a label's or a control's keyboard handling sees it.
///
/// Names follow X11's key names with `+`-joined modifiers, the same the `labelkit interact` step `key NAME T` and
/// `xdotool key` take: `Tab`, `shift+Tab`, `Return`, `space`, `Left`, `shift+Right`, `ctrl+shift+Left`,
/// `shift+Home`, `shift+End`, `ctrl+a`, `ctrl+c`, `Menu`, `shift+F10`, `Escape`.
///
/// ```swift
/// let key = KeyPress(name: "ctrl+shift+Right")   // KeyPress(.right, modifiers: [.control, .shift])
/// key?.name                                       // "ctrl+shift+Right"
/// ```
public struct KeyPress: Sendable, Hashable {
    /// A key on the keyboard.
    public enum Key: Sendable, Hashable {
        /// Tab: moves the keyboard focus.
        case tab
        /// Return (Enter): activates the focused link.
        case enter
        /// The space bar: toggles a focused checkbox.
        case space
        /// The Left arrow.
        case left
        /// The Right arrow.
        case right
        /// The Up arrow.
        case up
        /// The Down arrow.
        case down
        /// Home: the start of the line.
        case home
        /// End: the end of the line.
        case end
        /// Escape: clears the selection.
        case escape
        /// The Menu (context menu) key.
        case menu
        /// Page Up.
        case pageUp
        /// Page Down.
        case pageDown
        /// A function key, F1 to F24 (shift+F10 opens the context menu).
        case function(Int)
        /// A key that types a character (`a` with control selects all).
        case character(Character)
    }

    /// The key.
    public var key: Key
    /// The modifiers held with it.
    public var modifiers: KeyModifiers

    /// Creates a key press.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses a name such as `ctrl+shift+Left`: modifiers `shift`, `ctrl` (or `control`) and `alt` joined by `+`
    /// before the key, which is `Tab`, `Return` (or `Enter`), `space`, `Left`, `Right`, `Home`, `End`, `Escape`,
    /// `Menu`, `Page_Up`, `Page_Down`, `F1`…`F24` or a single character. Nil for anything else.
    public init?(name: String) {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "ctrl++" names the plus key itself.
        if name.hasSuffix("++") { parts = Array(parts.dropLast(2)) + ["+"] }
        guard let keyName = parts.popLast(), !keyName.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts {
            switch part.lowercased() {
            case "shift": modifiers.insert(.shift)
            case "ctrl", "control": modifiers.insert(.control)
            case "alt": modifiers.insert(.alt)
            default: return nil
            }
        }
        guard let key = Self.key(named: keyName) else { return nil }
        self.init(key, modifiers: modifiers)
    }

    /// The key's name with its modifiers, in the form ``init(name:)`` reads: `shift+Tab`, `ctrl+a`.
    public var name: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        let keyName: String
        switch key {
        case .tab: keyName = "Tab"
        case .enter: keyName = "Return"
        case .space: keyName = "space"
        case .left: keyName = "Left"
        case .right: keyName = "Right"
        case .up: keyName = "Up"
        case .down: keyName = "Down"
        case .home: keyName = "Home"
        case .end: keyName = "End"
        case .escape: keyName = "Escape"
        case .menu: keyName = "Menu"
        case .pageUp: keyName = "Page_Up"
        case .pageDown: keyName = "Page_Down"
        case .function(let number): keyName = "F\(number)"
        case .character(let character): keyName = String(character)
        }
        return (parts + [keyName]).joined(separator: "+")
    }

    private static func key(named name: String) -> Key? {
        switch name.lowercased() {
        case "tab": return .tab
        case "return", "enter": return .enter
        case "space": return .space
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "home": return .home
        case "end": return .end
        case "escape", "esc": return .escape
        case "menu": return .menu
        case "page_up", "prior": return .pageUp
        case "page_down", "next": return .pageDown
        default: break
        }
        if name.count >= 2, name.first == "F" || name.first == "f", let number = Int(name.dropFirst()),
            (1...24).contains(number)
        {
            return .function(number)
        }
        guard name.count == 1, let character = name.first else { return nil }
        return .character(Character(character.lowercased()))
    }

    /// Whether this is `key` with exactly `modifiers`.
    func matches(_ key: Key, _ modifiers: KeyModifiers = []) -> Bool {
        self.key == key && self.modifiers == modifiers
    }
}

import LabelKit

/// A setting of the XDG desktop portal's Settings interface that LabelKit follows, decoded from the value the portal
/// sent: pure Swift over ``DBusValue``, so that every answer a portal may give is tested without a bus.
///
/// | Namespace | Key | Type | Values |
/// |---|---|---|---|
/// | `org.freedesktop.appearance` | `color-scheme` | `u` | 0 no preference (light), 1 dark, 2 light |
/// | `org.freedesktop.appearance` | `contrast` | `u` | 0 normal, 1 high |
/// | `org.gnome.desktop.interface` | `text-scaling-factor` | `d` | any; clamped to ``TextScale/range`` |
///
/// A value of an unknown number is "no preference", as the portal's documentation asks; a value of another type is an
/// error the caller reports and ignores.
enum PortalSetting: Sendable, Hashable {
    case colorScheme(Appearance.ColorScheme)
    case contrast(Appearance.Contrast)
    case textScale(TextScale)

    static let appearanceNamespace = "org.freedesktop.appearance"
    static let interfaceNamespace = "org.gnome.desktop.interface"

    /// The settings followed, as the portal names them, read in this order at start.
    static let followed: [(namespace: String, key: String)] = [
        (appearanceNamespace, "color-scheme"), (appearanceNamespace, "contrast"),
        (interfaceNamespace, "text-scaling-factor"),
    ]

    /// The setting `key` of `namespace` has when its value is `value` (unwrapped from the reply's variants); nil for a
    /// setting LabelKit does not follow.
    ///
    /// - Throws: ``PortalValueError`` when the value is not of the setting's type.
    static func decode(namespace: String, key: String, value: DBusValue) throws(PortalValueError) -> PortalSetting? {
        switch (namespace, key) {
        case (appearanceNamespace, "color-scheme"):
            guard case .uint32(let number) = value else { throw PortalValueError(namespace, key, "u", value) }
            return .colorScheme(number == 1 ? .dark : .light)
        case (appearanceNamespace, "contrast"):
            guard case .uint32(let number) = value else { throw PortalValueError(namespace, key, "u", value) }
            return .contrast(number == 1 ? .high : .normal)
        case (interfaceNamespace, "text-scaling-factor"):
            guard case .double(let factor) = value else { throw PortalValueError(namespace, key, "d", value) }
            return .textScale(TextScale(clampingTextScalingFactor: factor))
        default:
            return nil
        }
    }

    /// Sets the setting in `settings`.
    func apply(to settings: inout DesktopSettings) {
        switch self {
        case .colorScheme(let scheme): settings.colorScheme = scheme
        case .contrast(let contrast): settings.contrast = contrast
        case .textScale(let scale): settings.textScale = scale
        }
    }
}

/// How the portal's methods and signal carry a value.
enum PortalMessage {
    /// The value `ReadOne` (version 2) answers with: its reply is `(v)`, the value in one variant. Nil for a reply of
    /// another shape.
    static func valueOfReadOne(_ reply: [DBusValue]) -> DBusValue? {
        guard reply.count == 1, case .variant(let value) = reply[0] else { return nil }
        return value
    }

    /// The value the older `Read` (version 1) answers with: its reply is `(v)` too, but the variant holds the value in
    /// one more variant. A portal that leaves the second variant out is taken at its word.
    static func valueOfRead(_ reply: [DBusValue]) -> DBusValue? {
        guard let value = valueOfReadOne(reply) else { return nil }
        if case .variant(let inner) = value { return inner }
        return value
    }

    /// The namespace, key and value of a `SettingChanged` signal, `(ssv)`; nil for arguments of another shape.
    static func settingChanged(_ arguments: [DBusValue]) -> (namespace: String, key: String, value: DBusValue)? {
        guard arguments.count == 3, case .string(let namespace) = arguments[0], case .string(let key) = arguments[1],
            case .variant(let value) = arguments[2]
        else { return nil }
        return (namespace, key, value)
    }
}

/// A portal setting whose value is not of the setting's type: reported in one line, and ignored.
struct PortalValueError: Error, Hashable, CustomStringConvertible {
    let namespace: String
    let key: String
    /// The D-Bus signature the setting has (`u`, `d`).
    let expected: String
    /// The signature of what came.
    let found: String

    init(_ namespace: String, _ key: String, _ expected: String, _ value: DBusValue) {
        self.namespace = namespace
        self.key = key
        self.expected = expected
        found = value.signature
    }

    /// `the desktop portal's org.freedesktop.appearance color-scheme is of type s, not u: ignored`.
    var description: String {
        "the desktop portal's \(namespace) \(key) is of type \(found), not \(expected): ignored"
    }
}

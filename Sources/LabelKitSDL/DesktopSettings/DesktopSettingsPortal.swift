import Foundation
import LabelKit

/// The desktop's settings through the XDG desktop portal on the session bus: `org.freedesktop.portal.Settings` of
/// `org.freedesktop.portal.Desktop`, at `/org/freedesktop/portal/desktop`.
///
/// At start each followed setting (``PortalSetting``) is read with `ReadOne`; a version-1 portal, which has only
/// `Read`, is read with `Read` instead. Then the `SettingChanged` signal keeps them current: ``takeChanges()`` applies
/// the signals that arrived, on the main thread, from the loop. A setting the portal does not have keeps its standard
/// value; a value of the wrong type is reported through `warn` (one line) and ignored.
final class DesktopSettingsPortal {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    private let bus: DBusConnection
    private let warn: (String) -> Void
    /// What the portal says now.
    private(set) var settings = DesktopSettings.standard
    /// Whether the portal answered `ReadOne` with UnknownMethod: a version-1 portal, read with `Read`.
    private var readsWithRead = false

    /// Connects to the session bus, subscribes to `SettingChanged` and reads every followed setting.
    ///
    /// - Throws: ``DBusError`` without a session bus, or when no portal answers (the reason names it).
    init(warn: @escaping (String) -> Void) throws(DBusError) {
        self.warn = warn
        bus = try DBusConnection.session()
        // Subscribed first, so that a change made while the settings are read is not lost.
        try bus.subscribe(
            to: DBusSignalRule(
                sender: Self.busName, path: Self.objectPath, interface: Self.interface, member: "SettingChanged"))
        for (namespace, key) in PortalSetting.followed {
            guard let value = try read(namespace, key) else { continue }
            apply(namespace, key, value)
        }
    }

    /// Applies the changes the portal signalled since the last call; returns the settings when they changed.
    func takeChanges() -> DesktopSettings? {
        let before = settings
        for signal in bus.takeSignals() {
            guard let (namespace, key, value) = PortalMessage.settingChanged(signal.arguments) else {
                warn(
                    "the desktop portal's SettingChanged carries (\(signal.arguments.map(\.signature).joined())), "
                        + "not (ssv): ignored")
                continue
            }
            apply(namespace, key, value)
        }
        return settings == before ? nil : settings
    }

    private func apply(_ namespace: String, _ key: String, _ value: DBusValue) {
        do {
            try PortalSetting.decode(namespace: namespace, key: key, value: value)?.apply(to: &settings)
        } catch {
            warn(error.description)
        }
    }

    /// The value of setting `key`: nil when the portal does not have it or answers with a reply of the wrong shape.
    ///
    /// - Throws: ``DBusError`` when there is no portal to answer (no owner of its name, no reply in time).
    private func read(_ namespace: String, _ key: String) throws(DBusError) -> DBusValue? {
        let arguments: [DBusValue] = [.string(namespace), .string(key)]
        do {
            if !readsWithRead {
                do {
                    let reply = try bus.call(Self.busName, Self.objectPath, Self.interface, "ReadOne", arguments)
                    return replied(PortalMessage.valueOfReadOne(reply), by: "ReadOne", reply, namespace, key)
                } catch .remote(name: "org.freedesktop.DBus.Error.UnknownMethod", _) {
                    readsWithRead = true
                }
            }
            let reply = try bus.call(Self.busName, Self.objectPath, Self.interface, "Read", arguments)
            return replied(PortalMessage.valueOfRead(reply), by: "Read", reply, namespace, key)
        } catch .remote(name: "org.freedesktop.portal.Error.NotFound", _) {
            return nil
        } catch .remote(let name, let message) where Self.meansNoPortal(name) {
            throw .failed("no desktop portal (\(DBusError.remote(name: name, message: message)))")
        } catch .remote(let name, let message) {
            warn("the desktop portal did not read \(namespace) \(key) (\(name): \(message)): ignored")
            return nil
        } catch {
            throw .failed("no desktop portal (\(error))")
        }
    }

    private func replied(
        _ value: DBusValue?, by method: String, _ reply: [DBusValue], _ namespace: String, _ key: String
    ) -> DBusValue? {
        if value == nil {
            warn(
                "the desktop portal's \(method) of \(namespace) \(key) answered "
                    + "(\(reply.map(\.signature).joined())), not (v): ignored")
        }
        return value
    }

    /// Whether a D-Bus error says nobody serves the portal's name or interface.
    private static func meansNoPortal(_ name: String) -> Bool {
        [
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownInterface",
            "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.NoReply",
            "org.freedesktop.DBus.Error.TimedOut",
        ].contains(name)
    }
}

import Foundation

/// The bridge's connection to the accessibility bus: registers the application with the AT-SPI registry, hands over
/// the calls that arrive for the bridge's objects and answers them, and emits events. Built on ``DBusConnection``,
/// which takes the calls off GDBus's thread for the SDL loop to answer on the main thread.
final class ATSPIConnection {
    static let pathPrefix = "/org/a11y/atspi/accessible/"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The cache object libatspi asks for every object at once; the bridge keeps no cache and answers it empty.
    static let cachePath = "/org/a11y/atspi/cache"

    private let bus: DBusConnection
    /// The bus name other clients reach the application by.
    var uniqueName: String { bus.uniqueName }
    /// The registry's desktop, the application's parent.
    private(set) var desktop: (bus: String, path: String) = ("org.a11y.atspi.Registry", rootPath)

    /// Connects to the accessibility bus that the session bus names and embeds the application in the registry's
    /// desktop. Fails quickly (a timeout of a few seconds at most) without a session bus or an accessibility bus.
    init() throws(DBusError) {
        let address: String
        do {
            let session = try DBusConnection.session()
            let reply = try session.call(
                "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", replyType: "(s)")
            guard let found = reply.first?.stringValue, !found.isEmpty else {
                throw DBusError.failed("the accessibility bus has no address")
            }
            address = found
        } catch DBusError.noSessionBus {
            throw .noSessionBus
        } catch {
            throw .failed("no accessibility bus (\(error))")
        }
        do {
            bus = try DBusConnection(address: address)
        } catch {
            throw .failed("cannot connect to the accessibility bus (\(error))")
        }
        bus.receiveCalls { path in path.hasPrefix(ATSPIConnection.pathPrefix) || path == ATSPIConnection.cachePath }
        do {
            let embedded = try bus.call(
                "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed",
                [.reference(uniqueName, Self.rootPath)], replyType: "((so))")
            if case .tuple(let inner)? = embedded.first, inner.count == 2, let bus = inner[0].stringValue,
                let path = inner[1].stringValue
            {
                desktop = (bus, path)
            }
        } catch {
            throw .failed("the AT-SPI registry did not take the application (\(error))")
        }
    }

    /// A connection to the bus at `address` that embeds itself nowhere: a private bus of tests, without a registry.
    init(privateBus address: String) throws(DBusError) {
        bus = try DBusConnection(address: address)
        bus.receiveCalls { path in path.hasPrefix(ATSPIConnection.pathPrefix) || path == ATSPIConnection.cachePath }
    }

    /// The calls that arrived since the last time, oldest first; each must be answered with ``reply(to:with:)`` or
    /// ``replyError(to:message:)``.
    func takeCalls() -> [DBusMethodCall] { bus.takeCalls() }

    /// Calls `wake` (on GDBus's thread) as soon as a call waits to be answered: the app's loop answers it at once.
    func wakeOnCall(_ wake: @escaping @Sendable () -> Void) { bus.wakeOnCall(wake) }

    static let registryPath = "/org/a11y/atspi/registry"
    static let deviceEventControllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"

    /// Whether a screen reader listens for events: the registry lists the events its clients registered. False when
    /// the registry cannot say.
    func hasEventListeners() -> Bool {
        let reply = try? bus.call(
            "org.a11y.atspi.Registry", Self.registryPath, "org.a11y.atspi.Registry", "GetRegisteredEvents",
            replyType: "(a(ss))", timeout: 1)
        guard case .array(_, let events)? = reply?.first else { return false }
        return !events.isEmpty
    }

    /// Asks the registry to report clients registering for events (``takeListenerRegistrations()``).
    func followListenerRegistrations() {
        try? bus.subscribe(
            to: DBusSignalRule(
                sender: "org.a11y.atspi.Registry", path: Self.registryPath, interface: "org.a11y.atspi.Registry",
                member: "EventListenerRegistered"))
    }

    /// Whether a client registered for an event since the last time.
    func takeListenerRegistrations() -> Bool { !bus.takeSignals().isEmpty }

    /// Hands a key to the registry's listeners (a screen reader's) before the app gets it, and answers whether one of
    /// them consumed it, waiting at most `timeout` seconds; `meanwhile` answers the calls that come while it waits.
    func notifyListeners(of key: ScreenReaderKey, timeout: Double, answeringMeanwhile meanwhile: () -> Void)
        throws(DBusError) -> Bool
    {
        let reply = try bus.call(
            "org.a11y.atspi.Registry", Self.deviceEventControllerPath, "org.a11y.atspi.DeviceEventController",
            "NotifyListenersSync", [key.deviceEvent], replyType: "(b)", timeout: timeout, answeringMeanwhile: meanwhile)
        guard case .bool(let consumed)? = reply.first else { return false }
        return consumed
    }

    /// Answers a call with `values` (the reply's arguments, in order).
    func reply(to call: DBusMethodCall, with values: [DBusValue]) { bus.reply(to: call, with: values) }

    /// Answers a call with a D-Bus error.
    func replyError(to call: DBusMethodCall, name: String = "org.freedesktop.DBus.Error.UnknownMethod", message: String)
    {
        bus.replyError(to: call, name: name, message: message)
    }

    /// Emits an AT-SPI event: signal `member` of `org.a11y.atspi.Event.<category>` from the object at `path`, with
    /// AT-SPI's arguments (detail, two integers, a value, and no properties).
    func emit(
        path: String, category: String, member: String, detail: String, detail1: Int32 = 0, detail2: Int32 = 0,
        value: DBusValue = .int32(0)
    ) {
        bus.emitSignal(
            path: path, interface: "org.a11y.atspi.Event.\(category)", member: member,
            arguments: [
                .string(detail), .int32(detail1), .int32(detail2), .variant(value), .array(elementType: "{sv}", []),
            ])
    }
}

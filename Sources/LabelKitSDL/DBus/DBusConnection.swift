import CGio
import Foundation
import LabelKitText
import Synchronization

/// Why a bus could not be reached or a call failed.
enum DBusError: Error, CustomStringConvertible {
    /// No session bus is named in the environment.
    case noSessionBus
    /// The bus or the call failed locally: no connection, a timeout.
    case failed(String)
    /// The peer answered with a D-Bus error (`org.freedesktop.DBus.Error.UnknownMethod`…).
    case remote(name: String, message: String)

    var description: String {
        switch self {
        case .noSessionBus: "no D-Bus session bus"
        case .failed(let reason): reason
        case .remote(let name, let message): message.isEmpty ? name : "\(name): \(message)"
        }
    }
}

/// A method call a peer made, taken off GDBus's thread to be answered on the main thread.
struct DBusMethodCall {
    let path: String
    let interface: String
    let member: String
    /// The D-Bus signature of the arguments (`iu`), empty for none.
    let signature: String
    let arguments: [DBusValue]
    fileprivate let message: HeldMessage
}

/// A signal the connection subscribed to, read on GDBus's thread.
struct DBusSignal: Sendable, Hashable {
    /// The unique bus name of the sender.
    let sender: String
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]
}

/// The signals ``DBusConnection/subscribe(to:)`` asks the bus for: one member of one interface at one path.
struct DBusSignalRule: Sendable, Hashable {
    let sender: String
    let path: String
    let interface: String
    let member: String

    /// The bus's match rule for it.
    var matchRule: String {
        "type='signal',sender='\(sender)',path='\(path)',interface='\(interface)',member='\(member)'"
    }

    func matches(path: String, interface: String, member: String) -> Bool {
        self.path == path && self.interface == interface && self.member == member
    }
}

/// A private connection to a message bus, through GDBus: calls made and answered, signals emitted and received. The
/// only Swift file that touches GLib; the AT-SPI bridge (``ATSPIConnection``) and the desktop portal's settings
/// (``DesktopSettingsPortal``) are built on it.
///
/// GDBus reads messages on its own worker thread. A message filter takes the method calls for the paths
/// ``receiveCalls(where:)`` accepts, and a copy of the signals ``subscribe(to:)`` asked for, off that thread into
/// queues; the app's loop drains them with ``takeCalls()`` and ``takeSignals()`` on the main thread, where the views
/// live. No GLib main context is iterated, and a turn of the loop with nothing queued costs a lock of an empty queue.
/// ``wakeOnCall(_:)`` wakes that loop as soon as a call is queued.
///
/// GDBus connections are safe on any thread, the inbox is locked and the rest is immutable: a call may be made from
/// another thread (``call(_:_:_:_:_:replyType:timeout:answeringMeanwhile:)`` does).
final class DBusConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    private let inbox: Inbox
    private let filterID: guint
    /// The name other peers reach this connection by.
    let uniqueName: String

    /// A connection of its own to the session bus. Fails at once when the environment names no session bus: GLib
    /// would otherwise try to start one through X11, behind the app's back.
    static func session() throws(DBusError) -> DBusConnection {
        let environment = ProcessInfo.processInfo.environment
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard environment["DBUS_SESSION_BUS_ADDRESS"] != nil || runtimeBus.map(FileManager.default.fileExists) == true
        else { throw .noSessionBus }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .failed("no D-Bus session bus (\(Self.take(error)))")
        }
        defer { g_free(address) }
        return try DBusConnection(address: String(cString: address))
    }

    /// Connects to the message bus at `address` and says hello.
    init(address: String) throws(DBusError) {
        var error: UnsafeMutablePointer<GError>? = nil
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw .failed("cannot connect to the bus at \(address) (\(Self.take(error)))")
        }
        self.connection = connection
        uniqueName = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        inbox = Inbox()
        // GDBus hands the inbox to its own thread behind locks of its own, which ThreadSanitizer does not see: the
        // filter reads this flag first, so that the inbox's making happens before every use of it there, visibly.
        inbox.isPublished.store(true, ordering: .releasing)
        // The filter holds the inbox until GDBus says it will never call the filter again (the destroy notify).
        filterID = g_dbus_connection_add_filter(
            connection, messageFilter, Unmanaged.passRetained(inbox).toOpaque(),
            { userData in userData.map { Unmanaged<Inbox>.fromOpaque($0).release() } })
    }

    deinit {
        g_dbus_connection_remove_filter(connection, filterID)
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    // MARK: Calls made

    /// Calls `member` of `interface` on the object at `path` of `destination` and waits at most `timeout` seconds for
    /// the reply; returns its arguments. `replyType` (`(s)`, `(v)`) is checked by GDBus when given.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
        replyType: String? = nil, timeout: Double = 3
    ) throws(DBusError) -> [DBusValue] {
        let type: OpaquePointer? = replyType.map { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        var error: UnsafeMutablePointer<GError>? = nil
        guard
            let reply = g_dbus_connection_call_sync(
                connection, destination, path, interface, member, Self.variant(.tuple(arguments)), type,
                G_DBUS_CALL_FLAGS_NONE, Int32(timeout * 1000), nil, &error)
        else { throw Self.callError(error) }
        defer { g_variant_unref(reply) }
        guard case .tuple(let values) = Self.value(of: reply) else { return [] }
        return values
    }

    /// Calls as ``call(_:_:_:_:_:replyType:timeout:)`` does, from a thread of its own, while this thread runs
    /// `meanwhile` about every millisecond until the reply comes or the call times out: the peer may call back before
    /// it answers (a screen reader asks about the app while it decides whether a key is its own), and the calls are
    /// answered meanwhile, as GTK's bridge lets them in again while it waits.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
        replyType: String? = nil, timeout: Double = 3, answeringMeanwhile meanwhile: () -> Void
    ) throws(DBusError) -> [DBusValue] {
        let outcome = LockedState<Result<[DBusValue], DBusError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Self.callQueue.async {
            let result: Result<[DBusValue], DBusError>
            do throws(DBusError) {
                result = .success(
                    try self.call(
                        destination, path, interface, member, arguments, replyType: replyType, timeout: timeout))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(1)) == .timedOut { meanwhile() }
        switch outcome.withLock({ $0 }) {
        case .success(let values)?: return values
        case .failure(let error)?: throw error
        case nil: throw .failed("no reply")
        }
    }

    /// Where calls made while answering run: one at a time, as the main thread waits for each.
    private static let callQueue = DispatchQueue(label: "LabelKitSDL.DBusConnection.calls")

    // MARK: Calls answered

    /// Takes the method calls whose object path `accepts` holds from now on; the others are answered by GDBus as
    /// usual. Set it before telling anyone the objects exist.
    func receiveCalls(where accepts: @escaping @Sendable (String) -> Bool) {
        inbox.acceptsPath.withLock { $0 = accepts }
    }

    /// Calls `wake` on GDBus's thread when a call arrives while none is waiting: the app's loop, asleep until its next
    /// event, is woken to answer it at once rather than at its next turn. `wake` must be safe on any thread and quick
    /// (it posts an event); it is called again only after ``takeCalls()`` has drained the calls.
    func wakeOnCall(_ wake: @escaping @Sendable () -> Void) {
        inbox.wake.withLock { $0 = wake }
    }

    /// The calls that arrived since the last time, oldest first; each must be answered with ``reply(to:with:)`` or
    /// ``replyError(to:name:message:)``.
    func takeCalls() -> [DBusMethodCall] {
        inbox.drainCalls().map { held in
            let message = held.pointer
            var arguments: [DBusValue] = []
            if let body = g_dbus_message_get_body(message), case .tuple(let values) = Self.value(of: body) {
                arguments = values
            }
            return DBusMethodCall(
                path: Self.string(g_dbus_message_get_path(message)),
                interface: Self.string(g_dbus_message_get_interface(message)),
                member: Self.string(g_dbus_message_get_member(message)),
                signature: Self.string(g_dbus_message_get_signature(message)), arguments: arguments, message: held)
        }
    }

    /// Answers a call with `values` (the reply's arguments, in order).
    func reply(to call: DBusMethodCall, with values: [DBusValue]) {
        if let reply = g_dbus_message_new_method_reply(call.message.pointer) {
            g_dbus_message_set_body(reply, Self.variant(.tuple(values)))
            send(reply)
        }
        g_object_unref(UnsafeMutableRawPointer(call.message.pointer))
    }

    /// Answers a call with a D-Bus error.
    func replyError(to call: DBusMethodCall, name: String, message: String) {
        if let reply = g_dbus_message_new_method_error_literal(call.message.pointer, name, message) { send(reply) }
        g_object_unref(UnsafeMutableRawPointer(call.message.pointer))
    }

    // MARK: Signals

    /// Emits signal `member` of `interface` from the object at `path`, to every peer listening.
    func emitSignal(path: String, interface: String, member: String, arguments: [DBusValue]) {
        var error: UnsafeMutablePointer<GError>? = nil
        g_dbus_connection_emit_signal(connection, nil, path, interface, member, Self.variant(.tuple(arguments)), &error)
        if error != nil { g_error_free(error) }
    }

    /// Asks the bus for the signals `rule` describes; from now on ``takeSignals()`` hands them over.
    func subscribe(to rule: DBusSignalRule) throws(DBusError) {
        inbox.signalRules.withLock { $0.append(rule) }
        _ = try call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
            [.string(rule.matchRule)])
    }

    /// The subscribed signals that arrived since the last time, oldest first.
    func takeSignals() -> [DBusSignal] { inbox.drainSignals() }

    private func send(_ message: OpaquePointer) {
        g_dbus_connection_send_message(connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    // MARK: GLib values

    fileprivate static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// A call's error: the D-Bus error's name and message when the peer sent one.
    private static func callError(_ error: UnsafeMutablePointer<GError>?) -> DBusError {
        guard let error else { return .failed("unknown error") }
        guard let name = g_dbus_error_get_remote_error(error) else { return .failed(take(error)) }
        defer { g_free(name) }
        g_dbus_error_strip_remote_error(error)
        return .remote(name: String(cString: name), message: take(error))
    }

    fileprivate static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// A new floating GVariant of `value`.
    static func variant(_ value: DBusValue) -> OpaquePointer {
        switch value {
        case .string(let string): return g_variant_new_string(string)
        case .objectPath(let path):
            return g_variant_is_object_path(path) != 0
                ? g_variant_new_object_path(path) : g_variant_new_object_path("/org/a11y/atspi/null")
        case .int16(let number): return g_variant_new_int16(number)
        case .int32(let number): return g_variant_new_int32(number)
        case .uint32(let number): return g_variant_new_uint32(number)
        case .bool(let flag): return g_variant_new_boolean(flag ? 1 : 0)
        case .double(let number): return g_variant_new_double(number)
        case .tuple(let values):
            let children: [OpaquePointer?] = values.map { variant($0) }
            return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .array(let elementType, let values):
            let type = g_variant_type_new(elementType)
            defer { g_variant_type_free(type) }
            let children: [OpaquePointer?] = values.map { variant($0) }
            return children.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
        case .dictEntry(let key, let value): return g_variant_new_dict_entry(variant(key), variant(value))
        case .variant(let inner): return g_variant_new_variant(variant(inner))
        case .unsupported: return g_variant_new_tuple(nil, 0)
        }
    }

    /// The value of a GVariant; a type the model does not read is ``DBusValue/unsupported(signature:)``.
    fileprivate static func value(of variant: OpaquePointer) -> DBusValue {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type.first {
        case "s", "o", "g": return .string(String(cString: g_variant_get_string(variant, nil)))
        case "i": return .int32(g_variant_get_int32(variant))
        case "u": return .uint32(g_variant_get_uint32(variant))
        case "n": return .int16(g_variant_get_int16(variant))
        case "b": return .bool(g_variant_get_boolean(variant) != 0)
        case "d": return .double(g_variant_get_double(variant))
        case "v":
            guard let inner = g_variant_get_variant(variant) else { return .unsupported(signature: type) }
            defer { g_variant_unref(inner) }
            return .variant(value(of: inner))
        case "(", "a", "{":
            var children: [DBusValue] = []
            for index in 0..<g_variant_n_children(variant) {
                guard let child = g_variant_get_child_value(variant, index) else { continue }
                children.append(value(of: child))
                g_variant_unref(child)
            }
            if type.first == "a" { return .array(elementType: String(type.dropFirst()), children) }
            if type.first == "{", children.count == 2 { return .dictEntry(children[0], children[1]) }
            return .tuple(children)
        default: return .unsupported(signature: type)
        }
    }
}

/// A GDBus message held across threads (GDBusMessage is thread-safe once locked, as filtered messages are).
private struct HeldMessage: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the filter takes off GDBus's thread: the calls for the accepted paths and the subscribed signals, behind
/// pthread mutexes (``LockedState``), drained on the main thread. Calls never answered are released with it.
private final class Inbox: Sendable {
    /// Set once the inbox is made, read by the filter before anything else (see ``DBusConnection/init(address:)``).
    let isPublished = Atomic<Bool>(false)
    let acceptsPath = LockedState<@Sendable (String) -> Bool>({ _ in false })
    let signalRules = LockedState<[DBusSignalRule]>([])
    /// Called when a call arrives to an empty queue (``DBusConnection/wakeOnCall(_:)``).
    let wake = LockedState<(@Sendable () -> Void)?>(nil)
    private let calls = LockedState<[HeldMessage]>([])
    private let signals = LockedState<[DBusSignal]>([])

    deinit {
        for held in drainCalls() { g_object_unref(UnsafeMutableRawPointer(held.pointer)) }
    }

    /// Queues a call; the first one into an empty queue wakes the app's loop.
    func take(_ message: HeldMessage) {
        let wasEmpty = calls.withLock { queued in
            queued.append(message)
            return queued.count == 1
        }
        if wasEmpty, let wake = wake.withLock({ $0 }) { wake() }
    }
    func take(_ signal: DBusSignal) { signals.withLock { $0.append(signal) } }

    func drainCalls() -> [HeldMessage] { Self.drain(calls) }
    func drainSignals() -> [DBusSignal] { Self.drain(signals) }

    private static func drain<Element>(_ queue: LockedState<[Element]>) -> [Element] {
        queue.withLock { queued in
            guard !queued.isEmpty else { return [] }
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}

/// Takes incoming method calls for accepted paths into the inbox (keeping the message, which the filter owns) and
/// copies subscribed signals into it; passes everything else, and the signals, on.
private let messageFilter: GDBusMessageFilterFunction = { _, message, incoming, userData in
    guard let message, let userData, incoming != 0 else { return message }
    let inbox = Unmanaged<Inbox>.fromOpaque(userData).takeUnretainedValue()
    guard inbox.isPublished.load(ordering: .acquiring) else { return message }
    let path = DBusConnection.string(g_dbus_message_get_path(message))
    switch g_dbus_message_get_message_type(message) {
    case G_DBUS_MESSAGE_TYPE_METHOD_CALL:
        guard inbox.acceptsPath.withLock({ $0 })(path) else { return message }
        inbox.take(HeldMessage(pointer: message))
        return nil
    case G_DBUS_MESSAGE_TYPE_SIGNAL:
        let interface = DBusConnection.string(g_dbus_message_get_interface(message))
        let member = DBusConnection.string(g_dbus_message_get_member(message))
        let rules = inbox.signalRules.withLock { $0 }
        guard rules.contains(where: { $0.matches(path: path, interface: interface, member: member) }) else {
            return message
        }
        var arguments: [DBusValue] = []
        if let body = g_dbus_message_get_body(message), case .tuple(let values) = DBusConnection.value(of: body) {
            arguments = values
        }
        inbox.take(
            DBusSignal(
                sender: DBusConnection.string(g_dbus_message_get_sender(message)), path: path,
                interface: interface, member: member, arguments: arguments))
        return message
    default:
        return message
    }
}

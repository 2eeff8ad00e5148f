import CGio
import Foundation
import LabelKitText

/// A D-Bus value as the AT-SPI bridge builds replies and reads arguments: the few types AT-SPI uses.
indirect enum DBusValue: Sendable, Hashable {
    case string(String)
    case objectPath(String)
    case int16(Int16)
    case int32(Int32)
    case uint32(UInt32)
    case bool(Bool)
    case double(Double)
    case tuple([DBusValue])
    /// An array of elements of one D-Bus type (its signature, such as `(so)`): the type is needed when it is empty.
    case array(elementType: String, [DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// An object reference: the bus name and the object path.
    static func reference(_ bus: String, _ path: String) -> DBusValue { .tuple([.string(bus), .objectPath(path)]) }

    /// A dictionary of strings to strings (`a{ss}`).
    static func stringDictionary(_ dictionary: [String: String]) -> DBusValue {
        .array(
            elementType: "{ss}",
            dictionary.sorted { $0.key < $1.key }.map { .dictEntry(.string($0.key), .string($0.value)) })
    }

    var int32Value: Int32? {
        switch self {
        case .int32(let value): value
        case .uint32(let value): Int32(truncatingIfNeeded: value)
        case .int16(let value): Int32(value)
        default: nil
        }
    }

    var uint32Value: UInt32? {
        switch self {
        case .uint32(let value): value
        case .int32(let value): UInt32(truncatingIfNeeded: value)
        default: nil
        }
    }

    var stringValue: String? {
        switch self {
        case .string(let value), .objectPath(let value): value
        default: nil
        }
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}

/// A method call an assistive technology made, taken off the D-Bus thread to be answered on the main thread.
struct DBusMethodCall {
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]
    fileprivate let message: OpaquePointer
}

/// Why the bridge is off.
enum ATSPIConnectionError: Error, CustomStringConvertible {
    case noSessionBus
    case failed(String)

    var description: String {
        switch self {
        case .noSessionBus: "no D-Bus session bus"
        case .failed(let reason): reason
        }
    }
}

/// The bridge's connection to the accessibility bus: registers the application with the AT-SPI registry, queues the
/// calls that arrive for the bridge's objects and answers them, and emits events. The only Swift file that touches
/// GLib.
///
/// GDBus reads messages on its own worker thread. A message filter takes every method call for an object under
/// `/org/a11y/atspi/accessible` (and the cache object) off that thread into a queue; the SDL loop drains the queue with ``takeCalls()`` on the
/// main thread, where the views live, so no GLib main context is iterated and a turn of the loop without a call costs
/// one lock of an empty queue.
final class ATSPIConnection {
    static let pathPrefix = "/org/a11y/atspi/accessible/"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// The cache object libatspi asks for every object at once; the bridge keeps no cache and answers it empty.
    static let cachePath = "/org/a11y/atspi/cache"

    private let connection: OpaquePointer
    private let queue: MessageQueue
    private let retainedQueue: Unmanaged<MessageQueue>
    /// The bus name other clients reach the application by.
    let uniqueName: String
    /// The registry's desktop, the application's parent.
    private(set) var desktop: (bus: String, path: String) = ("org.a11y.atspi.Registry", rootPath)

    /// Connects to the accessibility bus that the session bus names and embeds the application in the registry's
    /// desktop. Fails quickly (a timeout of a few seconds at most) without a session bus or an accessibility bus.
    init() throws(ATSPIConnectionError) {
        let environment = ProcessInfo.processInfo.environment
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        // Without an address GLib would try to autolaunch a bus through X11: never start one behind the app's back.
        guard environment["DBUS_SESSION_BUS_ADDRESS"] != nil || runtimeBus.map(FileManager.default.fileExists) == true
        else { throw .noSessionBus }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .failed("no D-Bus session bus (\(Self.take(error)))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(session)) }
        let addressType = g_variant_type_new("(s)")
        defer { g_variant_type_free(addressType) }
        guard
            let reply = g_dbus_connection_call_sync(
                session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, addressType,
                G_DBUS_CALL_FLAGS_NONE, 3000, nil, &error)
        else { throw .failed("no accessibility bus (\(Self.take(error)))") }
        let addressValue = Self.value(of: reply)
        g_variant_unref(reply)
        guard case .tuple(let fields) = addressValue, let address = fields.first?.stringValue, !address.isEmpty else {
            throw .failed("the accessibility bus has no address")
        }
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw .failed("cannot connect to the accessibility bus (\(Self.take(error)))")
        }
        self.connection = connection
        uniqueName = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        queue = MessageQueue()
        retainedQueue = Unmanaged.passRetained(queue)
        g_dbus_connection_add_filter(connection, atspiMessageFilter, retainedQueue.toOpaque(), nil)

        let embedType = g_variant_type_new("((so))")
        defer { g_variant_type_free(embedType) }
        let argument = Self.variant(.tuple([.reference(uniqueName, Self.rootPath)]))
        if let embedded = g_dbus_connection_call_sync(
            connection, "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed", argument,
            embedType, G_DBUS_CALL_FLAGS_NONE, 3000, nil, &error)
        {
            if case .tuple(let outer) = Self.value(of: embedded), case .tuple(let inner)? = outer.first,
                inner.count == 2, let bus = inner[0].stringValue, let path = inner[1].stringValue
            {
                desktop = (bus, path)
            }
            g_variant_unref(embedded)
        } else {
            let reason = Self.take(error)
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
            retainedQueue.release()
            throw .failed("the AT-SPI registry did not take the application (\(reason))")
        }
    }

    deinit {
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
        for held in queue.drain() { g_object_unref(UnsafeMutableRawPointer(held.pointer)) }
        retainedQueue.release()
    }

    /// The calls that arrived since the last time, oldest first; each must be answered with ``reply(to:with:)`` or
    /// ``replyError(to:message:)``.
    func takeCalls() -> [DBusMethodCall] {
        let messages = queue.drain()
        return messages.map { held in
            let message = held.pointer
            let body = g_dbus_message_get_body(message)
            var arguments: [DBusValue] = []
            if let body, case .tuple(let values) = Self.value(of: body) { arguments = values }
            return DBusMethodCall(
                path: Self.string(g_dbus_message_get_path(message)),
                interface: Self.string(g_dbus_message_get_interface(message)),
                member: Self.string(g_dbus_message_get_member(message)), arguments: arguments, message: message)
        }
    }

    /// Answers a call with `values` (the reply's arguments, in order).
    func reply(to call: DBusMethodCall, with values: [DBusValue]) {
        if let reply = g_dbus_message_new_method_reply(call.message) {
            g_dbus_message_set_body(reply, Self.variant(.tuple(values)))
            send(reply)
        }
        g_object_unref(UnsafeMutableRawPointer(call.message))
    }

    /// Answers a call with a D-Bus error.
    func replyError(to call: DBusMethodCall, name: String = "org.freedesktop.DBus.Error.UnknownMethod", message: String)
    {
        if let reply = g_dbus_message_new_method_error_literal(call.message, name, message) { send(reply) }
        g_object_unref(UnsafeMutableRawPointer(call.message))
    }

    /// Emits an AT-SPI event: signal `member` of `org.a11y.atspi.Event.<category>` from the object at `path`, with
    /// AT-SPI's arguments (detail, two integers, a value, and no properties).
    func emit(
        path: String, category: String, member: String, detail: String, detail1: Int32 = 0, detail2: Int32 = 0,
        value: DBusValue = .int32(0)
    ) {
        let body = Self.variant(
            .tuple([
                .string(detail), .int32(detail1), .int32(detail2), .variant(value),
                .array(elementType: "{sv}", []),
            ]))
        var error: UnsafeMutablePointer<GError>? = nil
        g_dbus_connection_emit_signal(
            connection, nil, path, "org.a11y.atspi.Event.\(category)", member, body, &error)
        if error != nil { g_error_free(error) }
    }

    private func send(_ message: OpaquePointer) {
        g_dbus_connection_send_message(connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    // MARK: GVariant

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
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
        }
    }

    /// The value of a GVariant of the types AT-SPI sends; other types read as an empty tuple.
    static func value(of variant: OpaquePointer) -> DBusValue {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type.first {
        case "s", "o", "g": return .string(String(cString: g_variant_get_string(variant, nil)))
        case "i": return .int32(g_variant_get_int32(variant))
        case "u": return .uint32(g_variant_get_uint32(variant))
        case "n": return .int16(g_variant_get_int16(variant))
        case "b": return .bool(g_variant_get_boolean(variant) != 0)
        case "d": return .double(g_variant_get_double(variant))
        case "v":
            guard let inner = g_variant_get_variant(variant) else { return .tuple([]) }
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
        default: return .tuple([])
        }
    }
}

/// A GDBus message held across threads (GDBusMessage is thread-safe once locked, as filtered messages are).
private struct HeldMessage: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The calls for the bridge, filled on GDBus's thread and drained on the main thread, behind a pthread mutex
/// (``LockedState``).
private final class MessageQueue: Sendable {
    private let messages = LockedState<[HeldMessage]>([])

    func append(_ message: HeldMessage) {
        messages.withLock { $0.append(message) }
    }

    func drain() -> [HeldMessage] {
        messages.withLock { queued in
            guard !queued.isEmpty else { return [] }
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}

/// Takes incoming method calls for the bridge's objects into the queue (keeping the message, which the filter owns);
/// passes everything else on.
private let atspiMessageFilter: GDBusMessageFilterFunction = { _, message, incoming, userData in
    guard let message, let userData, incoming != 0,
        g_dbus_message_get_message_type(message) == G_DBUS_MESSAGE_TYPE_METHOD_CALL,
        let path = g_dbus_message_get_path(message),
        String(cString: path).hasPrefix(ATSPIConnection.pathPrefix)
            || String(cString: path) == ATSPIConnection.cachePath
    else { return message }
    Unmanaged<MessageQueue>.fromOpaque(userData).takeUnretainedValue().append(HeldMessage(pointer: message))
    return nil
}

/// A D-Bus value as the bridges build calls and read replies, arguments and signals: the few types AT-SPI and the
/// desktop portal use. Pure Swift, so that what is read from a message is tested without a bus.
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
    /// A value of a type the model does not read (a byte, a 64-bit integer…), with its D-Bus signature.
    case unsupported(signature: String)

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

    /// The value's D-Bus signature (`u`, `d`, `v`, `(ss)`, `a{sv}`…): what a message about a wrong type names.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .int16: "n"
        case .int32: "i"
        case .uint32: "u"
        case .bool: "b"
        case .double: "d"
        case .tuple(let values): "(" + values.map(\.signature).joined() + ")"
        case .array(let elementType, _): "a" + elementType
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        case .unsupported(let signature): signature
        }
    }
}

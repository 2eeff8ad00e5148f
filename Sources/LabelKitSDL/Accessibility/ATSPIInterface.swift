/// One D-Bus interface the bridge serves: its name, a handler per member, and its properties. Each is declared in a
/// file of its own (`ATSPIInterface+Accessible.swift`, `+Component`, `+Text`…) and ``ATSPIDispatchTable`` gathers
/// them.
struct ATSPIInterface: Sendable {
    /// Answers a call: the reply's values, or nil for D-Bus's UnknownMethod error (the node does not serve it).
    typealias Handler = @MainActor @Sendable (inout ATSPIRequest) -> [DBusValue]?
    /// A property's value for the request's node, or nil when the node has no such property.
    typealias Getter = @MainActor @Sendable (ATSPIRequest) -> DBusValue?

    /// A property of the interface.
    struct Property: Sendable {
        let name: String
        /// Whether `GetAll` lists it: false for an older name `Get` still answers.
        var isListed = true
        let value: Getter
    }

    /// The interface's D-Bus name (`org.a11y.atspi.Text`).
    let name: String
    /// A handler per member.
    var methods: [String: Handler] = [:]
    /// The properties, in the order `GetAll` lists them.
    var properties: [Property] = []

    /// The prefix of AT-SPI's interface names.
    static let atspiPrefix = "org.a11y.atspi."
}

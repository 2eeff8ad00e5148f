/// The bridge's answers by interface and member: one entry per method of every interface it serves, each declared
/// with its interface (`ATSPIInterface+Accessible.swift`, `+Component`, `+Text`…), and `org.freedesktop.DBus.Properties`
/// made from their properties.
///
/// A call that no entry answers, or whose handler answers nil because its node does not serve the interface, gets
/// D-Bus's UnknownMethod error ("… is not supported here") from the bridge.
struct ATSPIDispatchTable: Sendable {
    /// A method: an interface and a member.
    struct Method: Hashable, Sendable {
        let interface: String
        let member: String
    }

    /// The interfaces served, Properties last.
    let interfaces: [ATSPIInterface]
    private let handlers: [Method: ATSPIInterface.Handler]

    /// A table of `interfaces` and of the Properties interface over their properties.
    init(interfaces served: [ATSPIInterface]) {
        interfaces = served + [.properties(of: served)]
        var handlers: [Method: ATSPIInterface.Handler] = [:]
        for interface in interfaces {
            for (member, handler) in interface.methods {
                handlers[Method(interface: interface.name, member: member)] = handler
            }
        }
        self.handlers = handlers
    }

    /// What the bridge serves.
    static let standard = ATSPIDispatchTable(interfaces: [
        .accessible, .application, .component, .action, .hyperlink, .hypertext, .text,
    ])

    /// Every method with a handler.
    var methods: Set<Method> { Set(handlers.keys) }

    /// The message of the UnknownMethod error a call no handler answers gets.
    static func notSupportedMessage(_ interface: String, _ member: String) -> String {
        "\(interface).\(member) is not supported here"
    }

    /// Answers a call of `member` of `interface`: the reply's values, or nil when it is not supported here.
    @MainActor
    func answer(_ interface: String, _ member: String, _ request: inout ATSPIRequest) -> [DBusValue]? {
        handlers[Method(interface: interface, member: member)]?(&request)
    }
}

extension ATSPIInterface {
    /// `org.a11y.atspi.Action`: a node's actions by name, and performing them (a link's `click` is its tap).
    static let action = ATSPIInterface(
        name: atspiPrefix + "Action",
        methods: [
            "GetActions": { request in
                let actions = request.tree.actions(of: request.node)
                let names = actions.map { DBusValue.tuple([.string($0.rawValue), .string($0.rawValue), .string("")]) }
                return [.array(elementType: "(sss)", names)]
            },
            "GetName": { request in [.string(actionName(request))] },
            "GetLocalizedName": { request in [.string(actionName(request))] },
            "GetDescription": { request in [.string(actionName(request))] },
            "GetKeyBinding": { _ in [.string("")] },
            "DoAction": { request in
                let actions = request.tree.actions(of: request.node)
                let index = Int(request.int(0))
                guard actions.indices.contains(index) else { return [.bool(false)] }
                request.events += request.tree.perform(actions[index], on: request.node)
                return [.bool(true)]
            },
        ],
        properties: [
            Property(name: "NActions") { request in .int32(Int32(request.tree.actions(of: request.node).count)) }
        ])

    /// The name of the action the call's first argument numbers, or "" when there is none.
    @MainActor
    private static func actionName(_ request: ATSPIRequest) -> String {
        let actions = request.tree.actions(of: request.node)
        let index = Int(request.int(0))
        return actions.indices.contains(index) ? actions[index].rawValue : ""
    }
}

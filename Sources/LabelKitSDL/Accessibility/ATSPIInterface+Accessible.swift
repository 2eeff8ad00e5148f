import Foundation

extension ATSPIInterface {
    /// `org.a11y.atspi.Accessible`: what every node is, its place in the tree and its states.
    static let accessible = ATSPIInterface(
        name: atspiPrefix + "Accessible",
        methods: [
            "GetChildAtIndex": { request in
                let children = request.tree.children(of: request.node)
                let index = Int(request.int(0))
                guard children.indices.contains(index) else { return [AccessibilityTree.nullReference] }
                return [request.tree.reference(children[index])]
            },
            "GetChildren": { request in
                [.array(elementType: "(so)", request.tree.children(of: request.node).map(request.tree.reference))]
            },
            "GetIndexInParent": { request in
                guard let parent = request.tree.parent(of: request.node) else { return [.int32(-1)] }
                return [.int32(Int32(request.tree.children(of: parent).firstIndex(of: request.node) ?? -1))]
            },
            "GetRelationSet": { request in
                let relations = request.tree.relations(of: request.node).map { relation in
                    DBusValue.tuple([
                        .uint32(relation.type),
                        .array(elementType: "(so)", relation.targets.map(request.tree.reference)),
                    ])
                }
                return [.array(elementType: "(ua(so))", relations)]
            },
            "GetRole": { request in [.uint32(request.tree.role(of: request.node).number)] },
            "GetRoleName": { request in [.string(request.tree.role(of: request.node).name)] },
            "GetLocalizedRoleName": { request in [.string(request.tree.role(of: request.node).name)] },
            "GetState": { request in
                [.array(elementType: "u", request.tree.states(of: request.node).map(DBusValue.uint32))]
            },
            "GetAttributes": { request in
                [.stringDictionary(request.node == .application ? ["toolkit": "LabelKit"] : [:])]
            },
            "GetApplication": { request in [request.tree.reference(.application)] },
            "GetInterfaces": { request in
                [.array(elementType: "s", request.tree.interfaces(of: request.node).map(DBusValue.string))]
            },
        ],
        properties: [
            Property(name: "Name") { request in .string(request.tree.accessibleName(of: request.node)) },
            Property(name: "Description") { _ in .string("") },
            Property(name: "Parent") { request in
                request.tree.parent(of: request.node).map(request.tree.reference) ?? request.tree.desktop
            },
            Property(name: "ChildCount") { request in .int32(Int32(request.tree.children(of: request.node).count)) },
            Property(name: "Locale") { _ in .string(Locale.current.identifier) },
            Property(name: "AccessibleId") { request in .string(request.node.name) },
            Property(name: "HelpText", isListed: false) { _ in .string("") },
        ])

}

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

    /// The arguments each method takes, as D-Bus signatures: a call with others is refused with InvalidArgs, as GTK's
    /// bridge refuses it, rather than read leniently.
    static let signatures: [String: [String: String]] = [
        ATSPIInterface.accessible.name: [
            "GetChildAtIndex": "i", "GetChildren": "", "GetIndexInParent": "", "GetRelationSet": "", "GetRole": "",
            "GetRoleName": "", "GetLocalizedRoleName": "", "GetState": "", "GetAttributes": "", "GetApplication": "",
            "GetInterfaces": "",
        ],
        ATSPIInterface.application.name: ["GetLocale": "u", "GetApplicationBusAddress": ""],
        ATSPIInterface.component.name: [
            "GetExtents": "u", "GetPosition": "u", "GetSize": "", "Contains": "iiu", "GetAccessibleAtPoint": "iiu",
            "GetLayer": "", "GetMDIZOrder": "", "GetAlpha": "", "GrabFocus": "", "ScrollTo": "u",
        ],
        ATSPIInterface.action.name: [
            "GetActions": "", "GetName": "i", "GetLocalizedName": "i", "GetDescription": "i", "GetKeyBinding": "i",
            "DoAction": "i",
        ],
        ATSPIInterface.hyperlink.name: ["GetObject": "i", "GetURI": "i", "IsValid": ""],
        ATSPIInterface.hypertext.name: ["GetNLinks": "", "GetLink": "i", "GetLinkIndex": "i"],
        ATSPIInterface.text.name: [
            "GetText": "ii", "GetCharacterAtOffset": "i", "GetStringAtOffset": "iu", "GetTextAtOffset": "iu",
            "GetTextBeforeOffset": "iu", "GetTextAfterOffset": "iu", "GetCharacterExtents": "iu",
            "GetRangeExtents": "iiu", "GetOffsetAtPoint": "iiu", "GetNSelections": "", "GetSelection": "i",
            "SetSelection": "iii", "AddSelection": "ii", "RemoveSelection": "i", "SetCaretOffset": "i",
            "GetAttributeRun": "ib", "GetAttributes": "i", "GetAttributeValue": "is", "GetDefaultAttributes": "",
            "GetDefaultAttributeSet": "",
        ],
        "org.freedesktop.DBus.Properties": ["Get": "ss", "GetAll": "s", "Set": "ssv"],
    ]

    /// Why a call is refused before any handler sees it — D-Bus's error name and message — or nil when it may be
    /// answered: no object at its path (UnknownObject), arguments of another signature than the method's
    /// (InvalidArgs), a property of an interface the object does not serve (UnknownInterface), or any property set
    /// (PropertyReadOnly).
    @MainActor
    static func refusal(
        of interface: String, _ member: String, signature: String, arguments: [DBusValue], node: ATSPINode?,
        tree: AccessibilityTree
    ) -> (name: String, message: String)? {
        guard let node else { return ("org.freedesktop.DBus.Error.UnknownObject", "no such object") }
        if let expected = signatures[interface]?[member], expected != signature {
            return (
                "org.freedesktop.DBus.Error.InvalidArgs",
                "\(interface).\(member) takes (\(expected)), not (\(signature))"
            )
        }
        guard interface == "org.freedesktop.DBus.Properties" else { return nil }
        if member == "Set" { return ("org.freedesktop.DBus.Error.PropertyReadOnly", "every property is read-only") }
        let named = arguments.first?.stringValue ?? ""
        guard tree.interfaces(of: node).contains(named) else {
            return ("org.freedesktop.DBus.Error.UnknownInterface", "the object does not serve \(named)")
        }
        return nil
    }

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

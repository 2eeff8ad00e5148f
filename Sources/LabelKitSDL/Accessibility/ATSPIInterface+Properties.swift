extension ATSPIInterface {
    /// `org.freedesktop.DBus.Properties` over the properties of `interfaces`: `Get` answers a property by its name,
    /// whichever interface the call names; `GetAll` lists the named interface's own; `Set` changes nothing.
    static func properties(of interfaces: [ATSPIInterface]) -> ATSPIInterface {
        var getters: [String: Getter] = [:]
        for property in interfaces.flatMap(\.properties) where getters[property.name] == nil {
            getters[property.name] = property.value
        }
        let listed = Dictionary(
            interfaces.map { ($0.name, $0.properties.filter(\.isListed)) }, uniquingKeysWith: { first, _ in first })
        return ATSPIInterface(
            name: "org.freedesktop.DBus.Properties",
            methods: [
                "Get": { [getters] request in
                    guard let value = getters[request.string(1)]?(request) else { return nil }
                    return [.variant(value)]
                },
                "GetAll": { [listed] request in
                    let entries = (listed[request.string(0)] ?? []).compactMap { property in
                        property.value(request).map { DBusValue.dictEntry(.string(property.name), .variant($0)) }
                    }
                    return [.array(elementType: "{sv}", entries)]
                },
                "Set": { _ in [] },
            ])
    }
}

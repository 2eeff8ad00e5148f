import Foundation

extension ATSPIInterface {
    /// `org.a11y.atspi.Application`: the application node's locale and toolkit.
    static let application = ATSPIInterface(
        name: atspiPrefix + "Application",
        methods: [
            "GetLocale": { _ in [.string(Locale.current.identifier)] },
            "GetApplicationBusAddress": { _ in [.string("")] },
        ],
        properties: [
            Property(name: "ToolkitName") { _ in .string("LabelKit") },
            Property(name: "Version") { _ in .string("1.0") },
            Property(name: "AtspiVersion") { _ in .string("2.1") },
            Property(name: "Id") { _ in .int32(0) },
        ])
}

/// A role as AT-SPI gives it: its number (`GetRole`, `AtspiRole`) and its name (`GetRoleName`).
struct ATSPIRole: Hashable {
    let number: UInt32
    let name: String

    static let application = ATSPIRole(number: 75, name: "application")
    static let frame = ATSPIRole(number: 23, name: "frame")
}

extension AccessibleRole {
    /// AT-SPI's number and name of the role.
    var atspiRole: ATSPIRole {
        switch self {
        case .filler: ATSPIRole(number: 20, name: "filler")
        case .label: ATSPIRole(number: 29, name: "label")
        case .link: ATSPIRole(number: 88, name: "link")
        case .checkBox: ATSPIRole(number: 7, name: "check box")
        case .radioButton: ATSPIRole(number: 44, name: "radio button")
        case .pushButton: ATSPIRole(number: 43, name: "push button")
        case .toggleButton: ATSPIRole(number: 62, name: "toggle button")
        case .list: ATSPIRole(number: 31, name: "list")
        case .listItem: ATSPIRole(number: 32, name: "list item")
        case .image: ATSPIRole(number: 27, name: "image")
        case .heading: ATSPIRole(number: 83, name: "heading")
        case .panel: ATSPIRole(number: 39, name: "panel")
        }
    }
}

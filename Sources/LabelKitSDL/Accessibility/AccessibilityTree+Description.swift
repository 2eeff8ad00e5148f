import Foundation
import LabelKit

/// What each node is, what it is called, its states, the interfaces it serves and its actions: the application and
/// the window from the bridge, everything else from the views.
extension AccessibilityTree {
    func role(of node: ATSPINode) -> ATSPIRole {
        switch node {
        case .application: .application
        case .frame: .frame
        case .view(let index): views[index].accessibleRole.atspiRole
        case .link, .hyperlink: AccessibleRole.link.atspiRole
        case .child(let view, let id): (child(id, ofView: view)?.role ?? .filler).atspiRole
        }
    }

    func accessibleName(of node: ATSPINode) -> String {
        switch node {
        case .application: applicationName
        case .frame: window.title
        case .view(let index): views[index].accessibleName
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            self.hyperlink(hyperlink, ofView: view)?.text ?? ""
        case .child(let view, let id): child(id, ofView: view)?.name ?? ""
        }
    }

    /// AT-SPI's state numbers of a link with `states`: `showing` only while it is focused.
    static func linkStates(_ states: AccessibleStates) -> Set<Int> {
        states.contains(.focused) ? states.atspiStates : states.atspiStates.subtracting([ATSPIStates.showing])
    }

    /// AT-SPI's two 32-bit words of states.
    func states(of node: ATSPINode) -> [UInt32] {
        switch node {
        case .application: ATSPIStates.words([])
        case .frame:
            ATSPIStates.words(isWindowActive ? ATSPIStates.always.union([ATSPIStates.active]) : ATSPIStates.always)
        case .link, .hyperlink:
            // A link is shown as part of its label's text; on its own only while it has the focus (its focus ring).
            // Orca's flat review reads every showing object with a name as a box of its own beside the text's lines:
            // so every link would be read twice, and without the focused one, review would not start at the focus.
            ATSPIStates.words(
                Self.linkStates(viewAndPart(of: node).map { $0.view.accessibleStates(of: $0.part) } ?? []))
        case .view, .child:
            ATSPIStates.words((viewAndPart(of: node).map { $0.view.accessibleStates(of: $0.part) } ?? []).atspiStates)
        }
    }

    func interfaces(of node: ATSPINode) -> [String] {
        var result = [ATSPIInterface.accessible.name]
        switch node {
        case .application: result.append(ATSPIInterface.application.name)
        case .frame: result.append(ATSPIInterface.component.name)
        case .link:
            result += [ATSPIInterface.component.name, ATSPIInterface.action.name, ATSPIInterface.hyperlink.name]
        case .hyperlink: result += [ATSPIInterface.hyperlink.name, ATSPIInterface.action.name]
        case .view(let index):
            result.append(ATSPIInterface.component.name)
            if text(ofView: index) != nil { result += [ATSPIInterface.text.name, ATSPIInterface.hypertext.name] }
            if !actions(of: node).isEmpty { result.append(ATSPIInterface.action.name) }
        case .child:
            result.append(ATSPIInterface.component.name)
            if !actions(of: node).isEmpty { result.append(ATSPIInterface.action.name) }
        }
        return result
    }

    /// AT-SPI's relation types the tree reports.
    static let flowsTo: UInt32 = 10
    static let flowsFrom: UInt32 = 11

    /// The node's relations: a view with text flows to the next view with text and from the one before, in the
    /// host's order, so that a screen reader's say-all reads on from one label to the next.
    func relations(of node: ATSPINode) -> [(type: UInt32, targets: [ATSPINode])] {
        guard case .view(let index) = node, text(ofView: index) != nil else { return [] }
        var relations: [(type: UInt32, targets: [ATSPINode])] = []
        if let next = views.indices.dropFirst(index + 1).first(where: { text(ofView: $0) != nil }) {
            relations.append((Self.flowsTo, [.view(next)]))
        }
        if let previous = views.indices.prefix(index).last(where: { text(ofView: $0) != nil }) {
            relations.append((Self.flowsFrom, [.view(previous)]))
        }
        return relations
    }

    /// The node's actions, in the order a screen reader lists them.
    func actions(of node: ATSPINode) -> [AccessibleActionName] {
        guard let (view, part) = viewAndPart(of: node) else { return [] }
        return view.accessibleActions(of: part)
    }

    /// Performs action `name` of the node; what its view reported.
    func perform(_ name: AccessibleActionName, on node: ATSPINode) -> [(view: any InteractiveView, event: ViewEvent)] {
        guard let (view, part) = viewAndPart(of: node) else { return [] }
        return view.performAccessibleAction(name, of: part).map { (view, $0) }
    }
}

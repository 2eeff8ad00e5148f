import Foundation
import LabelKit

/// Whether the views are exposed to screen readers, and why not when they are not.
public enum AccessibilityStatus: Sendable, Hashable, CustomStringConvertible {
    /// The views are exposed on the accessibility bus.
    case on
    /// Accessibility is off, for the reason given (no session bus, no accessibility bus).
    case off(reason: String)

    /// One line for the app to print.
    public var description: String {
        switch self {
        case .on: "accessibility: on (AT-SPI)"
        case .off(let reason): "accessibility: off (\(reason))"
        }
    }
}

/// The AT-SPI bridge of a ``ViewHost``: the application, its window and every view as AT-SPI objects on the
/// accessibility bus, answered from the platform-neutral model (``/LabelKitInteraction/AccessibleText``,
/// ``/LabelKitInteraction/AccessibilityElement``) — see the "Screen readers" article for the mapping.
///
/// Object paths: `root` (the application), `frame` (the window), `v<n>` (view n of the host), `v<n>l<i>` (hyperlink
/// i of a label or checkbox title), `v<n>r<i>` (row i of a list).
@MainActor
final class AccessibilityBridge {
    private let connection: ATSPIConnection
    private unowned let host: ViewHost
    private let window: Window
    private let applicationName: String
    /// The texts of the views, made once per layout.
    private var texts: [ObjectIdentifier: AccessibleText] = [:]
    /// Whether an assistive technology has talked to the app: events are emitted only then.
    private var hasClient = false
    private var focusedPath: String?
    private var listRows: [ObjectIdentifier: Range<Int>] = [:]

    init(host: ViewHost, window: Window, applicationName: String) throws(ATSPIConnectionError) {
        connection = try ATSPIConnection()
        self.host = host
        self.window = window
        self.applicationName = applicationName
    }

    // MARK: The loop

    /// Answers the calls that arrived; returns what the actions performed reported, for the app to react to.
    func pump() -> [(view: any InteractiveView, event: ViewEvent)] {
        let calls = connection.takeCalls()
        guard !calls.isEmpty else { return [] }
        hasClient = true
        var results: [(view: any InteractiveView, event: ViewEvent)] = []
        for call in calls {
            if call.path == ATSPIConnection.cachePath, call.member == "GetItems" {
                connection.reply(to: call, with: [.array(elementType: "((so)(so)(so)iiassusau)", [])])
                continue
            }
            if let values = answer(call, results: &results) {
                connection.reply(to: call, with: values)
            } else {
                connection.replyError(to: call, message: "\(call.interface).\(call.member) is not supported here")
            }
        }
        for (view, event) in results { observe(view, event) }
        return results
    }

    /// Emits the events a screen reader follows for what a view reported.
    func observe(_ view: any InteractiveView, _ event: ViewEvent) {
        guard hasClient, let index = host.views.firstIndex(where: { $0 === view }) else { return }
        switch event {
        case .focusChanged(let link, let rects):
            var path: String? = nil
            if let link, let text = text(ofView: index),
                let hyperlink = text.hyperlinkIndex(forLayoutLink: link.index)
            {
                path = "v\(index)l\(hyperlink)"
            } else if !rects.isEmpty {
                path = "v\(index)"
            }
            moveFocus(to: path)
        case .toggled(let isChecked):
            emitState("v\(index)", "checked", isChecked)
        case .selectionChanged:
            connection.emit(
                path: fullPath("v\(index)"), category: "Object", member: "TextSelectionChanged", detail: "")
        case .scrolled:
            guard let list = view as? ListView else { return }
            let old = listRows[ObjectIdentifier(list)] ?? 0..<0
            let new = list.visibleRows
            listRows[ObjectIdentifier(list)] = new
            for row in old where !new.contains(row) {
                connection.emit(
                    path: fullPath("v\(index)"), category: "Object", member: "ChildrenChanged", detail: "remove",
                    detail1: Int32(clamping: row - old.lowerBound),
                    value: reference("v\(index)r\(row)"))
            }
            for row in new where !old.contains(row) {
                connection.emit(
                    path: fullPath("v\(index)"), category: "Object", member: "ChildrenChanged", detail: "add",
                    detail1: Int32(clamping: row - new.lowerBound), value: reference("v\(index)r\(row)"))
            }
        default:
            break
        }
    }

    /// The window changed size: its bounds and the views' changed.
    func windowResized() {
        guard hasClient else { return }
        let size = window.size
        connection.emit(
            path: fullPath("frame"), category: "Object", member: "BoundsChanged", detail: "",
            value: .tuple([.int32(0), .int32(0), .int32(Int32(size.width)), .int32(Int32(size.height))]))
        for index in host.views.indices {
            let frame = host.views[index].frame
            connection.emit(
                path: fullPath("v\(index)"), category: "Object", member: "BoundsChanged", detail: "",
                value: .tuple(Self.box(frame)))
        }
    }

    private func moveFocus(to path: String?) {
        guard path != focusedPath else { return }
        if let old = focusedPath { emitState(old, "focused", false) }
        focusedPath = path
        if let path { emitState(path, "focused", true) }
    }

    private func emitState(_ path: String, _ state: String, _ isOn: Bool) {
        connection.emit(
            path: fullPath(path), category: "Object", member: "StateChanged", detail: state, detail1: isOn ? 1 : 0)
    }

    // MARK: Objects

    private enum Node: Equatable {
        case application
        case frame
        case view(Int)
        case link(view: Int, hyperlink: Int)
        /// The Hyperlink object of a link (libatspi keeps hyperlinks apart from accessibles, as ATK does): its
        /// `GetObject(0)` is the link.
        case hyperlink(view: Int, hyperlink: Int)
        case row(view: Int, row: Int)
    }

    private func fullPath(_ name: String) -> String { ATSPIConnection.pathPrefix + name }

    private func name(of node: Node) -> String {
        switch node {
        case .application: "root"
        case .frame: "frame"
        case .view(let index): "v\(index)"
        case .link(let view, let hyperlink): "v\(view)l\(hyperlink)"
        case .hyperlink(let view, let hyperlink): "v\(view)h\(hyperlink)"
        case .row(let view, let row): "v\(view)r\(row)"
        }
    }

    private func reference(_ name: String) -> DBusValue { .reference(connection.uniqueName, fullPath(name)) }
    private func reference(_ node: Node) -> DBusValue { reference(name(of: node)) }
    private static let nullReference = DBusValue.reference("", "/org/a11y/atspi/null")

    private func node(at path: String) -> Node? {
        guard path.hasPrefix(ATSPIConnection.pathPrefix) else { return nil }
        let name = path.dropFirst(ATSPIConnection.pathPrefix.count)
        if name == "root" { return .application }
        if name == "frame" { return .frame }
        guard name.first == "v" else { return nil }
        let body = name.dropFirst()
        let digits = body.prefix { $0.isNumber }
        guard let view = Int(digits), host.views.indices.contains(view) else { return nil }
        let rest = body.dropFirst(digits.count)
        if rest.isEmpty { return .view(view) }
        guard let number = Int(rest.dropFirst()) else { return nil }
        switch rest.first {
        case "l", "h":
            guard let text = text(ofView: view), text.hyperlinks.indices.contains(number) else { return nil }
            return rest.first == "l" ? .link(view: view, hyperlink: number) : .hyperlink(view: view, hyperlink: number)
        case "r":
            guard let list = host.views[view] as? ListView, list.visibleRows.contains(number) else { return nil }
            return .row(view: view, row: number)
        default: return nil
        }
    }

    /// The accessible text of view `index`: a label's, or a checkbox's title; nil for other views.
    private func text(ofView index: Int) -> AccessibleText? {
        let view = host.views[index]
        let layout: TextLayout
        switch view {
        case let label as LabelView: layout = label.layout
        case let checkbox as CheckboxView: layout = checkbox.layout.title
        default: return nil
        }
        let key = ObjectIdentifier(view)
        if let cached = texts[key], cached.layout === layout { return cached }
        let text = AccessibleText(layout: layout)
        texts[key] = text
        return text
    }

    /// Where view `index`'s text is drawn: the origin of its layout, in window points.
    private func textOrigin(ofView index: Int) -> CGPoint {
        switch host.views[index] {
        case let label as LabelView: label.origin
        case let checkbox as CheckboxView: checkbox.titleFrame.origin
        default: host.views[index].frame.origin
        }
    }

    private func parent(of node: Node) -> Node? {
        switch node {
        case .application: nil
        case .frame: .application
        case .view: .frame
        case .link(let view, _), .hyperlink(let view, _), .row(let view, _): .view(view)
        }
    }

    private func children(of node: Node) -> [Node] {
        switch node {
        case .application: return [.frame]
        case .frame: return host.views.indices.map { .view($0) }
        case .view(let index):
            if let list = host.views[index] as? ListView { return list.visibleRows.map { .row(view: index, row: $0) } }
            guard let text = text(ofView: index) else { return [] }
            return text.hyperlinks.indices.map { .link(view: index, hyperlink: $0) }
        case .link, .hyperlink, .row: return []
        }
    }

    private func role(of node: Node) -> (number: UInt32, name: String) {
        switch node {
        case .application: return (75, "application")
        case .frame: return (23, "frame")
        case .link, .hyperlink: return (88, "link")
        case .row: return (32, "list item")
        case .view(let index):
            switch host.views[index] {
            case is LabelView: return (29, "label")
            case is CheckboxView: return (7, "check box")
            case is ButtonView: return (43, "push button")
            case is ListView: return (31, "list")
            default: return (20, "filler")
            }
        }
    }

    private func accessibleName(of node: Node) -> String {
        switch node {
        case .application: return applicationName
        case .frame: return window.title
        case .view(let index):
            switch host.views[index] {
            case let label as LabelView: return label.layout.plainText()
            case let checkbox as CheckboxView: return checkbox.layout.title.plainText()
            case let button as ButtonView: return button.title.layout.plainText()
            default: return ""
            }
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            return text(ofView: view)?.hyperlinks[hyperlink].text ?? ""
        case .row(let view, let row): return (host.views[view] as? ListView)?.texts[row] ?? ""
        }
    }

    /// The element of the model behind a view or a link, for its state and actions.
    private func element(of node: Node) -> AccessibilityElement? {
        switch node {
        case .view(let index):
            switch host.views[index] {
            case let label as LabelView: return label.accessibilityElements().first
            case let checkbox as CheckboxView: return checkbox.layout.accessibilityElement(for: checkbox.checkbox)
            default: return nil
            }
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            guard let link = text(ofView: view)?.hyperlinks[hyperlink] else { return nil }
            let elements: [AccessibilityElement]
            switch host.views[view] {
            case let label as LabelView: elements = label.accessibilityElements()
            case let checkbox as CheckboxView: elements = checkbox.titleAccessibilityElements()
            default: return nil
            }
            return elements.first { element in
                if case .activateLink(let index, _)? = element.action { return index == link.layoutIndex }
                return false
            }
        default: return nil
        }
    }

    /// AT-SPI's two 32-bit words of states.
    private func states(of node: Node) -> [UInt32] {
        var set: Set<Int> = [25, 30, 8, 24]   // showing, visible, enabled, sensitive
        switch node {
        case .application: set = []
        case .frame: set.insert(1)   // active
        case .view(let index):
            let view = host.views[index]
            if let checkbox = view as? CheckboxView {
                set.formUnion([11, 41])   // focusable, checkable
                if checkbox.checkbox.isChecked { set.insert(4) }
                if checkbox.isFocused { set.insert(12) }
                if !checkbox.checkbox.isEnabled { set.subtract([8, 24]) }
            } else if let button = view as? ButtonView {
                set.insert(11)   // focusable
                if button.isFocused { set.insert(12) }
            } else if let label = view as? LabelView, label.isSelectable {
                set.insert(38)   // selectable text
            }
        case .link, .hyperlink:
            if let element = element(of: node) {
                if element.isFocusable { set.insert(11) }
                if element.isFocused { set.insert(12) }
                if element.traits.contains(.notEnabled) { set.subtract([8, 24]) }
            }
        case .row:
            break
        }
        var words: [UInt32] = [0, 0]
        for state in set { words[state / 32] |= 1 << UInt32(state % 32) }
        return words
    }

    private func interfaces(of node: Node) -> [String] {
        var result = ["org.a11y.atspi.Accessible"]
        switch node {
        case .application: result.append("org.a11y.atspi.Application")
        case .frame, .row: result.append("org.a11y.atspi.Component")
        case .link: result += ["org.a11y.atspi.Component", "org.a11y.atspi.Action"]
        case .hyperlink: result += ["org.a11y.atspi.Hyperlink", "org.a11y.atspi.Action"]
        case .view(let index):
            result.append("org.a11y.atspi.Component")
            if text(ofView: index) != nil { result += ["org.a11y.atspi.Text", "org.a11y.atspi.Hypertext"] }
            if !actions(of: node).isEmpty { result.append("org.a11y.atspi.Action") }
        }
        return result
    }

    /// The node's frame in window points.
    private func frame(of node: Node) -> CGRect {
        switch node {
        case .application: return .zero
        case .frame: return CGRect(origin: .zero, size: window.size)
        case .view(let index): return host.views[index].frame
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            guard let text = text(ofView: view), let rect = text.rangeExtents(text.hyperlinks[hyperlink].characterRange)
            else { return .zero }
            let origin = textOrigin(ofView: view)
            return rect.offsetBy(dx: origin.x, dy: origin.y)
        case .row(let view, let row):
            return (host.views[view] as? ListView)?.rowFrame(row) ?? .zero
        }
    }

    /// A window rectangle in AT-SPI's coordinates: 0 screen, 1 window, 2 parent.
    private func convert(_ rect: CGRect, coordinateType: UInt32, node: Node) -> CGRect {
        switch coordinateType {
        case 0: return rect.offsetBy(dx: window.position.x, dy: window.position.y)
        case 2:
            guard let parent = parent(of: node) else { return rect }
            let origin = frame(of: parent).origin
            return rect.offsetBy(dx: -origin.x, dy: -origin.y)
        default: return rect
        }
    }

    /// A point in AT-SPI's coordinates as a window point.
    private func windowPoint(x: Int32, y: Int32, coordinateType: UInt32, node: Node) -> CGPoint {
        var point = CGPoint(x: Double(x), y: Double(y))
        switch coordinateType {
        case 0: point = CGPoint(x: point.x - window.position.x, y: point.y - window.position.y)
        case 2:
            if let parent = parent(of: node) {
                let origin = frame(of: parent).origin
                point = CGPoint(x: point.x + origin.x, y: point.y + origin.y)
            }
        default: break
        }
        return point
    }

    private static func box(_ rect: CGRect) -> [DBusValue] {
        [
            .int32(Int32(clamping: Int(rect.minX.rounded(.down)))),
            .int32(Int32(clamping: Int(rect.minY.rounded(.down)))),
            .int32(Int32(clamping: Int(rect.width.rounded(.up)))),
            .int32(Int32(clamping: Int(rect.height.rounded(.up)))),
        ]
    }

    // MARK: Actions

    private enum Performed {
        case model(AccessibilityAction)
        case buttonClick
    }

    private func actions(of node: Node) -> [(name: String, action: Performed)] {
        if case .view(let index) = node, host.views[index] is ButtonView {
            return [(AccessibleActionName.click.rawValue, .buttonClick)]
        }
        guard let element = element(of: node) else { return [] }
        return element.namedActions.map { ($0.name.rawValue, .model($0.action)) }
    }

    private func perform(_ action: Performed, on node: Node) -> [(view: any InteractiveView, event: ViewEvent)] {
        let index: Int
        switch node {
        case .view(let view), .link(let view, _), .hyperlink(let view, _): index = view
        default: return []
        }
        let view = host.views[index]
        let events: [ViewEvent]
        switch (action, view) {
        case (.buttonClick, let button as ButtonView): events = button.performAccessibilityClick()
        case (.model(let action), let label as LabelView): events = label.performAccessibilityAction(action)
        case (.model(let action), let checkbox as CheckboxView): events = checkbox.performAccessibilityAction(action)
        default: events = []
        }
        return events.map { (view, $0) }
    }

    // MARK: Calls

    private func answer(
        _ call: DBusMethodCall, results: inout [(view: any InteractiveView, event: ViewEvent)]
    ) -> [DBusValue]? {
        guard let node = node(at: call.path) else { return nil }
        let arguments = call.arguments
        func int(_ index: Int) -> Int32 { index < arguments.count ? arguments[index].int32Value ?? 0 : 0 }
        func uint(_ index: Int) -> UInt32 { index < arguments.count ? arguments[index].uint32Value ?? 0 : 0 }
        func string(_ index: Int) -> String { index < arguments.count ? arguments[index].stringValue ?? "" : "" }

        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard let value = property(string(1), of: node) else { return nil }
            return [.variant(value)]
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            let names = Self.propertyNames[string(0)] ?? []
            return [
                .array(
                    elementType: "{sv}",
                    names.compactMap { name in property(name, of: node).map { .dictEntry(.string(name), .variant($0)) }
                    }
                )
            ]
        case ("org.freedesktop.DBus.Properties", "Set"):
            return []

        // Accessible
        case ("org.a11y.atspi.Accessible", "GetChildAtIndex"):
            let children = children(of: node)
            let index = Int(int(0))
            return [children.indices.contains(index) ? reference(children[index]) : Self.nullReference]
        case ("org.a11y.atspi.Accessible", "GetChildren"):
            return [.array(elementType: "(so)", children(of: node).map { reference($0) })]
        case ("org.a11y.atspi.Accessible", "GetIndexInParent"):
            guard let parent = parent(of: node) else { return [.int32(-1)] }
            return [.int32(Int32(children(of: parent).firstIndex(of: node) ?? -1))]
        case ("org.a11y.atspi.Accessible", "GetRelationSet"):
            return [.array(elementType: "(ua(so))", [])]
        case ("org.a11y.atspi.Accessible", "GetRole"):
            return [.uint32(role(of: node).number)]
        case ("org.a11y.atspi.Accessible", "GetRoleName"), ("org.a11y.atspi.Accessible", "GetLocalizedRoleName"):
            return [.string(role(of: node).name)]
        case ("org.a11y.atspi.Accessible", "GetState"):
            return [.array(elementType: "u", states(of: node).map { .uint32($0) })]
        case ("org.a11y.atspi.Accessible", "GetAttributes"):
            return [.stringDictionary(node == .application ? ["toolkit": "LabelKit"] : [:])]
        case ("org.a11y.atspi.Accessible", "GetApplication"):
            return [reference(.application)]
        case ("org.a11y.atspi.Accessible", "GetInterfaces"):
            return [.array(elementType: "s", interfaces(of: node).map { .string($0) })]

        // Application
        case ("org.a11y.atspi.Application", "GetLocale"):
            return [.string(Locale.current.identifier)]
        case ("org.a11y.atspi.Application", "GetApplicationBusAddress"):
            return [.string("")]

        // Component
        case ("org.a11y.atspi.Component", "GetExtents"):
            return [.tuple(Self.box(convert(frame(of: node), coordinateType: uint(0), node: node)))]
        case ("org.a11y.atspi.Component", "GetPosition"):
            let box = Self.box(convert(frame(of: node), coordinateType: uint(0), node: node))
            return [box[0], box[1]]
        case ("org.a11y.atspi.Component", "GetSize"):
            let box = Self.box(frame(of: node))
            return [box[2], box[3]]
        case ("org.a11y.atspi.Component", "Contains"):
            let point = windowPoint(x: int(0), y: int(1), coordinateType: uint(2), node: node)
            return [.bool(frame(of: node).contains(point))]
        case ("org.a11y.atspi.Component", "GetAccessibleAtPoint"):
            let point = windowPoint(x: int(0), y: int(1), coordinateType: uint(2), node: node)
            let hit = children(of: node).last { frame(of: $0).contains(point) }
            return [hit.map { reference($0) } ?? Self.nullReference]
        case ("org.a11y.atspi.Component", "GetLayer"):
            return [.uint32(node == .frame ? 7 : 3)]   // window, widget
        case ("org.a11y.atspi.Component", "GetMDIZOrder"):
            return [.int16(0)]
        case ("org.a11y.atspi.Component", "GetAlpha"):
            return [.double(1)]
        case ("org.a11y.atspi.Component", "GrabFocus"), ("org.a11y.atspi.Component", "ScrollTo"):
            return [.bool(false)]

        // Action
        case ("org.a11y.atspi.Action", "GetActions"):
            return [
                .array(
                    elementType: "(sss)",
                    actions(of: node).map { .tuple([.string($0.name), .string($0.name), .string("")]) })
            ]
        case ("org.a11y.atspi.Action", "GetName"), ("org.a11y.atspi.Action", "GetLocalizedName"),
            ("org.a11y.atspi.Action", "GetDescription"):
            let actions = actions(of: node)
            let index = Int(int(0))
            return [.string(actions.indices.contains(index) ? actions[index].name : "")]
        case ("org.a11y.atspi.Action", "GetKeyBinding"):
            return [.string("")]
        case ("org.a11y.atspi.Action", "DoAction"):
            let actions = actions(of: node)
            let index = Int(int(0))
            guard actions.indices.contains(index) else { return [.bool(false)] }
            results += perform(actions[index].action, on: node)
            return [.bool(true)]

        // Hyperlink
        case ("org.a11y.atspi.Hyperlink", "GetObject"):
            guard case .hyperlink(let view, let hyperlink) = node, int(0) == 0 else { return [Self.nullReference] }
            return [reference(.link(view: view, hyperlink: hyperlink))]
        case ("org.a11y.atspi.Hyperlink", "GetURI"):
            guard case .hyperlink(let view, let hyperlink) = node, let text = text(ofView: view) else {
                return [.string("")]
            }
            return [.string(text.hyperlinks[hyperlink].target.absoluteString)]
        case ("org.a11y.atspi.Hyperlink", "IsValid"):
            return [.bool(true)]

        // Hypertext
        case ("org.a11y.atspi.Hypertext", "GetNLinks"):
            guard case .view(let index) = node else { return nil }
            return [.int32(Int32(text(ofView: index)?.hyperlinks.count ?? 0))]
        case ("org.a11y.atspi.Hypertext", "GetLink"):
            guard case .view(let index) = node, let text = text(ofView: index) else { return nil }
            let link = Int(int(0))
            return [
                text.hyperlinks.indices.contains(link)
                    ? reference(.hyperlink(view: index, hyperlink: link)) : Self.nullReference
            ]
        case ("org.a11y.atspi.Hypertext", "GetLinkIndex"):
            guard case .view(let index) = node, let text = text(ofView: index) else { return nil }
            return [.int32(Int32(text.hyperlinkIndex(atCharacter: Int(int(0))) ?? -1))]

        default:
            guard call.interface == "org.a11y.atspi.Text", case .view(let index) = node, let text = text(ofView: index)
            else { return nil }
            return answerText(call.member, text: text, view: index, node: node, int: int, uint: uint, results: &results)
        }
    }

    private func answerText(
        _ member: String, text: AccessibleText, view index: Int, node: Node, int: (Int) -> Int32, uint: (Int) -> UInt32,
        results: inout [(view: any InteractiveView, event: ViewEvent)]
    ) -> [DBusValue]? {
        let count = text.characterCount
        let origin = textOrigin(ofView: index)
        func piece(_ range: Range<Int>) -> [DBusValue] {
            [.string(text.substring(range)), .int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
        }
        func boundary(_ type: UInt32) -> AccessibleTextBoundary {
            switch type {
            case 1: .wordStart
            case 2: .wordEnd
            case 3: .sentenceStart
            case 4: .sentenceEnd
            case 5: .lineStart
            case 6: .lineEnd
            default: .character
            }
        }
        func windowBox(_ rect: CGRect?, coordinateType: UInt32) -> [DBusValue] {
            guard let rect else { return [.int32(0), .int32(0), .int32(0), .int32(0)] }
            let inWindow = rect.offsetBy(dx: origin.x, dy: origin.y)
            return Self.box(convert(inWindow, coordinateType: coordinateType, node: node))
        }
        let label = host.views[index] as? LabelView
        switch member {
        case "GetText":
            let start = Int(int(0))
            let end = int(1) < 0 ? count : Int(int(1))
            return [.string(text.substring(start..<max(start, end)))]
        case "GetCharacterAtOffset":
            let offset = Int(int(0))
            guard offset >= 0, offset < count, let scalar = text.substring(offset..<(offset + 1)).unicodeScalars.first
            else { return [.int32(0)] }
            return [.int32(Int32(scalar.value))]
        case "GetStringAtOffset":
            let granularity: AccessibleTextGranularity =
                switch uint(1) {
                case 1: .word
                case 2: .sentence
                case 3: .line
                case 4: .paragraph
                default: .character
                }
            return piece(text.range(at: Int(int(0)), granularity: granularity))
        case "GetTextAtOffset":
            return piece(text.range(at: Int(int(0)), boundary: boundary(uint(1))))
        case "GetTextBeforeOffset":
            let current = text.range(at: Int(int(0)), boundary: boundary(uint(1)))
            return piece(
                current.lowerBound > 0 ? text.range(at: current.lowerBound - 1, boundary: boundary(uint(1))) : 0..<0)
        case "GetTextAfterOffset":
            let current = text.range(at: Int(int(0)), boundary: boundary(uint(1)))
            return piece(
                current.upperBound < count
                    ? text.range(at: current.upperBound, boundary: boundary(uint(1))) : count..<count)
        case "GetCharacterExtents":
            return windowBox(text.characterExtents(at: Int(int(0))), coordinateType: uint(1))
        case "GetRangeExtents":
            return windowBox(
                text.rangeExtents(Int(int(0))..<max(Int(int(0)), Int(int(1)))), coordinateType: uint(2))
        case "GetOffsetAtPoint":
            let point = windowPoint(x: int(0), y: int(1), coordinateType: uint(2), node: node)
            let local = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
            return [.int32(Int32(text.characterOffset(at: local) ?? -1))]
        case "GetNSelections":
            return [.int32(label?.accessibleSelection(in: text) == nil ? 0 : 1)]
        case "GetSelection":
            let range = label?.accessibleSelection(in: text) ?? 0..<0
            return [.int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
        case "SetSelection", "AddSelection":
            guard let label, label.isSelectable else { return [.bool(false)] }
            let start = Int(member == "SetSelection" ? int(1) : int(0))
            let end = Int(member == "SetSelection" ? int(2) : int(1))
            results += label.setAccessibleSelection(min(start, end)..<max(start, end), in: text).map { (label, $0) }
            return [.bool(true)]
        case "RemoveSelection":
            guard let label, label.isSelectable else { return [.bool(false)] }
            results += label.setAccessibleSelection(0..<0, in: text).map { (label, $0) }
            return [.bool(true)]
        case "SetCaretOffset":
            return [.bool(false)]
        case "GetAttributeRun", "GetAttributes":
            let run = text.attributeRun(at: Int(int(0)))
            return [
                .stringDictionary(run.attributes), .int32(Int32(run.range.lowerBound)),
                .int32(Int32(run.range.upperBound)),
            ]
        case "GetAttributeValue":
            return [.string("")]
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return [.stringDictionary([:])]
        default:
            return nil
        }
    }

    // MARK: Properties

    private static let propertyNames: [String: [String]] = [
        "org.a11y.atspi.Accessible": ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"],
        "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"],
        "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"],
        "org.a11y.atspi.Hyperlink": ["NAnchors", "StartIndex", "EndIndex"],
        "org.a11y.atspi.Action": ["NActions"],
    ]

    private func property(_ name: String, of node: Node) -> DBusValue? {
        switch name {
        case "Name": return .string(accessibleName(of: node))
        case "Description", "HelpText": return .string("")
        case "Parent":
            guard let parent = parent(of: node) else {
                return .reference(connection.desktop.bus, connection.desktop.path)
            }
            return reference(parent)
        case "ChildCount": return .int32(Int32(children(of: node).count))
        case "Locale": return .string(Locale.current.identifier)
        case "AccessibleId": return .string(self.name(of: node))
        case "ToolkitName": return .string("LabelKit")
        case "Version": return .string("1.0")
        case "AtspiVersion": return .string("2.1")
        case "Id": return .int32(0)
        case "CharacterCount":
            guard case .view(let index) = node, let text = text(ofView: index) else { return nil }
            return .int32(Int32(text.characterCount))
        case "CaretOffset":
            guard case .view(let index) = node, let text = text(ofView: index) else { return nil }
            let selection = (host.views[index] as? LabelView)?.accessibleSelection(in: text)
            return .int32(Int32(selection?.upperBound ?? 0))
        case "NAnchors": return .int32(1)   // libatspi reads an int32, whatever the introspection says
        case "StartIndex", "EndIndex":
            guard case .hyperlink(let view, let hyperlink) = node, let text = text(ofView: view) else { return nil }
            let range = text.hyperlinks[hyperlink].characterRange
            return .int32(Int32(name == "StartIndex" ? range.lowerBound : range.upperBound))
        case "NActions": return .int32(Int32(actions(of: node).count))
        default: return nil
        }
    }
}

import Foundation
import LabelKit

/// The AT-SPI bridge of a ``ViewHost``: the application, its window and every view as AT-SPI objects on the
/// accessibility bus (``AccessibilityTree``), each call answered by the handler ``ATSPIDispatchTable`` holds for its
/// interface and member, and the events a screen reader follows emitted as the views report changes.
///
/// Calls are answered on the main thread, where the views live, as soon as they arrive: GDBus's thread wakes the
/// app's loop (``SDLWakeUp``) and the loop's ``ViewHost/advance(to:)`` answers. Every key goes to the registry's
/// listeners before the app sees it (``ScreenReaderKey``), as GTK's bridge sends it; one a screen reader consumes
/// never reaches the app.
@MainActor
final class AccessibilityBridge {
    private let connection: ATSPIConnection
    private let tree: AccessibilityTree
    private let table = ATSPIDispatchTable.standard
    private unowned let host: ViewHost
    /// Whether an assistive technology has talked to the app: events are emitted only then.
    private var hasClient = false
    private var focusedPath: String?
    /// The ids of each view's children when it last scrolled, to announce the ones that came and went.
    private var childIDs: [ObjectIdentifier: [Int]] = [:]
    /// Each view's frame at the last frame drawn, to announce the views that moved or changed size.
    private var frames: [ObjectIdentifier: CGRect] = [:]
    /// What actions performed while a key waited for the screen reader reported: handed to the app by the next
    /// ``pump()``.
    private var pendingResults: [(view: any InteractiveView, event: ViewEvent)] = []
    /// Until when keys go straight to the app: a registry that let a key time out is not waited for again for a while.
    private var keysBypassRegistryUntil = 0.0
    /// Whether the window was last reported active; nil before the window system said.
    private var reportedActivation: Bool?
    /// How long a key waits for the screen reader's answer at most.
    static let keyTimeout = 1.0

    /// The name screen readers reach the bridge by on its bus.
    var busName: String { connection.uniqueName }

    /// The bridge of `host` in `window`, on the accessibility bus, embedded in the registry's desktop.
    convenience init(host: ViewHost, window: Window, applicationName: String) throws(DBusError) {
        try self.init(
            host: host, window: window, session: window.session, applicationName: applicationName,
            connection: try ATSPIConnection())
    }

    /// The bridge on `connection`; with `session`, the calls wake its loop and its keys go to the screen reader
    /// first. Tests give a connection to a private bus and no session.
    init(
        host: ViewHost, window: any AccessibleWindow, session: SDLSession?, applicationName: String,
        connection: ATSPIConnection
    ) throws(DBusError) {
        self.connection = connection
        self.host = host
        tree = AccessibilityTree(
            host: host, window: window, applicationName: applicationName, busName: connection.uniqueName,
            desktop: connection.desktop)
        connection.followListenerRegistrations()
        hasClient = connection.hasEventListeners()
        guard let session else { return }
        let wakeUp = session.wakeUp
        connection.wakeOnCall { wakeUp.post() }
        session.screenReaderKeyFilter = { [weak self] key in self?.forward(key) ?? false }
    }

    // MARK: The loop

    /// Answers the calls that arrived; returns what the actions performed reported, for the app to react to.
    func pump() -> [(view: any InteractiveView, event: ViewEvent)] {
        if !hasClient, connection.takeListenerRegistrations() { hasClient = true }
        var results = pendingResults
        pendingResults.removeAll()
        results += answerCalls()
        for (view, event) in results { observe(view, event) }
        for (index, offset) in tree.movedCarets where hasClient {
            connection.emit(
                path: fullPath(.view(index)), category: "Object", member: "TextCaretMoved", detail: "",
                detail1: Int32(clamping: offset))
        }
        tree.movedCarets.removeAll()
        return results
    }

    /// Hands a key to the screen reader first; true when it consumed it. Calls that arrive meanwhile are answered.
    private func forward(_ key: ScreenReaderKey) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        guard now >= keysBypassRegistryUntil else { return false }
        do {
            return try connection.notifyListeners(of: key, timeout: Self.keyTimeout) {
                pendingResults += answerCalls()
            }
        } catch .remote {
            return false
        } catch {
            // No answer in time: the keys of the next few seconds go straight to the app.
            keysBypassRegistryUntil = ProcessInfo.processInfo.systemUptime + 5
            return false
        }
    }

    /// Answers the calls waiting; what their actions reported.
    private func answerCalls() -> [(view: any InteractiveView, event: ViewEvent)] {
        let calls = connection.takeCalls()
        guard !calls.isEmpty else { return [] }
        hasClient = true
        var results: [(view: any InteractiveView, event: ViewEvent)] = []
        for call in calls {
            if call.path == ATSPIConnection.cachePath, call.member == "GetItems" {
                connection.reply(to: call, with: [.array(elementType: "((so)(so)(so)iiassusau)", [])])
                continue
            }
            let node = tree.node(at: call.path)
            if let refusal = ATSPIDispatchTable.refusal(
                of: call.interface, call.member, signature: call.signature, arguments: call.arguments, node: node,
                tree: tree)
            {
                connection.replyError(to: call, name: refusal.name, message: refusal.message)
            } else if let node, let values = answer(call, node: node, results: &results) {
                connection.reply(to: call, with: values)
            } else if call.interface == "org.freedesktop.DBus.Properties" {
                connection.replyError(
                    to: call, name: "org.freedesktop.DBus.Error.UnknownProperty",
                    message: "no property \(call.arguments.dropFirst().first?.stringValue ?? "") here")
            } else {
                let message = ATSPIDispatchTable.notSupportedMessage(call.interface, call.member)
                connection.replyError(to: call, message: message)
            }
        }
        return results
    }

    /// The reply to a call, or nil when its object does not exist or does not serve its method.
    private func answer(
        _ call: DBusMethodCall, node: ATSPINode, results: inout [(view: any InteractiveView, event: ViewEvent)]
    ) -> [DBusValue]? {
        var request = ATSPIRequest(node: node, arguments: call.arguments, tree: tree)
        let values = table.answer(call.interface, call.member, &request)
        results += request.events
        return values
    }

    // MARK: Events

    /// Emits the events a screen reader follows for what a view reported.
    func observe(_ view: any InteractiveView, _ event: ViewEvent) {
        guard hasClient, let index = host.views.firstIndex(where: { $0 === view }) else { return }
        switch event {
        case .focusChanged(let link, let rects):
            var path: String? = nil
            if let link, let hyperlink = tree.linkIndex(ofView: index, layoutLink: link.index) {
                path = ATSPINode.link(view: index, hyperlink: hyperlink).name
            } else if !rects.isEmpty {
                path = ATSPINode.view(index).name
            }
            moveFocus(to: path)
        case .toggled(let isChecked):
            emitState(ATSPINode.view(index).name, "checked", isChecked)
        case .selectionChanged:
            connection.emit(
                path: fullPath(.view(index)), category: "Object", member: "TextSelectionChanged", detail: "")
        case .scrolled:
            announceChildrenChanged(of: view, at: index)
        default:
            break
        }
    }

    /// The window became the active one, or stopped being it: as GTK's bridge, `window:activate` (its title as the
    /// event's value) and the frame's
    /// `active` state, then the focused object's `focused` state (or the reverse order on the way out), so that a
    /// screen reader announces the window and what has the focus in it.
    func windowActivationChanged(isActive: Bool) {
        guard reportedActivation != isActive else { return }
        reportedActivation = isActive
        tree.isWindowActive = isActive
        guard hasClient else { return }
        let frame = fullPath(.frame)
        if isActive {
            connection.emit(
                path: frame, category: "Window", member: "Activate", detail: "", value: .string(tree.window.title))
            emitState(ATSPINode.frame.name, "active", true)
            if let focusedPath { emitState(focusedPath, "focused", true) }
        } else {
            if let focusedPath { emitState(focusedPath, "focused", false) }
            emitState(ATSPINode.frame.name, "active", false)
            connection.emit(
                path: frame, category: "Window", member: "Deactivate", detail: "", value: .string(tree.window.title))
        }
    }

    /// The window changed size: its bounds and the views' changed.
    func windowResized() {
        guard hasClient else { return }
        emitBoundsChanged(.frame, tree.frame(of: .frame))
        for (index, view) in host.views.enumerated() {
            emitBoundsChanged(.view(index), view.frame)
            frames[ObjectIdentifier(view)] = view.frame
        }
    }

    /// The views were drawn: those that moved or changed size since the last frame (laid out again at a new text
    /// scale, say) are announced with `object:bounds-changed`, as GTK's bridge announces a new allocation.
    func viewsDrawn() {
        guard hasClient else { return }
        for (index, view) in host.views.enumerated() {
            let frame = view.frame
            if let old = frames.updateValue(frame, forKey: ObjectIdentifier(view)), old != frame {
                emitBoundsChanged(.view(index), frame)
            }
        }
    }

    /// The appearance changed: the colours of every text's attributes did (`object:text-attributes-changed`).
    func appearanceChanged() {
        guard hasClient else { return }
        for index in host.views.indices where tree.text(ofView: index) != nil {
            connection.emit(
                path: fullPath(.view(index)), category: "Object", member: "TextAttributesChanged", detail: "")
        }
    }

    private func emitBoundsChanged(_ node: ATSPINode, _ frame: CGRect) {
        connection.emit(
            path: fullPath(node), category: "Object", member: "BoundsChanged", detail: "",
            value: .tuple(AccessibilityTree.box(frame)))
    }

    /// A view scrolled: the children that left it are removed, the ones that came into it added, each at its index
    /// among the children before or after.
    private func announceChildrenChanged(of view: any InteractiveView, at index: Int) {
        let key = ObjectIdentifier(view)
        let old = childIDs[key] ?? []
        let new = view.accessibleChildren.map(\.id)
        childIDs[key] = new
        for (position, id) in old.enumerated() where !new.contains(id) {
            emitChildrenChanged(of: index, "remove", at: position, child: id)
        }
        for (position, id) in new.enumerated() where !old.contains(id) {
            emitChildrenChanged(of: index, "add", at: position, child: id)
        }
    }

    private func emitChildrenChanged(of index: Int, _ change: String, at position: Int, child id: Int) {
        connection.emit(
            path: fullPath(.view(index)), category: "Object", member: "ChildrenChanged", detail: change,
            detail1: Int32(clamping: position), value: tree.reference(.child(view: index, id: id)))
    }

    /// Moves the focus: `focused` off the old object and on the new one; a link also stops or starts `showing` on its
    /// own (``AccessibilityTree/linkStates(_:)``).
    private func moveFocus(to path: String?) {
        guard path != focusedPath else { return }
        if let old = focusedPath {
            emitState(old, "focused", false)
            if Self.isLink(old) { emitState(old, "showing", false) }
        }
        focusedPath = path
        if let path {
            if Self.isLink(path) { emitState(path, "showing", true) }
            emitState(path, "focused", true)
        }
    }

    /// Whether an object's name (`v<n>l<i>`) is a link's.
    private static func isLink(_ name: String) -> Bool {
        name.first == "v" && name.dropFirst().drop(while: \.isNumber).first == "l"
    }

    private func emitState(_ name: String, _ state: String, _ isOn: Bool) {
        connection.emit(
            path: ATSPIConnection.pathPrefix + name, category: "Object", member: "StateChanged", detail: state,
            detail1: isOn ? 1 : 0)
    }

    private func fullPath(_ node: ATSPINode) -> String { ATSPIConnection.pathPrefix + node.name }
}

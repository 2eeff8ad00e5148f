import Foundation
import LabelKit

/// What the tree reads of the window: its title, its size and where it is on the screen.
protocol AccessibleWindow: AnyObject {
    /// The window's title: the frame's name.
    var title: String { get }
    /// The window's size in points.
    var size: CGSize { get }
    /// The window's top-left corner on the screen, in points.
    var position: CGPoint { get }
}

extension Window: AccessibleWindow {}

/// The AT-SPI objects of a ``ViewHost`` and what each is: the application, its window and every view, its text's
/// links and its children, all read from the views through ``InteractiveView``'s accessibility requirements, and
/// their texts through ``/LabelKitInteraction/AccessibleText`` (see the "Screen readers" article for the mapping).
///
/// The handlers of ``ATSPIDispatchTable`` answer calls from it; it knows nothing of D-Bus messages, so tests ask it
/// without a bus.
@MainActor
final class AccessibilityTree {
    private unowned let host: ViewHost
    let window: any AccessibleWindow
    let applicationName: String
    /// The bus name other clients reach the application by: the first half of every object reference.
    let busName: String
    /// The registry's desktop, the application's parent.
    let desktop: DBusValue
    /// Whether the window is the active one (the frame's `active` state): true until the window system says
    /// otherwise.
    var isWindowActive = true
    /// The caret of each selectable view's text, in characters, where `SetCaretOffset` left it: a label has no caret
    /// of its own, but a screen reader moves one through it.
    private var carets: [ObjectIdentifier: Int] = [:]
    /// The carets moved since the bridge last emitted `object:text-caret-moved`: view index and offset.
    var movedCarets: [(view: Int, offset: Int)] = []
    /// The texts of the views, made once per layout and appearance.
    private var texts: [ObjectIdentifier: AccessibleText] = [:]

    init(
        host: ViewHost, window: any AccessibleWindow, applicationName: String, busName: String,
        desktop: (bus: String, path: String)
    ) {
        self.host = host
        self.window = window
        self.applicationName = applicationName
        self.busName = busName
        self.desktop = .reference(desktop.bus, desktop.path)
    }

    /// The host's views, bottom to top: view n is node `v<n>`.
    var views: [any InteractiveView] { host.views }

    // MARK: Paths

    /// The reference other clients reach `node` by.
    func reference(_ node: ATSPINode) -> DBusValue {
        .reference(busName, ATSPIConnection.pathPrefix + node.name)
    }

    /// The reference to no object, for a child index or a point where there is none. Made on each use: a stored
    /// static of an indirect enum keeps its box behind a tagged pointer that LeakSanitizer cannot follow, so `make
    /// asan` would report it as leaked.
    static var nullReference: DBusValue { .reference("", "/org/a11y/atspi/null") }

    /// The node at an object path, or nil when there is none (no such view, link or child now).
    func node(at path: String) -> ATSPINode? {
        guard path.hasPrefix(ATSPIConnection.pathPrefix) else { return nil }
        let name = path.dropFirst(ATSPIConnection.pathPrefix.count)
        if name == "root" { return .application }
        if name == "frame" { return .frame }
        guard name.first == "v" else { return nil }
        let body = name.dropFirst()
        let digits = body.prefix { $0.isNumber }
        guard let view = Int(digits), views.indices.contains(view) else { return nil }
        let rest = body.dropFirst(digits.count)
        if rest.isEmpty { return .view(view) }
        guard let number = Int(rest.dropFirst()) else { return nil }
        switch rest.first {
        case "l", "h":
            guard links(ofView: view).indices.contains(number) else { return nil }
            guard rest.first == "l" || text(ofView: view)?.hyperlinks.indices.contains(number) == true else {
                return nil
            }
            return rest.first == "l" ? .link(view: view, hyperlink: number) : .hyperlink(view: view, hyperlink: number)
        case "r":
            guard views[view].accessibleChildren.contains(where: { $0.id == number }) else { return nil }
            return .child(view: view, id: number)
        default: return nil
        }
    }

    // MARK: Structure

    func parent(of node: ATSPINode) -> ATSPINode? {
        switch node {
        case .application: nil
        case .frame: .application
        case .view: .frame
        case .link(let view, _), .hyperlink(let view, _), .child(let view, _): .view(view)
        }
    }

    /// A view's children are its text's links, then the children it lists itself.
    func children(of node: ATSPINode) -> [ATSPINode] {
        switch node {
        case .application: return [.frame]
        case .frame: return views.indices.map { .view($0) }
        case .view(let index):
            let links = links(ofView: index).indices.map { ATSPINode.link(view: index, hyperlink: $0) }
            return links + views[index].accessibleChildren.map { .child(view: index, id: $0.id) }
        case .link, .hyperlink, .child: return []
        }
    }

    /// The accessible text of view `index` (``InteractiveView/accessibleTextSource``), in the host's appearance (its
    /// text attributes report colours as drawn), made once per layout and appearance; nil for a view without text.
    func text(ofView index: Int) -> AccessibleText? {
        guard views.indices.contains(index) else { return nil }
        let view = views[index]
        guard let layout = view.accessibleTextSource?.layout else { return nil }
        let key = ObjectIdentifier(view)
        let appearance = host.appearance
        if let cached = texts[key], cached.layout === layout, cached.appearance == appearance { return cached }
        let text = AccessibleText(layout: layout, appearance: appearance)
        texts[key] = text
        return text
    }

    /// Where view `index`'s text is drawn: the origin of its layout, in window points.
    func textOrigin(ofView index: Int) -> CGPoint {
        views[index].accessibleTextSource?.origin ?? views[index].frame.origin
    }

    /// Hyperlink `index` of view `view`'s text, or nil when there is no such link now.
    func hyperlink(_ index: Int, ofView view: Int) -> AccessibleHyperlink? {
        let links = links(ofView: view)
        return links.indices.contains(index) ? links[index] : nil
    }

    /// The links of view `index` as link objects (`v<n>l<i>`): its text's hyperlinks, then the truncation token's
    /// links (which are not in the text, so its Hypertext does not list them).
    func links(ofView index: Int) -> [AccessibleHyperlink] {
        guard let text = text(ofView: index) else { return [] }
        return text.truncationTokenLinks.isEmpty ? text.hyperlinks : text.hyperlinks + text.truncationTokenLinks
    }

    /// The link object index of layout link `layoutIndex` of view `view`, or nil when it has none.
    func linkIndex(ofView view: Int, layoutLink layoutIndex: Int) -> Int? {
        links(ofView: view).firstIndex { $0.layoutIndex == layoutIndex }
    }

    /// The child `id` of view `view`, or nil when it has no such child now.
    func child(_ id: Int, ofView view: Int) -> AccessibleChild? {
        views[view].accessibleChildren.first { $0.id == id }
    }

    /// Gives the keyboard focus to the node, as a screen reader's `GrabFocus` asks; what the views reported, or nil
    /// when the node takes no focus.
    func grabFocus(_ node: ATSPINode) -> [(view: any InteractiveView, event: ViewEvent)]? {
        guard let (view, part) = viewAndPart(of: node) else { return nil }
        return host.focusAccessiblePart(part, of: view)
    }

    /// The caret of view `index`'s text: the end of its selection, or where `SetCaretOffset` put it (0 at first).
    func caretOffset(ofView index: Int, in text: AccessibleText) -> Int {
        let view = views[index]
        if let selection = view.accessibleSelection(in: text) { return selection.upperBound }
        return min(carets[ObjectIdentifier(view)] ?? 0, text.characterCount)
    }

    /// Puts the caret of view `index`'s text at `offset` (clamped to the text), clearing its selection; false for a
    /// view whose text is not selectable.
    func setCaret(
        _ offset: Int, ofView index: Int, in text: AccessibleText
    ) -> [(view: any InteractiveView, event: ViewEvent)]? {
        let view = views[index]
        guard view.accessibleStates(of: .view).contains(.selectableText) else { return nil }
        let clamped = min(max(offset, 0), text.characterCount)
        let events = view.setAccessibleSelection(clamped..<clamped, in: text).map { (view, $0) }
        carets[ObjectIdentifier(view)] = clamped
        movedCarets.append((index, clamped))
        return events
    }

    /// The view a node belongs to and the part of it the node is; nil for the application and the window.
    func viewAndPart(of node: ATSPINode) -> (view: any InteractiveView, part: AccessiblePart)? {
        switch node {
        case .application, .frame: return nil
        case .view(let index): return (views[index], .view)
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            guard let link = self.hyperlink(hyperlink, ofView: view) else { return nil }
            return (views[view], .link(index: link.layoutIndex))
        case .child(let view, let id): return (views[view], .child(id: id))
        }
    }
}

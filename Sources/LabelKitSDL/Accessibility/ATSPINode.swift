/// An object of the bridge's AT-SPI tree, named by its object path under `/org/a11y/atspi/accessible/`: `root` (the
/// application), `frame` (the window), `v<n>` (view n of the host), `v<n>l<i>` (hyperlink i of the view's text, as an
/// accessible), `v<n>h<i>` (the same link as a Hyperlink object), `v<n>r<id>` (the view's child `id`, a list's row).
enum ATSPINode: Hashable {
    case application
    case frame
    case view(Int)
    case link(view: Int, hyperlink: Int)
    /// The Hyperlink object of a link (libatspi keeps hyperlinks apart from accessibles, as ATK does): its
    /// `GetObject(0)` is the link.
    case hyperlink(view: Int, hyperlink: Int)
    /// A child a view lists in ``InteractiveView/accessibleChildren``, by its ``AccessibleChild/id``.
    case child(view: Int, id: Int)

    /// The last component of the node's object path.
    var name: String {
        switch self {
        case .application: "root"
        case .frame: "frame"
        case .view(let index): "v\(index)"
        case .link(let view, let hyperlink): "v\(view)l\(hyperlink)"
        case .hyperlink(let view, let hyperlink): "v\(view)h\(hyperlink)"
        case .child(let view, let id): "v\(view)r\(id)"
        }
    }

    /// The view the node belongs to, for a view and its parts.
    var viewIndex: Int? {
        switch self {
        case .application, .frame: nil
        case .view(let view), .link(let view, _), .hyperlink(let view, _), .child(let view, _): view
        }
    }
}

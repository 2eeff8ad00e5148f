extension ATSPIInterface {
    /// `org.a11y.atspi.Hyperlink`: a link of a view's text as a Hyperlink, its one anchor the link's accessible
    /// (`v<n>l<i>`), its start and end in characters. Both the link's accessible and its separate Hyperlink object
    /// (`v<n>h<i>`, which the view's Hypertext hands out) serve it, as GTK's link accessibles do.
    static let hyperlink = ATSPIInterface(
        name: atspiPrefix + "Hyperlink",
        methods: [
            "GetObject": { request in
                guard let (view, hyperlink) = link(of: request), request.int(0) == 0 else {
                    return [AccessibilityTree.nullReference]
                }
                return [request.tree.reference(.link(view: view, hyperlink: hyperlink))]
            },
            "GetURI": { request in
                guard let (view, index) = link(of: request), request.int(0) == 0,
                    let link = request.tree.hyperlink(index, ofView: view)
                else { return [.string("")] }
                return [.string(link.target.absoluteString)]
            },
            "IsValid": { request in [.bool(link(of: request) != nil)] },
        ],
        properties: [
            Property(name: "NAnchors") { _ in .int32(1) },   // libatspi reads an int32, whatever the introspection says
            Property(name: "StartIndex") { request in characterRange(request).map { .int32(Int32($0.lowerBound)) } },
            Property(name: "EndIndex") { request in characterRange(request).map { .int32(Int32($0.upperBound)) } },
        ])

    /// The view and link index of the request's link or Hyperlink object, or nil for another node.
    @MainActor
    private static func link(of request: ATSPIRequest) -> (view: Int, hyperlink: Int)? {
        switch request.node {
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink): (view, hyperlink)
        default: nil
        }
    }

    /// The characters of the request's link, or nil for another node.
    @MainActor
    private static func characterRange(_ request: ATSPIRequest) -> Range<Int>? {
        guard let (view, index) = link(of: request) else { return nil }
        return request.tree.hyperlink(index, ofView: view)?.characterRange
    }
}

extension ATSPIInterface {
    /// `org.a11y.atspi.Hyperlink`: a link of a view's text as a Hyperlink object (`v<n>h<i>`), its one anchor the
    /// link's accessible (`v<n>l<i>`), its start and end in characters.
    static let hyperlink = ATSPIInterface(
        name: atspiPrefix + "Hyperlink",
        methods: [
            "GetObject": { request in
                guard case .hyperlink(let view, let hyperlink) = request.node, request.int(0) == 0 else {
                    return [AccessibilityTree.nullReference]
                }
                return [request.tree.reference(.link(view: view, hyperlink: hyperlink))]
            },
            "GetURI": { request in
                guard case .hyperlink(let view, let index) = request.node,
                    let link = request.tree.hyperlink(index, ofView: view)
                else { return [.string("")] }
                return [.string(link.target.absoluteString)]
            },
            "IsValid": { _ in [.bool(true)] },
        ],
        properties: [
            Property(name: "NAnchors") { _ in .int32(1) },   // libatspi reads an int32, whatever the introspection says
            Property(name: "StartIndex") { request in characterRange(request).map { .int32(Int32($0.lowerBound)) } },
            Property(name: "EndIndex") { request in characterRange(request).map { .int32(Int32($0.upperBound)) } },
        ])

    /// The characters of the request's Hyperlink object, or nil for another node.
    @MainActor
    private static func characterRange(_ request: ATSPIRequest) -> Range<Int>? {
        guard case .hyperlink(let view, let index) = request.node else { return nil }
        return request.tree.hyperlink(index, ofView: view)?.characterRange
    }
}

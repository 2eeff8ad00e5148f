extension ATSPIInterface {
    /// `org.a11y.atspi.Hypertext`: the links of a view's text, as Hyperlink objects, and the link at a character.
    static let hypertext = ATSPIInterface(
        name: atspiPrefix + "Hypertext",
        methods: [
            "GetNLinks": { request in
                guard case .view(let index) = request.node else { return nil }
                return [.int32(Int32(request.tree.text(ofView: index)?.hyperlinks.count ?? 0))]
            },
            "GetLink": { request in
                guard case .view(let index) = request.node, let text = request.tree.text(ofView: index) else {
                    return nil
                }
                let link = Int(request.int(0))
                guard text.hyperlinks.indices.contains(link) else { return [AccessibilityTree.nullReference] }
                return [request.tree.reference(.hyperlink(view: index, hyperlink: link))]
            },
            "GetLinkIndex": { request in
                guard case .view(let index) = request.node, let text = request.tree.text(ofView: index) else {
                    return nil
                }
                return [.int32(Int32(text.hyperlinkIndex(atCharacter: Int(request.int(0))) ?? -1))]
            },
        ])
}

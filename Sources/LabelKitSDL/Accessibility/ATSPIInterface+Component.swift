import Foundation

extension ATSPIInterface {
    /// `org.a11y.atspi.Component`: where a node is, in the screen's, the window's or its parent's coordinates, and
    /// which child is at a point.
    static let component = ATSPIInterface(
        name: atspiPrefix + "Component",
        methods: [
            "GetExtents": { request in [.tuple(AccessibilityTree.box(extents(request)))] },
            "GetPosition": { request in Array(AccessibilityTree.box(extents(request)).prefix(2)) },
            "GetSize": { request in Array(AccessibilityTree.box(request.tree.frame(of: request.node)).suffix(2)) },
            "Contains": { request in [.bool(request.tree.contains(request.node, point(of: request)))] },
            "GetAccessibleAtPoint": { request in
                let point = point(of: request)
                let hit = request.tree.children(of: request.node).last { request.tree.contains($0, point) }
                return [hit.map(request.tree.reference) ?? AccessibilityTree.nullReference]
            },
            "GetLayer": { request in [.uint32(request.node == .frame ? 7 : 3)] },   // window, widget
            "GetMDIZOrder": { _ in [.int16(0)] },
            "GetAlpha": { _ in [.double(1)] },
            "GrabFocus": { request in
                guard let events = request.tree.grabFocus(request.node) else { return [.bool(false)] }
                request.events += events
                return [.bool(true)]
            },
            "ScrollTo": { _ in [.bool(false)] },
        ])

    /// The node's frame in the coordinates of the call's first argument.
    @MainActor
    private static func extents(_ request: ATSPIRequest) -> CGRect {
        request.tree.convert(request.tree.frame(of: request.node), coordinateType: request.uint(0), node: request.node)
    }

    /// The point of a call's arguments x, y and coordinate type, as a window point.
    @MainActor
    private static func point(of request: ATSPIRequest) -> CGPoint {
        request.tree.windowPoint(
            x: request.int(0), y: request.int(1), coordinateType: request.uint(2), node: request.node)
    }
}

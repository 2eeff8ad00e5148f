import Foundation
import LabelKit

/// Where each node is, and AT-SPI's three coordinate types: 0 the screen, 1 the window, 2 the parent.
extension AccessibilityTree {
    /// The node's frame in window points.
    func frame(of node: ATSPINode) -> CGRect {
        switch node {
        case .application: return .zero
        case .frame: return CGRect(origin: .zero, size: window.size)
        case .view(let index): return views[index].frame
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            // The link's piece on its first line: a link's box nests inside its label's line, so a flat review reads
            // it with that line, never as a line of its own between two.
            guard let rect = linkRects(view: view, hyperlink: hyperlink).first else { return .zero }
            return rect
        case .child(let view, let id):
            return child(id, ofView: view)?.frame ?? .zero
        }
    }

    /// The rectangles a link covers, one per line, in window points: what a tap on it hits.
    func linkRects(view: Int, hyperlink: Int) -> [CGRect] {
        guard let text = text(ofView: view), let link = self.hyperlink(hyperlink, ofView: view) else { return [] }
        let origin = textOrigin(ofView: view)
        return text.layout.rects(forLink: link.layoutIndex).map { $0.rect.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// Whether window point `point` is on the node: on any line of a link, anywhere in any other node's frame.
    func contains(_ node: ATSPINode, _ point: CGPoint) -> Bool {
        switch node {
        case .link(let view, let hyperlink), .hyperlink(let view, let hyperlink):
            linkRects(view: view, hyperlink: hyperlink).contains { $0.contains(point) }
        default:
            frame(of: node).contains(point)
        }
    }

    /// A window rectangle in AT-SPI's coordinates of `coordinateType`, for `node`.
    func convert(_ rect: CGRect, coordinateType: UInt32, node: ATSPINode) -> CGRect {
        switch coordinateType {
        case 0: return rect.offsetBy(dx: window.position.x, dy: window.position.y)
        case 2:
            guard let parent = parent(of: node) else { return rect }
            let origin = frame(of: parent).origin
            return rect.offsetBy(dx: -origin.x, dy: -origin.y)
        default: return rect
        }
    }

    /// A point in AT-SPI's coordinates of `coordinateType`, for `node`, as a window point.
    func windowPoint(x: Int32, y: Int32, coordinateType: UInt32, node: ATSPINode) -> CGPoint {
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

    /// A rectangle of view `index`'s text (its layout's coordinates) in AT-SPI's coordinates, as a box; a box of
    /// zeros for none.
    func box(ofTextRect rect: CGRect?, view index: Int, coordinateType: UInt32, node: ATSPINode) -> [DBusValue] {
        guard let rect else { return [.int32(0), .int32(0), .int32(0), .int32(0)] }
        let origin = textOrigin(ofView: index)
        return Self.box(convert(rect.offsetBy(dx: origin.x, dy: origin.y), coordinateType: coordinateType, node: node))
    }

    /// A rectangle as AT-SPI's box: x, y, width and height in whole points, covering it.
    static func box(_ rect: CGRect) -> [DBusValue] {
        [
            .int32(Int32(clamping: Int(rect.minX.rounded(.down)))),
            .int32(Int32(clamping: Int(rect.minY.rounded(.down)))),
            .int32(Int32(clamping: Int(rect.width.rounded(.up)))),
            .int32(Int32(clamping: Int(rect.height.rounded(.up)))),
        ]
    }
}

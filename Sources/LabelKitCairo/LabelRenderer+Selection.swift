import CCairo
import Foundation
import LabelKitLayout
import LabelKitText

extension LabelRenderer {
    /// The conventional selection colour, ``LabelKitText/SystemColor/selection``: in light the link blue at a third
    /// of its strength, light enough to read any text colour through; a lighter, stronger blue in dark.
    public static let standardSelectionColor = LabelColor.selection
    /// The conventional focus-ring colour, ``LabelKitText/SystemColor/focusRing``: the link blue, opaque.
    public static let standardFocusRingColor = LabelColor.focusRing

    /// A keyboard focus ring: a rounded outline drawn over the text around each of a link's rectangles.
    ///
    /// ```swift
    /// var renderer = LabelRenderer()
    /// renderer.focusRings = [LabelRenderer.FocusRing(rects: layout.rects(forLink: 0).map(\.rect))]
    /// ```
    public struct FocusRing: Sendable, Hashable {
        /// The rectangles to outline (a link's, one per line fragment), in the label's coordinates.
        public var rects: [CGRect]
        /// The outline's colour.
        public var color: LabelColor
        /// The outline's thickness, in points.
        public var lineWidth: Double
        /// How far outside the rectangles the outline runs, in points, so it does not cover the text.
        public var outset: Double
        /// The radius of the outline's corners, in points.
        public var cornerRadius: Double

        /// Creates a focus ring around `rects`.
        public init(
            rects: [CGRect], color: LabelColor = LabelRenderer.standardFocusRingColor, lineWidth: Double = 2,
            outset: Double = 1.5, cornerRadius: Double = 3
        ) {
            self.rects = rects
            self.color = color
            self.lineWidth = lineWidth
            self.outset = outset
            self.cornerRadius = cornerRadius
        }
    }
}

extension LayoutPainter {
    /// The selection: ``LabelKitLayout/TextLayout/selectionRects(for:)`` of the renderer's selected range, filled
    /// behind the text. The rectangles tile whole line bands, so a selection over several lines has no gaps.
    func drawSelection(in cr: OpaquePointer) {
        guard let range = renderer.selectedRange, !range.isEmpty else { return }
        let fragments = layout.selectionRects(for: range)
        guard !fragments.isEmpty else { return }
        setColor(cr, renderer.selectionColor)
        for fragment in fragments { addRectangle(cr, fragment.rect) }
        cairo_fill(cr)
    }

    /// The focus rings, stroked over the text: each rectangle grown by the ring's outset, rounded, outlined.
    func drawFocusRings(in cr: OpaquePointer) {
        for ring in renderer.focusRings where !ring.rects.isEmpty && ring.lineWidth > 0 {
            cairo_save(cr)
            setColor(cr, ring.color)
            cairo_set_line_width(cr, ring.lineWidth)
            let grow = max(ring.outset, 0) + ring.lineWidth / 2
            for rect in ring.rects {
                addRoundedRectangle(cr, rect.insetBy(dx: -grow, dy: -grow), radius: ring.cornerRadius + grow / 2)
            }
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }
}

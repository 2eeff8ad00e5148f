import Foundation

/// The faces, styles and metrics the runs of one layout share, so that each ``GlyphRun`` stores small indices.
package final class RunAttributes: Sendable {
    package let faces: [any FontFace]
    package let styles: [ResolvedTextStyle]
    package let metrics: [FontMetrics]

    package init(faces: [any FontFace], styles: [ResolvedTextStyle], metrics: [FontMetrics]) {
        self.faces = faces
        self.styles = styles
        self.metrics = metrics
    }
}

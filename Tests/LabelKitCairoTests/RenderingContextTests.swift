import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// The font faces a renderer opens live in its rendering context, and only there.
@Suite struct RenderingContextTests {
    static func layout() throws -> TextLayout {
        try LabelTypesetter.system.layout("Hello 世界 👋🏽", in: TextContainer(width: 300))
    }

    @Test("a renderer keeps its faces in its own context; another context holds none of them")
    func separateContexts() throws {
        let layout = try Self.layout()
        let first = RenderingContext()
        let second = RenderingContext()
        var renderer = LabelRenderer(scale: 1, backgroundColor: .white)
        renderer.context = first
        let image = try renderer.render(layout)
        #expect(first.openFaceCount == Set(layout.runs.map { ObjectIdentifier($0.face) }).count)
        #expect(second.openFaceCount == 0)
        renderer.context = second
        #expect(try renderer.render(layout).bytes == image.bytes, "the same picture from faces of its own")
        #expect(second.openFaceCount == first.openFaceCount)
    }

    @Test("emptied or dropped, a context's faces go only when Cairo is done with them: drawing goes on unharmed")
    func facesOutliveTheirContext() throws {
        let layout = try Self.layout()
        let reference = try LabelRenderer(scale: 2, backgroundColor: .white).render(layout)
        for round in 0..<20 {
            let context = RenderingContext()
            var renderer = LabelRenderer(scale: 2, backgroundColor: .white)
            renderer.context = context
            #expect(try renderer.render(layout).bytes == reference.bytes, "round \(round)")
            if round.isMultiple(of: 2) {
                context.removeAll()
                #expect(context.openFaceCount == 0)
                #expect(try renderer.render(layout).bytes == reference.bytes, "round \(round), after removeAll")
            }
        }
        #expect(LabelRenderer().context === RenderingContext.shared)
    }
}

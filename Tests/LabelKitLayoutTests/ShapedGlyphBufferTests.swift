import Testing

@testable import LabelKitLayout

/// The glyph buffer keeps one record per glyph and shows each field as an array; the shaped-word cache stores the
/// records as five 32-bit words each.
@Suite("Shaped glyph buffer")
struct ShapedGlyphBufferTests {
    static func sample() -> ShapedGlyphBuffer {
        var buffer = ShapedGlyphBuffer()
        buffer.append(glyph: 7, cluster: 0, advance: 8.5, xOffset: 1, yOffset: -2)
        buffer.append(glyph: 9, cluster: 1, advance: 4)
        buffer.append(glyph: 11, cluster: 1, advance: 0, xOffset: -3)
        return buffer
    }

    @Test("each field reads as an array in glyph order")
    func fieldsReadAsArrays() {
        let buffer = Self.sample()
        #expect(buffer.count == 3)
        #expect(buffer.glyphIDs == [7, 9, 11])
        #expect(buffer.clusters == [0, 1, 1])
        #expect(buffer.advances == [8.5, 4, 0])
        #expect(buffer.xOffsets == [1, 0, -3])
        #expect(buffer.yOffsets == [-2, 0, 0])
    }

    @Test("setting a field changes that field of every glyph; a longer or shorter array makes the buffer as long")
    func settingAFieldResizes() {
        var buffer = Self.sample()
        buffer.advances = [1, 2, 3]
        #expect(buffer.advances == [1, 2, 3] && buffer.glyphIDs == [7, 9, 11] && buffer.xOffsets == [1, 0, -3])
        buffer.glyphIDs = [5, 6, 7, 8]
        #expect(buffer.count == 4 && buffer.clusters == [0, 1, 1, 0] && buffer.advances == [1, 2, 3, 0])
        buffer.clusters = [4]
        #expect(buffer.count == 1 && buffer.glyphIDs == [5] && buffer.yOffsets == [-2])
        buffer.removeAll()
        #expect(buffer.count == 0 && buffer.glyphIDs.isEmpty)
    }

    @Test("appending a range of another buffer offsets its clusters; a range past its end takes what there is")
    func appendingARange() {
        let source = Self.sample()
        var buffer = ShapedGlyphBuffer()
        buffer.append(contentsOf: source, range: 1..<3, clusterOffset: 10)
        #expect(buffer.glyphIDs == [9, 11] && buffer.clusters == [11, 11] && buffer.xOffsets == [0, -3])
        buffer.append(contentsOf: source, range: 2..<9)
        #expect(buffer.glyphIDs == [9, 11, 11] && buffer.clusters == [11, 11, 1])
    }

    @Test("a record is five 32-bit words, as the shaped-word cache stores it")
    func recordLayout() {
        #expect(MemoryLayout<ShapedGlyphBuffer.Record>.size == 5 * MemoryLayout<UInt32>.size)
        #expect(MemoryLayout<ShapedGlyphBuffer.Record>.stride == 5 * MemoryLayout<UInt32>.stride)
        #expect(MemoryLayout<ShapedGlyphBuffer.Record>.alignment <= MemoryLayout<UInt32>.alignment)
    }
}

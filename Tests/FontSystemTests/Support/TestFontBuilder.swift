/// Builds a tiny, valid TrueType font in memory, so tests can register a font whose family is not installed.
///
/// The font has 1000 units per em, ascender 800, descender −200, and these glyphs: `.notdef` (empty), a 500×700
/// square for each of `A`…`Z` (shared by `a`…`z`), and an empty space. Every square advances 600 units, the space
/// 300. Tables: `OS/2 cmap glyf head hhea hmtx loca maxp name post`, with correct checksums.
///
/// ```swift
/// let bytes = TestFontBuilder(family: "LabelKit Test Sans").build()
/// ```
struct TestFontBuilder {
    var family: String
    var style = "Regular"
    var weightClass: UInt16 = 400

    static let unitsPerEm: UInt16 = 1000
    static let ascender: Int16 = 800
    static let descender: Int16 = -200
    static let squareAdvance: UInt16 = 600
    static let spaceAdvance: UInt16 = 300

    private static let letterCount = 26
    /// .notdef, A…Z, space.
    private static let glyphCount = letterCount + 2
    private static var spaceGlyph: Int { letterCount + 1 }

    func build() -> [UInt8] {
        let (glyf, loca) = Self.glyphTables()
        let tables: [(String, [UInt8])] = [
            ("OS/2", os2()), ("cmap", Self.cmap()), ("glyf", glyf), ("head", Self.head()), ("hhea", Self.hhea()),
            ("hmtx", Self.hmtx()), ("loca", loca), ("maxp", Self.maxp()), ("name", name()), ("post", Self.post()),
        ]
        var font = ByteWriter()
        let tableCount = UInt16(tables.count)
        let entrySelector = UInt16(15 - tableCount.leadingZeroBitCount)   // floor(log2(tableCount))
        let searchRange = UInt16(16) << entrySelector
        font.u32(0x0001_0000)
        font.u16(tableCount)
        font.u16(searchRange)
        font.u16(entrySelector)
        font.u16(tableCount * 16 - searchRange)

        var offset = 12 + 16 * tables.count
        var headOffset = 0
        for (tag, data) in tables {
            font.bytes(Array(tag.utf8))
            font.u32(Self.checksum(data))
            font.u32(UInt32(offset))
            font.u32(UInt32(data.count))
            if tag == "head" { headOffset = offset }
            offset += (data.count + 3) & ~3
        }
        for (_, data) in tables {
            font.bytes(data)
            font.pad4()
        }
        // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
        let adjustment = 0xB1B0_AFBA &- Self.checksum(font.data)
        font.patch32(at: headOffset + 8, adjustment)
        return font.data
    }

    // MARK: Tables

    private static func glyphTables() -> (glyf: [UInt8], loca: [UInt8]) {
        var glyf = ByteWriter()
        var loca = ByteWriter()
        loca.u32(0)   // .notdef: empty
        loca.u32(0)
        for _ in 0..<letterCount {
            // One contour, four on-curve points: (50,0) (50,700) (550,700) (550,0).
            glyf.i16(1)
            glyf.i16(50)
            glyf.i16(0)
            glyf.i16(550)
            glyf.i16(700)
            glyf.u16(3)   // endPtsOfContours
            glyf.u16(0)   // instructionLength
            glyf.bytes([1, 1, 1, 1])   // on-curve, 16-bit coordinate deltas
            for dx: Int16 in [50, 0, 500, 0] { glyf.i16(dx) }
            for dy: Int16 in [0, 700, 0, -700] { glyf.i16(dy) }
            glyf.pad4()
            loca.u32(UInt32(glyf.data.count))
        }
        loca.u32(UInt32(glyf.data.count))   // space: empty
        return (glyf.data, loca.data)
    }

    private static func head() -> [UInt8] {
        var w = ByteWriter()
        w.u32(0x0001_0000)
        w.u32(0x0001_0000)   // version, fontRevision
        w.u32(0)   // checkSumAdjustment, patched later
        w.u32(0x5F0F_3CF5)   // magic
        w.u16(0x000B)   // flags: baseline at y=0, lsb at x=0, integer ppem
        w.u16(unitsPerEm)
        w.u32(0)
        w.u32(0)
        w.u32(0)
        w.u32(0)   // created, modified
        w.i16(0)
        w.i16(0)
        w.i16(550)
        w.i16(700)   // bounding box
        w.u16(0)   // macStyle
        w.u16(8)   // lowestRecPPEM
        w.i16(2)   // fontDirectionHint
        w.i16(1)   // indexToLocFormat: long
        w.i16(0)   // glyphDataFormat
        return w.data
    }

    private static func hhea() -> [UInt8] {
        var w = ByteWriter()
        w.u32(0x0001_0000)
        w.i16(ascender)
        w.i16(descender)
        w.i16(0)   // ascender, descender, lineGap
        w.u16(squareAdvance)   // advanceWidthMax
        w.i16(0)
        w.i16(0)
        w.i16(550)   // minLeftSideBearing, minRightSideBearing, xMaxExtent
        w.i16(1)
        w.i16(0)
        w.i16(0)   // caretSlopeRise, caretSlopeRun, caretOffset
        for _ in 0..<4 { w.i16(0) }
        w.i16(0)   // metricDataFormat
        w.u16(UInt16(glyphCount))   // numberOfHMetrics
        return w.data
    }

    private static func hmtx() -> [UInt8] {
        var w = ByteWriter()
        w.u16(squareAdvance)
        w.i16(0)   // .notdef
        for _ in 0..<letterCount {
            w.u16(squareAdvance)
            w.i16(50)
        }
        w.u16(spaceAdvance)
        w.i16(0)
        return w.data
    }

    private static func maxp() -> [UInt8] {
        var w = ByteWriter()
        w.u32(0x0001_0000)
        w.u16(UInt16(glyphCount))
        w.u16(4)
        w.u16(1)   // maxPoints, maxContours
        w.u16(0)
        w.u16(0)   // maxCompositePoints, maxCompositeContours
        w.u16(2)   // maxZones
        for _ in 0..<8 { w.u16(0) }
        return w.data
    }

    private static func cmap() -> [UInt8] {
        // Format 4 segments: space, A–Z, a–z, and the required final 0xFFFF.
        let segments: [(start: UInt16, end: UInt16, delta: Int16)] = [
            (0x20, 0x20, Int16(spaceGlyph) - 0x20),
            (0x41, 0x5A, 1 - 0x41),
            (0x61, 0x7A, 1 - 0x61),
            (0xFFFF, 0xFFFF, 1),
        ]
        let segCount = UInt16(segments.count)
        let entrySelector = UInt16(15 - segCount.leadingZeroBitCount)
        let searchRange = UInt16(2) << entrySelector
        var sub = ByteWriter()
        sub.u16(4)
        sub.u16(UInt16(16 + 8 * segments.count))   // length
        sub.u16(0)   // language
        sub.u16(segCount * 2)
        sub.u16(searchRange)
        sub.u16(entrySelector)
        sub.u16(segCount * 2 - searchRange)
        for segment in segments { sub.u16(segment.end) }
        sub.u16(0)   // reservedPad
        for segment in segments { sub.u16(segment.start) }
        for segment in segments { sub.i16(segment.delta) }
        for _ in segments { sub.u16(0) }   // idRangeOffset

        var w = ByteWriter()
        w.u16(0)
        w.u16(1)   // version, numTables
        w.u16(3)
        w.u16(1)
        w.u32(12)   // Windows, Unicode BMP, offset
        w.bytes(sub.data)
        return w.data
    }

    private func os2() -> [UInt8] {
        var w = ByteWriter()
        w.u16(4)   // version
        w.i16(Int16(Self.squareAdvance))   // xAvgCharWidth
        w.u16(weightClass)
        w.u16(5)   // usWidthClass: normal
        w.u16(0)   // fsType: installable
        for value: Int16 in [650, 600, 0, 75, 650, 600, 0, 350] { w.i16(value) }   // sub/superscript
        w.i16(50)
        w.i16(300)   // yStrikeoutSize, yStrikeoutPosition
        w.i16(0)   // sFamilyClass
        w.bytes([UInt8](repeating: 0, count: 10))   // panose
        w.u32(1)
        w.u32(0)
        w.u32(0)
        w.u32(0)   // ulUnicodeRange: Basic Latin
        w.bytes(Array("LKIT".utf8))
        w.u16(weightClass >= 700 ? 0x0020 : 0x0040)   // fsSelection: BOLD or REGULAR
        w.u16(0x20)
        w.u16(0x7A)   // usFirstCharIndex, usLastCharIndex
        w.i16(Self.ascender)
        w.i16(Self.descender)
        w.i16(0)   // sTypo*
        w.u16(UInt16(Self.ascender))
        w.u16(UInt16(-Self.descender))   // usWinAscent, usWinDescent
        w.u32(1)
        w.u32(0)   // ulCodePageRange: Latin 1
        w.i16(700)
        w.i16(700)   // sxHeight, sCapHeight
        w.u16(0)
        w.u16(0x20)
        w.u16(1)   // usDefaultChar, usBreakChar, usMaxContext
        return w.data
    }

    private func name() -> [UInt8] {
        let full = style == "Regular" ? family : "\(family) \(style)"
        let postScript = String(full.unicodeScalars.filter { $0.isASCII && $0 != " " && $0 != "-" }.map(Character.init))
        let records: [(id: UInt16, text: String)] = [(1, family), (2, style), (4, full), (6, postScript)]
        var strings = ByteWriter()
        var w = ByteWriter()
        w.u16(0)
        w.u16(UInt16(records.count))
        w.u16(UInt16(6 + 12 * records.count))   // storage offset
        for record in records {
            let encoded = record.text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            w.u16(3)
            w.u16(1)
            w.u16(0x0409)
            w.u16(record.id)   // Windows, Unicode BMP, en-US
            w.u16(UInt16(encoded.count))
            w.u16(UInt16(strings.data.count))
            strings.bytes(encoded)
        }
        w.bytes(strings.data)
        return w.data
    }

    private static func post() -> [UInt8] {
        var w = ByteWriter()
        w.u32(0x0003_0000)   // version 3: no glyph names
        w.u32(0)   // italicAngle
        w.i16(-100)
        w.i16(50)   // underlinePosition, underlineThickness
        w.u32(0)   // isFixedPitch
        for _ in 0..<4 { w.u32(0) }
        return w.data
    }

    private static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0)
            }
            sum = sum &+ word
            index += 4
        }
        return sum
    }
}

/// Big-endian byte output.
private struct ByteWriter {
    var data: [UInt8] = []

    mutating func u16(_ value: UInt16) { data += [UInt8(value >> 8), UInt8(value & 0xFF)] }
    mutating func i16(_ value: Int16) { u16(UInt16(bitPattern: value)) }
    mutating func u32(_ value: UInt32) {
        data += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    mutating func bytes(_ values: [UInt8]) { data += values }
    mutating func pad4() { while data.count % 4 != 0 { data.append(0) } }

    mutating func patch32(at offset: Int, _ value: UInt32) {
        data[offset] = UInt8(value >> 24)
        data[offset + 1] = UInt8(value >> 16 & 0xFF)
        data[offset + 2] = UInt8(value >> 8 & 0xFF)
        data[offset + 3] = UInt8(value & 0xFF)
    }
}

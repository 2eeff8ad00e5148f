import CICUShim

extension ICUTextAnalyzer {
    /// Whether the shim's line-break table covers every code point of `text`, so that ``analyzeBoundaries(of:into:)``
    /// takes its opportunities from the table rather than ICU's iterator. Half a surrogate pair is never covered.
    package static func lineBreakTableCovers(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        var index = 0
        while index < text.count {
            var codePoint = UInt32(text[index])
            if UTF16.isLeadSurrogate(text[index]), index + 1 < text.count, UTF16.isTrailSurrogate(text[index + 1]) {
                codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
                index += 1
            }
            // A lone surrogate is a code point of class SG, which the table leaves to ICU.
            guard labelkit_line_break_table_class(codePoint) != 0 else { return false }
            index += 1
        }
        return true
    }

    /// The class the shim's line-break table gives `codePoint` (the shim's own numbering), or 0 for one it leaves to
    /// ICU's iterator.
    package static func lineBreakTableClass(of codePoint: UInt32) -> Int32 {
        labelkit_line_break_table_class(codePoint)
    }

    /// How many BMP code units the shim's table of simple units, filled block by block, gives another byte than its
    /// rules define (0: the blocks cover every unit the rules give a class, Extend or control).
    package static func simpleUnitTableMismatches() -> Int {
        Int(labelkit_simple_units_mismatches())
    }

    /// The class the table would give `codePoint` by ICU's Line_Break and East_Asian_Width properties, or 0 for a
    /// class the table has no entry for: where the table gives a class, the two agree.
    package static func lineBreakTableClassFromICU(of codePoint: UInt32) -> Int32 {
        labelkit_icu_line_break_table_class_from_icu(codePoint)
    }
}

import CICUShim
import LabelKitText
import Testing

/// LabelKit's Vertical_Orientation table against ICU's: a second reading of the property that shares no code and no
/// parser with the generated table.
@Suite("Vertical orientation agreement with ICU")
struct VerticalOrientationAgreementTests {
    /// Both sides are Unicode 15.0 on Debian 12: the table is generated from unicode-data 15.0.0's
    /// VerticalOrientation.txt and ICU 72 implements Unicode 15.0, so every code point is compared. Where the versions
    /// part (a newer ICU or a table regenerated from a newer file), the code points assigned in only one version differ
    /// by nature and the comparison must be narrowed to the code points assigned in both.
    @Test("every code point 0…10FFFF has the same value in LabelKit's table and in ICU 72")
    func everyCodePointAgreesWithICU() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let labelKit = VerticalOrientation.of(value)
            let icu = labelkit_icu_vertical_orientation(value)
            if Int32(labelKit.rawValue) != icu {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(labelKit), ICU: \(icu)")
            }
        }
        let version = VerticalOrientation.unicodeVersion
        #expect(mismatches.isEmpty, "\(mismatches.count) differ (table: Unicode \(version)): \(mismatches.prefix(20))")
    }

    @Test("the shim maps ICU's order (R, Tr, Tu, U) to LabelKit's raw values (U, R, Tu, Tr)")
    func shimMapsEachValueToItsRawValue() {
        let examples: [(scalar: Unicode.Scalar, orientation: VerticalOrientation)] = [
            ("漢", .upright), ("a", .sideways), ("。", .transformedUpright), ("「", .transformedSideways),
        ]
        for (scalar, orientation) in examples {
            #expect(labelkit_icu_vertical_orientation(scalar.value) == Int32(orientation.rawValue), "\(scalar)")
        }
        // Past U+10FFFF ICU answers as for any value that is no code point: rotated, like the table.
        #expect(labelkit_icu_vertical_orientation(0xFFFF_FFFF) == Int32(VerticalOrientation.sideways.rawValue))
    }
}

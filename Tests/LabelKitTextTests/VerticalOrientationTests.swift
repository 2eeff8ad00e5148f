import Foundation
import LabelKitText
import Testing

/// The Vertical_Orientation property (UAX #50): every code point against Unicode's data file, and what it means for
/// the characters of Japanese, Chinese and Korean text.
@Suite("Vertical orientation")
struct VerticalOrientationTests {
    /// Unicode's data file, from Debian's `unicode-data`.
    static let dataFile = "/usr/share/unicode/VerticalOrientation.txt"

    /// The reason printed when the conformance test skips.
    static var dataFileMissing: Comment {
        Comment(
            rawValue: "Unicode data not found: no file \(dataFile) (Debian's unicode-data package: make deps installs "
                + "it); the lookup is not checked against it")
    }

    @Test(
        "conformance: every code point 0…10FFFF has the value VerticalOrientation.txt gives it, defaults included",
        .enabled(if: FileManager.default.fileExists(atPath: dataFile), dataFileMissing))
    func everyCodePointMatchesTheDataFile() throws {
        let expected = try Self.valuesFromDataFile()
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            let found = VerticalOrientation.of(value)
            let wanted = expected[Int(value)]
            if found != wanted {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(found), file: \(wanted)")
            } else if let scalar = Unicode.Scalar(value), VerticalOrientation(scalar) != wanted {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): init(_:) differs from of(_:)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) code points differ: \(mismatches.prefix(20))")
    }

    @Test("漢, あ, ア, 한 and fullwidth Ａ are upright")
    func ideographsKanaHangulAndFullwidthFormsAreUpright() {
        for scalar: Unicode.Scalar in ["漢", "あ", "ア", "한", "Ａ"] {
            #expect(VerticalOrientation(scalar) == .upright, "\(scalar)")
        }
    }

    @Test("Latin a, digits 1 and the hyphen-minus are rotated, and so is the horizontal ellipsis …")
    func latinLettersDigitsAndHyphenAreRotated() {
        for scalar: Unicode.Scalar in ["a", "Z", "1", "-"] {
            #expect(VerticalOrientation(scalar) == .sideways, "\(scalar)")
        }
        // … (U+2026) is R, not Tr: turned with the line, its three dots stand in a column.
        #expect(VerticalOrientation("…") == .sideways)
    }

    @Test("。 and 、 are transformed upright (Tu)")
    func ideographicFullStopAndCommaAreTransformedUpright() {
        #expect(VerticalOrientation("。") == .transformedUpright)
        #expect(VerticalOrientation("、") == .transformedUpright)
    }

    @Test("ー, 「 and 」, 〜 and fullwidth （ are transformed rotated (Tr)")
    func prolongedSoundMarkBracketsAndWaveDashAreTransformedRotated() {
        for scalar: Unicode.Scalar in ["ー", "「", "」", "〜", "（"] {
            #expect(VerticalOrientation(scalar) == .transformedSideways, "\(scalar)")
        }
    }

    @Test("upright in mixed orientation: everything but the rotated characters")
    func uprightInMixedOrientation() {
        #expect(VerticalOrientation.upright.isUpright)
        #expect(VerticalOrientation.transformedUpright.isUpright)
        #expect(VerticalOrientation.transformedSideways.isUpright)
        #expect(!VerticalOrientation.sideways.isUpright)
        #expect(VerticalOrientation("ー").isUpright)
        #expect(!VerticalOrientation("1").isUpright)
    }

    @Test("unassigned code points are upright in CJK blocks and the private use areas, rotated elsewhere")
    func unassignedCodePointsFollowTheirBlock() {
        // Reserved in CJK Unified Ideographs Extension planes 2 and 3, and private use in the BMP and plane 16.
        for value: UInt32 in [0x2_FFFD, 0x3_FFFD, 0xE000, 0x10_FFFD] {
            #expect(VerticalOrientation.of(value) == .upright, "U+\(String(value, radix: 16, uppercase: true))")
        }
        // Reserved in Greek, and the noncharacters at the end of planes 2 and 16.
        for value: UInt32 in [0x0378, 0x2_FFFE, 0x10_FFFF] {
            #expect(VerticalOrientation.of(value) == .sideways, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test("values that are no scalar answer rotated: surrogates and values past U+10FFFF")
    func valuesThatAreNoScalarAreRotated() {
        for value: UInt32 in [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
            #expect(VerticalOrientation.of(value) == .sideways, "\(String(value, radix: 16, uppercase: true))")
        }
    }

    /// The value of every code point by `VerticalOrientation.txt`: the `# @missing:` defaults in file order (the
    /// overall default, then any narrower ones), then the data lines over them.
    static func valuesFromDataFile() throws -> [VerticalOrientation] {
        let contents = try String(contentsOfFile: dataFile, encoding: .utf8)
        var values: [VerticalOrientation?] = Array(repeating: nil, count: 0x11_0000)
        var dataLines: [(range: ClosedRange<UInt32>, value: VerticalOrientation)] = []
        for (lineIndex, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let missingPrefix = "# @missing:"
            let isDefault = line.hasPrefix(missingPrefix)
            let data = isDefault ? line.dropFirst(missingPrefix.count) : line.prefix { $0 != "#" }
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else {
                if data.contains(where: { !$0.isWhitespace }) { throw DataFileError(unreadableLine: lineIndex + 1) }
                continue
            }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
            guard let first = bounds.first.flatMap({ UInt32($0, radix: 16) }),
                let last = bounds.last.flatMap({ UInt32($0, radix: 16) }), first <= last, last <= 0x10FFFF,
                let value = Self.orientation(named: fields[1])
            else { throw DataFileError(unreadableLine: lineIndex + 1) }
            if isDefault {
                for codePoint in first...last { values[Int(codePoint)] = value }
            } else {
                dataLines.append((first...last, value))
            }
        }
        for (range, value) in dataLines {
            for codePoint in range { values[Int(codePoint)] = value }
        }
        // Every code point needs a value: from a data line or at least from the overall default.
        return try values.enumerated().map { codePoint, value in
            guard let value else {
                throw DataFileError(description: "U+\(String(codePoint, radix: 16, uppercase: true)) has no value")
            }
            return value
        }
    }

    static func orientation(named name: String) -> VerticalOrientation? {
        switch name {
        case "U": .upright
        case "R": .sideways
        case "Tu": .transformedUpright
        case "Tr": .transformedSideways
        default: nil
        }
    }

    /// A line of `VerticalOrientation.txt` that could not be read, or a code point no line gives a value.
    struct DataFileError: Error, CustomStringConvertible {
        var description: String

        init(description: String) {
            self.description = "\(VerticalOrientationTests.dataFile): \(description)"
        }

        init(unreadableLine lineNumber: Int) {
            self.init(description: "cannot read line \(lineNumber)")
        }
    }
}

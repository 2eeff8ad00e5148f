import Foundation
import LabelKit
import LabelKitLayout
import LabelKitText
import Testing

@Suite("Unicode bidi conformance file")
struct BidiConformanceTests {
    static let bidiCharacterTestPath = "/usr/share/unicode/BidiCharacterTest.txt"

    /// Cases of BidiCharacterTest.txt (Unicode 15.0) where ICU 72's levels differ from the file, by line number.
    /// Apart from the shortcut, each group is one of the file's sections on "algorithm changes and clarifications
    /// made in Unicode 8.0" that ICU 72 does not follow; each case is also checked against what its group involves.
    enum KnownBidiDeviation: CaseIterable {
        /// The text has one direction only, and ICU (like the analyzer's own fast path) reports every character at
        /// the paragraph level instead of raising embedded runs by two; the visual order is the same. ICU's own
        /// conformance test accepts this shortcut.
        case unidirectionalShortcut
        /// A non-spacing mark after a closing bracket (possibly with ZWJ/ZWSP between them): UAX #9 N0 gives it the
        /// direction the bracket pair resolved to; ICU resolves it as an ordinary neutral.
        case markAfterBracketPair
        /// "Explicit directional overrides applied to isolates tightly flanked by embeddings" (`… PDF LRI c PDI LRE
        /// …` inside an override): ICU gives the isolate initiator and terminator the embedding's level.
        case overrideOnIsolatesFlankedByEmbeddings
        /// "Explicit directional overrides applied to paired brackets" (a bracket inside an override, its partner
        /// outside, e.g. `LRO ( PDF LRE א ) ב`): an overridden bracket is no longer a bracket for N0, but ICU pairs it.
        case overrideOnPairedBrackets
        /// "Nested bracket pairs that reach and exceed the fixed capacity of the bracket stack": with 64 nested
        /// pairs, BD16 stops pairing altogether; ICU still pairs them.
        case bracketsNestedDeeperThan63

        var lineNumbers: [Int] {
            switch self {
            case .unidirectionalShortcut: [164]
            case .markAfterBracketPair: [83, 84, 85, 86, 87, 88, 102, 108, 113]
            case .overrideOnIsolatesFlankedByEmbeddings: [59, 60, 61, 62]
            case .overrideOnPairedBrackets: Array(65...80)
            case .bracketsNestedDeeperThan63: [120]
            }
        }

        init?(scalars: [UInt32], expectedLevels: [UInt8?], actualLevels: [UInt8], baseLevel: UInt8) {
            let pdf: UInt32 = 0x202C
            let explicitStarts: Set<UInt32> = [0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068]
            let nonSpacingMarks: Set<UInt32> = [0x0331, 0x0332, 0x0333, 0x20D6]
            let expectedParities = Set(expectedLevels.compactMap { $0.map { $0 & 1 } })
            let mismatches = expectedLevels.indices.filter {
                expectedLevels[$0] != nil && expectedLevels[$0] != actualLevels[$0]
            }
            if expectedParities == [baseLevel & 1] && actualLevels.allSatisfy({ $0 == baseLevel }) {
                self = .unidirectionalShortcut
            } else if zip(scalars, scalars.dropFirst()).contains(where: { $0 == pdf && explicitStarts.contains($1) }) {
                let hasIsolate = scalars.contains { (0x2066...0x2069).contains($0) }
                self = hasIsolate ? .overrideOnIsolatesFlankedByEmbeddings : .overrideOnPairedBrackets
            } else if !mismatches.isEmpty && mismatches.allSatisfy({ nonSpacingMarks.contains(scalars[$0]) }) {
                self = .markAfterBracketPair
            } else if scalars.filter({ $0 == 0x28 }).count > 63 {
                self = .bracketsNestedDeeperThan63
            } else {
                return nil
            }
        }
    }

    /// The number of cases ICU 72 passed when this test was written: 91707 cases, 31 deviations.
    static let measuredPassCount = 91676

    @Test("BidiCharacterTest.txt: every case passes except the known ICU deviations")
    func bidiCharacterTest() throws {
        let contents = try String(contentsOfFile: Self.bidiCharacterTestPath, encoding: .utf8)
        let analyzer = ICUTextAnalyzer()
        var caseCount = 0
        var failingCaseCount = 0
        var failingLines: [KnownBidiDeviation: [Int]] = [:]
        var unexplained: [String] = []
        var units: [UInt16] = []
        var levels: [UInt8] = []
        for (lineIndex, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.hasPrefix("#") {
            // Code points; paragraph direction (0 LTR, 1 RTL, 2 auto); paragraph level; levels ("x" where rule X9
            // removes the character, so any level is fine); visual order (not checked: reordering is the layout's).
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            caseCount += 1
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: WritingDirection? =
                switch fields[1] {
                case "0": .leftToRight
                case "1": .rightToLeft
                default: nil
                }
            let expectedBaseLevel = UInt8(fields[2])
            let expectedLevels = fields[3].split(separator: " ").map { UInt8($0) }

            // One level per code point: the levels of both units of a surrogate pair must agree.
            units.removeAll(keepingCapacity: true)
            var firstUnitOfScalar: [Int] = []
            for scalar in scalars.compactMap(Unicode.Scalar.init) {
                firstUnitOfScalar.append(units.count)
                units.append(contentsOf: scalar.utf16)
            }
            let baseLevel = units.withUnsafeBufferPointer {
                analyzer.bidiLevels(of: $0, paragraph: 0..<$0.count, baseDirection: direction, into: &levels)
            }
            guard firstUnitOfScalar.count == scalars.count, expectedLevels.count == scalars.count else {
                unexplained.append("line \(lineIndex + 1): cannot read")
                continue
            }
            let levelPerScalar: [UInt8] = firstUnitOfScalar.indices.map { index in
                let first = firstUnitOfScalar[index]
                let end = index + 1 < firstUnitOfScalar.count ? firstUnitOfScalar[index + 1] : units.count
                return levels[first..<end].allSatisfy { $0 == levels[first] } ? levels[first] : .max
            }
            let levelsMatch = expectedLevels.indices.allSatisfy {
                expectedLevels[$0] == nil || expectedLevels[$0] == levelPerScalar[$0]
            }
            guard baseLevel != expectedBaseLevel || !levelsMatch else { continue }

            failingCaseCount += 1
            if baseLevel == expectedBaseLevel,
                let deviation = KnownBidiDeviation(
                    scalars: scalars, expectedLevels: expectedLevels, actualLevels: levelPerScalar, baseLevel: baseLevel
                )
            {
                failingLines[deviation, default: []].append(lineIndex + 1)
            } else {
                unexplained.append("line \(lineIndex + 1): \(line) — got \(baseLevel); \(levelPerScalar)")
            }
        }

        print("BidiCharacterTest.txt: \(caseCount - failingCaseCount) of \(caseCount) cases pass")
        #expect(caseCount == 91707)
        #expect(caseCount - failingCaseCount >= Self.measuredPassCount)
        #expect(unexplained == [])
        for deviation in KnownBidiDeviation.allCases {
            #expect(failingLines[deviation, default: []] == deviation.lineNumbers, "\(deviation)")
        }
    }
}

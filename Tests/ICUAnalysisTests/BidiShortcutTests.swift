import CICUShim
import Foundation
import LabelKit
import LabelKitCorpus
import LabelKitLayout
import Testing

/// The shim resolves plain paragraphs (no explicit controls, paired brackets or paragraph separators) without ICU's
/// bidi object. These tests hold its levels to ICU's, which remain the reference.
@Suite("Bidi levels without ICU's bidi object equal ICU's")
struct BidiShortcutTests {
    /// Levels and paragraph level of one paragraph, or nil when the path declined it or failed.
    struct Resolved: Equatable, CustomStringConvertible {
        var paragraphLevel: UInt8
        var levels: [UInt8]
        var description: String { "\(paragraphLevel): \(levels)" }
    }

    static func withoutICU(_ units: [UInt16], direction: Int32) -> Resolved? {
        var levels = [UInt8](repeating: 0xEE, count: units.count)
        var paragraphLevel: UInt8 = 0xEE
        let handled = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer {
                labelkit_bidi_levels_without_icu(
                    text.baseAddress, Int32(text.count), direction, $0.baseAddress, &paragraphLevel)
            }
        }
        return handled == 1 ? Resolved(paragraphLevel: paragraphLevel, levels: levels) : nil
    }

    static func fromICU(_ units: [UInt16], direction: Int32, scratch: OpaquePointer?) -> Resolved? {
        var levels = [UInt8](repeating: 0xEE, count: units.count)
        var paragraphLevel: UInt8 = 0xEE
        let status = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer {
                labelkit_icu_bidi_levels_from_icu(
                    scratch, text.baseAddress, Int32(text.count), direction, $0.baseAddress, &paragraphLevel)
            }
        }
        return status == LABELKIT_ICU_OK ? Resolved(paragraphLevel: paragraphLevel, levels: levels) : nil
    }

    /// Code points of every bidi class the shortcut resolves, in and outside the BMP.
    static let alphabet: [UInt32] = [
        0x61, 0x5A, 0xE9, 0x3042, 0x1D400,   // L
        0x5D0, 0x5D1, 0x10900, 0x1E900,   // R
        0x628, 0x639, 0x6C1,   // AL
        0x30, 0x39, 0x6F3, 0x1D7D9, 0xB2,   // EN
        0x2B, 0x2D,   // ES
        0x24, 0x25, 0x23, 0xB0, 0x20AC,   // ET
        0x660, 0x669, 0x600,   // AN
        0x2C, 0x2E, 0x3A, 0x2F, 0xA0,   // CS
        0x300, 0x5B0, 0x64B, 0xFE0F,   // NSM
        0x200D, 0x200C, 0xAD, 0x200B,   // BN
        0x09, 0x1F,   // S
        0x20, 0x20, 0x20, 0x2003,   // WS
        0x21, 0x22, 0x26, 0x2A, 0x40, 0x1F600, 0xA9,   // ON
    ]
    /// Code points the shortcut leaves to ICU: brackets, explicit controls, a paragraph separator.
    static let declined: [UInt32] = [
        0x28, 0x29, 0x5B, 0x7D, 0x202A, 0x202B, 0x202C, 0x202E, 0x2066, 0x2067, 0x2069, 0x2029,
    ]

    static func units(_ scalars: [UInt32]) -> [UInt16] {
        scalars.compactMap(Unicode.Scalar.init).flatMap { Array(String($0).utf16) }
    }

    @Test("200,000 random paragraphs over every bidi class, in all three directions: the same levels as ICU")
    func randomParagraphs() throws {
        let scratch = try #require(labelkit_icu_scratch_create())
        defer { labelkit_icu_scratch_destroy(scratch) }
        var generator = SplitMix64(seed: 2_812)
        var resolved = 0
        var declinedCount = 0
        var failures: [String] = []
        for round in 0..<200_000 {
            let count = generator.next(in: 1...(round % 10 == 0 ? 60 : 12))
            var scalars = (0..<count).map { _ in generator.pick(Self.alphabet) }
            if generator.next(below: 20) == 0 { scalars[generator.next(below: count)] = generator.pick(Self.declined) }
            let units = Self.units(scalars)
            let direction = Int32(generator.next(below: 3)) - 1
            guard let fast = Self.withoutICU(units, direction: direction) else {
                declinedCount += 1
                continue
            }
            resolved += 1
            let expected = Self.fromICU(units, direction: direction, scratch: scratch)
            if fast != expected && failures.count < 20 {
                let hex = scalars.map { String($0, radix: 16) }.joined(separator: " ")
                failures.append("[\(hex)] dir \(direction): \(fast) vs ICU \(expected.map(\.description) ?? "nil")")
            }
        }
        #expect(failures == [])
        #expect(resolved > 180_000 && declinedCount > 5_000)
    }

    @Test("a bracket, an explicit control or a paragraph separator is left to ICU")
    func declinedParagraphs() {
        for scalar in Self.declined {
            #expect(Self.withoutICU(Self.units([0x5D0, 0x20, scalar, 0x61]), direction: -1) == nil)
        }
        #expect(Self.withoutICU(Array(repeating: 0x5D0, count: 2_049), direction: -1) == nil)
        #expect(Self.withoutICU(Array(repeating: 0x5D0, count: 2_048), direction: -1) != nil)
    }

    @Test("an RTL word in English reads at level 1 inside level 0; trailing spaces go back to the paragraph level")
    func readableExample() {
        // "a אב 12 " in an LTR paragraph: the Hebrew letters are R (level 1); the space after them lies between R
        // and a number, which counts as R (N1), so it is 1 too; the number follows Hebrew, so W7 leaves it EN, raised
        // to 2 (I1); the space between "a" and Hebrew takes the paragraph's direction (N2); the final space resets (L1).
        let units = Self.units([0x61, 0x20, 0x5D0, 0x5D1, 0x20, 0x31, 0x32, 0x20])
        #expect(Self.withoutICU(units, direction: 0)?.levels == [0, 0, 1, 1, 1, 2, 2, 0])
    }

    @Test("every paragraph of the corpus of every kind gets ICU's levels, and most need no bidi object")
    func corpusOfEveryKind() throws {
        let scratch = try #require(labelkit_icu_scratch_create())
        defer { labelkit_icu_scratch_destroy(scratch) }
        let labels = makeCorpus(count: 4_200, seed: 31, kinds: CorpusKind.allCases)
        var resolved: [CorpusKind: Int] = [:]
        var withRightToLeft: [CorpusKind: Int] = [:]
        var failures: [String] = []
        for label in labels {
            for paragraph in label.text.split(whereSeparator: \.isNewline) {
                let units = Array(paragraph.utf16)
                guard units.contains(where: { (0x0590...0x08FF).contains($0) }) else { continue }
                withRightToLeft[label.kind, default: 0] += 1
                for direction: Int32 in [-1, 0, 1] {
                    guard let fast = Self.withoutICU(units, direction: direction) else { continue }
                    if direction == -1 { resolved[label.kind, default: 0] += 1 }
                    if fast != Self.fromICU(units, direction: direction, scratch: scratch) && failures.count < 10 {
                        failures.append("\(label.kind) \(direction): \(paragraph)")
                    }
                }
            }
        }
        #expect(failures == [])
        let shares = CorpusKind.allCases.filter { withRightToLeft[$0] != nil }.map {
            "\($0) \(resolved[$0, default: 0])/\(withRightToLeft[$0, default: 0])"
        }
        print("Right-to-left paragraphs resolved without ICU's bidi object: " + shares.joined(separator: ", "))
        let total = withRightToLeft.values.reduce(0, +)
        #expect(total > 1_000 && resolved.values.reduce(0, +) * 2 > total)
    }
}

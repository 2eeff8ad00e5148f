import LabelKitText
import Testing

/// The binary search every sorted lookup uses, against a linear search, over every size and split point.
@Suite("Partitioning binary search")
struct PartitioningIndexTests {
    @Test("the first index where the predicate holds, or the end, for every size up to 64 and every split")
    func agreesWithLinearSearch() {
        for count in 0...64 {
            let values = Array(0..<count).map { $0 * 2 }
            let slice = ([-10] + values)[1...]
            let generic = AnyCollection(values)
            for threshold in -1...(2 * count + 1) {
                let expected = values.firstIndex { $0 >= threshold } ?? values.endIndex
                // Integer-indexed: an array, a slice with a non-zero start, a range of indices.
                #expect(values.partitioningIndex { $0 >= threshold } == expected)
                #expect(slice.partitioningIndex { $0 >= threshold } == expected + 1)
                #expect((0..<count).partitioningIndex { values[$0] >= threshold } == expected)
                // Any other collection: the generic path.
                let found = generic.partitioningIndex { $0 >= threshold }
                #expect(generic.distance(from: generic.startIndex, to: found) == expected)
            }
        }
    }

    @Test("started from any guess, in range or outside it, the same index as a linear search, over every split")
    func fromAGuessAgreesWithLinearSearch() {
        // Runs of equal values (several code units to one glyph) and long stretches (a guess far off, past the walk).
        for count in [0, 1, 2, 3, 9, 17, 40] {
            let values = (0..<count).map { $0 / 3 * 3 }
            for start in [0, 5] where start <= count {
                let range = start..<count
                for threshold in -1...(count + 1) {
                    let expected = range.first { values[$0] >= threshold } ?? count
                    for guess in (start - 12)...(count + 12) {
                        #expect(
                            range.partitioningIndex(near: guess) { values[$0] >= threshold } == expected,
                            "\(count) values from \(start), threshold \(threshold), guess \(guess)")
                    }
                }
            }
        }
    }
}

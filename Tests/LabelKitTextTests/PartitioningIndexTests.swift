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
}

import LabelKitText
import Testing

@testable import LabelKitLayout

/// The numbers the word cache gives combinations of features and language, which its keys hold in their place: one
/// number per combination, 0 for neither, and never one number for two combinations, even after the table of numbers
/// is emptied.
@Suite("Word cache variants")
struct WordCacheVariantTests {
    @Test("no features and no language is 0; each other combination has a number of its own, the same when asked again")
    func numbersPerCombination() throws {
        let cache = ShapedWordCache(capacity: 10)
        let plain = ShapingOptions(size: 15)
        let tabular = ShapingOptions(size: 15, features: try FontFeatures(parsing: "tnum"))
        let serbian = ShapingOptions(size: 15, language: try LanguageTag("sr"))
        let both = ShapingOptions(
            size: 15, features: try FontFeatures(parsing: "tnum"), language: try LanguageTag("sr"))
        #expect(cache.variant(of: plain) == 0)
        let numbers = [tabular, serbian, both].map { cache.variant(of: $0) }
        #expect(!numbers.contains(0))
        #expect(Set(numbers).count == 3)
        #expect([tabular, serbian, both].map { cache.variant(of: $0) } == numbers)
        // Size, direction and the other options are in the key beside the number, not in it.
        #expect(
            cache.variant(of: ShapingOptions(size: 30, rightToLeft: true, features: tabular.features)) == numbers[0])
    }

    @Test("after more combinations than the table keeps, a combination asked again gets a number never given before")
    func numbersAreNeverReused() throws {
        let cache = ShapedWordCache(capacity: 10)
        let first = ShapingOptions(size: 15, features: try FontFeatures(parsing: "ss01"))
        let firstNumber = cache.variant(of: first)
        var given: Set<UInt64> = [firstNumber]
        for value in 1...3_000 {
            let options = ShapingOptions(size: 15, features: try FontFeatures(parsing: "aalt=\(value)"))
            let number = cache.variant(of: options)
            #expect(!given.contains(number))
            given.insert(number)
        }
        #expect(given.count == 3_001)
        // The table was emptied on the way: the first combination is numbered again, with a new number, so words
        // cached under its old number can never be taken for another combination's.
        let again = cache.variant(of: first)
        #expect(again != firstNumber && !given.contains(again))
    }
}

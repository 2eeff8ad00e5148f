import Foundation
import LabelKitLinks
import LabelKitText
import Testing

/// What detection finds in inputs built to make a scanner backtrack or rescan. Their time is measured by
/// `LinkDetectionBench` (t(4n)/t(n) ≈ 4); here their results, which must be whole and exact.
@Suite("Adversarial inputs")
struct AdversarialInputTests {
    let detector = LinkDetector(kinds: .all)

    @Test func aOneMegabyteURLIsOneLink() {
        let path = String(repeating: "a", count: 1_000_000)
        let links = detector.links(in: "see https://example.com/\(path) now")
        #expect(links.map(\.range) == [4..<(4 + 20 + 1_000_000)])
    }

    @Test func aLongInternationalPathIsOneLink() {
        let text = "https://例え.jp/" + String(repeating: "規", count: 200_000)
        #expect(detector.links(in: text).map(\.range) == [0..<(text.utf16.count)])
    }

    @Test func runsOfDotsSignsAndDigitsAreNoLinks() {
        for unit in [".", "@", "#", "1.", "a@", "\"a\"@", "あ.", "http://a..b"] {
            let text = String(repeating: unit, count: 200_000 / unit.count)
            #expect(detector.links(in: text).isEmpty, "\(unit)")
        }
    }

    @Test func unclosedBracketsAndQuotesEndTheURLBeforeThem() {
        for unit in ["(", "[{(", "(a", "\"a'", "{"] {
            let text = "https://example.com/wiki/" + String(repeating: unit, count: 100_000 / unit.count)
            #expect(detector.links(in: text).map(\.text) == ["https://example.com/wiki/"], "\(unit)")
        }
    }

    @Test func aLongChainOfLabelsEndingInATLDIsOneDomain() {
        let text = String(repeating: "ab.", count: 100_000) + "com"
        #expect(detector.links(in: text).map(\.range) == [0..<300_003])
    }

    @Test func aHostGluedToTextForAMegabyteEndsAtTheFirstScriptChange() {
        let text = "http://localhost" + String(repeating: "あa", count: 500_000)
        #expect(detector.links(in: text).map(\.text) == ["http://localhost"])
    }
}

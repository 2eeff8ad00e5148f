// Link detection benchmark: adversarial inputs at sizes n, 2n and 4n (median of 5 runs each) and the ratio
// t(4n)/t(n), which is about 4 when detection is linear; then throughput over a mixed corpus of link-dense labels
// and over `make bench`'s corpus (LabelKitCorpus, 10,000 labels, seed 2026).
//
// Run in release mode:  swift run -c release LinkDetectionBench
// For instruction counts, which do not drift with the machine's load:
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledPass*' \
//       .build/release/LinkDetectionBench profile
import Foundation
import LabelKitCorpus
import LabelKitLinks
import LabelKitText

let detector = LinkDetector(kinds: .all)
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The median time of 5 detections of `text`, and the number of links found (to keep the work observable).
func medianTime(_ text: String) -> (seconds: Double, links: Int) {
    var times: [Double] = []
    var links = 0
    for _ in 0..<5 {
        let start = clock.now
        links = detector.links(in: text).count
        times.append(seconds(clock.now - start))
    }
    return (times.sorted()[2], links)
}

struct AdversarialInput {
    var name: String
    var baseSize: Int
    var make: (Int) -> String
}

let inputs: [AdversarialInput] = [
    .init(name: "dots  \".\" × n", baseSize: 25_000) { String(repeating: ".", count: $0) },
    .init(name: "open parens \"(\" × n", baseSize: 25_000) { String(repeating: "(", count: $0) },
    .init(name: "URL + \"(\" × n", baseSize: 25_000) {
        "see https://example.com/wiki/" + String(repeating: "(", count: $0)
    },
    .init(name: "URL + \"(a\" × n", baseSize: 25_000) {
        "https://example.com/" + String(repeating: "(a", count: $0 / 2)
    },
    .init(name: "at signs \"@\" × n", baseSize: 25_000) { String(repeating: "@", count: $0) },
    .init(name: "hashes \"#\" × n", baseSize: 25_000) { String(repeating: "#", count: $0) },
    .init(name: "\"@a\" × n/2", baseSize: 25_000) { String(repeating: "@a", count: $0 / 2) },
    .init(name: "\"#a\" × n/2", baseSize: 25_000) { String(repeating: "#a", count: $0 / 2) },
    .init(name: "labels \"a.\" × n/2", baseSize: 25_000) { String(repeating: "a.", count: $0 / 2) },
    .init(name: "scheme \"http://\" × n/7", baseSize: 25_000) { String(repeating: "http://", count: $0 / 7) },
    .init(name: "digits \"1 \" × n/2", baseSize: 25_000) { String(repeating: "1 ", count: $0 / 2) },
    .init(name: "local part \"a\" × n + \"@x.com\"", baseSize: 25_000) {
        String(repeating: "a", count: $0) + "@example.com"
    },
    .init(name: "\"a@\" × n/2", baseSize: 25_000) { String(repeating: "a@", count: $0 / 2) },
    .init(name: "long URL path (256K/512K/1M)", baseSize: 262_144) {
        "https://example.com/" + String(repeating: "a", count: $0)
    },
    .init(name: "long URL host (256K/512K/1M)", baseSize: 262_144) {
        "https://" + String(repeating: "a", count: $0) + ".com"
    },
    .init(name: "long bare domain labels", baseSize: 262_144) { String(repeating: "ab.", count: $0 / 3) + "com" },
    .init(name: "long query (256K/512K/1M)", baseSize: 262_144) {
        "https://example.com/?" + String(repeating: "a=1&", count: $0 / 4)
    },
    .init(name: "long IRI path \"規\" (256K/512K/1M)", baseSize: 262_144) {
        "https://例え.jp/" + String(repeating: "規", count: $0 / 3)
    },
    .init(name: "URL + \"[{(\" × n/3", baseSize: 25_000) {
        "https://example.com/" + String(repeating: "[{(", count: $0 / 3)
    },
    .init(name: "URL + quotes (\"a') × n/3", baseSize: 25_000) {
        "https://example.com/" + String(repeating: "\"a'", count: $0 / 3)
    },
    .init(name: "scheme + labels \"a.\" × n/2 + \"-\"", baseSize: 25_000) {
        "http://" + String(repeating: "a.", count: $0 / 2) + "-"
    },
    .init(name: "scheme + glued host \"aあ\" × n/2", baseSize: 25_000) {
        "http://" + String(repeating: "aあ", count: $0 / 2)
    },
    .init(name: "IDN labels \"あ.\" × n/2", baseSize: 25_000) { String(repeating: "あ.", count: $0 / 2) },
    .init(name: "dotted digits \"1.\" × n/2", baseSize: 25_000) { String(repeating: "1.", count: $0 / 2) },
    .init(name: "path glue \"aあ\" × n/2", baseSize: 25_000) {
        "https://example.com/" + String(repeating: "aあ", count: $0 / 2)
    },
    .init(name: "quoted local parts (\"a\"@) × n/4", baseSize: 25_000) {
        String(repeating: "\"a\"@", count: $0 / 4)
    },
    .init(name: "user info \"http://a@\" × n/9", baseSize: 25_000) {
        String(repeating: "http://a@", count: $0 / 9)
    },
    .init(name: "empty labels \"http://a..b\" × n/11", baseSize: 25_000) {
        String(repeating: "http://a..b", count: $0 / 11)
    },
]

/// The texts of `make bench`'s corpus: the same labels, the same seed.
let benchCorpusTexts = makeCorpus(count: 10_000, seed: 2026).map(\.text)

/// One detection pass over `texts`, for a profiler; returns the number of links so the work is observable.
@inline(never)
func profiledPass(_ texts: [String]) -> Int {
    var links = 0
    for text in texts { links += detector.links(in: text).count }
    return links
}

if CommandLine.arguments.dropFirst().first == "profile" {
    // One uncounted warm-up pass (tables built, caches filled), then one counted pass.
    _ = benchCorpusTexts.reduce(0) { $0 + detector.links(in: $1).count }
    print("profiled pass: \(profiledPass(benchCorpusTexts)) links in \(benchCorpusTexts.count) labels")
    exit(0)
}

print("Adversarial inputs (median of 5 runs; ratio t(4n)/t(n) ≈ 4 for linear time)")
print("input".padding(toLength: 36, withPad: " ", startingAt: 0), "      n        2n        4n   ratio")
for input in inputs {
    let sizes = [input.baseSize, input.baseSize * 2, input.baseSize * 4]
    let times = sizes.map { medianTime(input.make($0)).seconds }
    let columns = times.map { String(format: "%7.2f ms", $0 * 1000) }.joined(separator: " ")
    let ratio = times[0] > 0 ? times[2] / times[0] : .nan
    print(input.name.padding(toLength: 36, withPad: " ", startingAt: 0), columns, String(format: "%5.2f", ratio))
}

// A mixed corpus of ordinary labels: English, Japanese and Vietnamese, with and without links.
let sentences = [
    "Read the release notes at https://example.com/releases/2.0?utm_source=app#whats-new before updating.",
    "Questions? Mail support@example.co.uk or call +44 20 7946 0958 between 9 and 5.",
    "Great talk by @ana_dev on #swift and #concurrency, slides at speakerdeck.com/ana/swift-6",
    "詳しくはhttps://example.jp/guide/を見てください。お問い合わせは03-1234-5678まで。#お知らせ",
    "Xem thêm tại https://vi.wikipedia.org/wiki/Việt_Nam hoặc gọi +84 28 3823 4567 nhé. #ViệtNam",
    "No links in this sentence at all, just a version 1.2.3 and a date 2024-01-15 to ignore.",
    "Meeting notes (draft): see the doc, ping me, and don't forget the budget spreadsheet, thanks!",
    "Wikipedia: https://en.wikipedia.org/wiki/Primer_(film) and www.example.org/path/to/page.html",
]
var labels: [String] = []
var corpusBytes = 0
while corpusBytes < 4_000_000 {
    let sentence = sentences[labels.count % sentences.count]
    labels.append(sentence)
    corpusBytes += sentence.utf8.count
}

/// Detection over every text of `texts`, the median of 5 passes, as one line of figures.
func throughputLine(_ name: String, _ texts: [String]) -> String {
    var times: [Double] = []
    var links = 0
    for _ in 0..<5 {
        let start = clock.now
        links = 0
        for text in texts { links += detector.links(in: text).count }
        times.append(seconds(clock.now - start))
    }
    let median = times.sorted()[2]
    let megabytes = Double(texts.reduce(0) { $0 + $1.utf8.count }) / 1e6
    return name
        + String(
            format: ": %d labels, %.2f MB UTF-8, %d links: %.1f ms, %.1f MB/s, %.0f labels/ms", texts.count, megabytes,
            links, median * 1000, megabytes / median, Double(texts.count) / (median * 1000))
}

print("")
print(throughputLine("Mixed corpus", labels))
print(throughputLine("make bench corpus", benchCorpusTexts))

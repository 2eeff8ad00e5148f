import Foundation
import LabelKit

// Temporary probe: layouts per second over a small mixed corpus (the real benchmark comes with issue 6).
let words = ["alpha", "ベータ", "gamma", "👋🏽", "Việt", "delta", "利用規約", "epsilon", "https://example.com/a", "@mention", "#tag", "the", "quick", "brown", "fox"]
var texts: [(String, Double)] = []
for index in 0..<3000 {
    let text = (0..<(5 + index % 15)).map { words[($0 * 7 + index * 3) % words.count] }.joined(separator: " ")
    texts.append((text, Double(120 + index % 300)))
}
let typesetter = LabelTypesetter.system
for (text, width) in texts.prefix(200) { _ = try typesetter.sizeThatFits(text, width: width) }
let start = Date()
var lines = 0
for (text, width) in texts { lines += try typesetter.sizeThatFits(text, width: width).lineCount }
let elapsed = Date().timeIntervalSince(start)
print("labels/s: \(Int(Double(texts.count) / elapsed)), lines \(lines)")

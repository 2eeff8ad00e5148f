import Foundation

/// Reads the listings of a Markdown article and the listing regions of a Swift file.
enum Listings {
    /// The regions between `// Listing: …` and `// End of listing` lines, each without its common indentation.
    static func regions(in source: String) -> Set<String> {
        var regions: Set<String> = []
        var current: [Substring]? = nil
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// Listing: ") {
                current = []
            } else if trimmed == "// End of listing", let lines = current {
                regions.insert(dedented(lines))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return regions
    }

    /// The contents of the article's ```swift fences, each without its common indentation.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed == "```" {
                blocks.append(dedented(lines))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    private static func dedented(_ lines: [Substring]) -> String {
        let indentation =
            lines.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indentation, $0.count))).trimmingSuffixWhitespace() }
            .joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingSuffixWhitespace() -> String {
        String(self[..<(lastIndex(where: { !$0.isWhitespace }).map(index(after:)) ?? startIndex)])
    }
}

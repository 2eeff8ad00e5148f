/// The edit distance between two names, for suggesting the option, the value or the colour name a user meant.
package enum EditDistance {
    /// The candidate `name` is nearest to, when one is near enough to be what was meant: within one edit of a
    /// candidate of 3 to 5 characters, two of a longer one, ignoring case (a swap of two neighbours is one edit).
    /// Candidates of one or two characters are never suggested: almost anything is near them. The first of equally
    /// near candidates wins.
    ///
    /// ```swift
    /// EditDistance.nearest(to: "widht", among: ["width", "height"])             // "width"
    /// EditDistance.nearest(to: "largetitle", among: ["largeTitle", "title1"])   // "largeTitle"
    /// EditDistance.nearest(to: "xyz", among: ["width", "height"])               // nil
    /// ```
    package static func nearest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var nearest: (name: String, distance: Int)? = nil
        for candidate in candidates where candidate.count >= 3 {
            let distance = between(lowered, candidate.lowercased())
            let allowed = min(2, max(1, candidate.count / 3))
            if distance <= allowed, distance < nearest?.distance ?? .max { nearest = (candidate, distance) }
        }
        return nearest?.name
    }

    /// How many single-character insertions, deletions, substitutions and swaps of adjacent characters turn `source`
    /// into `target` (Damerau–Levenshtein distance in its optimal-string-alignment form: no substring is edited
    /// twice).
    ///
    /// ```swift
    /// EditDistance.between("widht", "width")   // 1: a swap
    /// EditDistance.between("wdth", "width")    // 1: a deletion
    /// EditDistance.between("kinds", "lines")   // 2
    /// ```
    package static func between(_ source: String, _ target: String) -> Int {
        let source = Array(source)
        let target = Array(target)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        // Three rows of the distance table: the row two back is what a swap needs.
        var twoBack = [Int](repeating: 0, count: target.count + 1)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = source[i - 1] == target[j - 1] ? 0 : 1
                var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    distance = min(distance, twoBack[j - 2] + 1)
                }
                current[j] = distance
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[target.count]
    }
}

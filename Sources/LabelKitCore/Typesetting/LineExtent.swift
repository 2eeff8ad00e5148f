/// The vertical extent of what a line shows: the largest ascent, descent and line gap of its runs.
struct LineExtent {
    var ascent = 0.0
    var descent = 0.0
    var lineGap = 0.0
    private(set) var isEmpty = true

    mutating func include(_ metrics: FontMetrics) {
        ascent = max(ascent, metrics.ascent)
        descent = max(descent, metrics.descent)
        lineGap = max(lineGap, metrics.lineGap)
        isEmpty = false
    }
}

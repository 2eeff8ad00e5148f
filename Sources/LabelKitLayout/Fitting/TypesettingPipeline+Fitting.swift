import LabelKitText

/// A text broken into lines at one scale and tightening: the shaped text, its lines and whether the limits cut it.
struct FittedText {
    var shaped: ShapedParagraphs
    var lines: [BrokenLine]
    var isTruncated: Bool
    var scale = 1.0
}

/// The fitting stage's search for the largest scale, or the least tightening, that fits: it keeps the last attempt
/// that fits and gives back the arrays of every attempt it does not keep.
struct FitSearch {
    /// The last attempt that fit, if any.
    private(set) var fit: FittedText?

    /// Keeps `attempt` if it fits (giving back the one kept before it), else gives it back; answers whether it fit.
    mutating func consider(_ attempt: consuming FittedText) -> Bool {
        guard !attempt.isTruncated else {
            attempt.shaped.recycle()
            return false
        }
        fit?.shaped.recycle()
        fit = attempt
        return true
    }
}

extension TypesettingPipeline {
    /// `text` shaped for lines mapped onto the label by `transform`, and broken into lines.
    func lines(of text: StyledText, _ limits: LineLimits, for transform: LineTransform) throws(LayoutError)
        -> FittedText
    {
        breakLines(of: try shape(text, for: transform), limits)
    }

    /// The lines of `shaped`, until the text or the limits run out.
    func breakLines(of shaped: consuming ShapedParagraphs, _ limits: LineLimits) -> FittedText {
        let (lines, truncated) = brokenLines(of: &shaped, limits)
        return FittedText(shaped: shaped, lines: lines, isTruncated: truncated)
    }

    /// The lines of `shaped`, and whether the limits cut the text. The tabs of the lines get the widths their stops
    /// give them on their lines (``ShapedParagraphs/setTabWidths(_:)``).
    @inline(__always) func brokenLines(of shaped: inout ShapedParagraphs, _ limits: LineLimits) -> (
        lines: [BrokenLine], truncated: Bool
    ) {
        var breaker = LineBreaker(limits: limits, hyphenator: hyphenator, fontSystem: fontSystem)
        let broken = breaker.breakLines(of: shaped)
        if let widths = breaker.tabRecord?.widths { shaped.setTabWidths(widths) }
        return broken
    }

    /// Shrinks `full` (the text at full size, truncated) to the largest scale, in hundredths, down to the container's
    /// ``/LabelKitText/TextContainer/minimumScaleFactor``, that fits; then, if it still does not fit and the container
    /// allows it, tightens the tracking by as little as fits, up to 5 % of each run's font size. What is not kept is
    /// given back.
    func fitting(_ full: consuming FittedText, limits: LineLimits, container: TextContainer) throws(LayoutError)
        -> FittedText
    {
        let original = full.shaped.text
        let transform = full.shaped.transform
        var best = full
        let smallest = Int((container.minimumScaleFactor * 100).rounded(.up))
        if smallest < 100 {
            // Hundredths known not to fit are above `high`; `low` is the smallest left to try.
            var low = smallest
            var high = 99
            var probe = Self.scaleEstimate(best, limits: limits).map { min(max($0, low), high) } ?? (low + high) / 2
            var search = FitSearch()
            while low <= high {
                var attempt = try lines(
                    of: original.scaled(by: Double(probe) / 100, tighteningBy: 0), limits, for: transform)
                attempt.scale = Double(probe) / 100
                let foundBefore = search.fit != nil
                if search.consider(attempt) {
                    low = probe + 1
                    probe = probe + 1 <= high && high - low > 2 ? probe + 1 : (low + high + 1) / 2
                } else {
                    high = probe - 1
                    // Next to a first probe that failed is likely the answer.
                    probe = !foundBefore && probe - 1 >= low ? probe - 1 : (low + high) / 2
                }
            }
            best.shaped.recycle()
            if let fit = search.fit { return fit }
            // Even the smallest scale does not fit: lay out at it and truncate (or tighten, below).
            best = try lines(of: original.scaled(by: Double(smallest) / 100, tighteningBy: 0), limits, for: transform)
            best.scale = Double(smallest) / 100
        }
        guard container.allowsTighteningForTruncation else { return best }
        return try tightening(best, original: original, limits: limits)
    }

    /// `fit` tightened by the least tracking, in steps of 0.25 % of the font size up to 5 %, that makes it fit; `fit`
    /// itself when even 5 % does not.
    private func tightening(_ fit: consuming FittedText, original: StyledText, limits: LineLimits)
        throws(LayoutError) -> FittedText
    {
        let scale = fit.scale
        let transform = fit.shaped.transform
        var search = FitSearch()
        var tightest = try lines(of: original.scaled(by: scale, tighteningBy: 0.05), limits, for: transform)
        tightest.scale = scale
        guard search.consider(tightest) else { return fit }
        // Twentieths of the 5 %: the smallest that fits, by bisection; 20 is known to fit.
        var low = 1
        var high = 20
        while low < high {
            let middle = (low + high) / 2
            var attempt = try lines(
                of: original.scaled(by: scale, tighteningBy: 0.05 * Double(middle) / 20), limits, for: transform)
            attempt.scale = scale
            if search.consider(attempt) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        guard let tightened = search.fit else { return fit }
        fit.shaped.recycle()
        return tightened
    }

    /// A first guess, in hundredths, for a text of one paragraph cut to one line: the line's width over the text's,
    /// since widths scale with the font size. Nil for other texts.
    private static func scaleEstimate(_ fit: FittedText, limits: LineLimits) -> Int? {
        guard fit.lines.count == 1, fit.shaped.analysis.paragraphs.count == 1, limits.maximumWidth.isFinite else {
            return nil
        }
        let paragraph = fit.shaped.analysis.paragraphs[0]
        let width = fit.shaped.advance(of: fit.shaped.trimmingTrailingSpaces(paragraph.start..<paragraph.contentEnd))
        guard width > 0 else { return nil }
        return Int((limits.maximumWidth / width * 100).rounded(.down))
    }
}

extension StyledText {
    /// The text with every font size, baseline offset, kern and tracking multiplied by `scale`, and the tracking then
    /// narrowed by `tightening` times each run's (scaled) font size. Attachments keep their size.
    func scaled(by scale: Double, tighteningBy tightening: Double) -> StyledText {
        var text = self
        for index in text.styles.indices {
            var style = text.styles[index]
            style.fontSize *= scale
            style.kern *= scale
            if style.baselineOffset != 0 { style.baselineOffset *= scale }
            let tracking = style.tracking * scale - tightening * style.fontSize
            if tracking != style.tracking { style.tracking = tracking }
            text.styles[index] = style
        }
        return text
    }
}

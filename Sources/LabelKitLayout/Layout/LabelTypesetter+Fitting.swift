import LabelKitText

/// A text broken into lines at one scale and tightening: the pass, its lines and whether limits cut it.
struct FittedText {
    var pass: TypesettingPass
    var lines: [LineRecord]
    var isTruncated: Bool
    var scale = 1.0
}

extension LabelTypesetter {
    /// Shrinks `full` (the text at full size, truncated) to the largest scale, in hundredths, down to the container's
    /// ``/LabelKitText/TextContainer/minimumScaleFactor``, that fits; then, if it still does not fit and the container
    /// allows it, tightens the tracking by as little as fits, up to 5 % of each run's font size. What is not kept is
    /// recycled.
    func fitting(_ full: consuming FittedText, limits: LineLimits, container: TextContainer) throws(LayoutError)
        -> FittedText
    {
        let original = full.pass.text
        let orientation = full.pass.verticalOrientation
        var best = full
        let smallest = Int((container.minimumScaleFactor * 100).rounded(.up))
        if smallest < 100 {
            // Hundredths known not to fit are above `high`; `low` is the smallest left to try.
            var low = smallest
            var high = 99
            var probe = Self.scaleEstimate(best, limits: limits).map { min(max($0, low), high) } ?? (low + high) / 2
            var fitted: FittedText? = nil
            while low <= high {
                var attempt = try lines(
                    of: original.scaled(by: Double(probe) / 100, tighteningBy: 0), limits,
                    verticalOrientation: orientation)
                attempt.scale = Double(probe) / 100
                if attempt.isTruncated {
                    high = probe - 1
                    attempt.pass.recycle()
                    // Next to a first probe that failed is likely the answer.
                    probe = fitted == nil && probe - 1 >= low ? probe - 1 : (low + high) / 2
                } else {
                    low = probe + 1
                    fitted?.pass.recycle()
                    fitted = attempt
                    probe = probe + 1 <= high && high - low > 2 ? probe + 1 : (low + high + 1) / 2
                }
            }
            best.pass.recycle()
            if let fitted {
                return fitted
            }
            // Even the smallest scale does not fit: lay out at it and truncate (or tighten, below).
            best = try lines(
                of: original.scaled(by: Double(smallest) / 100, tighteningBy: 0), limits,
                verticalOrientation: orientation)
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
        var fit = fit
        let scale = fit.scale
        var tightest = try lines(
            of: original.scaled(by: scale, tighteningBy: 0.05), limits,
            verticalOrientation: fit.pass.verticalOrientation)
        guard !tightest.isTruncated else {
            tightest.pass.recycle()
            return fit
        }
        fit.pass.recycle()
        tightest.scale = scale
        // Twentieths of the 5 %: the smallest that fits, by bisection; 20 is known to fit.
        var low = 1
        var high = 20
        var best = tightest
        while low < high {
            let middle = (low + high) / 2
            var attempt = try lines(
                of: original.scaled(by: scale, tighteningBy: 0.05 * Double(middle) / 20), limits,
                verticalOrientation: fit.pass.verticalOrientation)
            attempt.scale = scale
            if attempt.isTruncated {
                attempt.pass.recycle()
                low = middle + 1
            } else {
                best.pass.recycle()
                best = attempt
                high = middle
            }
        }
        return best
    }

    /// `text` shaped and broken into lines.
    private func lines(
        of text: StyledText, _ limits: LineLimits, verticalOrientation: TextOrientation?
    ) throws(LayoutError) -> FittedText {
        var pass = TypesettingPass(
            fontSystem: fontSystem, analyzer: analyzer, context: context, text: text, hyphenator: hyphenatorReference,
            verticalOrientation: verticalOrientation)
        try pass.shapeText()
        let (lines, truncated) = pass.breakLines(limits: limits)
        return FittedText(pass: pass, lines: lines, isTruncated: truncated)
    }

    /// A first guess, in hundredths, for a text of one paragraph cut to one line: the line's width over the text's,
    /// since widths scale with the font size. Nil for other texts.
    private static func scaleEstimate(_ fit: FittedText, limits: LineLimits) -> Int? {
        guard fit.lines.count == 1, fit.pass.buffers.paragraphs.count == 1, limits.maximumWidth.isFinite else {
            return nil
        }
        let paragraph = fit.pass.buffers.paragraphs[0]
        let width = fit.pass.advance(of: fit.pass.trimmingTrailingSpaces(paragraph.start..<paragraph.contentEnd))
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

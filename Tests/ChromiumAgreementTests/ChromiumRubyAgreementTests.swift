import Foundation
import LabelKit
import Testing

/// LabelKit's ruby (furigana) against CSS Ruby as Chromium lays it out: the same labels (``RubyLabel/corpus``) as
/// HTML `<ruby>` in one headless Chromium (`Tests/Oracles/chromium-ruby-oracle.py`), under the tests' own fontconfig
/// configuration (Tests/Fonts/fonts.conf), in Noto Sans CJK JP at the same px size (a LabelKit point is a CSS px at
/// scale 1), `line-height: normal`, `rt { font-size: 50% }`.
///
/// Checked, annotation by annotation: its centre over its base's centre, and its x on the line; its height and the
/// gap between it and its base; the base's width (spread when the annotation is wider); and per label, the line
/// count and where each line starts.
///
/// The CSS is chosen to ask Chromium for what LabelKit does (the driver's STYLE):
/// - `ruby-align: center` on `<rt>` for RubyAnnotation's default (`start` and `space-around` for the others): CSS's
///   initial value is `space-around`. Chromium 156 supports all three.
/// - `ruby-align: space-around` on the base, as LabelKit spreads a base narrower than its annotation.
/// - `ruby-overhang: none`: Chromium's default (`auto`) lets a wider annotation overhang the kana beside its base by
///   up to half an annotation character, pulling the text after it closer; LabelKit's reaches over kana by up to a
///   whole one (JIS X 4051), so both sides are compared without it (`RubyAnnotation.Overhang.none`).
/// - Each label is a block of its own (`display: flow-root`): Chromium lets a line's annotations use the room under
///   the em box of the line or block before it, which a label's first line does not have.
///
/// What Chromium 156 does that the figures must allow for:
/// - Vertically, Blink stacks an annotation's em box on its base's em box (`ruby_utils.cc`: the fonts' typo ascent and
///   descent normalised to 1 em — 0.88 and 0.12 for Noto Sans CJK), each inset from the content box floored to whole
///   px; the content boxes (ascent 1.16 em + descent 0.288 em) then overlap, by 4 px at 15 px, 6 at 20, 7 at 24. The
///   gap is compared between content boxes, which is what `getBoundingClientRect` and LabelKit's rects give.
/// - An annotation with `ruby-align: space-around` takes the zero-size blocks that mark its glyphs' ends as places to
///   spread too, so they move; they stay symmetric, so its centre is still Chromium's.
/// - A line's height is not compared: it follows from the gap, and Chromium also lets a line's annotations use the
///   room under the em box of the line before it. The lines test prints the largest difference in label height.
///
/// Environment: `CHROMIUM` names the browser (default `chromium` on the PATH); `CHROMIUM_AGREEMENT_VERBOSE=1` prints
/// every annotation's figures. Without a browser the suite is skipped, saying why on stderr.
@Suite(.enabled(if: ChromiumRubyOracle.isAvailable, "no chromium on the PATH: ruby is not checked against CSS Ruby"))
struct ChromiumRubyAgreementTests {
    /// Horizontal positions: Chromium keeps them in 1/64 px units and rounds each text fragment's advance up to one,
    /// so a few fragments on a line leave it a few hundredths of a px from LabelKit's fractional advances. Half a px
    /// is far above that and far below a misplaced annotation (a character of one is 7.5 px at 15 px).
    static let horizontalTolerance = 0.5
    /// Heights and gaps: Chromium rounds each font's ascent and descent to whole px (and on Linux may move a px from
    /// the ascent to the descent, so that descenders are not clipped), so each edge of a content box may be up to a
    /// px from LabelKit's unrounded metrics.
    static let verticalTolerance = 1.0

    static let verbose = ProcessInfo.processInfo.environment["CHROMIUM_AGREEMENT_VERBOSE"] == "1"

    /// Every corpus label laid out by both engines: one Chromium for the whole corpus, shared by the tests.
    static let measured: Result<(batch: ChromiumRubyBatch, comparisons: [RubyComparison]), any Error> = Result {
        try compare(RubyLabel.corpus)
    }

    static func compare(_ labels: [RubyLabel]) throws -> (batch: ChromiumRubyBatch, comparisons: [RubyComparison]) {
        let cases = labels.map(\.oracleCase)
        let input = try JSONSerialization.data(withJSONObject: ["cases": cases], options: [.sortedKeys])
        let batch = try ChromiumRubyOracle().measure(input)
        guard batch.results.count == labels.count else {
            throw ChromiumOracleError(description: "\(batch.results.count) answers for \(labels.count) labels")
        }
        print("ChromiumRubyAgreementTests: \(batch.chromium), \(labels.count) labels")
        let language = try LanguageTag("ja")
        let comparisons = try zip(labels, batch.results).map { label, chromium in
            let style = TextStyle(fontFamily: RubyLabel.fontFamily, fontSize: label.fontSize, language: language)
            let layout = try LabelTypesetter.system(style: style)
                .layout(label.attributed, in: TextContainer(width: label.width))
            return RubyComparison(label: label, layout: layout, chromium: chromium)
        }
        return (batch, comparisons)
    }

    static func comparisons() throws -> [RubyComparison] { try measured.get().comparisons }

    @Test("Chromium supports the CSS the comparison asks for, and LabelKit sets every glyph in the same face")
    func fairness() throws {
        let (batch, comparisons) = try Self.measured.get()
        for (declaration, supported) in batch.supports.sorted(by: { $0.key < $1.key }) {
            #expect(supported, "\(batch.chromium) does not support `\(declaration)`: the comparison is unfair")
        }
        for comparison in comparisons {
            let families = Set(comparison.layout.runs.map(\.face.familyName))
            #expect(
                families == [RubyLabel.fontFamily],
                "LabelKit sets \(comparison.label) in \(families.sorted()), not only \(RubyLabel.fontFamily)")
        }
    }

    /// The annotation pairs of the whole corpus, with a failure for each annotation LabelKit lacks.
    func pairs() throws -> [AnnotationPair] {
        let comparisons = try Self.comparisons()
        var all: [AnnotationPair] = []
        for comparison in comparisons {
            let (pairs, missing) = comparison.annotationPairs()
            for problem in missing { Issue.record(Comment(rawValue: problem)) }
            let labelKitCount = comparison.layout.inlineBoxes.filter {
                if case .ruby = $0.box.content { true } else { false }
            }.count
            #expect(
                labelKitCount == comparison.chromium.annotations.count,
                "\(labelKitCount) annotations in LabelKit, \(comparison.chromium.annotations.count) in Chromium: \(comparison.label)"
            )
            all += pairs
        }
        return all
    }

    @Test("the annotation's centre stands over its base's centre, at the same x, as in Chromium")
    func centres() throws {
        let pairs = try pairs()
        let overBase = FigureCheck(name: "annotation centre − base centre", tolerance: Self.horizontalTolerance) {
            ($0.labelKitCentreOffset, $0.chromiumCentreOffset)
        }
        // Only where both engines start the annotation's line, and every line before it, at the same character.
        let onLine = FigureCheck(name: "annotation centre x", tolerance: Self.horizontalTolerance) {
            $0.sameLine ? (Double($0.labelKitAnnotation.midX), Double($0.chromiumAnnotation.midX)) : nil
        }
        report([overBase.check(pairs), onLine.check(pairs)], pairs: pairs)
    }

    @Test("the annotation's height and the gap between it and its base agree with Chromium")
    func heightsAndGaps() throws {
        let pairs = try pairs()
        let height = FigureCheck(name: "annotation height", tolerance: Self.verticalTolerance) {
            (Double($0.labelKitAnnotation.height), Double($0.chromiumAnnotation.height))
        }
        let gap = FigureCheck(name: "gap between annotation and base", tolerance: Self.verticalTolerance) {
            ($0.labelKitGap, $0.chromiumGap)
        }
        report([height.check(pairs), gap.check(pairs)], pairs: pairs)
    }

    @Test("a base is as wide as in Chromium: spread to its annotation's width when that is wider")
    func baseWidths() throws {
        let pairs = try pairs()
        // In Chromium, a base spread to its annotation's width is as wide as the annotation's glyphs.
        let isSpread = { (pair: AnnotationPair) in
            pair.chromiumAnnotation.width > pair.chromiumBase.width - Self.horizontalTolerance
        }
        let spread = FigureCheck(
            name: "base width, spread (annotation as wide or wider)", tolerance: Self.horizontalTolerance
        ) {
            isSpread($0) ? (Double($0.labelKitBase.width), Double($0.chromiumBase.width)) : nil
        }
        let natural = FigureCheck(
            name: "base width, natural (annotation narrower)", tolerance: Self.horizontalTolerance
        ) {
            isSpread($0) ? nil : (Double($0.labelKitBase.width), Double($0.chromiumBase.width))
        }
        report([spread.check(pairs), natural.check(pairs)], pairs: [])
    }

    /// Label heights are printed, not checked: they follow from the gap (each line with ruby is taller in LabelKit by
    /// the gap's difference), and Chromium lets a line's annotations use the room under the line before it.
    @Test("lines: as many as Chromium's at the same width, starting at the same characters")
    func lines() throws {
        let comparisons = try Self.comparisons()
        var sameCount = 0
        var sameStarts = 0
        var heights = (difference: 0.0, label: "")
        for comparison in comparisons {
            let difference = comparison.layout.size.height - comparison.chromium.height
            if abs(difference) > abs(heights.difference) { heights = (difference, comparison.label.description) }
            let labelKit = comparison.labelKitLineStarts
            let chromium = comparison.chromium.lineStarts
            sameCount += labelKit.count == chromium.count ? 1 : 0
            sameStarts += labelKit == chromium ? 1 : 0
            #expect(
                labelKit.count == chromium.count,
                "line count: LabelKit \(labelKit.count), Chromium \(chromium.count): \(comparison.label)")
            #expect(
                labelKit == chromium, "line starts: LabelKit \(labelKit), Chromium \(chromium): \(comparison.label)")
            if Self.verbose {
                print(
                    "  lines \(labelKit) | \(chromium) height \(comparison.layout.size.height) | "
                        + "\(comparison.chromium.height): \(comparison.label)")
            }
        }
        print(
            "ChromiumRubyAgreementTests: line counts agree on \(sameCount) of \(comparisons.count) labels, "
                + "line starts on \(sameStarts)")
        print(
            "ChromiumRubyAgreementTests: label height (not checked): largest difference (LabelKit − Chromium) "
                + "\(format(heights.difference)) px at \(heights.label)")
    }

    private func report(_ summaries: [String], pairs: [AnnotationPair]) {
        for summary in summaries { print("ChromiumRubyAgreementTests: \(summary)") }
        guard Self.verbose else { return }
        for pair in pairs {
            print(
                """
                  \(pair)
                    LabelKit: annotation \(describe(pair.labelKitAnnotation)) base \(describe(pair.labelKitBase)) \
                gap \(format(pair.labelKitGap))
                    Chromium: annotation \(describe(pair.chromiumAnnotation)) base \(describe(pair.chromiumBase)) \
                gap \(format(pair.chromiumGap))
                """)
        }
    }
}

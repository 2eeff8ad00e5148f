// Fuzzes layout: a random attributed text in a random container, horizontal or vertical, through the system
// typesetter (ICU, fontconfig, HarfBuzz), then every query on the result, the public views, the layout cache and
// drawing — each checked against the invariants the documentation promises, not only for surviving. The text's bytes
// also go to the analyzer, the font fallback and the shaper as raw UTF-16, where lone surrogates are possible.
//
// The inputs are drawn in LayoutInputs.swift; the checks are in LayoutChecks.swift, OrientationChecks.swift,
// QueryChecks.swift, SelectionChecks.swift and BackendChecks.swift.
import Foundation
import FuzzSupport
import LabelKit

func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    var expectations = Expectations()
    // The first choice, so that one input in three is vertical (縦書き) however few choices it carries; a plain text
    // is horizontal.
    let writingMode: WritingMode = input.number(in: 0...2) == 2 ? .verticalRightToLeft : .horizontalTopToBottom
    let text = makeText(&input, expectations: &expectations)
    var container = makeContainer(&input, expectations: &expectations)
    container.writingMode = writingMode
    var style = TextStyle(fontFamily: input.pick(families), fontSize: input.pick(validSizes))
    if style.fontFamily == missingFamily { expectations.missingFont = true }
    style.paragraphStyle.alignment = input.pick(TextAlignment.allCases)
    // A text scale and a text style scale every size; a maximum caps them (not a number > 0: a typed error).
    style.textScale = TextScale(clampingTextScalingFactor: input.pick([1, 0.5, 0.8, 1.5, 3]))
    if input.number(in: 0...3) == 0 { style.dynamicTextStyle = input.pick(DynamicTextStyle.allCases) }
    if input.number(in: 0...3) == 0 {
        let maximum = input.pick([9.0, 24, 60, 0, -1, .nan])
        if !(maximum > 0 && maximum.isFinite) { expectations.invalidParameter = true }
        style.maximumFontSize = maximum
    }
    let typesetter = LabelTypesetter.system(style: style)
    if ProcessInfo.processInfo.environment["LABELKIT_FUZZ_DUMP"] != nil {
        // Triage: what the input decodes to, for turning a finding into a regression test.
        print("text:", text.characters.map { String($0).unicodeScalars.map { String($0.value, radix: 16) } })
        // Counted in scalars: a run may end inside a character (an attachment inserted before a combining mark), and
        // counting characters of such a slice traps in Foundation.
        for run in text.runs { print("run:", text.unicodeScalars[run.range].count, "scalars", run.attributes) }
        print("container:", container)
        print("style:", style)
        fflush(nil)
    }

    let layout: TextLayout
    do {
        layout = try typesetter.layout(text, in: container)
    } catch {
        switch error {
        case .invalidParameter: invariant(expectations.invalidParameter, "unexpected \(error)")
        case .font: invariant(expectations.missingFont, "unexpected \(error)")
        }
        return 0
    }
    checkMeasurement(layout, text: text, typesetter: typesetter)
    checkStructure(layout, text: text)
    checkHits(layout)
    checkQueries(layout, &input)
    checkAttachments(layout)
    checkSelectionAndCarets(layout, &input)
    // Checks that lay the text out again, only where that stays well within the time limit per input.
    let isLarge = input.textBytes.count > 65_536
    if !isLarge { checkTopEdge(layout, text: text, typesetter: typesetter) }
    if !isLarge, input.number(in: 0...7) == 0 { checkCache(layout, text: text, typesetter: typesetter) }
    if input.number(in: 0...3) == 0 { draw(layout, scale: input.pick([1, 2, 3])) }
    checkBackends(input.textBytes, family: style.fontFamily, &input)
    return 0
}

runFuzzer(fuzzLayout)

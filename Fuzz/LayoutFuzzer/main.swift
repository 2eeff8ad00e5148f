// Fuzzes layout: a random attributed text in a random container, horizontal or vertical, through the system
// typesetter (ICU, fontconfig, HarfBuzz), then every query on the result, the public views, the layout cache and
// drawing — each checked against the invariants the documentation promises, not only for surviving. The text's bytes
// also go to the analyzer, the font fallback and the shaper as raw UTF-16, where lone surrogates are possible.
import Foundation
import FuzzSupport
import LabelKit
import LabelKitCairo

/// Families to choose from: installed ones, a generic one, the emoji font by name, and one that does not exist.
let families = [
    "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans CJK JP", "monospace", "Noto Color Emoji",
    "No Such Family",
]
let missingFamily = "No Such Family"

/// Font sizes: ordinary, large, the largest allowed, and invalid ones.
let validSizes = [6.0, 11, 15, 17.5, 24, 72, 400, 10_000]
let invalidSizes = [0.0, -3, .nan, .infinity]

/// Truncation tokens: none ("…"), words, a link, right-to-left text, emoji, an empty one, and one wider than most
/// labels.
let tokens: [AttributedString?] = {
    var link = AttributedString("…more")
    link.link = URL(string: "labelkit://more")
    return [
        nil, AttributedString("…more"), link, AttributedString("…المزيد"), AttributedString("👀"),
        AttributedString(""), AttributedString(String(repeating: "token ", count: 40)),
    ]
}()

/// Tate-chu-yoko settings: none, all, and digit counts of CSS's range (2 to 4), below it, and absurd.
let combinations: [CombineUpright] = [
    .none, .all, .digits(0), .digits(1), .digits(2), .digits(4), .digits(-1), .digits(.max),
]

/// What made the input invalid on purpose, so that an error can be told from a bug.
struct Expectations {
    var invalidParameter = false
    var missingFont = false
}

/// A number that is one of `values`, or sometimes a fraction of `scale`.
func amount(_ input: inout FuzzInput, scale: Double, specials: [Double]) -> Double {
    input.flag() ? input.pick(specials) : input.fraction() * scale
}

/// A length the style validation accepts (finite, at most 10,000 either way), or sometimes one it rejects.
func styleLength(_ input: inout FuzzInput, scale: Double, _ expectations: inout Expectations) -> Double {
    let value = amount(&input, scale: scale, specials: [0, -scale, 10_000, -10_000, 20_000, .nan, .infinity])
    if !(value.isFinite && abs(value) <= 10_000) { expectations.invalidParameter = true }
    return value
}

func makeText(_ input: inout FuzzInput, expectations: inout Expectations) -> AttributedString {
    var text = AttributedString(input.text)
    let spans = input.number(in: 0...5)
    for _ in 0..<spans {
        let characterCount = text.characters.count
        let start = Int(input.fraction() * Double(max(characterCount - 1, 0)))
        let length = min(characterCount - start, 1 + Int(input.fraction() * Double(characterCount)))
        let lower = text.characters.index(text.startIndex, offsetBy: start)
        let upper = text.characters.index(lower, offsetBy: max(length, 0))
        let range = lower..<upper
        let kind = input.number(in: 0...12)
        // Attachments go in between characters, so that an empty text can get one too; the rest style a span.
        guard kind == 12 || !range.isEmpty else { continue }
        switch kind {
        case 0:
            if input.number(in: 0...7) == 0 {
                text[range].labelKit.fontSize = input.pick(invalidSizes)
                expectations.invalidParameter = true
            } else {
                text[range].labelKit.fontSize = input.pick(validSizes)
            }
        case 1:
            text[range].labelKit.fontWeight = input.pick([100, 400, 700, 900, 0, -5, 5_000])
            text[range].labelKit.italic = input.flag()
        case 2:
            let family = input.pick(families)
            text[range].labelKit.fontFamily = family
            if family == missingFamily { expectations.missingFont = true }
        case 3:
            text[range].link = URL(string: "https://example.com/\(start)")
            if input.flag() { text[range].labelKit.linkKind = input.pick([LinkKind.url, .mention, .custom("tag")]) }
        case 4:
            let kern = input.pick([-4.0, -0.5, 0.75, 3, .nan])
            if kern.isNaN { expectations.invalidParameter = true }
            text[range].labelKit.kern = kern
        case 5:
            text[range].labelKit.paragraphStyle = makeParagraphStyle(&input, &expectations)
        case 6:
            text[range].labelKit.underline = input.pick(LineDecoration.allCases)
            text[range].labelKit.strikethrough = input.pick(LineDecoration.allCases)
            text[range].labelKit.underlineColor = LabelColor(red: 1, green: input.fraction(), blue: 0)
        case 7:
            text[range].labelKit.foregroundColor = LabelColor(red: input.fraction(), green: 0.2, blue: 0.4)
            text[range].labelKit.backgroundColor = LabelColor(red: 0.9, green: input.fraction(), blue: 0.8)
        case 8:
            text[range].labelKit.tracking = styleLength(&input, scale: 8, &expectations)
            text[range].labelKit.baselineOffset = styleLength(&input, scale: 20, &expectations)
        case 9:
            let list = input.pick(["liga=0", "smcp, onum", "kern=0,+dlig", "-calt", "ss01=2", "zzzz=70000"])
            text[range].labelKit.fontFeatures = try? FontFeatures(parsing: list)
        case 10:
            let blur = styleLength(&input, scale: 6, &expectations)
            if blur < 0 { expectations.invalidParameter = true }
            text[range].labelKit.shadow = TextShadow(
                offsetX: styleLength(&input, scale: 4, &expectations), offsetY: 1, blurRadius: blur)
            text[range].labelKit.stroke = TextStroke(width: styleLength(&input, scale: 3, &expectations))
        case 11:
            // Tate-chu-yoko, ignored in horizontal text. Any digit count is valid: none at all or a negative one
            // combines nothing, and the largest combines every run of digits; never an error.
            text[range].labelKit.combineUpright = input.pick(combinations)
        default:
            text.insert(makeAttachment(&input, &expectations), at: lower)
        }
    }
    return text
}

func makeParagraphStyle(_ input: inout FuzzInput, _ expectations: inout Expectations) -> ParagraphStyle {
    var paragraph = ParagraphStyle()
    paragraph.alignment = input.pick(TextAlignment.allCases)
    paragraph.lineSpacing = amount(&input, scale: 30, specials: [0, 1e6, -1, .nan])
    paragraph.lineHeightMultiple = amount(&input, scale: 3, specials: [0, 0.01, 1e4, -2])
    paragraph.minimumLineHeight = amount(&input, scale: 60, specials: [0, 1e5, .infinity])
    paragraph.maximumLineHeight = amount(&input, scale: 60, specials: [0, 0.001, -1])
    paragraph.lineWrapping = input.pick(LineWrapping.allCases)
    paragraph.baseWritingDirection = input.pick([nil, WritingDirection.leftToRight, .rightToLeft])
    paragraph.firstLineHeadIndent = amount(&input, scale: 40, specials: [0, 1e5, -3])
    paragraph.headIndent = amount(&input, scale: 40, specials: [0, 1e5])
    paragraph.tailIndent = amount(&input, scale: 40, specials: [0, -20, .nan])
    paragraph.paragraphSpacingBefore = amount(&input, scale: 20, specials: [0, 1e6])
    paragraph.paragraphSpacing = amount(&input, scale: 20, specials: [0, -1])
    paragraph.lineBreakStrategy = input.pick(LineBreakStrategy.allCases)
    paragraph.wordBreak = input.pick(WordBreak.allCases)
    paragraph.hyphenation = input.pick(Hyphenation.allCases)
    // Any factor is clamped to 0…1 (NaN hyphenates nothing): never an error.
    paragraph.hyphenationFactor = input.pick([1, 0.5, 0, -1, 7, .nan])
    let values = [
        paragraph.lineSpacing, paragraph.lineHeightMultiple, paragraph.minimumLineHeight,
        paragraph.maximumLineHeight, paragraph.firstLineHeadIndent, paragraph.headIndent, paragraph.tailIndent,
        paragraph.paragraphSpacingBefore, paragraph.paragraphSpacing,
    ]
    if values.contains(where: { !($0.isFinite && $0 >= 0) }) || values.contains(where: { $0 > 10_000 }) {
        expectations.invalidParameter = true
    }
    return paragraph
}

func makeAttachment(_ input: inout FuzzInput, _ expectations: inout Expectations) -> AttributedString {
    let width = styleLength(&input, scale: 60, &expectations)
    let height = styleLength(&input, scale: 60, &expectations)
    if width < 0 || height < 0 { expectations.invalidParameter = true }
    let alignment = input.pick([
        AttachmentAlignment.baseline(offset: 0), .baseline(offset: -6), .baseline(offset: .nan), .center, .top,
        .bottom,
    ])
    if case .baseline(let offset) = alignment, offset.isNaN { expectations.invalidParameter = true }
    let content = input.pick([
        AttachmentContent.custom(identifier: "icon"), .image(.file(path: "/nonexistent/LabelKit/badge.png")),
    ])
    var attachment = AttributedString(
        attachment: TextAttachment(
            width: width, height: height, alignment: alignment, content: content, altText: input.flag() ? "badge" : ""))
    if input.flag() { attachment.link = URL(string: "https://example.com/badge") }
    return attachment
}

func makeContainer(_ input: inout FuzzInput, expectations: inout Expectations) -> TextContainer {
    var container = TextContainer()
    switch input.number(in: 0...7) {
    case 0: container.width = nil
    case 1: container.width = input.pick([0, 0.5, 1e9, -1, .nan, .infinity])
    default: container.width = input.fraction() * 600
    }
    switch input.number(in: 0...3) {
    case 0: container.height = input.fraction() * 300
    case 1: container.height = input.pick([0, 1e9, -5, .nan])
    default: container.height = nil
    }
    container.maximumNumberOfLines = input.flag() ? input.pick([0, 1, 2, 3, 1_000_000, -1]) : 0
    if input.flag() {
        container.insets = EdgeInsets(
            top: amount(&input, scale: 40, specials: [0, -1]), left: amount(&input, scale: 80, specials: [0, 1e7]),
            bottom: amount(&input, scale: 40, specials: [0, .nan]), right: amount(&input, scale: 80, specials: [0]))
    }
    container.verticalAlignment = input.pick(VerticalAlignment.allCases)
    container.truncation = input.pick(TruncationMode.allCases)
    container.truncationToken = input.pick(tokens)
    container.usesFontLeading = input.flag()
    container.displayScale = input.pick([1, 1, 2, 3, 1.5, 0.25, 1e6, 0, -1, .nan, .infinity])
    container.minimumScaleFactor = input.pick([1, 1, 0.5, 0.01, 0.3, 0, -1, 2, .nan])
    container.allowsTighteningForTruncation = input.flag()
    // How characters stand in vertical text (the writing mode is the input's first choice).
    container.textOrientation = input.pick(TextOrientation.allCases)

    let insets = container.insets
    let values = [container.width, container.height, insets.top, insets.left, insets.bottom, insets.right]
    if values.contains(where: { $0.map { !($0.isFinite && $0 >= 0) } ?? false }) || container.maximumNumberOfLines < 0
        || !(container.displayScale.isFinite && container.displayScale > 0)
        || !(container.minimumScaleFactor > 0 && container.minimumScaleFactor <= 1)
    {
        expectations.invalidParameter = true
    }
    return container
}

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

/// `measurement` plans the same lines as the layout: equal size, line count and truncation.
func checkMeasurement(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    do {
        let measured = try typesetter.measurement(text, in: layout.container)
        invariant(measured == TextMeasurement(layout), "measurement \(measured) ≠ layout \(TextMeasurement(layout))")
    } catch {
        invariant(false, "measurement threw \(error) where layout did not")
    }
}

/// Placement across the lines is on the pixel grid, and a label sized by its own measurement starts its first line at
/// its leading inset: the top one, or in vertical text the right one.
///
/// The typesetter stacks lines down the y of line coordinates from the inset before the first line, and snaps the
/// alignment offset along that axis: in horizontal text from the top inset, in the height; in vertical text from the
/// right inset, in the width — the first column's right edge, measured from the label's right edge.
func checkTopEdge(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    guard let first = layout.lines.first else { return }
    let container = layout.container
    let isVertical = layout.writingMode.isVertical
    let leadingInset = isVertical ? container.insets.right : container.insets.top
    let extent = isVertical ? container.width : container.height
    let measuredExtent = Double(isVertical ? layout.size.width : layout.size.height)
    let offset = (Double(first.rect.minY) - leadingInset) * container.displayScale
    invariant(abs(offset - offset.rounded()) < 1e-6 * max(1, abs(offset)), "offset \(offset) px is not whole")
    checkLeadingEdge(of: layout)
    guard extent != nil else {
        invariant(Double(first.rect.minY) == leadingInset, "an unbounded label starts at \(first.rect.minY)")
        return
    }
    guard extent != measuredExtent else { return }
    var selfSized = container
    if isVertical { selfSized.width = measuredExtent } else { selfSized.height = measuredExtent }
    guard let sized = try? typesetter.layout(text, in: selfSized) else {
        invariant(false, "the layout at its own \(isVertical ? "width" : "height") failed")
        return
    }
    // The same lines fit in the height they measure; the first starts at the top inset. Measured heights are rounded
    // up to whole points, so lines thinner than that rounding (a maximum line height of 0.006 pt) may fill the slack
    // below a height-limited layout's last line: more lines, but only within the last point.
    let shown = layout.lines.count
    let extraHeight =
        sized.lines.count > shown && shown > 0
        ? Double(sized.lines[sized.lines.count - 1].rect.maxY) - Double(sized.lines[shown - 1].rect.maxY) : 0
    invariant(
        sized.lines.count == shown || (sized.lines.count > shown && extraHeight < 1),
        "\(sized.lines.count) lines at its own \(isVertical ? "width" : "height"), not \(shown)")
    if let top = sized.lines.first?.rect.minY {
        invariant(Double(top) == leadingInset, "a self-sized label starts at \(top), not \(leadingInset)")
        checkLeadingEdge(of: sized)
    }
}

/// In the label's coordinates, the used rect begins where the first line does: at its top in horizontal text; in
/// vertical text at the right edge of the first column, which lies the first line's offset in from the label's right.
func checkLeadingEdge(of layout: TextLayout) {
    guard let first = layout.lines.first else { return }
    let band = layout.labelRect(fromLineRect: first.rect)
    let used = layout.usedRect
    guard layout.writingMode.isVertical else {
        invariant(used.minY == band.minY, "the used rect starts at \(used.minY), the first line at \(band.minY)")
        return
    }
    // Turning subtracts from the label's width: equal within a few rounding steps of the largest number involved.
    let width = Double(layout.bounds.width)
    let magnitude = [width, Double(used.minX), Double(used.width), Double(band.minX), 1].map(abs).max() ?? 1
    let tolerance = 4 * magnitude.ulp
    invariant(
        abs(Double(used.maxX) - Double(band.maxX)) <= tolerance,
        "the used rect ends at \(used.maxX), the first column at \(band.maxX)")
    invariant(
        abs(width - Double(band.maxX) - Double(first.rect.minY)) <= tolerance,
        "the first column ends \(width - Double(band.maxX)) from the right, not \(first.rect.minY)")
}

/// Every number is finite, every range lies inside the text (or the token), and the views agree with each other.
func checkStructure(_ layout: TextLayout, text: AttributedString) {
    let textLength = layout.string.utf16.count
    let tokenLength = layout.truncationTokenString?.utf16.count ?? 0
    func inside(_ range: Range<Int>, token: Bool) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= (token ? tokenLength : textLength)
    }
    invariant(layout.size.width.isFinite && layout.size.height.isFinite, "size \(layout.size)")
    invariant(layout.size.width >= 0 && layout.size.height >= 0, "negative size \(layout.size)")
    invariant(isFinite(layout.bounds) && isFinite(layout.usedRect), "bounds \(layout.bounds) used \(layout.usedRect)")
    let limit = layout.container.maximumNumberOfLines
    invariant(limit == 0 || layout.lines.count <= limit, "\(layout.lines.count) lines over the limit \(limit)")
    var runCount = 0
    for line in layout.lines {
        invariant(isFinite(line.rect) && line.baseline.isFinite, "line \(line.index) rect \(line.rect)")
        invariant(inside(line.textRange, token: false), "line range \(line.textRange) of \(textLength)")
        for run in line.runs {
            runCount += 1
            invariant(run.lineIndex == line.index, "run of line \(run.lineIndex) listed under \(line.index)")
            invariant(inside(run.textRange, token: run.isInTruncationToken), "run range \(run.textRange)")
            invariant(isFinite(run.rect), "run rect \(run.rect)")
            _ = run.face.familyName
            for glyph in run.glyphs {
                invariant(glyph.x.isFinite && glyph.y.isFinite && glyph.advance.isFinite, "glyph \(glyph)")
            }
            for cluster in run.clusters {
                invariant(inside(cluster.range, token: cluster.isInTruncationToken), "cluster \(cluster.range)")
                invariant(cluster.x.isFinite && cluster.width.isFinite, "cluster \(cluster)")
            }
        }
    }
    invariant(runCount == layout.runs.count, "lines hold \(runCount) runs, the layout \(layout.runs.count)")
    for link in layout.links {
        invariant(inside(link.range, token: link.isInTruncationToken), "link range \(link.range)")
    }
    if let token = layout.truncationTokenRect { invariant(isFinite(token), "token rect \(token)") }
    // The used rect holds every line, turned into the label's coordinates (columns in vertical text, where turning
    // subtracts from the label's width: equal to within a few of its rounding steps).
    let used = layout.usedRect
    for line in layout.lines {
        let band = layout.labelRect(fromLineRect: line.rect)
        let magnitude = [used.minX, used.maxX, used.minY, used.maxY, band.maxX, band.maxY, layout.bounds.width, 1].map {
            abs(Double($0))
        }
        let slack = 4 * (magnitude.max() ?? 1).ulp
        invariant(
            band.minX >= used.minX - slack && band.maxX <= used.maxX + slack && band.minY >= used.minY - slack
                && band.maxY <= used.maxY + slack, "line \(line.index) at \(band) is outside \(used)")
    }
    checkOrientations(layout, text: text)
}

/// How runs stand in their line: horizontal in horizontal text; in vertical text never horizontal, never turned in
/// upright orientation, and combined (tate-chu-yoko) exactly where the text asks for it — every run of an `.all` span;
/// under `.digits(n)` only clusters of ASCII digits, and a run of digits of one such span combined exactly when it is
/// at most n long (so n ≤ 0 combines nothing). Compression only ever narrows a combined run.
func checkOrientations(_ layout: TextLayout, text: AttributedString) {
    guard layout.writingMode.isVertical else {
        for run in layout.runs {
            invariant(run.orientation == .horizontal, "a \(run.orientation) run in horizontal text")
            invariant(run.combinedScale == 1, "a horizontal run compressed to \(run.combinedScale)")
        }
        return
    }
    let isUpright = layout.container.textOrientation == .upright
    var units: [UInt16]? = nil
    var spans: [(range: Range<Int>, value: CombineUpright)]? = nil
    for run in layout.runs {
        let orientation = run.orientation
        invariant(orientation != .horizontal, "a horizontal run \(run.textRange) in vertical text")
        invariant(!(isUpright && orientation == .sideways), "a sideways run \(run.textRange) in upright orientation")
        let scale = run.combinedScale
        invariant(
            scale.isFinite && scale > 0 && scale <= 1 && (orientation == .combinedUpright || scale == 1),
            "a \(orientation) run \(run.textRange) compressed to \(scale)")
        guard run.attachment == nil else {
            invariant(orientation == .upright, "an attachment set \(orientation)")
            continue
        }
        let combine = run.style.combineUpright
        switch combine {
        case .none:
            invariant(orientation != .combinedUpright, "run \(run.textRange) combined without being asked to")
        case .all:
            invariant(orientation == .combinedUpright, "run \(run.textRange) of an .all span is \(orientation)")
        case .digits(let limit):
            // The token's units are not the text's: its runs are checked for their kind only.
            if run.isInTruncationToken {
                invariant(orientation != .combinedUpright || limit > 0, "token run combined under \(combine)")
                continue
            }
            if units == nil { units = Array(layout.string.utf16) }
            if spans == nil { spans = combineSpans(of: text) }
            checkCombinedDigits(run, limit: limit, units: units ?? [], spans: spans ?? [])
        }
    }
}

/// The spans of the text that set `combineUpright`, as UTF-16 ranges.
func combineSpans(of text: AttributedString) -> [(range: Range<Int>, value: CombineUpright)] {
    var spans: [(range: Range<Int>, value: CombineUpright)] = []
    var offset = 0
    for (value, range) in text.runs[LabelAttributes.CombineUprightAttribute.self] {
        let length = String(text[range].characters).utf16.count
        if let value { spans.append((offset..<(offset + length), value)) }
        offset += length
    }
    return spans
}

/// A run of a `.digits(limit)` span: its clusters are combined only when they start with an ASCII digit of a run of
/// digits at most `limit` long — counted across the span's edge, as the typesetter does — and the first cluster of
/// such a run of digits that lies in the span alone is combined.
func checkCombinedDigits(
    _ run: GlyphRun, limit: Int, units: [UInt16], spans: [(range: Range<Int>, value: CombineUpright)]
) {
    func isDigit(_ offset: Int) -> Bool {
        units.indices.contains(offset) && units[offset] >= 0x30 && units[offset] <= 0x39
    }
    for cluster in run.clusters {
        let start = cluster.range.lowerBound
        let isCombined = run.orientation == .combinedUpright
        guard isDigit(start) else {
            invariant(!isCombined, "cluster \(cluster.range) combined under .digits(\(limit)) without a digit")
            continue
        }
        var digits = start..<(start + 1)
        while isDigit(digits.lowerBound - 1) { digits = (digits.lowerBound - 1)..<digits.upperBound }
        while isDigit(digits.upperBound) { digits = digits.lowerBound..<(digits.upperBound + 1) }
        if isCombined {
            invariant(
                limit > 0 && (digits.count <= limit || !isInOneSpan(digits, value: .digits(limit), spans)),
                "\(digits.count) digits at \(digits) combined under .digits(\(limit))")
        } else if start == digits.lowerBound, digits.count <= limit, isInOneSpan(digits, value: .digits(limit), spans) {
            invariant(false, "\(digits.count) digits at \(digits) not combined under .digits(\(limit))")
        }
    }
}

/// Whether `range` lies inside one span that sets `value`.
func isInOneSpan(_ range: Range<Int>, value: CombineUpright, _ spans: [(range: Range<Int>, value: CombineUpright)])
    -> Bool
{
    spans.contains {
        $0.value == value && $0.range.contains(range.lowerBound) && $0.range.upperBound >= range.upperBound
    }
}

/// The centre of each cluster's box hits that cluster, and lies in the rects of its range; the centre of each link
/// rect hits a link covering it. Boxes are in line coordinates, queries in the label's (turned in vertical text).
func checkHits(_ layout: TextLayout) {
    // Every cluster of ordinary labels; a sample of huge ones, so that one input stays well under the time limit.
    let clusterCount = layout.lines.reduce(0) { $0 + $1.clusters.count }
    let stride = max(1, clusterCount / 4_000)
    var seen = 0
    for line in layout.lines where line.rect.height > 1e-6 {
        for cluster in line.clusters {
            seen += 1
            // Positions are 32-bit floats: a million points out they step by 1/16 pt, a billion out by 64 pt
            // (CONTRIBUTING.md, "Reliability"), so clusters that far out are not told apart at their centres.
            guard seen % stride == 0, cluster.width > 1e-6, abs(cluster.x) < 1_000_000 else { continue }
            let centre = layout.labelPoint(fromLinePoint: CGPoint(x: cluster.x + cluster.width / 2, y: line.rect.midY))
            let hit = layout.character(at: centre)
            invariant(
                hit?.range == cluster.range && hit?.isInTruncationToken == cluster.isInTruncationToken
                    && hit?.lineIndex == line.index,
                "the centre \(centre) of cluster \(cluster) on line \(line.index) hits \(String(describing: hit))")
            // The same point is in the cluster's rects, which span the line's height and the cluster's advance (asked
            // on lines short enough that a scan of the line per cluster stays cheap).
            guard !cluster.isInTruncationToken, line.clusters.count <= 1_000 else { continue }
            let slack = 4 * max(1, abs(Double(centre.x)), abs(Double(centre.y))).ulp
            let fragments = layout.rects(for: cluster.range).map { $0.rect.insetBy(dx: -slack, dy: -slack) }
            invariant(
                fragments.contains { $0.contains(centre) },
                "the centre \(centre) of cluster \(cluster) is outside its rects \(fragments)")
            // A point in the cluster's first half along the line puts the caret before it, one in its second half
            // after it (in reading order: the halves swap in right-to-left text).
            for (share, before) in [(0.25, true), (0.75, false)] {
                let point = CGPoint(x: cluster.x + cluster.width * share, y: line.rect.midY)
                let position = layout.position(at: layout.labelPoint(fromLinePoint: point))
                let expected = before != cluster.isRightToLeft ? cluster.range.lowerBound : cluster.range.upperBound
                invariant(
                    position.index == expected,
                    "\(share) along cluster \(cluster) on line \(line.index) puts the caret at \(position.index)")
            }
        }
    }
    for index in layout.links.indices {
        for rect in layout.rects(forLink: index).map(\.rect) where rect.width > 1e-6 && rect.height > 1e-6 {
            let centre = CGPoint(x: rect.midX, y: rect.midY)
            guard let hit = layout.link(at: centre) else {
                invariant(false, "the centre \(centre) of link \(index)'s rect \(rect) hits no link")
                return
            }
            invariant(hit.distance == 0, "exact hit at distance \(hit.distance)")
            invariant(
                hit.rects.contains { $0.rect.insetBy(dx: -1e-6, dy: -1e-6).contains(centre) },
                "link \(hit.index) hit at \(centre) outside its rects \(hit.rects)")
        }
    }
}

/// Queries at random points, ranges and positions: answers in range and finite, never a crash.
func checkQueries(_ layout: TextLayout, _ input: inout FuzzInput) {
    let textLength = layout.string.utf16.count
    let bounds = layout.bounds
    for _ in 0..<input.number(in: 1...12) {
        let point: CGPoint
        switch input.number(in: 0...7) {
        case 0:
            point = CGPoint(x: input.pick([-1e12, .nan, .infinity, 0]), y: input.pick([-.infinity, .nan, 1e12, 0]))
        default:
            point = CGPoint(
                x: bounds.minX - 20 + input.fraction() * (bounds.width + 40),
                y: bounds.minY - 20 + input.fraction() * (bounds.height + 40))
        }
        if let hit = layout.character(at: point) {
            invariant(hit.lineIndex >= 0 && hit.lineIndex < layout.lines.count, "hit line \(hit.lineIndex)")
            invariant(hit.range.lowerBound >= 0, "hit range \(hit.range)")
        }
        let position = layout.position(at: point)
        invariant(position.index >= 0 && position.index <= textLength, "position \(position.index) of \(textLength)")
        if let caret = layout.caretRect(for: position) { checkCaret(caret, in: layout) }
        if point.x.isFinite, point.y.isFinite {
            // Turning a point into line coordinates and back gives it again, to a rounding step of the label's width.
            let back = layout.labelPoint(fromLinePoint: layout.linePoint(fromLabelPoint: point))
            let slack = 4 * max(1, abs(Double(point.x)), Double(bounds.width)).ulp
            invariant(
                abs(Double(back.x - point.x)) <= slack && back.y == point.y, "\(point) comes back as \(back)")
        }
        let radius = input.pick([0, 5, 10, 44, 1e9])
        if let hit = layout.link(at: point, radius: radius) {
            invariant(hit.index >= 0 && hit.index < layout.links.count, "link index \(hit.index)")
            invariant(hit.distance <= radius + 1e-9, "link at distance \(hit.distance) beyond radius \(radius)")
            invariant(hit.rects.map(\.rect).allSatisfy(isFinite), "link rects \(hit.rects)")
        }
        _ = layout.isInTruncationToken(at: point)
    }
    for _ in 0..<input.number(in: 1...6) {
        let lower = input.number(in: -3...(textLength + 3))
        let upper = max(lower, input.number(in: -3...(textLength + 3)))
        for fragment in layout.rects(for: lower..<upper) {
            invariant(isFinite(fragment.rect), "fragment \(fragment.rect)")
            invariant(fragment.lineIndex >= 0 && fragment.lineIndex < layout.lines.count, "fragment line")
        }
        if let box = layout.boundingRect(for: lower..<upper) { invariant(isFinite(box), "bounding rect \(box)") }
        let position = TextPosition(index: lower, affinity: input.flag() ? .upstream : .downstream)
        if let caret = layout.caretRect(for: position) { checkCaret(caret, in: layout) }
    }
}

/// A caret is finite and one point long along its line: a vertical bar in horizontal text, a horizontal bar across
/// the column in vertical text.
func checkCaret(_ caret: CGRect, in layout: TextLayout) {
    invariant(isFinite(caret), "caret \(caret)")
    let along = layout.writingMode.isVertical ? caret.height : caret.width
    invariant(along == 1, "caret \(caret) is \(along) long along its line")
}

/// Each attachment sits on a U+FFFC of the text (or the token), in a finite box its own size (upright in vertical
/// text: its width across the column, its height down it), and the centre of a box is hit as that attachment.
func checkAttachments(_ layout: TextLayout) {
    let units = Array(layout.string.utf16)
    let tokenUnits = Array((layout.truncationTokenString ?? "").utf16)
    for attachment in layout.attachments {
        let source = attachment.isInTruncationToken ? tokenUnits : units
        invariant(
            source.indices.contains(attachment.index) && source[attachment.index] == 0xFFFC,
            "attachment at \(attachment.index) is not on a U+FFFC")
        invariant(isFinite(attachment.rect), "attachment rect \(attachment.rect)")
        invariant(attachment.lineIndex >= 0 && attachment.lineIndex < layout.lines.count, "attachment line")
        invariant(
            abs(Double(attachment.rect.width) - attachment.attachment.width) < 1e-3
                && abs(Double(attachment.rect.height) - attachment.attachment.height) < 1e-3,
            "attachment box \(attachment.rect) is not \(attachment.attachment.width)×\(attachment.attachment.height)")
        guard attachment.rect.width > 1e-3, attachment.rect.height > 1e-3 else { continue }
        let centre = CGPoint(x: attachment.rect.midX, y: attachment.rect.midY)
        let hit = layout.attachment(at: centre)
        invariant(
            hit?.index == attachment.index,
            "the centre of attachment \(attachment.index) hits \(String(describing: hit))")
    }
}

/// Selection rectangles of random ranges are finite, on real lines, and never overlap on one line (along the line:
/// across the label in horizontal text, down it in vertical text); caret motion by arrow keys stays in the text, comes
/// to rest at the ends rather than cycling, and a key that moves across lines (Up and Down, or in vertical text Left
/// and Right) never takes the caret back the other way; word boundaries stay in range.
func checkSelectionAndCarets(_ layout: TextLayout, _ input: inout FuzzInput) {
    let length = layout.string.utf16.count
    let isVertical = layout.writingMode.isVertical
    for _ in 0..<input.number(in: 1...4) {
        let lower = input.number(in: 0...length)
        let upper = input.number(in: lower...length)
        let fragments = layout.selectionRects(for: lower..<upper)
        for fragment in fragments {
            invariant(isFinite(fragment.rect), "selection rect \(fragment.rect)")
            invariant(fragment.lineIndex >= 0 && fragment.lineIndex < layout.lines.count, "selection line")
        }
        for (index, a) in fragments.enumerated() {
            for b in fragments[(index + 1)...] where a.lineIndex == b.lineIndex {
                let overlap = a.rect.intersection(b.rect)
                let overlapAlongLine = isVertical ? overlap.height : overlap.width
                invariant(
                    overlap.isNull || overlapAlongLine < 1e-6, "selection rects overlap on line \(a.lineIndex)")
            }
        }
        _ = layout.plainText(in: lower..<upper)
    }
    guard length <= 512 else { return }
    // Between paragraphs of opposite direction the caret goes round, as Pango's does: at the left edge of a
    // right-to-left line Left goes on to the next line, at the left edge of a left-to-right one to the previous.
    // Within one direction it must come to rest (FuzzRegressionTests).
    let mustRest = Set(layout.lines.map { $0.paragraphLevel & 1 }).count <= 1
    for direction in VisualDirection.allCases {
        var position = TextPosition(index: input.number(in: 0...length))
        var steps = 0
        while true {
            let next = layout.position(movedVisually: direction, from: position)
            invariant(next.index >= 0 && next.index <= length, "caret moved to \(next.index) of \(length)")
            if next == position { break }
            checkLineStep(layout, direction, from: position, to: next)
            position = next
            steps += 1
            guard steps <= 4 * (length + layout.lines.count) + 8 else {
                invariant(!mustRest, "the caret keeps moving \(direction): a cycle")
                break
            }
        }
        let boundary = layout.lineBoundary(of: position, atEnd: input.flag())
        invariant(boundary.index >= 0 && boundary.index <= length, "line boundary \(boundary.index)")
    }
    let words = layout.words()
    for segment in words.segments {
        invariant(segment.range.lowerBound >= 0 && segment.range.upperBound <= length, "word \(segment.range)")
    }
    let index = input.number(in: 0...length)
    invariant(words.wordStart(before: index) <= index, "word start after \(index)")
    invariant(words.wordEnd(after: index) >= min(index, length), "word end before \(index)")
    let paragraph = layout.paragraphRange(containing: index)
    invariant(paragraph.lowerBound >= 0 && paragraph.upperBound <= length, "paragraph \(paragraph)")
}

/// A key that moves the caret across lines takes it to a line on that side or leaves it on its own: Down never
/// upwards in horizontal text, Left never rightwards in vertical text (where the next column is on the left).
/// Compared where both carets are shown, by their centres across the lines.
func checkLineStep(_ layout: TextLayout, _ direction: VisualDirection, from: TextPosition, to: TextPosition) {
    let isVertical = layout.writingMode.isVertical
    let sign: Double
    switch (direction, isVertical) {
    case (.down, false), (.left, true): sign = 1
    case (.up, false), (.right, true): sign = -1
    default: return
    }
    guard let before = layout.caretRect(for: from), let after = layout.caretRect(for: to) else { return }
    // Across the lines in line coordinates: y in horizontal text, the distance from the label's right in vertical.
    let across = { (caret: CGRect) in Double(isVertical ? -caret.midX : caret.midY) }
    let slack = 4 * max(1, abs(across(before)), abs(across(after))).ulp
    invariant(
        sign * (across(after) - across(before)) >= -slack,
        "\(direction) took the caret from \(from) at \(before) back to \(to) at \(after)")
}

/// The layout cache returns an equal layout on a miss and the same object on a hit.
func checkCache(_ layout: TextLayout, text: AttributedString, typesetter: LabelTypesetter) {
    let cache = TextLayoutCache(typesetter: typesetter, countLimit: 4)
    do {
        let first = try cache.layout(text, in: layout.container)
        let second = try cache.layout(text, in: layout.container)
        invariant(first === second || first.estimatedByteCount > cache.byteLimit, "a hit made a new layout")
        invariant(TextMeasurement(first) == TextMeasurement(layout), "the cached layout measures differently")
        invariant(first.lines.map(\.textRange) == layout.lines.map(\.textRange), "the cached layout breaks differently")
    } catch {
        invariant(false, "the cache threw \(error) where the typesetter did not")
    }
}

/// Draws layouts of a sensible size: a render error is fine, a crash is not. Glyphs over 1,000 pixels are left out:
/// Cairo alone takes most of a second to rasterize one CJK glyph at 10,000 (see CONTRIBUTING.md, "Reliability").
func draw(_ layout: TextLayout, scale: Double) {
    guard layout.bounds.width * scale <= 1_024, layout.bounds.height * scale <= 1_024 else { return }
    guard layout.runs.allSatisfy({ $0.style.fontSize * scale <= 1_000 }) else { return }
    var renderer = LabelRenderer(scale: scale)
    renderer.debug = layout.links.count % 2 == 1
    renderer.highlights = layout.links.indices.map {
        LabelRenderer.Highlight(rects: layout.rects(forLink: $0).map(\.rect), color: .link, cornerRadius: 3)
    }
    _ = try? renderer.render(layout)
}

/// The backends fed the text's bytes as UTF-16: boundaries, bidi levels, fallback faces and shaping (horizontal or
/// vertical), with lone surrogates and every other code unit a string cannot hold.
func checkBackends(_ bytes: [UInt8], family: String, _ input: inout FuzzInput) {
    guard bytes.count >= 2, bytes.count <= 8_192 else { return }
    let units = (0..<(bytes.count / 2)).map { UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8 }
    let count = units.count
    units.withUnsafeBufferPointer { text in
        var flags: [TextBoundaryFlags] = []
        ICUTextAnalyzer().analyzeBoundaries(of: text, into: &flags)
        invariant(flags.count == count + 1, "\(flags.count) boundary flags for \(count) code units")
        var levels: [UInt8] = []
        let direction = input.pick([nil, WritingDirection.leftToRight, .rightToLeft])
        _ = ICUTextAnalyzer().bidiLevels(of: text, paragraph: 0..<count, baseDirection: direction, into: &levels)
        invariant(levels.count == count, "\(levels.count) levels for \(count) code units")

        let fonts = SystemFontSystem.shared
        let descriptor = FontDescriptor(family: family == missingFamily ? "DejaVu Sans" : family)
        var start = 0
        var clusters = 0
        for offset in 1...count where flags[offset].contains(.graphemeBoundary) && clusters < 64 {
            let cluster = UnsafeBufferPointer(rebasing: text[start..<offset])
            _ = fonts.fallbackFace(for: cluster, descriptor: descriptor, emojiPresentation: clusters % 3 == 0)
            start = offset
            clusters += 1
        }
        guard let face = try? fonts.face(for: descriptor) else { return }
        let lower = input.number(in: 0...count)
        let upper = input.number(in: lower...count)
        var glyphs = ShapedGlyphBuffer()
        var options = ShapingOptions(size: input.pick(validSizes), rightToLeft: input.flag())
        // Top to bottom with the font's vertical forms and metrics, as an upright run of a column.
        options.vertical = input.flag()
        face.shape(text, range: lower..<upper, options: options, into: &glyphs)
        for cluster in glyphs.clusters {
            invariant(Int(cluster) >= lower && Int(cluster) < upper, "cluster \(cluster) outside \(lower)..<\(upper)")
        }
    }
}

runFuzzer(fuzzLayout)

// The fuzzed inputs: families, sizes, tokens, text with random attributes, paragraph styles, attachments and
// containers, each built from the fuzzer's bytes.
import Foundation
import FuzzSupport
import LabelKit

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
    /// Whether a span has ruby.
    var hasRuby = false
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
        let kind = input.number(in: 0...13)
        // Attachments go in between characters, so that an empty text can get one too; the rest style a span.
        guard kind == 13 || !range.isEmpty else { continue }
        switch kind {
        case 0:
            if input.number(in: 0...7) == 0 {
                text[range].labelKit.fontSize = input.pick(invalidSizes)
                expectations.invalidParameter = true
            } else if input.number(in: 0...3) == 0 {
                text[range].labelKit.textStyle = input.pick(DynamicTextStyle.allCases)
                let maximum = input.pick([8.0, 30, 0, .nan])
                if !(maximum > 0 && maximum.isFinite) { expectations.invalidParameter = true }
                text[range].labelKit.maximumFontSize = maximum
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
            text[range].labelKit.foregroundColor = input.pick([
                LabelColor(red: input.fraction(), green: 0.2, blue: 0.4), .secondaryLabel, .link,
                LabelColor(light: RGBAColor(hex: 0x202020), dark: RGBAColor(hex: 0xE0E0E0, alpha: input.fraction())),
            ])
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
        case 12:
            // Ruby over the span, group or mono, in any position, alignment and size. An empty part, a size factor
            // that is not a number > 0, more parts than the base has characters, or an attachment in the base is a
            // typed error: mono ruby and attachments may make one, so both allow it.
            let parts = (0..<input.number(in: 1...3)).map { _ in input.pick(["かんじ", "よ", "pīn yīn", "ルビ", ""]) }
            let factor = input.pick([0.5, 0.3, 1, 2, 0, -1, .nan, .infinity])
            text[range].labelKit.ruby = RubyAnnotation(
                parts: parts, position: input.pick(RubyAnnotation.Position.allCases),
                alignment: input.pick(RubyAnnotation.Alignment.allCases), sizeFactor: factor)
            if parts.contains("") || parts.count > 1 || !(factor > 0 && factor.isFinite) {
                expectations.invalidParameter = true
            }
            expectations.hasRuby = true
        default:
            text.insert(makeAttachment(&input, &expectations), at: lower)
        }
    }
    // An attachment inserted into a ruby's base, before or after the ruby was set, is a typed error.
    if expectations.hasRuby, text.characters.contains(TextAttachment.character) { expectations.invalidParameter = true }
    return text
}

func makeParagraphStyle(_ input: inout FuzzInput, _ expectations: inout Expectations) -> ParagraphStyle {
    var paragraph = ParagraphStyle()
    paragraph.alignment = input.pick(TextAlignment.allCases)
    paragraph.lineSpacing = amount(&input, scale: 30, specials: [0, 1e6, -1, .nan])
    paragraph.lineHeightMultiple = amount(&input, scale: 3, specials: [0, 0.01, 1e4, -2])
    paragraph.minimumLineHeight = amount(&input, scale: 60, specials: [0, 1e5, .infinity])
    paragraph.maximumLineHeight = amount(&input, scale: 60, specials: [0, 0.001, -1])
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

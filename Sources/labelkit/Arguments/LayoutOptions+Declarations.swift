import LabelKit

/// The layout options every laying-out command accepts, each declared once: name, value, help and batch key.
extension LayoutOptions {
    static let font = Option(
        "font", .string(placeholder: "FAMILY"), batchKey: "font",
        help: "font family (default \"DejaVu Sans\", or the first family of --font-file)")
    static let fontFile = Option(
        "font-file", .string(placeholder: "PATH"),
        help: "register a TrueType/OpenType font file (TTF, OTF, TTC) and use its families")
    static let size = Option(
        "size", .number(minimum: 0.001), batchKey: "size", help: "font size in pixels (default 15)")
    static let textStyle = Option<DynamicTextStyle>(
        "text-style", .choice(placeholder: "STYLE"), batchKey: "textStyle",
        help: "size the text as this text style (\(DynamicTextStyle.choices)) instead of --size; headline is "
            + "semibold")
    static let textScale = Option(
        "text-scale", .textScale, batchKey: "textScale",
        help: "the person's text size, 0.5 to 3 (default 1): every size is scaled by it, large text less than small "
            + "text, as the system's text size setting does")
    static let maximumFontSize = Option(
        "maximum-font-size", .number(minimum: 0.001), batchKey: "maximumFontSize",
        help: "the largest size text may have once --text-scale has scaled it, where its run sets no "
            + "\"maximumFontSize\" (default: no limit)")
    static let appearance = Option<Appearance.ColorScheme>(
        "appearance", .choice(placeholder: "SCHEME"), batchKey: "appearance",
        help: "\(Appearance.ColorScheme.choices): the colours render draws (dynamic and named colours take their value "
            + "for it); measuring, hits and rects are the same in both (default light)")
    static let contrast = Option<Appearance.Contrast>(
        "contrast", .choice(placeholder: "LEVEL"), batchKey: "contrast",
        help: "\(Appearance.Contrast.choices): high draws a colour's high-contrast variant where it has one "
            + "(default normal)")
    static let lang = Option(
        "lang", .languageTag, batchKey: "lang",
        help: "the text's language, a BCP 47 tag (ja, zh-Hans, zh-Hant, zh-HK, ko, sr…): picks the fallback font for "
            + "Han characters and the font's localized forms (default: none)")
    static let width = Option(
        "width", .number(minimum: 0), batchKey: "width", help: "wrap at this width (default: no limit)")
    static let height = Option(
        "height", .number(minimum: 0), batchKey: "height",
        help: "bounds height: limits the lines and places them by --valign (default: the text's height)")
    static let lines = Option(
        "lines", .wholeNumber(minimum: 0), batchKey: "lines",
        help: "at most N lines over the whole label; 0 = no limit (default 0)")
    static let truncate = Option<TruncationMode>(
        "truncate", .choice(placeholder: "MODE"), help: "\(TruncationMode.choices) (default tail)")
    static let token = Option(
        "token", .string(placeholder: "TEXT"),
        help: "truncation token, e.g. \"…more\" (default \"…\"; markup allowed with --markup)")
    static let align = Option<TextAlignment>(
        "align", .choice(placeholder: "ALIGNMENT"), help: "\(TextAlignment.choices) (default natural)")
    static let valign = Option<VerticalAlignment>(
        "valign", .choice(placeholder: "ALIGNMENT"),
        help: "\(VerticalAlignment.choices) inside --height (default center)")
    static let inset = Option(
        "inset", OptionValue.numbers(["t", "l", "b", "r"], minimum: 0).map(Self.insets),
        help: "insets in pixels (default 0,0,0,0)")
    static let lineSpacing = Option(
        "line-spacing", .number(minimum: 0), help: "extra space between lines (default 0)")
    static let indent = Option(
        "indent", .number(minimum: 0), batchKey: "indent",
        help: "indent the first line of each paragraph from the leading edge (default 0)")
    static let headIndent = Option(
        "head-indent", .number(minimum: 0), batchKey: "headIndent",
        help: "indent the other lines from the leading edge (default 0)")
    static let tailIndent = Option(
        "tail-indent", .number(minimum: 0), batchKey: "tailIndent",
        help: "keep every line this far from the trailing edge (default 0)")
    static let paragraphSpacing = Option(
        "paragraph-spacing",
        OptionValue.numbers(["before", "after"], minimum: 0, placeholder: "B,A").map(Self.spacing),
        batchKey: "paragraphSpacing", help: "space before and after each paragraph, in pixels (default 0,0)")
    static let wrap = Option<WrapChoice>(
        "wrap", .choice(placeholder: "STRATEGY"), batchKey: "wrap",
        help: "\(WrapChoice.choices): fill each line, even the lines out, or keep the last line from being short "
            + "(default greedy)")
    static let wordBreak = Option<WordBreakChoice>(
        "word-break", .choice(placeholder: "RULE"), batchKey: "wordBreak",
        help: "\(WordBreakChoice.choices): keep-all breaks Korean and CJK only at spaces and punctuation, anywhere "
            + "between any two characters (default normal)")
    static let hyphenate = Option(
        "hyphenate", .switchable, batchKey: "hyphenate",
        help: "hyphenate words from the dictionary of their language (--lang; English without one) at line ends")
    static let hyphenationFactor = Option(
        "hyphenation-factor", .scale,
        help: "with --hyphenate: hyphenate when the line without the word fills less than F of the width (default 1)")
    static let minScale = Option(
        "min-scale", .scale, batchKey: "minScale",
        help: "shrink the text down to this scale (0 < F ≤ 1) rather than truncate it; measure then prints \"scale\"")
    static let tighten = Option(
        "tighten", .switchable, batchKey: "tighten",
        help: "narrow the tracking by up to 5% of the font size rather than truncate")
    static let vertical = Option(
        "vertical", .switchable, batchKey: "vertical",
        help: "set the text in vertical columns, top to bottom and right to left (縦書き); --height is then the column "
            + "length, --lines counts columns, and measure's \"lines\" is the number of columns")
    static let orientation = Option<TextOrientation>(
        "orientation", .choice(placeholder: "MODE"), batchKey: "orientation",
        help: "with --vertical, \(TextOrientation.choices): CJK upright and Latin turned by Unicode's "
            + "Vertical_Orientation, or every character upright (default mixed)")
    static let markup = Option(
        "markup", .flag,
        help: "read [text](url) links, **bold**, *italic*, ![alt](image.png) and {漢字|かんじ} ruby ({漢字|かん|じ} "
            + "per character) in TEXT (one of --markup, --html, --pango-markup and --runs at most)")
    static let runs = Option(
        "runs", .flag,
        help: "TEXT is a JSON array of styled runs: {\"text\":\"…\"} with any of \"font\", \"size\", \"textStyle\" "
            + "(as --text-style), \"maximumFontSize\", \"weight\", \"italic\", \"color\", \"background\" (each colour "
            + "#rrggbb, #rrggbbaa, a named colour as --background takes, or {\"light\":\"#rrggbb\",\"dark\":\"#rrggbb\"} "
            + "with optional \"lightHighContrast\" and \"darkHighContrast\"), \"underline\", \"strikethrough\" "
            + "(single|thick|double|dotted|dashed), \"underlineColor\", \"strikethroughColor\", \"baselineOffset\" "
            + "(up is positive), \"tracking\", \"features\" (\"tnum,-liga\"), \"shadow\" ({\"x\", \"y\", \"blur\", "
            + "\"color\"}), \"stroke\" ({\"width\", \"color\"}; negative fills too), \"link\" (a URL), \"attachment\" "
            + "({\"width\", \"height\", \"align\":\"baseline|center|top|bottom\", \"offset\", \"image\":\"file.png\", "
            + "\"alt\"}; the run's \"text\" is then ignored), \"lang\" (a BCP 47 tag, as --lang), \"combineUpright\" "
            + "(with --vertical: \"all\" sets the run across one cell of the column, N each run of up to N digits), "
            + "\"ruby\" (furigana over the run: \"かんじ\", or {\"text\":\"かんじ\"} or {\"parts\":[\"かん\",\"じ\"]} "
            + "(one per character) with optional \"position\":\"over|under\", \"align\":\"center|start|space-around\" "
            + "and \"size\" (of the run's size, default 0.5))")
    static let detect = Option(
        "detect", .linkKinds,
        help: "detect links of these kinds (url,email,phone,mention,hashtag,cashtag) and lay them out, draw and hit "
            + "them like explicit links")

    /// Every layout option, in the order `--help` lists them.
    static let options: [any OptionDeclaration] = [
        font, fontFile, size, textStyle, textScale, maximumFontSize, appearance, contrast, lang, width, height, lines,
        truncate, token, align, valign, inset, lineSpacing, lineHeight, indent,
        headIndent, tailIndent, paragraphSpacing, tabStops, tabInterval, wrap, wordBreak, hyphenate, hyphenationFactor,
        minScale, tighten, vertical, orientation, markup, html, pangoMarkup, runs, detect,
    ]

    @Sendable private static func insets(_ values: [Double]) -> EdgeInsets {
        EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    @Sendable private static func spacing(_ values: [Double]) -> ParagraphSpacing {
        ParagraphSpacing(before: values[0], after: values[1])
    }
}

/// The space `--paragraph-spacing` puts before and after each paragraph.
struct ParagraphSpacing: Sendable {
    var before: Double
    var after: Double
}

/// `--wrap`'s values: the API's names (``LineBreakStrategy``), and `balance`, CSS `text-wrap`'s name, as an alias of
/// `balanced` that help does not list.
enum WrapChoice: String, Sendable, CaseIterable {
    case greedy, balanced, pretty

    /// The choice named `rawValue`, or `balance` for `balanced`.
    init?(rawValue: String) {
        switch rawValue {
        case "greedy": self = .greedy
        case "balanced", "balance": self = .balanced
        case "pretty": self = .pretty
        default: return nil
        }
    }

    var strategy: LineBreakStrategy {
        switch self {
        case .greedy: .greedy
        case .balanced: .balanced
        case .pretty: .pretty
        }
    }
}

/// `--word-break`'s values, as CSS names them (`word-break: normal | keep-all`, `line-break: anywhere`).
enum WordBreakChoice: String, Sendable, CaseIterable {
    case normal
    case keepAll = "keep-all"
    case anywhere

    var wordBreak: WordBreak {
        switch self {
        case .normal: .normal
        case .keepAll: .keepAll
        case .anywhere: .anywhere
        }
    }
}

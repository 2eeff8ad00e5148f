import Foundation
import LabelKit

/// The layout options every command shares: font, size, width, limits, alignment, insets and markup.
struct LayoutOptions: Sendable {
    static let valued: Set<String> = [
        "font", "size", "width", "lines", "truncate", "align", "line-spacing", "height", "valign", "inset", "token",
        "detect", "font-file", "indent", "head-indent", "tail-indent", "paragraph-spacing",
    ]
    static let flags: Set<String> = ["markup", "runs"]
    static let help = """
          --font FAMILY           font family (default "DejaVu Sans", or the first family of --font-file)
          --font-file PATH        register a TrueType/OpenType font file (TTF, OTF, TTC) and use its families
          --size PX               font size in pixels (default 15)
          --width PX              wrap at this width (default: no limit)
          --height PX             bounds height: limits the lines and places them by --valign (default: the text's height)
          --lines N               at most N lines over the whole label; 0 = no limit (default 0)
          --truncate MODE         head|middle|tail|clip (default tail)
          --token TEXT            truncation token, e.g. "…more" (default "…"; markup allowed with --markup)
          --align ALIGNMENT       natural|left|right|center|justified (default natural)
          --valign ALIGNMENT      top|center|bottom inside --height (default center)
          --inset T,L,B,R         insets in pixels (default 0,0,0,0)
          --line-spacing PX       extra space between lines (default 0)
          --indent PX             indent the first line of each paragraph from the leading edge (default 0)
          --head-indent PX        indent the other lines from the leading edge (default 0)
          --tail-indent PX        keep every line this far from the trailing edge (default 0)
          --paragraph-spacing B,A space before and after each paragraph, in pixels (default 0,0)
          --markup                read [text](url) links, **bold**, *italic* and ![alt](image.png) in TEXT
          --runs                  TEXT is a JSON array of styled runs: {"text":"…"} with any of "font", "size",
                                  "weight", "italic", "color", "background" (#rrggbb or #rrggbbaa), "underline",
                                  "strikethrough" (single|thick|double|dotted|dashed), "underlineColor",
                                  "strikethroughColor", "baselineOffset" (up is positive), "tracking", "features"
                                  ("tnum,-liga"), "shadow" ({"x","y","blur","color"}), "stroke" ({"width","color"};
                                  negative fills too), "link" (a URL), "attachment" ({"width","height",
                                  "align":"baseline|center|top|bottom","offset","image":"file.png","alt"}; the run's
                                  "text" is then ignored)
          --detect KINDS          detect links of these kinds (url,email,phone,mention,hashtag,cashtag) and lay them
                                  out, draw and hit them like explicit links
        """

    var font = "DejaVu Sans"
    var size = 15.0
    var width: Double? = nil
    var height: Double? = nil
    var lines = 0
    var truncation = TruncationMode.tail
    var token: String? = nil
    var alignment = TextAlignment.natural
    var verticalAlignment = VerticalAlignment.center
    var insets = EdgeInsets.zero
    var lineSpacing = 0.0
    var markup = false
    var detectedKinds: LinkKinds? = nil
    var firstLineIndent = 0.0
    var headIndent = 0.0
    var tailIndent = 0.0
    var paragraphSpacingBefore = 0.0
    var paragraphSpacingAfter = 0.0
    /// The pixel grid vertical alignment snaps to: `render` sets its `--scale`.
    var displayScale = 1.0

    init(_ arguments: CommandLineArguments) throws(UsageError) {
        if let path = arguments.string("font-file") {
            do {
                let families = try SystemFontSystem.shared.registerFont(at: path)
                if let first = families.first { font = first }
            } catch {
                throw UsageError(message: "--font-file: \(error.description)")
            }
        }
        if let font = arguments.string("font") { self.font = font }
        if let size = try arguments.double("size", minimum: 0.001) { self.size = size }
        width = try arguments.double("width", minimum: 0)
        height = try arguments.double("height", minimum: 0)
        if let lines = try arguments.integer("lines", minimum: 0) { self.lines = lines }
        if let truncation = try arguments.choice("truncate", of: TruncationMode.self) { self.truncation = truncation }
        token = arguments.string("token")
        if let alignment = try arguments.choice("align", of: TextAlignment.self) { self.alignment = alignment }
        if let valign = try arguments.choice("valign", of: VerticalAlignment.self) { verticalAlignment = valign }
        if let spacing = try arguments.double("line-spacing", minimum: 0) { lineSpacing = spacing }
        if let inset = arguments.string("inset") { insets = try Self.parseInsets(inset) }
        markup = arguments.has("markup")
        if arguments.has("markup"), arguments.has("runs") {
            throw UsageError(message: "give either --markup or --runs, not both")
        }
        if let indent = try arguments.double("indent", minimum: 0) { firstLineIndent = indent }
        if let indent = try arguments.double("head-indent", minimum: 0) { headIndent = indent }
        if let indent = try arguments.double("tail-indent", minimum: 0) { tailIndent = indent }
        if let spacing = arguments.string("paragraph-spacing") {
            (paragraphSpacingBefore, paragraphSpacingAfter) = try Self.parseSpacing(spacing)
        }
        if let names = arguments.string("detect") {
            do {
                detectedKinds = try LinkKinds(names: names)
            } catch {
                throw UsageError(message: "--detect: \(error.description)")
            }
        }
    }

    static func parseInsets(_ text: String) throws(UsageError) -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let top = parts[0], let left = parts[1], let bottom = parts[2], let right = parts[3],
            [top, left, bottom, right].allSatisfy({ $0.isFinite && $0 >= 0 })
        else { throw UsageError(message: "--inset needs four numbers ≥ 0 as T,L,B,R, not '\(text)'") }
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    static func parseSpacing(_ text: String) throws(UsageError) -> (before: Double, after: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let before = parts[0], let after = parts[1], before.isFinite, after.isFinite,
            before >= 0, after >= 0
        else { throw UsageError(message: "--paragraph-spacing needs two numbers ≥ 0 as BEFORE,AFTER, not '\(text)'") }
        return (before, after)
    }

    /// Applies the layout keys of a batch record (`width`, `lines`, `font`, `size`, `height`, `indent`,
    /// `headIndent`, `tailIndent`, `paragraphSpacing`).
    func applying(_ record: BatchRecord) throws(UsageError) -> LayoutOptions {
        var options = self
        if let indent = try record.nonNegativeNumber("indent") { options.firstLineIndent = indent }
        if let indent = try record.nonNegativeNumber("headIndent") { options.headIndent = indent }
        if let indent = try record.nonNegativeNumber("tailIndent") { options.tailIndent = indent }
        if let spacing = try record.paragraphSpacing() {
            (options.paragraphSpacingBefore, options.paragraphSpacingAfter) = spacing
        }
        if let width = try record.nonNegativeNumber("width") { options.width = width }
        if let height = try record.nonNegativeNumber("height") { options.height = height }
        if let size = try record.nonNegativeNumber("size") {
            guard size > 0 else { throw UsageError(message: "line \(record.line): \"size\" must be > 0") }
            options.size = size
        }
        if let lines = try record.nonNegativeNumber("lines") {
            guard lines == lines.rounded() else {
                throw UsageError(message: "line \(record.line): \"lines\" must be a whole number")
            }
            guard let count = Int(exactly: lines) else {
                throw UsageError(message: "line \(record.line): \"lines\" must be below 2^63")
            }
            options.lines = count
        }
        if let family = try record.string("font") { options.font = family }
        return options
    }

    var style: TextStyle {
        var paragraph = ParagraphStyle()
        paragraph.alignment = alignment
        paragraph.lineSpacing = lineSpacing
        paragraph.firstLineHeadIndent = firstLineIndent
        paragraph.headIndent = headIndent
        paragraph.tailIndent = tailIndent
        paragraph.paragraphSpacingBefore = paragraphSpacingBefore
        paragraph.paragraphSpacing = paragraphSpacingAfter
        return TextStyle(fontFamily: font, fontSize: size, paragraphStyle: paragraph)
    }

    var container: TextContainer {
        TextContainer(
            width: width, height: height, maximumNumberOfLines: lines, insets: insets,
            verticalAlignment: verticalAlignment, truncation: truncation,
            truncationToken: token.map(attributedText), displayScale: displayScale
        )
    }

    /// TEXT as markup (with `--markup`) or as it is, with links detected (with `--detect`): for the truncation token
    /// and checkbox titles.
    func attributedText(_ text: String) -> AttributedString {
        let attributed = markup ? markupText(text) : AttributedString(text)
        return detectingLinks(in: attributed)
    }

    /// What `source` lays out as: its runs, or its text as ``attributedText(_:)`` reads it.
    func attributedText(_ source: TextSource) -> AttributedString {
        switch source {
        case .text(let text): attributedText(text)
        case .runs(let runs): detectingLinks(in: runs)
        }
    }

    private func detectingLinks(in text: AttributedString) -> AttributedString {
        guard let detectedKinds else { return text }
        return LinkDetector(kinds: detectedKinds).detectLinks(in: text).text
    }

    /// Markup with its images as tall as the text of a line (the base font's ascent and descent), centred on it.
    private func markupText(_ text: String) -> AttributedString {
        LabelMarkup.attributedString(text, imageHeight: textHeight)
    }

    /// The height of a line of the base font's text, for `![alt](image.png)`: its ascent and descent at the size.
    private var textHeight: Double {
        let typesetter = LabelTypesetter.system(style: style)
        guard let face = try? typesetter.fontSystem.face(for: style.fontDescriptor) else { return size * 1.2 }
        let metrics = face.metrics(size: size)
        return metrics.ascent + metrics.descent
    }

    /// Whether TEXT is laid out as it is, in one style: no markup to read and no links to detect.
    private func isPlain(_ source: TextSource) -> Bool {
        guard case .text = source else { return false }
        return !markup && detectedKinds == nil
    }

    /// Lays `source` out; layout errors (an unknown font) become usage errors.
    func layout(_ source: TextSource, prefix: String = "") throws(UsageError) -> TextLayout {
        do {
            let typesetter = LabelTypesetter.system(style: style)
            // Plain text goes through the typesetter's String entry point, which builds no AttributedString.
            if isPlain(source), case .text(let text) = source { return try typesetter.layout(text, in: container) }
            return try typesetter.layout(attributedText(source), in: container)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }

    /// Measures `source` without positioning glyphs: the size, line count and truncation `layout(_:prefix:)` has.
    func measure(_ source: TextSource, prefix: String = "") throws(UsageError) -> TextMeasurement {
        do {
            let typesetter = LabelTypesetter.system(style: style)
            let container = self.container
            guard isPlain(source), case .text(let text) = source else {
                return try typesetter.measurement(attributedText(source), in: container)
            }
            // The plain String entry point takes a width and a line limit only: other containers are laid out.
            let simple = TextContainer(width: container.width, maximumNumberOfLines: container.maximumNumberOfLines)
            guard container == simple else { return TextMeasurement(try typesetter.layout(text, in: container)) }
            return try typesetter.measurement(
                text, width: container.width, numberOfLines: container.maximumNumberOfLines)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }
}

import Foundation
import LabelKit

/// The layout options every command shares: font, size, width, limits, alignment, insets and markup.
struct LayoutOptions: Sendable {
    static let valued: Set<String> = [
        "font", "size", "width", "lines", "truncate", "align", "line-spacing", "height", "valign", "inset", "token",
        "detect", "font-file",
    ]
    static let flags: Set<String> = ["markup"]
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
          --markup                read [text](url) links, **bold** and *italic* in TEXT
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

    /// Applies the layout keys of a batch record (`width`, `lines`, `font`, `size`, `height`).
    func applying(_ record: BatchRecord) throws(UsageError) -> LayoutOptions {
        var options = self
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
        return TextStyle(fontFamily: font, fontSize: size, paragraphStyle: paragraph)
    }

    var container: TextContainer {
        TextContainer(
            width: width, height: height, maximumNumberOfLines: lines, insets: insets,
            verticalAlignment: verticalAlignment, truncation: truncation,
            truncationToken: token.map(attributedText), displayScale: displayScale
        )
    }

    func attributedText(_ text: String) -> AttributedString {
        let attributed = markup ? LabelMarkup.attributedString(text) : AttributedString(text)
        guard let detectedKinds else { return attributed }
        return LinkDetector(kinds: detectedKinds).detectLinks(in: attributed).text
    }

    /// Whether TEXT is laid out as it is, in one style: no markup to read and no links to detect.
    private var isPlain: Bool { !markup && detectedKinds == nil }

    /// Lays `text` out; layout errors (an unknown font) become usage errors.
    func layout(_ text: String, prefix: String = "") throws(UsageError) -> TextLayout {
        do {
            let typesetter = LabelTypesetter.system(style: style)
            // Plain text goes through the typesetter's String entry point, which builds no AttributedString.
            return isPlain
                ? try typesetter.layout(text, in: container)
                : try typesetter.layout(attributedText(text), in: container)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }

    /// Measures `text` without positioning glyphs: the size, line count and truncation `layout(_:prefix:)` has.
    func measure(_ text: String, prefix: String = "") throws(UsageError) -> TextMeasurement {
        do {
            let typesetter = LabelTypesetter.system(style: style)
            let container = self.container
            guard isPlain else { return try typesetter.sizeThatFits(attributedText(text), in: container) }
            // The plain String entry point takes a width and a line limit only: other containers are laid out.
            let simple = TextContainer(width: container.width, maximumNumberOfLines: container.maximumNumberOfLines)
            guard container == simple else { return TextMeasurement(try typesetter.layout(text, in: container)) }
            return try typesetter.sizeThatFits(
                text, width: container.width, numberOfLines: container.maximumNumberOfLines)
        } catch {
            throw UsageError(message: prefix + error.description)
        }
    }
}

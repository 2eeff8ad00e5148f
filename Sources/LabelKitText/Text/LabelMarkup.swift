import Foundation

/// A tiny inline markup for labels: `[text](url)` links, `**bold**`, `*italic*`, `![alt](image.png)` images,
/// `{漢字|かんじ}` ruby and list items (`- `, `* ` and `1. ` at a line's start; see below).
///
/// On Linux `AttributedString(markdown:)` does not exist; this covers what a label needs. Markers that are not
/// closed stay as literal text, and `\` escapes the next character, so no input is ever rejected or lost.
///
/// An image is an inline ``TextAttachment`` showing a PNG file, `imageHeight` points tall — by default a line of
/// LabelKit's default style — as wide as the file's own proportions give (square when the file cannot be read: the
/// renderer then draws its placeholder), centred on the line's text, with the alt text for copy and accessibility.
/// Put it inside a link's text to make it tappable: `[![verified](badge.png)](https://example.com/ana)`.
///
/// Ruby (furigana) is written `{base|ruby}`: `{漢字|かんじ}` is group ruby, one ``RubyAnnotation`` part over the whole
/// base; `{漢字|かん|じ}` is mono ruby, the annotation split at each further bar (parts `かん` and `じ`, one per base
/// character). The base may hold bold and italic markup and may sit inside a link's text, which links the base:
/// `[{利用規約|りようきやく}](https://example.com/terms)`. The annotation is plain text (no markup). `\{`, `\|` and `\}`
/// are literal; a `{` that is not closed by a `}` on the same line, has no `|`, or has an empty base stays literal, and
/// so does a `{` inside a base (ruby does not nest). `{漢字|}` sets an annotation with empty text, which the layout
/// reports as ``RubyAnnotation/Problem/emptyText``. Two neighbouring bases with equal annotations merge into one, as
/// equal runs of an `AttributedString` do (see ``RubyAnnotation``).
///
/// A line that starts with `- `, `* ` or a number and `. ` (after any indentation) is a list item: its marker is taken
/// out of the text (the layout draws it) and its paragraph's ``ParagraphStyle/textLists`` is set, on a
/// `ParagraphStyle()` — `[TextList(marker: .disc)]`, or `.decimal` from the first item's number. Items indented two
/// columns or a tab more than the item before nest inside it (a circle bullet, then squares). `*italic*` at a line's
/// start stays italic: a marker is followed by a space. While a text has list items, an image's alt text may not
/// break a line (such an image stays literal).
///
/// Any input is read in time linear in its length and in bounded stack: markers nested more than 32 deep stay
/// literal, and once unclosed markers have made the parser re-read the text 16 times over, the markers it has not
/// closed by then stay literal too (ordinary markup never comes near either limit).
///
/// ```swift
/// let text = LabelMarkup.attributedString("決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします")
/// // "決済をしたと同時に利用規約に同意したとみなします", with a link on 利用規約
/// let badge = LabelMarkup.attributedString("Ana ![verified](badge.png)", imageHeight: 20)
/// // "Ana \u{FFFC}": the badge a 20-point box, copied as "Ana verified"
/// let furigana = LabelMarkup.attributedString("[{利用規約|りようきやく}](https://example.com/terms)に{同意|どう|い}")
/// // "利用規約に同意": a link with group ruby on 利用規約, mono ruby (どう, い) on 同意
/// ```
public enum LabelMarkup {
    /// The height of images when none is given: a line of LabelKit's default style, 15-point DejaVu Sans (its
    /// ascent, 13.9, and descent, 3.5).
    public static let defaultImageHeight = 17.5

    /// Parses `markup` into an attributed string with `.link`, bold (`fontWeight` 700), `italic`, `attachment` and
    /// `ruby` attributes. A link's text may hold bold, italic, image and ruby markup; a link whose target is not a
    /// valid URL stays literal text, and so does an image without a file name.
    public static func attributedString(_ markup: String) -> AttributedString {
        attributedString(markup, imageHeight: defaultImageHeight)
    }

    /// Parses `markup` as ``attributedString(_:)`` does, with images `imageHeight` points tall (pass the height of
    /// a line of the label's text: its font's ascent plus descent).
    public static func attributedString(_ markup: String, imageHeight: Double) -> AttributedString {
        let height = imageHeight.isFinite && imageHeight > 0 ? imageHeight : defaultImageHeight
        let items = MarkdownListItems(markup)
        guard items.hasItems else {
            var parser = Parser(characters: Array(markup), imageHeight: height)
            return parser.parse(until: nil) ?? AttributedString()
        }
        // Each line of the markup is a paragraph of the text, so the items' paragraphs are found by counting line
        // breaks: an image's alt text, which leaves the text, may not hold one then.
        var parser = Parser(characters: Array(items.strippedMarkup), imageHeight: height, altMayBreakLines: false)
        var text = parser.parse(until: nil) ?? AttributedString()
        items.apply(to: &text)
        return text
    }

    /// Markers nested deeper than this stay literal, so that no input can exhaust the stack.
    static let maximumDepth = 32
    /// Characters read per character of the input before unclosed markers stay literal: each unclosed marker makes
    /// the parser read the text after it again, and markers inside unclosed markers would repeat that exponentially.
    static let readsPerCharacter = 16

    /// The characters the parser may still read; shared by every copy of a parser, so that backtracking (which
    /// restores a copy) never gives reads back.
    final class ReadBudget {
        var remaining: Int

        init(_ remaining: Int) { self.remaining = remaining }
    }

    /// Reads the markup of one text; ruby is read in LabelMarkup+Ruby.swift.
    struct Parser {
        let characters: [Character]
        let imageHeight: Double
        /// Whether an image's alt text may hold a line break (not when list items are found by line).
        let altMayBreakLines: Bool
        /// The ASCII code of each character that is a single ASCII scalar, else 0: markers are compared as bytes.
        let codes: [UInt8]
        var position = 0
        var bold = false
        var italic = false
        var depth = 0
        /// Inside a ruby's base: `|` ends the base, and a `}` or a line break there leaves every marker open in the
        /// base unclosed.
        var inRubyBase = false
        let budget: ReadBudget

        static let star = UInt8(ascii: "*")
        static let backslash = UInt8(ascii: "\\")
        static let openBracket = UInt8(ascii: "[")
        static let closeParenthesis = UInt8(ascii: ")")
        static let boldMarker: [UInt8] = [star, star]
        static let italicMarker: [UInt8] = [star]
        static let closeBracket = UInt8(ascii: "]")
        static let linkMiddle: [UInt8] = [closeBracket, UInt8(ascii: "(")]
        static let imageOpening: [UInt8] = [UInt8(ascii: "!"), openBracket]
        static let openBrace = UInt8(ascii: "{")
        static let rubySeparator = UInt8(ascii: "|")
        static let closeBrace = UInt8(ascii: "}")

        init(characters: [Character], imageHeight: Double, altMayBreakLines: Bool = true) {
            self.characters = characters
            self.imageHeight = imageHeight
            self.altMayBreakLines = altMayBreakLines
            codes = characters.map { character in
                let scalars = character.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return 0 }
                return UInt8(scalar.value)
            }
            budget = ReadBudget(characters.count * LabelMarkup.readsPerCharacter + 1_024)
        }

        /// Parses until `terminator` (a closing marker) or the end; nil when the terminator was required and is
        /// missing, or the read budget ran out inside it (the caller then treats the opening marker as literal).
        mutating func parse(until terminator: [UInt8]?) -> AttributedString? {
            var result = AttributedString()
            var literal = ""
            func flush(_ result: inout AttributedString, _ literal: inout String, bold: Bool, italic: Bool) {
                guard !literal.isEmpty else { return }
                var piece = AttributedString(literal)
                if bold { piece.labelKit.fontWeight = FontWeight.bold.rawValue }
                if italic { piece.labelKit.italic = true }
                result += piece
                literal = ""
            }
            while position < characters.count {
                budget.remaining -= 1
                if let terminator {
                    // Out of reads: give up the marker now rather than read on to the end for nothing.
                    if budget.remaining <= 0 { return nil }
                    if matches(terminator) {
                        position += terminator.count
                        flush(&result, &literal, bold: bold, italic: italic)
                        return result
                    }
                }
                let code = codes[position]
                if code == Self.backslash, position + 1 < characters.count {
                    literal.append(characters[position + 1])
                    position += 2
                    continue
                }
                if inRubyBase, endsRubyBaseUnclosed(code) { return nil }
                // The literal so far is flushed only when a marker holds: an unclosed one stays in it, so that text
                // full of unclosed markers does not become one attributed piece per character.
                if matches(Self.imageOpening) {
                    let saved = self
                    if let image = parseImage() {
                        flush(&result, &literal, bold: bold, italic: italic)
                        result += image
                        continue
                    }
                    self = saved
                }
                if code == Self.openBrace, !inRubyBase {
                    let saved = self
                    if let ruby = parseRuby() {
                        flush(&result, &literal, bold: bold, italic: italic)
                        result += ruby
                        continue
                    }
                    self = saved
                }
                if code == Self.star || code == Self.openBracket {
                    let saved = self
                    if let styled = parseMarked() {
                        flush(&result, &literal, bold: bold, italic: italic)
                        result += styled
                        continue
                    }
                    self = saved
                }
                literal.append(characters[position])
                position += 1
            }
            if terminator != nil { return nil }
            flush(&result, &literal, bold: bold, italic: italic)
            return result
        }

        /// Parses `**…**`, `*…*` or `[…](…)` at the current position; nil if it is not closed.
        private mutating func parseMarked() -> AttributedString? {
            guard depth < LabelMarkup.maximumDepth, budget.remaining > 0 else { return nil }
            depth += 1
            defer { depth -= 1 }
            if matches(Self.boldMarker) {
                position += 2
                bold.toggle()
                defer { bold.toggle() }
                guard let inner = parse(until: Self.boldMarker), !inner.characters.isEmpty else { return nil }
                return inner
            }
            if codes[position] == Self.star {
                position += 1
                italic.toggle()
                defer { italic.toggle() }
                guard let inner = parse(until: Self.italicMarker), !inner.characters.isEmpty else { return nil }
                return inner
            }
            position += 1
            guard var inner = parse(until: Self.linkMiddle), !inner.characters.isEmpty else { return nil }
            let close = codes[position...].firstIndex(of: Self.closeParenthesis)
            budget.remaining -= (close ?? characters.count) - position
            guard let close else { return nil }
            let target = String(characters[position..<close])
            guard !target.isEmpty, !target.contains(where: \.isWhitespace), let url = URL(string: target) else {
                return nil
            }
            position = close + 1
            inner.link = url
            return inner
        }

        /// Parses `![alt](path)` at the current position; nil if it is not closed or has no path. The characters it
        /// scans are charged to the read budget, so that many unclosed images cannot make parsing quadratic.
        private mutating func parseImage() -> AttributedString? {
            guard budget.remaining > 0 else { return nil }
            let start = position
            position += 2
            var alt = ""
            while position < characters.count, codes[position] != Self.closeBracket {
                if codes[position] == Self.backslash, position + 1 < characters.count { position += 1 }
                if !altMayBreakLines, characters[position] == "\n" || characters[position] == "\r\n" { return nil }
                alt.append(characters[position])
                position += 1
            }
            budget.remaining -= position - start
            guard matches(Self.linkMiddle) else { return nil }
            position += 2
            let close = codes[position...].firstIndex(of: Self.closeParenthesis)
            budget.remaining -= (close ?? characters.count) - position
            guard let close else { return nil }
            let path = String(characters[position..<close])
            guard !path.isEmpty, !path.contains(where: \.isWhitespace) else { return nil }
            position = close + 1
            var width = imageHeight
            if let size = PNGHeader.size(ofFileAt: path), size.height > 0 {
                width = imageHeight * Double(size.width) / Double(size.height)
            }
            var image = AttributedString(
                attachment: TextAttachment(
                    width: width, height: imageHeight, alignment: .center, content: .image(.file(path: path)),
                    altText: alt))
            if bold { image.labelKit.fontWeight = FontWeight.bold.rawValue }
            if italic { image.labelKit.italic = true }
            return image
        }

        private func matches(_ marker: [UInt8]) -> Bool {
            guard position + marker.count <= codes.count else { return false }
            for (offset, code) in marker.enumerated() where codes[position + offset] != code { return false }
            return true
        }
    }
}

/// The pixel size a PNG file declares in its header, read without decoding the image.
enum PNGHeader {
    /// Width and height from the file's IHDR chunk, or nil when the file cannot be read or is not a PNG.
    static func size(ofFileAt path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
        let bytes = [UInt8](data)
        // The signature, then the IHDR chunk: length (4 bytes), "IHDR", width and height as big-endian 32-bit numbers.
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func number(at offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = number(at: 16)
        let height = number(at: 20)
        guard width > 0, height > 0 else { return nil }
        return (width, height)
    }
}

// Fuzzes the HTML reader (LabelMarkup.html) two ways:
// 1. the input's text read as HTML: it never crashes or hangs; it fails only with the two documented errors (a tag or a
//    quoted attribute value open at the end), at the '<' or the attribute's name they name; a success is never longer
//    than its source, keeps every attribute within what a layout accepts, and text without '<' or '&' comes through
//    with all its non-white-space characters;
// 2. tag soup built from the choices (known, unknown and void tags, stray end tags, attributes, style with good and
//    bad CSS, comments, scripts, references) around text nodes cut from the input's text: it always reads, and every
//    text node's characters appear in the result, in order, none lost and none added.
import Foundation
import FuzzSupport
import LabelKitText

/// The result's characters without HTML white space, line breaks and attachments.
func visible(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var result = String.UnicodeScalarView()
    for scalar in scalars where !isHTMLWhitespace(scalar) && scalar != "\u{2028}" && scalar != "\u{FFFC}" {
        result.append(scalar)
    }
    return String(result)
}

func isHTMLWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
}

func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    checkRawHTML(input.text)
    checkTagSoup(&input)
    return 0
}

// MARK: The input as HTML

func checkRawHTML(_ source: String) {
    let options = MarkupOptions(fontSize: 15, imageHeight: 17.5)
    do {
        let result = try LabelMarkup.html(source, options: options)
        let text = result.text
        invariant(text.unicodeScalars.count <= source.unicodeScalars.count, "the result is longer than its source")
        checkAttributes(text)
        if !source.contains("<"), !source.contains("&") {
            invariant(visible(text.unicodeScalars) == visible(source.unicodeScalars), "plain text changed")
            invariant(text.runs.count <= 1, "plain text got attributes")
            invariant(result.warnings.isEmpty, "plain text got warnings")
        }
    } catch {
        // Compared as scalars: a name that starts with a combining mark joins the space before it into one Character.
        let message = Array(error.message.unicodeScalars)
        func starts(_ prefix: String) -> Bool { message.starts(with: prefix.unicodeScalars) }
        func ends(_ suffix: String) -> Bool { message.reversed().starts(with: suffix.unicodeScalars.reversed()) }
        let isTag = starts("the tag <") && ends("is not closed: expected '>' before the end of the input")
        let isValue = starts("the value of attribute ") && ends("before the end of the input")
        invariant(isTag || isValue, "an undocumented error: \(error)")
        // The scalar at the error's line and column: '<' for a tag, an attribute name's first character otherwise.
        guard let scalar = scalar(in: source, line: error.line, column: error.column) else {
            invariant(false, "the error's position is outside the input: \(error)")
            return
        }
        if isTag {
            invariant(scalar == "<", "the error is not at a '<': \(error)")
        } else {
            invariant(!isHTMLWhitespace(scalar) && scalar != "/" && scalar != ">", "not at an attribute: \(error)")
        }
    }
}

/// The scalar at a 1-based line and column (CR LF, CR and LF end lines), or nil.
func scalar(in source: String, line: Int, column: Int) -> Unicode.Scalar? {
    var currentLine = 1
    var currentColumn = 1
    var afterCarriageReturn = false
    for scalar in source.unicodeScalars {
        if scalar == "\n", afterCarriageReturn {
            afterCarriageReturn = false
            continue
        }
        afterCarriageReturn = scalar == "\r"
        if currentLine == line, currentColumn == column { return scalar }
        if scalar == "\n" || scalar == "\r" {
            currentLine += 1
            currentColumn = 1
        } else {
            currentColumn += 1
        }
    }
    return nil
}

/// Every value a layout checks is within what it accepts, and attachments stand on U+FFFC.
func checkAttributes(_ text: AttributedString) {
    for run in text.runs {
        let attributes = run.labelKit
        if let size = attributes.fontSize { invariant(size >= 1 && size <= 10_000, "font size \(size)") }
        if let offset = attributes.baselineOffset { invariant(abs(offset) <= 10_000, "baseline offset \(offset)") }
        if let weight = attributes.fontWeight { invariant(weight >= 1 && weight <= 1_000, "weight \(weight)") }
        if let paragraph = attributes.paragraphStyle {
            if case .absolute(let height)? = paragraph.lineHeight {
                invariant(height >= 0 && height <= 10_000, "line height \(height)")
            }
            invariant(paragraph.textLists.count <= 64, "\(paragraph.textLists.count) lists")
        }
        if let ruby = attributes.ruby {
            invariant(!ruby.text.isEmpty, "an empty ruby annotation")
            let base = text[run.range].unicodeScalars
            invariant(!base.contains { $0 == "\n" || $0 == "\u{2028}" }, "a ruby base holds a line break")
        }
        if let attachment = attributes.attachment {
            invariant(attachment.width >= 0 && attachment.width <= 10_000, "attachment width \(attachment.width)")
            invariant(attachment.height >= 0 && attachment.height <= 10_000, "attachment height \(attachment.height)")
            invariant(String(text[run.range].characters).allSatisfy { $0 == "\u{FFFC}" }, "attachment not on U+FFFC")
        }
    }
}

// MARK: Tag soup

let tagNames = [
    "b", "i", "u", "s", "em", "strong", "del", "a", "span", "p", "div", "ul", "ol", "li", "sup", "sub", "code",
    "pre", "blink", "x-y", "body", "html", "table", "ruby", "rb",
]
let voidTags = ["<br>", "<br/>", "<img src=a.png alt=x>", "<hr>", "<meta charset=utf-8>", "<img src='b' width=9>"]
let styleValues = [
    "color: red", "color:#0f08", "background-color: rgb(1 2 3 / 50%)", "font-size: 2em", "font-size: 0",
    "font-size: 1e308px", "font-weight: bolder", "font-style: oblique", "text-decoration: underline dotted blue",
    "line-height: 1e300", "line-height: 1.5em", "list-style-type: upper-roman", "margin: 0", "color: nonsense",
    "font-size: -1px", ";;", "color", "font-size: xx-large", "text-decoration: none",
]
let skipped = [
    "<!-- <b>x</b> -->", "<!DOCTYPE html>", "<?x?>", "<![CDATA[<i>]]>", "</>", "<script>a<b</script>",
    "<style>p{}</style>", "<title>t</title>",
]
let references: [(String, String)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&#x41;", "A"), ("&#233;", "é"), ("&nbsp;", "\u{A0}"), ("&bogus;", "&bogus;"),
    ("&#0;", "\u{FFFD}"), ("&#x1F600;", "😀"), ("&amp ", "&amp"),
]

func checkTagSoup(_ input: inout FuzzInput) {
    guard input.hasChoices else { return }
    // Text nodes are cut from the input's text, without the characters that would start markup or be dropped by
    // the comparison (U+2028 and U+FFFC, which the reader writes itself).
    var pieces = Array(
        input.text.unicodeScalars.filter { $0 != "<" && $0 != "&" && $0 != "\u{2028}" && $0 != "\u{FFFC}" })
    var source = ""
    var expected = String.UnicodeScalarView()
    var steps = 0
    while input.hasChoices, steps < 400 {
        steps += 1
        switch input.byte() % 8 {
        case 0, 1:
            let count = min(pieces.count, 1 + Int(input.byte() % 16))
            var node = String.UnicodeScalarView()
            node.append(contentsOf: pieces.prefix(count))
            pieces.removeFirst(count)
            source += String(node)
            expected.append(contentsOf: node)
        case 2, 3:
            var tag = "<" + input.pick(tagNames)
            if input.flag() { tag += " style=\"\(input.pick(styleValues))\"" }
            if input.flag() { tag += input.pick([" href=https://e.com", " start=-3", " type=A", " href=''", " x=y"]) }
            source += tag + (input.flag() ? "/>" : ">")
        case 4: source += "</\(input.pick(tagNames))>"
        case 5: source += input.pick(voidTags)
        case 6: source += input.pick(skipped)
        default:
            let (written, decoded) = input.pick(references)
            source += written
            expected.append(contentsOf: decoded.unicodeScalars)
        }
    }
    do {
        let result = try LabelMarkup.html(source)
        checkAttributes(result.text)
        invariant(
            visible(result.text.unicodeScalars) == visible(expected),
            "text nodes lost or changed: \(source.debugDescription)")
    } catch {
        invariant(false, "well-formed tag soup failed: \(error) in \(source.debugDescription)")
    }
}

runFuzzer(fuzzHTML)

import Foundation

/// Assembles the HTML reader's attributed string: collapses white space as browsers do, joins paragraphs with line
/// feeds, and gives each paragraph its paragraph style once the paragraph is complete.
///
/// - White space (space, tab, line feed, carriage return, form feed) outside `pre`: a run of it is one space, in the
///   style of its first character; none at the start or end of a line (a paragraph's edges, and around `<br>`).
///   Entities such as `&nbsp;` are not white space.
/// - Paragraphs: a block element's start or end asks for a paragraph break, which the next content makes a `"\n"`;
///   several collapse into one and none is made before the first content or after the last, so there is no empty
///   paragraph at the start, the end or between blocks. Two paragraphs of one list item are joined by U+2028 (a line
///   break) instead, so that the item keeps one marker. An empty `li` still makes its (empty) paragraph, so the items
///   after it keep their numbers.
/// - `<br>` is U+2028 LINE SEPARATOR: a line break inside the paragraph. A `<br>` that ends a paragraph adds no line,
///   as in browsers (`<p>a<br></p>` is one line).
/// - Ruby bases: between ``beginRubyBase()`` and ``endRubyBase()`` the builder notes where the base's content
///   starts (after any white space before it) and ends (before any after it), and whether a break falls inside it;
///   ``addRuby(_:over:)`` sets an annotation on such a base when the text is made.
struct HTMLTextBuilder {
    /// The text of the finished paragraphs, and the attributes of its runs that have any, as scalar offsets: the
    /// attributed string is made once at the end, since every mutation of one costs far more than the text does.
    private var text = String.UnicodeScalarView()
    private var textCount = 0
    private var spans: [(start: Int, count: Int, attributes: AttributeContainer)] = []
    /// The scalars in `runs`, the open paragraph: `textCount + openCount` is where the next content goes.
    private var openCount = 0
    /// The ruby base being read, if any: where its first content went (nil until it has some), and whether a line or
    /// paragraph break came after that.
    private var rubyBase: (start: Int?, crossesBreak: Bool)?
    /// The annotations set, on scalar offsets, in the order of their bases.
    private var rubies: [(base: Range<Int>, annotation: RubyAnnotation)] = []
    private let baseFontSize: Double
    private let baseParagraphStyle: ParagraphStyle

    private struct Run {
        var text: String.UnicodeScalarView
        var style: HTMLInlineStyle
        var attachment: TextAttachment?
    }

    // The open paragraph.
    private var runs: [Run] = []
    private var paragraphOpen = false
    private var paragraphLists: [TextList] = []
    private var paragraphLineHeight: Double?
    private var paragraphItemID: Int?
    /// Whether the current line has content (white space before it is dropped).
    private var lineHasContent = false
    /// Whether the last thing appended is a `<br>`'s U+2028 (dropped if a paragraph break follows).
    private var endsWithLineBreak = false
    /// The style of a collapsed space not yet written: it is written only if content follows on the line.
    private var pendingSpace: HTMLInlineStyle?
    private var breakRequested = false
    /// How many pieces of content were appended: tells the reader whether an element was empty.
    private(set) var contentCount = 0

    /// The line break a `<br>` and a line feed in `pre` make: U+2028 LINE SEPARATOR.
    static let lineBreak = "\u{2028}"
    /// The largest line height given to a paragraph, in points (what a layout accepts).
    static let largestLineHeight = 10_000.0

    /// A ruby base as read: its scalar offsets in the text, and whether a line or paragraph break falls inside it.
    struct RubyBase {
        var range: Range<Int>
        var crossesBreak: Bool
    }

    init(baseFontSize: Double, baseParagraphStyle: ParagraphStyle) {
        self.baseFontSize = baseFontSize
        self.baseParagraphStyle = baseParagraphStyle
    }

    /// Asks for a paragraph break before the next content (a block element started or ended).
    mutating func requestParagraphBreak() {
        breakRequested = true
        pendingSpace = nil
        lineHasContent = false
    }

    /// Appends text, collapsing its white space (or keeping it, in `pre`).
    mutating func appendText(_ text: String, context: HTMLContext) {
        if context.preformatted {
            appendPreformatted(text, context: context)
            return
        }
        var chunk = String.UnicodeScalarView()
        var begun = false
        for scalar in text.unicodeScalars {
            if HTMLTokenizer.isWhitespace(scalar) {
                if lineHasContent || !chunk.isEmpty, pendingSpace == nil { pendingSpace = context.style }
                continue
            }
            var first = false
            if !begun {
                beginContent(context)
                begun = true
                first = true
            }
            if let space = pendingSpace {
                pendingSpace = nil
                if space == context.style {
                    chunk.append(" ")
                } else {
                    appendRun(chunk, style: context.style)
                    chunk = String.UnicodeScalarView()
                    appendRun(" ".unicodeScalars, style: space)
                }
            }
            // The chunk holds at most the space before the first scalar.
            if first { noteRubyBaseContent(at: textCount + openCount + chunk.count) }
            chunk.append(scalar)
        }
        guard begun else { return }
        appendRun(chunk, style: context.style)
        lineHasContent = true
        endsWithLineBreak = false
        contentCount += 1
    }

    /// Appends `pre` text as written: line feeds, carriage returns and CR LF pairs are line breaks.
    private mutating func appendPreformatted(_ text: String, context: HTMLContext) {
        var chunk = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\n", afterCarriageReturn {
                    afterCarriageReturn = false
                    continue
                }
                afterCarriageReturn = scalar == "\r"
                if !chunk.isEmpty {
                    appendChunk(chunk, context: context)
                    chunk = String.UnicodeScalarView()
                }
                appendLineBreak(context: context)
                continue
            }
            afterCarriageReturn = false
            chunk.append(scalar)
        }
        if !chunk.isEmpty { appendChunk(chunk, context: context) }
    }

    private mutating func appendChunk(_ chunk: String.UnicodeScalarView, context: HTMLContext) {
        beginContent(context)
        noteRubyBaseContent(at: textCount + openCount)
        appendRun(chunk, style: context.style)
        lineHasContent = true
        endsWithLineBreak = false
        contentCount += 1
    }

    /// Appends a `<br>`: U+2028, a line break inside the paragraph.
    mutating func appendLineBreak(context: HTMLContext) {
        beginContent(context)
        pendingSpace = nil
        noteBreakInRubyBase()
        appendRun(Self.lineBreak.unicodeScalars, style: context.style)
        lineHasContent = false
        endsWithLineBreak = true
        contentCount += 1
    }

    /// Appends an attachment on one U+FFFC.
    mutating func appendAttachment(_ attachment: TextAttachment, context: HTMLContext) {
        beginContent(context)
        if let space = pendingSpace {
            pendingSpace = nil
            appendRun(" ".unicodeScalars, style: space)
        }
        noteRubyBaseContent(at: textCount + openCount)
        runs.append(Run(text: "\u{FFFC}".unicodeScalars, style: context.style, attachment: attachment))
        openCount += 1
        lineHasContent = true
        endsWithLineBreak = false
        contentCount += 1
    }

    /// Makes the paragraph of an element with no content (an empty `li`), so that it is counted.
    mutating func appendEmptyParagraph(context: HTMLContext) {
        beginContent(context)
        contentCount += 1
    }

    /// The text so far, its last paragraph closed.
    mutating func finish() -> AttributedString {
        if paragraphOpen {
            removeTrailingLineBreak()
            finishParagraph(withBreak: false)
        }
        var result = AttributedString(String(text))
        for span in spans {
            let lower = result.unicodeScalars.index(result.startIndex, offsetBy: span.start)
            let upper = result.unicodeScalars.index(lower, offsetBy: span.count)
            result[lower..<upper].setAttributes(span.attributes)
        }
        // The bases come in text order and do not overlap: each is found from the end of the one before.
        var index = result.startIndex
        var offset = 0
        for ruby in rubies where ruby.base.lowerBound >= offset && ruby.base.upperBound <= textCount {
            let lower = result.unicodeScalars.index(index, offsetBy: ruby.base.lowerBound - offset)
            let upper = result.unicodeScalars.index(lower, offsetBy: ruby.base.count)
            result[lower..<upper].labelKit.ruby = ruby.annotation
            (index, offset) = (upper, ruby.base.upperBound)
        }
        return result
    }

    // MARK: Ruby

    /// Starts a ruby base: the content appended from now on, without the white space around it.
    mutating func beginRubyBase() {
        rubyBase = (nil, false)
    }

    /// Ends the ruby base begun last: nil if it has no content.
    mutating func endRubyBase() -> RubyBase? {
        defer { rubyBase = nil }
        guard let base = rubyBase, let start = base.start, textCount + openCount > start else { return nil }
        return RubyBase(range: start..<(textCount + openCount), crossesBreak: base.crossesBreak)
    }

    /// Sets `annotation` on a base ``endRubyBase()`` returned; bases are annotated in text order.
    mutating func addRuby(_ annotation: RubyAnnotation, over base: Range<Int>) {
        if let last = rubies.last, last.base.upperBound > base.lowerBound { return }
        rubies.append((base, annotation))
    }

    private mutating func noteRubyBaseContent(at offset: Int) {
        if let base = rubyBase, base.start == nil { rubyBase = (offset, false) }
    }

    private mutating func noteBreakInRubyBase() {
        if rubyBase?.start != nil { rubyBase?.crossesBreak = true }
    }

    // MARK: Paragraphs

    /// Makes the break asked for, if any, and opens a paragraph for content in `context`.
    private mutating func beginContent(_ context: HTMLContext) {
        if breakRequested {
            breakRequested = false
            if paragraphOpen {
                noteBreakInRubyBase()
                if let item = paragraphItemID, item == context.itemID {
                    removeTrailingLineBreak()
                    let style = runs.last?.style ?? context.style
                    appendRun(Self.lineBreak.unicodeScalars, style: style)
                    lineHasContent = false
                } else {
                    finishParagraph(withBreak: true)
                }
            }
        }
        if !paragraphOpen {
            paragraphOpen = true
            paragraphLists = context.paragraphLists
            paragraphItemID = context.itemID
            paragraphLineHeight = nil
            lineHasContent = false
            endsWithLineBreak = false
        }
        // Every run's line height counts, and the strut of its block (CSS's line box).
        for height in [context.strut, context.style.lineHeight?.length(forFontSize: context.style.fontSize)] {
            if let height { paragraphLineHeight = max(paragraphLineHeight ?? 0, height) }
        }
    }

    private mutating func appendRun(_ text: String.UnicodeScalarView, style: HTMLInlineStyle) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].attachment == nil, runs[last].style == style {
            runs[last].text.append(contentsOf: text)
        } else {
            runs.append(Run(text: text, style: style))
        }
        openCount += text.count
    }

    private mutating func removeTrailingLineBreak() {
        guard endsWithLineBreak, let last = runs.indices.last else { return }
        endsWithLineBreak = false
        runs[last].text.removeLast()
        openCount -= 1
        if runs[last].text.isEmpty { runs.removeLast() }
    }

    /// Writes the open paragraph into the result with its paragraph style, ended by a line feed when `withBreak`.
    private mutating func finishParagraph(withBreak: Bool) {
        var paragraphStyle: ParagraphStyle?
        if !paragraphLists.isEmpty || paragraphLineHeight != nil {
            var style = baseParagraphStyle
            if !paragraphLists.isEmpty { style.textLists = paragraphLists }
            if let height = paragraphLineHeight { style.lineHeight = .absolute(min(height, Self.largestLineHeight)) }
            paragraphStyle = style
        }
        if withBreak {
            removeTrailingLineBreak()
            // The line feed ends the paragraph in the style of its last character, never a link.
            var style = runs.last?.style ?? HTMLInlineStyle(fontSize: baseFontSize)
            style.link = nil
            runs.append(Run(text: "\n".unicodeScalars, style: style))
        }
        for run in runs {
            var attributes = run.style.attributes(baseFontSize: baseFontSize)
            if let attachment = run.attachment { attributes[LabelAttributes.AttachmentAttribute.self] = attachment }
            if let paragraphStyle { attributes[LabelAttributes.ParagraphStyleAttribute.self] = paragraphStyle }
            let count = run.text.count
            if attributes != AttributeContainer() {
                // Runs that end up alike (a run and the line feed after it) are one span.
                if let last = spans.indices.last, spans[last].start + spans[last].count == textCount,
                    spans[last].attributes == attributes
                {
                    spans[last].count += count
                } else {
                    spans.append((textCount, count, attributes))
                }
            }
            text.append(contentsOf: run.text)
            textCount += count
        }
        runs.removeAll(keepingCapacity: true)
        openCount = 0
        paragraphOpen = false
        lineHasContent = false
        endsWithLineBreak = false
        pendingSpace = nil
    }
}

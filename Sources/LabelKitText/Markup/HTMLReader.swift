import Foundation

/// Reads HTML tokens into an attributed string, leniently, as browsers build their tree, in time linear in the input
/// and in bounded stack (no recursion: the open elements are an array).
///
/// - An element left open is closed at its parent's end or at the end of the input; an end tag closes the innermost
///   open element of its name and every element inside it; an end tag with no open element of its name is ignored,
///   with a warning.
/// - A block start (`p`, `div`, `pre`, `ul`, `ol`, `li`) closes an open `p`, and an `li` closes the open `li` of its
///   list, as in browsers. Misnested inline tags (`<b><i>x</b>y</i>`) close the ones inside them: `y` is plain.
/// - Elements nested more than ``maximumDepth`` deep are read as the element at that depth: their text is kept in its
///   style, and they change neither the style nor the paragraphs (one warning says so). Ruby's elements, which change
///   neither anyway, keep their meaning there, so that an annotation's text never joins its base.
struct HTMLReader {
    /// The deepest nesting read as written.
    static let maximumDepth = 64
    /// The sizes a font may have, in points: CSS allows 0 and no maximum, a layout wants more than 0 and at most
    /// 10,000.
    static let fontSizes = 1.0...10_000.0

    private struct OpenElement {
        var name: String
        var kind: HTMLElementKind
        var context: HTMLContext
        /// The builder's content count when the element opened: whether it has content when it closes.
        var contentMark: Int
    }

    private var tokenizer: HTMLTokenizer
    var builder: HTMLTextBuilder
    private var stack: [OpenElement] = []
    /// How many elements of each name are open: an end tag with none open is found without searching the stack.
    private var openCounts: [String: Int] = [:]
    /// The positions in `stack` of the open `ul`, `ol` and `li`, innermost last.
    private var listPositions: [Int] = []
    private let rootContext: HTMLContext
    let options: MarkupOptions
    var warnings: [MarkupWarning] = []
    var nextListIdentifier = 1
    var nextItemIdentifier = 1
    private var depthWarned = false
    /// Set by `<pre>`: a line feed right after it is dropped, as browsers do.
    private var atPreformattedStart = false
    /// The `ruby` being read, if any (the outermost: one inside it is read as its text).
    var ruby: HTMLRubyState?

    init(source: String, options: MarkupOptions) {
        var options = options
        options.fontSize =
            options.fontSize.isFinite
            ? min(max(options.fontSize, Self.fontSizes.lowerBound), Self.fontSizes.upperBound) : 15
        if !(options.imageHeight.isFinite && options.imageHeight > 0 && options.imageHeight <= 10_000) {
            options.imageHeight = LabelMarkup.defaultImageHeight
        }
        self.options = options
        tokenizer = HTMLTokenizer(source)
        builder = HTMLTextBuilder(baseFontSize: options.fontSize, baseParagraphStyle: options.paragraphStyle)
        rootContext = HTMLContext(style: HTMLInlineStyle(fontSize: options.fontSize))
    }

    /// The context of content at the current place.
    var context: HTMLContext { stack.last?.context ?? rootContext }

    /// Reads the whole input.
    mutating func read() throws(MarkupError) -> MarkupResult {
        while let token = try tokenizer.next() {
            if !tokenizer.warnings.isEmpty {
                warnings += tokenizer.warnings
                tokenizer.warnings.removeAll()
            }
            switch token {
            case .text(var text):
                if atPreformattedStart, context.preformatted {
                    if text.hasPrefix("\r\n") || text.hasPrefix("\n") || text.hasPrefix("\r") {
                        text.unicodeScalars.removeFirst(text.hasPrefix("\r\n") ? 2 : 1)
                    }
                }
                atPreformattedStart = false
                if ruby?.annotation != nil {
                    ruby?.annotation?.text += text
                } else if ruby?.inParenthesis != true {
                    builder.appendText(text, context: context)
                }
            case .startTag(let tag):
                atPreformattedStart = false
                start(tag)
            case .endTag(let tag):
                atPreformattedStart = false
                end(tag)
            }
        }
        warnings += tokenizer.warnings
        while !stack.isEmpty { pop() }
        return MarkupResult(text: builder.finish(), warnings: warnings)
    }

    // MARK: Tags

    private mutating func start(_ tag: HTMLTag) {
        if HTMLTokenizer.rawTextElements.contains(tag.name) { return }
        var kind = HTMLElementKind(name: tag.name)
        if kind.isRuby { kind = startRubyElement(tag, kind: kind) }
        if ruby?.annotation != nil || ruby?.inParenthesis == true {
            // An annotation is one line of plain text: no breaks, no images, no paragraphs.
            if kind == .lineBreak { return }
            if kind == .image {
                warn(at: tag.position, "<img> inside <\(ruby?.annotation != nil ? "rt" : "rp")> is left out")
                return
            }
            if kind.isBlock { kind = .span }
        }
        if kind.isBlock { closeOpenParagraph() }
        if kind == .listItem { closeOpenListItem() }
        switch kind {
        case .lineBreak:
            builder.appendLineBreak(context: context)
            return
        case .image:
            appendImage(tag)
            return
        case .metadata:
            return
        case .unknownVoid:
            warn(at: tag.position, "unknown tag <\(tag.name)>, left out")
            return
        case .unknown:
            warn(at: tag.position, "unknown tag <\(tag.name)>, its text kept")
        default: break
        }
        if stack.count >= Self.maximumDepth {
            if !depthWarned {
                depthWarned = true
                warn(
                    at: tag.position,
                    "elements nested more than \(Self.maximumDepth) deep are read as the element at that depth")
            }
            push(
                OpenElement(
                    name: tag.name, kind: kind.isRuby ? kind : .inert, context: context,
                    contentMark: builder.contentCount))
            return
        }
        let child = childContext(of: context, for: tag, kind: kind)
        if kind == .unorderedList || kind == .orderedList || kind == .listItem { listPositions.append(stack.count) }
        push(OpenElement(name: tag.name, kind: kind, context: child, contentMark: builder.contentCount))
        if kind.isBlock { builder.requestParagraphBreak() }
        if kind == .preformatted { atPreformattedStart = true }
    }

    private mutating func end(_ tag: HTMLTag) {
        if HTMLTokenizer.rawTextElements.contains(tag.name) { return }
        guard let open = openCounts[tag.name], open > 0 else {
            warn(at: tag.position, "end tag </\(tag.name)> has no open element, ignored")
            return
        }
        while let element = stack.last {
            pop()
            if element.name == tag.name { break }
        }
    }

    private mutating func push(_ element: OpenElement) {
        stack.append(element)
        openCounts[element.name, default: 0] += 1
    }

    /// Closes the innermost open element.
    private mutating func pop() {
        guard let element = stack.popLast() else { return }
        openCounts[element.name, default: 1] -= 1
        if listPositions.last == stack.count { listPositions.removeLast() }
        if element.kind == .listItem, builder.contentCount == element.contentMark {
            builder.appendEmptyParagraph(context: element.context)
        }
        if element.kind.isBlock { builder.requestParagraphBreak() }
        if element.kind.isRuby { endRubyElement(element.kind) }
    }

    /// Closes the open elements from the one at `index` in the stack up.
    mutating func closeElements(from index: Int) {
        while stack.count > index { pop() }
    }

    /// Where the next element opened will stand in the stack.
    var nextElementIndex: Int { stack.count }

    /// A block start closes an open `p` (which, closed by every block start, holds only inline content).
    private mutating func closeOpenParagraph() {
        guard let open = openCounts["p"], open > 0 else { return }
        while let element = stack.last {
            pop()
            if element.name == "p" { break }
        }
    }

    /// An `li` closes the `li` open in the innermost list — unless elements nested past the depth limit stand above
    /// it (they may be lists, which would hide it from the new item, as in browsers).
    private mutating func closeOpenListItem() {
        guard let position = listPositions.last, stack[position].kind == .listItem,
            stack.count <= Self.maximumDepth
        else { return }
        while stack.count > position { pop() }
    }
}

extension HTMLReader {
    /// Records a warning at `position`.
    mutating func warn(at position: HTMLSourcePosition, _ message: String) {
        warnings.append(MarkupWarning(line: position.line, column: position.column, message: message))
    }

    /// `text` quoted for a message, cut to 40 characters.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
    }
}

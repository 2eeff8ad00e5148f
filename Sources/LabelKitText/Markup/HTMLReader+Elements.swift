import Foundation

// What each element and its `style` attribute do to the context of the content inside it.

extension HTMLReader {
    /// The family `code` and `pre` are set in.
    static let monospaceFamily = "DejaVu Sans Mono"
    /// How much smaller `sup` and `sub` are than their parent, and how far they move (a fraction of the parent's size).
    static let scriptScale = 0.75
    static let scriptOffset = 1.0 / 3.0
    /// The largest length the reader writes (a baseline offset, a line height, an image's side), in points: what a
    /// layout accepts.
    static let largestLength = 10_000.0

    /// The context of the content of `tag`, an element of `kind` opening inside `parent`: first what the tag means,
    /// then its `style` attribute, which wins (`<b style="font-weight: normal">` is not bold).
    mutating func childContext(of parent: HTMLContext, for tag: HTMLTag, kind: HTMLElementKind) -> HTMLContext {
        var context = parent
        let parentSize = parent.style.fontSize
        switch kind {
        case .bold: context.style.fontWeight = FontWeight.bold.rawValue
        case .italic: context.style.italic = true
        case .underline: context.style.underline = .single
        case .strikethrough: context.style.strikethrough = .single
        case .link: applyLink(tag, to: &context)
        case .sup, .sub:
            let offset = parentSize * Self.scriptOffset * (kind == .sup ? 1 : -1)
            context.style.baselineOffset = Self.clampLength(parent.style.baselineOffset + offset, signed: true)
            context.style.fontSize = Self.clampFontSize(parentSize * Self.scriptScale)
        case .code: context.style.fontFamily = Self.monospaceFamily
        case .preformatted:
            context.style.fontFamily = Self.monospaceFamily
            context.preformatted = true
        default: break
        }
        var listMarker: TextList.Marker?
        if let style = tag.attribute("style") {
            listMarker = applyStyle(style, to: &context, parent: parent, kind: kind)
        }
        switch kind {
        case .unorderedList, .orderedList:
            context.itemLists = parent.itemLists + [makeList(tag, kind: kind, depth: parent.itemLists.count + 1)]
            if let listMarker, let last = context.itemLists.indices.last { context.itemLists[last].marker = listMarker }
        case .listItem:
            context.paragraphLists = parent.itemLists
            context.itemID = nextItemIdentifier
            nextItemIdentifier += 1
        default: break
        }
        if kind.isBlock { context.strut = context.style.lineHeight?.length(forFontSize: context.style.fontSize) }
        return context
    }

    private mutating func applyLink(_ tag: HTMLTag, to context: inout HTMLContext) {
        guard let href = tag.attribute("href") else { return }
        let target = href.value.trimmingCSSWhitespace()
        guard !target.isEmpty, let url = URL(string: target) else {
            warn(
                at: href.position,
                "the link target \(Self.quoted(target)) is not a valid URL: the text is kept unlinked")
            return
        }
        context.style.link = url
    }

    /// A list for a `ul` or `ol` at nesting `depth` (1 for the outermost): its own identifier, so that two lists in a
    /// row number apart; `ol`'s `start` and `type`, `ul`'s marker by depth (disc, circle, then square, as browsers).
    private mutating func makeList(_ tag: HTMLTag, kind: HTMLElementKind, depth: Int) -> TextList {
        var marker: TextList.Marker = depth == 1 ? .disc : depth == 2 ? .circle : .square
        var start = 1
        let types: [String: TextList.Marker]
        if kind == .orderedList {
            marker = .decimal
            types = ["1": .decimal, "a": .lowerAlpha, "A": .upperAlpha, "i": .lowerRoman, "I": .upperRoman]
            if let attribute = tag.attribute("start") {
                if let number = Self.integer(attribute.value) {
                    start = number
                } else {
                    warn(
                        at: attribute.position,
                        "start=\(Self.quoted(attribute.value)) is not a number: the list starts at 1")
                }
            }
        } else {
            types = ["disc": .disc, "circle": .circle, "square": .square]
        }
        if let type = tag.attribute("type") {
            let value = type.value.trimmingCSSWhitespace()
            if let named = types[value] ?? types[value.lowercased()] {
                marker = named
            } else {
                warn(at: type.position, "type=\(Self.quoted(type.value)) is not a list type, ignored")
            }
        }
        defer { nextListIdentifier += 1 }
        return TextList(marker: marker, startingNumber: start, identifier: nextListIdentifier)
    }

    // MARK: CSS

    /// Applies a `style` attribute; returns the list marker it names (for `ul` and `ol`).
    private mutating func applyStyle(
        _ attribute: HTMLAttribute, to context: inout HTMLContext, parent: HTMLContext, kind: HTMLElementKind
    ) -> TextList.Marker? {
        let (declarations, malformed) = CSSDeclarations.parse(attribute.value)
        for piece in malformed {
            warn(at: attribute.position, "CSS \(Self.quoted(piece)) is not 'property: value', ignored")
        }
        var marker: TextList.Marker?
        var lineHeight: CSSDeclaration?
        for declaration in declarations {
            let value = declaration.value
            let keyword = value.lowercased()
            func invalid() {
                warn(
                    at: attribute.position,
                    "\(Self.quoted(value)) is not a valid \(declaration.property), ignored")
            }
            // `inherit` is what every property here does anyway; `currentcolor` is the inherited colour.
            if keyword == "inherit" || keyword == "unset"
                || (keyword == "currentcolor" && declaration.property == "color")
            {
                continue
            }
            switch declaration.property {
            case "color":
                guard let color = CSSColor.parse(value) else {
                    invalid()
                    continue
                }
                context.style.foregroundColor = color
            case "background-color", "background":
                guard let color = CSSColor.parse(value) else {
                    invalid()
                    continue
                }
                context.style.backgroundColor = color
            case "font-size":
                guard let size = CSSDeclarations.fontSize(value, parent: parent.style.fontSize, base: options.fontSize)
                else {
                    invalid()
                    continue
                }
                context.style.fontSize = Self.clampFontSize(size)
            case "font-weight":
                guard let weight = CSSDeclarations.fontWeight(value, parent: parent.style.fontWeight ?? 400) else {
                    invalid()
                    continue
                }
                context.style.fontWeight = weight
            case "font-style":
                guard let italic = CSSDeclarations.isItalic(value) else {
                    invalid()
                    continue
                }
                context.style.italic = italic
            case "text-decoration", "text-decoration-line":
                guard let decoration = CSSDeclarations.textDecoration(value) else {
                    invalid()
                    continue
                }
                // Decorations add up: `none` takes away only what this element's own tag added (as in CSS, where a
                // parent's underline runs through its children whatever they say).
                context.style.underline = decoration.underline ? decoration.pattern ?? .single : parent.style.underline
                context.style.strikethrough =
                    decoration.lineThrough ? decoration.pattern ?? .single : parent.style.strikethrough
                if decoration.underline { context.style.underlineColor = decoration.color }
                if decoration.lineThrough { context.style.strikethroughColor = decoration.color }
            case "line-height":
                lineHeight = declaration
            case "list-style-type", "list-style":
                guard kind == .unorderedList || kind == .orderedList else {
                    warn(at: attribute.position, "\(declaration.property) applies to <ul> and <ol> only, ignored")
                    continue
                }
                guard let named = CSSDeclarations.listMarker(value) else {
                    invalid()
                    continue
                }
                marker = named
            default:
                warn(at: attribute.position, "unsupported CSS property \(declaration.property), ignored")
            }
        }
        // Last: `em` and `%` are of the element's own font size, wherever `font-size` stands.
        if let lineHeight {
            let (height, valid) = CSSDeclarations.lineHeight(lineHeight.value, fontSize: context.style.fontSize)
            if valid {
                switch height {
                case .factor(let factor): context.style.lineHeight = .factor(min(factor, Self.largestLength))
                case .length(let length): context.style.lineHeight = .length(Self.clampLength(length, signed: false))
                case nil: context.style.lineHeight = nil
                }
            } else {
                warn(at: attribute.position, "\(Self.quoted(lineHeight.value)) is not a valid line-height, ignored")
            }
        }
        return marker
    }

    // MARK: Images

    /// `img`: an attachment on one U+FFFC showing the file `src`, `height` points tall (or the options' image
    /// height), `width` wide (or as the PNG file's proportions give, or square), its `alt` text for copy.
    mutating func appendImage(_ tag: HTMLTag) {
        let alt = tag.value(of: "alt") ?? ""
        guard let source = tag.value(of: "src")?.trimmingCSSWhitespace(), !source.isEmpty else {
            warn(at: tag.position, "<img> has no src: its alt text is kept as text")
            builder.appendText(alt, context: context)
            return
        }
        let width = imageDimension(tag, "width")
        let height = imageDimension(tag, "height")
        let file = Self.pngSize(of: source)
        var boxWidth: Double
        var boxHeight: Double
        switch (width, height) {
        case (let width?, let height?): (boxWidth, boxHeight) = (width, height)
        case (nil, let height?): (boxWidth, boxHeight) = (file.map { height * $0.width / $0.height } ?? height, height)
        case (let width?, nil):
            (boxWidth, boxHeight) = (width, file.map { width * $0.height / $0.width } ?? options.imageHeight)
        case (nil, nil):
            boxHeight = options.imageHeight
            boxWidth = file.map { boxHeight * $0.width / $0.height } ?? boxHeight
        }
        boxWidth = Self.clampLength(boxWidth, signed: false)
        boxHeight = Self.clampLength(boxHeight, signed: false)
        let attachment = TextAttachment(
            width: boxWidth, height: boxHeight, alignment: .center, content: .image(.file(path: source)), altText: alt)
        builder.appendAttachment(attachment, context: context)
    }

    /// An `img`'s `width` or `height` in points: a number, optionally followed by `px`; nil (with a warning when the
    /// attribute is there) otherwise.
    private mutating func imageDimension(_ tag: HTMLTag, _ name: String) -> Double? {
        guard let attribute = tag.attribute(name) else { return nil }
        var value = attribute.value.trimmingCSSWhitespace().lowercased()
        if value.hasSuffix("px") { value.removeLast(2) }
        guard let number = CSSNumber.parse(value[...]), number >= 0 else {
            warn(at: attribute.position, "\(name)=\(Self.quoted(attribute.value)) is not a number of pixels, ignored")
            return nil
        }
        return number
    }

    /// The pixel size of a PNG file, read from its header; nil unless `path` is a regular file (a pipe or a device
    /// could block the read).
    private static func pngSize(of path: String) -> (width: Double, height: Double)? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = PNGHeader.size(ofFileAt: resolved)
        else { return nil }
        return (Double(size.width), Double(size.height))
    }

    // MARK: Numbers

    static func clampFontSize(_ size: Double) -> Double {
        size.isFinite ? min(max(size, fontSizes.lowerBound), fontSizes.upperBound) : fontSizes.lowerBound
    }

    static func clampLength(_ length: Double, signed: Bool) -> Double {
        guard length.isFinite else { return 0 }
        return min(max(length, signed ? -largestLength : 0), largestLength)
    }

    /// An integer as HTML reads `start`: white space, an optional sign, digits (what follows them is ignored);
    /// clamped to ±1,000,000,000.
    static func integer(_ text: String) -> Int? {
        var scalars = Substring(text.trimmingCSSWhitespace()).unicodeScalars[...]
        var sign = 1
        if let first = scalars.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        var value = 0
        var digits = 0
        for scalar in scalars {
            guard ("0"..."9").contains(scalar) else { break }
            value = min(value * 10 + Int(scalar.value - 48), 1_000_000_000)
            digits += 1
        }
        return digits > 0 ? sign * value : nil
    }
}

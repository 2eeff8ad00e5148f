import Foundation

// `<ruby>`: each `rt` annotates the base before it — the text since the ruby's start or the last `rt`, or an `rb` —
// and its text never joins the base's; `rp` (the parenthesis shown where ruby is not) is dropped. After a run of `rb`
// elements, a run of `rt` elements annotates them in order, as HTML pairs them.

/// What the HTML reader knows of the `ruby` being read.
struct HTMLRubyState {
    /// An open `rt` (or `rtc`, read as one): its text so far.
    struct Annotation {
        var text = ""
        var name: String
        var position: HTMLSourcePosition
    }

    /// Where the `<ruby>` tag stands.
    var position: HTMLSourcePosition
    /// The bases read since the last run of annotations, in order: each `rb`, and the text between the ruby's other
    /// elements.
    var bases: [HTMLTextBuilder.RubyBase] = []
    /// The base the next `rt` annotates.
    var nextBase = 0
    /// Whether an `rt` came after the last base: a base read now starts a new run of bases.
    var afterAnnotation = false
    /// The open `rt`, whose text goes into the annotation, not the base.
    var annotation: Annotation?
    /// Whether an `rp` is open: its text is dropped.
    var inParenthesis = false
    /// Where the open `rb`, `rt` or `rp` stands in the reader's stack: at most one is open, as each closes the one
    /// before.
    var openChild: Int?
}

extension HTMLReader {
    /// What a starting `ruby`, `rb`, `rt`, `rtc` or `rp` element is read as: itself inside a ruby (after it has closed
    /// the ruby's open `rb`, `rt` or `rp`), or a `span` (with a warning) outside one, or for a `ruby` inside a ruby,
    /// or an `rt` inside an `rtc`, whose text joins the `rtc`'s.
    mutating func startRubyElement(_ tag: HTMLTag, kind: HTMLElementKind) -> HTMLElementKind {
        guard ruby != nil else {
            if kind == .ruby {
                ruby = HTMLRubyState(position: tag.position)
                builder.beginRubyBase()
                return .ruby
            }
            warn(at: tag.position, "<\(tag.name)> outside <ruby>: its text is kept")
            return .span
        }
        if kind == .ruby {
            warn(at: tag.position, "<ruby> inside a ruby is read as its text")
            return .span
        }
        if tag.name == "rt", ruby?.annotation?.name == "rtc" { return .span }
        if let open = ruby?.openChild { closeElements(from: open) }
        switch kind {
        case .rubyBase:
            closeRubyBase(at: tag.position)
        case .rubyText:
            if tag.name == "rtc" { warn(at: tag.position, "<rtc> is read as <rt>: its text annotates one base") }
            closeRubyBase(at: tag.position)
            ruby?.afterAnnotation = true
            ruby?.annotation = HTMLRubyState.Annotation(name: tag.name, position: tag.position)
        default:
            ruby?.inParenthesis = true
        }
        let index = nextElementIndex
        ruby?.openChild = index
        return kind
    }

    /// Ends a ruby element as it closes: an `rb` ends its base, an `rt` annotates the next base, and the `ruby` keeps
    /// the text of the bases no `rt` annotated as plain text, with a warning.
    mutating func endRubyElement(_ kind: HTMLElementKind) {
        guard let state = ruby else { return }
        switch kind {
        case .ruby:
            closeRubyBase(at: state.position)
            _ = builder.endRubyBase()
            dropUnannotatedBases(at: state.position)
            ruby = nil
        case .rubyBase:
            ruby?.openChild = nil
            closeRubyBase(at: state.position)
        case .rubyText:
            ruby?.openChild = nil
            ruby?.annotation = nil
            if let annotation = state.annotation { annotate(annotation) }
        default:
            ruby?.openChild = nil
            ruby?.inParenthesis = false
        }
    }

    /// Ends the base being read, if it has content, and begins the next.
    private mutating func closeRubyBase(at position: HTMLSourcePosition) {
        if let base = builder.endRubyBase() {
            if ruby?.afterAnnotation == true {
                dropUnannotatedBases(at: position)
                ruby?.afterAnnotation = false
            }
            ruby?.bases.append(base)
        }
        builder.beginRubyBase()
    }

    /// Forgets the bases read so far, warning when an `rt` annotated none of them.
    private mutating func dropUnannotatedBases(at position: HTMLSourcePosition) {
        guard let state = ruby else { return }
        if state.nextBase < state.bases.count {
            warn(at: position, "ruby base text with no <rt> after it is kept as plain text")
        }
        ruby?.bases.removeAll()
        ruby?.nextBase = 0
    }

    /// Sets a closed `rt`'s annotation on the next base: an empty one, or one whose base holds a line break, is left
    /// out with a warning.
    private mutating func annotate(_ annotation: HTMLRubyState.Annotation) {
        let text = Self.collapsingWhitespace(annotation.text)
        guard let state = ruby, state.nextBase < state.bases.count else {
            warn(
                at: annotation.position,
                "<\(annotation.name)> \(Self.quoted(text)) has no base text before it, left out")
            return
        }
        let base = state.bases[state.nextBase]
        ruby?.nextBase += 1
        if text.isEmpty {
            warn(at: annotation.position, "<\(annotation.name)> is empty: its base is kept without ruby")
        } else if base.crossesBreak {
            warn(
                at: annotation.position,
                "the base of <\(annotation.name)> \(Self.quoted(text)) holds a line break: the ruby is left out")
        } else {
            builder.addRuby(RubyAnnotation(text), over: base.range)
        }
    }

    /// `text` with its white space collapsed as in a line of HTML: each run one space, none at the ends.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            if HTMLTokenizer.isWhitespace(scalar) {
                space = !result.isEmpty
                continue
            }
            if space { result.append(" ") }
            space = false
            result.append(scalar)
        }
        return String(result)
    }
}

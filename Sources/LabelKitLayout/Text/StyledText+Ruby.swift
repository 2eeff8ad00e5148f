import LabelKitText

/// A ruby annotation of a ``StyledText`` over its base: a UTF-16 range of the text, in the style of the base's first
/// run (``styleIndex``).
struct StyledRuby: Sendable, Equatable {
    var base: Range<Int>
    var annotation: RubyAnnotation
    var styleIndex: Int
}

/// What the shaping stage makes of a text's annotations (``ShapedRubies``), kept with the text that it was shaped for:
/// declared here, so that the text, which comes before shaping, can hold it.
protocol ShapedAnnotations: AnyObject, Sendable {}

/// The ruby of a ``StyledText``: its annotations over their bases, in text order, and once the text is shaped, their
/// shaped text and extents. A reference, nil for text without ruby, so that every other text carries one word for it.
final class TextRubies: Sendable {
    /// The annotations, in text order, over bases that do not overlap.
    let styled: [StyledRuby]
    /// The annotations shaped for the text they belong to (the shaping stage's ``ShapedRubies``); nil until the
    /// text is shaped.
    let shaped: (any ShapedAnnotations)?

    init(styled: [StyledRuby], shaped: (any ShapedAnnotations)? = nil) {
        self.styled = styled
        self.shaped = shaped
    }
}

extension StyledText {
    /// Adds the ruby of a run `start..<end` in style `styleIndex`: the run continues the last ruby when it starts
    /// where that one ends with an equal annotation (one base split into runs by its other attributes, a link on part
    /// of it).
    static func appendRuby(
        _ annotation: RubyAnnotation, base: Range<Int>, styleIndex: Int, to rubies: inout [StyledRuby]
    ) {
        if let last = rubies.last, last.base.upperBound == base.lowerBound, last.annotation == annotation {
            rubies[rubies.count - 1].base = last.base.lowerBound..<base.upperBound
            return
        }
        rubies.append(StyledRuby(base: base, annotation: annotation, styleIndex: styleIndex))
    }

    /// Checks each ruby against its base (``/LabelKitText/RubyAnnotation/problem(baseCharacterCount:)``): a typed
    /// error for an empty annotation, a mono ruby with more parts than base characters, a bad size factor, or a base
    /// that holds an attachment.
    static func validate(_ rubies: [StyledRuby], in utf16: [UInt16]) throws(LayoutError) {
        for ruby in rubies {
            let base = utf16[ruby.base]
            if base.contains(0xFFFC) { throw .invalidParameter(RubyAnnotation.Problem.onAttachment.description) }
            let characters = String(decoding: base, as: UTF16.self).count
            if let problem = ruby.annotation.problem(baseCharacterCount: characters) {
                throw .invalidParameter(problem.description)
            }
        }
    }

    /// The UTF-16 ranges of a ruby's segments: the whole base for group ruby; for mono ruby, one grapheme cluster of
    /// the base per part, the last part over the rest of the base. `isBoundary(offset)` says whether a grapheme
    /// cluster starts at a UTF-16 offset.
    static func segments(of ruby: StyledRuby, isBoundary: (Int) -> Bool) -> [Range<Int>] {
        let parts = ruby.annotation.parts.count
        guard parts > 1 else { return [ruby.base] }
        var segments: [Range<Int>] = []
        var start = ruby.base.lowerBound
        var offset = start + 1
        while offset < ruby.base.upperBound, segments.count < parts - 1 {
            if isBoundary(offset) {
                segments.append(start..<offset)
                start = offset
            }
            offset += 1
        }
        segments.append(start..<ruby.base.upperBound)
        return segments
    }
}

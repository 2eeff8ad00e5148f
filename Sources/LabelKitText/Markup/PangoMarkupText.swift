import Foundation

/// Turns the runs of a Pango markup reader into an attributed string.
enum PangoMarkupText {
    /// The text of `runs` with their attributes; where `usesLineHeight`, each paragraph some of whose text has a
    /// `line_height` gets `options.paragraphStyle` with the first such line height as its paragraph style (Pango sets
    /// it per run, LabelKit per paragraph).
    static func build(
        _ runs: [PangoMarkupReader.Run], options: MarkupOptions, usesLineHeight: Bool
    ) -> AttributedString {
        var result = AttributedString()
        guard usesLineHeight else {
            for run in runs {
                var piece = AttributedString(run.text)
                run.style.apply(to: &piece, base: options.fontSize)
                result.append(piece)
            }
            return result
        }
        // Each paragraph's line height: the first a run in it has.
        var heights: [LineHeight?] = [nil]
        for run in runs {
            for character in run.text {
                if heights[heights.count - 1] == nil, let height = run.style.lineHeight {
                    heights[heights.count - 1] = height
                }
                if isParagraphEnd(character) { heights.append(nil) }
            }
        }
        var paragraph = 0
        for run in runs {
            var part = ""
            func emit(_ part: inout String) {
                guard !part.isEmpty else { return }
                var piece = AttributedString(part)
                run.style.apply(to: &piece, base: options.fontSize)
                if let height = heights[paragraph] {
                    var style = options.paragraphStyle
                    style.lineHeight = height
                    piece.labelKit.paragraphStyle = style
                }
                result.append(piece)
                part = ""
            }
            for character in run.text {
                part.append(character)
                if isParagraphEnd(character) {
                    emit(&part)
                    paragraph += 1
                }
            }
            emit(&part)
        }
        return result
    }

    /// Whether `character` ends a paragraph: a line feed, carriage return (alone or before a line feed), next line
    /// or paragraph separator.
    static func isParagraphEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n" || character == "\u{85}"
            || character == "\u{2029}"
    }
}

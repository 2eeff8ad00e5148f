import LabelKitLayout
import LabelKitText

/// A run of characters that look alike, with the attributes a screen reader asks for, named as GTK names them.
///
/// The names are GTK's (`family-name`, `size`, `weight`, `style`, `fg-color`, `bg-color`, `underline`,
/// `strikethrough`, `language`), values as GTK writes them: size in points, weight 100…1000, style `normal` or
/// `italic`, colours as `r,g,b` in 0…65535 (resolved against ``AccessibleText/appearance``, as drawn), underline `none`, `single`, `double` or `error`, strikethrough `true` or
/// `false`. A ruby annotation's base carries `ruby`: the annotation's text (each part's over its own character, for mono
/// ruby).
public struct AccessibleAttributeRun: Sendable, Hashable {
    /// The run's characters in ``AccessibleText/text``.
    public var range: Range<Int>
    /// The attributes, by GTK's names.
    public var attributes: [String: String]
}

extension AccessibleText {
    /// The run of characters around `offset` that share their attributes, with GTK's names and values: from the
    /// layout's runs, so the family is the face that draws the text (a fallback font where the asked-for one lacks
    /// a glyph). A link's look (colour, underline) is the view's ``LinkStyle``, drawn over the layout, so a link's
    /// characters share the run of the text around them. Text hidden by truncation has no run: its attributes are
    /// empty.
    public func attributeRun(at offset: Int) -> AccessibleAttributeRun {
        let runs = attributeRuns()
        let clamped = min(max(offset, 0), max(characterCount - 1, 0))
        if let run = runs.first(where: { $0.range.contains(clamped) }) { return run }
        // Between runs (hidden by truncation): the gap, without attributes.
        let before = runs.last { $0.range.upperBound <= clamped }?.range.upperBound ?? 0
        let after = runs.first { $0.range.lowerBound > clamped }?.range.lowerBound ?? characterCount
        return AccessibleAttributeRun(range: before..<after, attributes: [:])
    }

    /// Every attribute run of the visible text, in text order, neighbours with equal attributes merged.
    public func attributeRuns() -> [AccessibleAttributeRun] {
        var pieces: [AccessibleAttributeRun] = layout.runs.filter { !$0.isInTruncationToken }.map { run in
            AccessibleAttributeRun(
                range: characterRange(forUTF16: run.textRange), attributes: Self.attributes(of: run, in: appearance))
        }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        let rubies: [(range: Range<Int>, text: String)] = layout.inlineBoxes.compactMap { placed in
            guard !placed.isInTruncationToken, case .ruby(let text) = placed.box.content else { return nil }
            return (characterRange(forUTF16: placed.box.textRange), text)
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        if !rubies.isEmpty { pieces = Self.marking(rubies, in: pieces) }
        var merged: [AccessibleAttributeRun] = []
        for piece in pieces where !piece.range.isEmpty {
            if var last = merged.last, last.attributes == piece.attributes,
                last.range.upperBound >= piece.range.lowerBound
            {
                last.range = last.range.lowerBound..<max(last.range.upperBound, piece.range.upperBound)
                merged[merged.count - 1] = last
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    /// `pieces` (in text order) split where a ruby base starts or ends, each piece of a base given the `ruby`
    /// attribute.
    private static func marking(_ rubies: [(range: Range<Int>, text: String)], in pieces: [AccessibleAttributeRun])
        -> [AccessibleAttributeRun]
    {
        var marked: [AccessibleAttributeRun] = []
        for piece in pieces {
            var start = piece.range.lowerBound
            for ruby in rubies where ruby.range.overlaps(piece.range) {
                let inside = max(ruby.range.lowerBound, start)..<min(ruby.range.upperBound, piece.range.upperBound)
                guard !inside.isEmpty else { continue }
                if inside.lowerBound > start {
                    marked.append(
                        AccessibleAttributeRun(range: start..<inside.lowerBound, attributes: piece.attributes))
                }
                var attributes = piece.attributes
                attributes["ruby"] = ruby.text
                marked.append(AccessibleAttributeRun(range: inside, attributes: attributes))
                start = inside.upperBound
            }
            if start < piece.range.upperBound {
                marked.append(
                    AccessibleAttributeRun(range: start..<piece.range.upperBound, attributes: piece.attributes))
            }
        }
        return marked
    }

    private static func attributes(of run: GlyphRun, in appearance: Appearance) -> [String: String] {
        let style = run.style
        var attributes: [String: String] = [
            "family-name": run.face.familyName,
            "size": Self.number(style.fontSize),
            "weight": String(style.fontDescriptor.weight.rawValue),
            "style": style.fontDescriptor.italic ? "italic" : "normal",
            "fg-color": Self.gtkColor(style.foregroundColor.resolved(for: appearance)),
            "underline": Self.gtkUnderline(style.underline),
            "strikethrough": style.strikethrough == nil ? "false" : "true",
        ]
        if let background = style.backgroundColor {
            attributes["bg-color"] = Self.gtkColor(background.resolved(for: appearance))
        }
        if let language = style.language { attributes["language"] = language.description }
        return attributes
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// GTK's colour value: red, green and blue in 0…65535.
    package static func gtkColor(_ color: RGBAColor) -> String {
        [color.red, color.green, color.blue].map { String(Int(($0 * 65535).rounded())) }.joined(separator: ",")
    }

    /// GTK's underline values: Pango's `none`, `single`, `double`, `low` and `error`.
    package static func gtkUnderline(_ decoration: LineDecoration?) -> String {
        switch decoration {
        case nil: "none"
        case .double?: "double"
        case .dotted?, .dashed?: "error"
        default: "single"
        }
    }
}

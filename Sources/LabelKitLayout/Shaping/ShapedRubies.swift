import LabelKitText

/// One ruby segment: an annotation's text over its base — a group ruby's whole base, or one part of a mono ruby over
/// its base character — with what line breaking and assembly need of both.
struct RubySegment: Sendable {
    /// The UTF-16 range of the base text.
    var base: Range<Int>
    /// The ruby in ``StyledText/rubies``.
    var rubyIndex: Int
    /// The annotation's width, ascent and descent, in points: its box, as its runs' fonts make it.
    var width: Double
    var ascent: Double
    var descent: Double
    /// How far the annotation's baseline stands from its base's, towards its side: the annotation's em box stacked
    /// on its base's (``RubyEmBoxes``).
    var baselineDistance: Double
    /// Which side the annotation stands on, and how it shares its base's width.
    var position: RubyAnnotation.Position
    var alignment: RubyAnnotation.Alignment
    /// How far an annotation wider than its base reaches over the character before the base (line direction): what
    /// the base was spread less by there (``RubyAnnotation/Overhang``).
    var overhangBefore = 0.0

    /// How far the annotation's box reaches beyond the base's baseline, on its side: what its line holds. Blink makes
    /// room for the annotation's em box only and lets the rest of its box overflow the line (2 px above the first
    /// line at 15 px); LabelKit holds the whole box, so that all a layout draws and answers is inside the label.
    var reach: Double { baselineDistance + (position == .over ? ascent : descent) }
}

/// Where CSS Ruby stacks an annotation, as Blink does: the annotation's em box on its base's em box — not their
/// boxes, whose fonts' ascent and descent reach further (Noto Sans CJK's box is 1.448 em tall, its em box 1 em), so
/// that the two boxes overlap and the annotation's glyphs sit close over the base's.
///
/// Blink (`ruby_utils.cc`): `RubyBlockPositionCalculator::PlaceLines` moves the annotation's baseline from its base's
/// by the base's em-box extent on that side and then the annotation's on the other; `ComputeEmHeight` takes a run's
/// em box from `SimpleFontData::NormalizedTypoAscentAndDescent` (the `OS/2` typographic ascender and descender scaled
/// to one em, ``FontFace/emBox(size:)``), rounds each side up to a whole CSS pixel and caps it at the font's ascent
/// or descent. In vertical text the baseline is the column's centre line and the em box half an em on each side.
///
/// LabelKit rounds as Blink does, up to whole points, so that it places the annotation where a browser does at one
/// device pixel per point: unrounded, the annotation stood 1.46, 1.28 and 1.74 points closer to its base than
/// Chromium's at 15, 20 and 24 points (the oracle's tolerance is 1). It rounds lengths from the baseline, never
/// positions, and in points, not device pixels, so that a layout is the same at every display scale, as its other
/// lengths are. Each rounding is up, away from the base: an annotation's em box never reaches into its base's.
enum RubyEmBoxes {
    /// How far the em boxes of the runs of `shaped` over `range` reach above and below its baseline, each side up
    /// to whole points, no further than the run's font's ascent or descent, and moved by the run's baseline offset.
    static func extent(of range: Range<Int>, in shaped: ShapedParagraphs) -> (ascent: Double, descent: Double) {
        var ascent = 0.0
        var descent = 0.0
        for item in shaped.itemized.items
        where item.start < range.upperBound && item.end > range.lowerBound && !item.isInlineBox {
            let size = shaped.text.styles[item.styleIndex].fontSize
            let box = shaped.transform.emBox(of: shaped.itemized.faces[item.faceIndex], size: size)
            ascent = max(ascent, min(roundedUp(box.ascent), item.metrics.ascent) + item.baselineShift)
            descent = max(descent, min(roundedUp(box.descent), item.metrics.descent) - item.baselineShift)
        }
        return (ascent, descent)
    }

    /// `value` up to a whole point, once it is on Blink's grid of 1/64 point (`LayoutUnit`): 13.2 is 14, while 22
    /// computed as 22.000000000000004 stays 22.
    static func roundedUp(_ value: Double) -> Double {
        ((value * 64).rounded() / 64).rounded(.up)
    }
}

/// The ruby annotations of a text, shaped: one paragraph of ``annotations`` per segment, in the order of
/// ``segments`` (text order). A reference, nil for text without ruby, so that a text without ruby carries one word.
final class ShapedRubies: ShapedAnnotations {
    /// The annotations' shaped text, one paragraph per segment.
    let annotations: ShapedParagraphs
    /// The segments, in text order.
    let segments: [RubySegment]

    init(annotations: ShapedParagraphs, segments: [RubySegment]) {
        self.annotations = annotations
        self.segments = segments
    }

    /// The segments whose bases overlap `range`.
    func segments(overlapping range: Range<Int>) -> some Sequence<Int> {
        let first = segments.partitioningIndex { $0.base.upperBound > range.lowerBound }
        return (first..<segments.count).lazy.prefix { self.segments[$0].base.lowerBound < range.upperBound }
    }
}

extension TypesettingPipeline {
    /// Shapes the ruby annotations of `shaped`'s text and makes room for them: a base narrower than its annotation
    /// gets the difference spread around its characters, as CSS's `ruby-align: space-around` spreads it — half a share
    /// before and after each grapheme cluster — in its grapheme advances and, when it has glyphs, in its glyphs.
    func attachRubies(to shaped: inout ShapedParagraphs, purpose: TypesettingPurpose) throws(LayoutError) {
        guard let rubies = shaped.text.rubies?.styled else { return }
        var parts: [(text: String, ruby: Int)] = []
        var bases: [Range<Int>] = []
        let flags = shaped.analysis.flags
        for (index, ruby) in rubies.enumerated() {
            let segments = StyledText.segments(of: ruby) { flags[$0].contains(.graphemeBoundary) }
            for (part, base) in segments.enumerated() {
                parts.append((ruby.annotation.parts[min(part, ruby.annotation.parts.count - 1)], index))
                bases.append(base)
            }
        }
        var annotations = try shape(
            StyledText(
                sideParagraphs: parts.map { part in
                    let ruby = rubies[part.ruby]
                    var style = shaped.text.styles[ruby.styleIndex]
                    style.fontSize = min(style.fontSize * ruby.annotation.sizeFactor, StyledText.largestFontSize)
                    return (part.text, style, WritingDirection.leftToRight)
                }, fallbackStyles: shaped.text.styles), for: shaped.transform, purpose: purpose)
        var segments: [RubySegment] = []
        segments.reserveCapacity(bases.count)
        for (index, base) in bases.enumerated() {
            let paragraph = annotations.analysis.paragraphs[index]
            let annotationText = paragraph.start..<max(paragraph.contentEnd, paragraph.start + 1)
            let (ascent, descent) = Self.extent(of: annotationText, in: annotations)
            let annotationEm = RubyEmBoxes.extent(of: annotationText, in: annotations)
            let baseEm = RubyEmBoxes.extent(of: base, in: shaped)
            let annotation = rubies[parts[index].ruby].annotation
            var segment = RubySegment(
                base: base, rubyIndex: parts[index].ruby,
                width: annotations.advance(of: paragraph.start..<paragraph.contentEnd), ascent: ascent,
                descent: descent,
                baselineDistance: annotation.position == .over
                    ? baseEm.ascent + annotationEm.descent : baseEm.descent + annotationEm.ascent,
                position: annotation.position, alignment: annotation.alignment)
            let baseWidth = shaped.advance(of: base)
            if segment.width > baseWidth {
                let overhang = Self.overhang(
                    segment.width - baseWidth, of: rubies[parts[index].ruby], over: base, among: bases, in: shaped)
                Self.spread(segment.width - baseWidth, around: base, overhang: overhang, of: &shaped)
                segment.overhangBefore = overhang.before
            }
            segments.append(segment)
        }
        let compact = annotations.compacted()
        annotations.recycle()
        shaped.attach(ShapedRubies(annotations: compact, segments: segments))
    }

    /// The largest ascent and descent of the runs of `shaped` over `range`, shifted by their baseline offsets.
    private static func extent(of range: Range<Int>, in shaped: ShapedParagraphs) -> (Double, Double) {
        var ascent = 0.0
        var descent = 0.0
        for item in shaped.itemized.items where item.start < range.upperBound && item.end > range.lowerBound {
            ascent = max(ascent, item.metrics.ascent + item.baselineShift)
            descent = max(descent, item.metrics.descent - item.baselineShift)
        }
        return (ascent, descent)
    }

    /// How far an annotation `extra` wider than its base `range` may reach over the characters before and after the
    /// base: over a kana that is no other ruby's base (`bases`), by up to one character of the annotation, and no
    /// further than the half share of `extra` that spreading leaves at that end of the base (so that the base's
    /// characters keep their places under the annotation); none with ``RubyAnnotation/Overhang/none``.
    private static func overhang(
        _ extra: Double, of ruby: StyledRuby, over range: Range<Int>, among bases: [Range<Int>],
        in shaped: ShapedParagraphs
    ) -> (before: Double, after: Double) {
        guard ruby.annotation.overhang == .auto else { return (0, 0) }
        let clusters = range.count { shaped.analysis.flags[$0].contains(.graphemeBoundary) || $0 == range.lowerBound }
        let limit = min(
            extra / Double(max(clusters, 1)) / 2,
            shaped.text.styles[ruby.styleIndex].fontSize * ruby.annotation.sizeFactor)
        func reaches(_ offset: Int) -> Bool {
            offset >= 0 && offset < shaped.utf16.count && CharacterClass.isKana(shaped.utf16[offset])
                && !bases.contains { $0.contains(offset) }
        }
        return (reaches(range.lowerBound - 1) ? limit : 0, reaches(range.upperBound) ? limit : 0)
    }

    /// Adds `extra` to the base `range`: an equal share to each grapheme cluster's advance, and its glyphs moved by
    /// half a share, so that each cluster stands centred in its widened box; less by `overhang` at either end, where
    /// the annotation reaches over the neighbouring character instead.
    private static func spread(
        _ extra: Double, around range: Range<Int>, overhang: (before: Double, after: Double),
        of shaped: inout ShapedParagraphs
    ) {
        let starts = range.filter { shaped.analysis.flags[$0].contains(.graphemeBoundary) || $0 == range.lowerBound }
        guard let first = starts.first, let last = starts.last else { return }
        let share = extra / Double(starts.count)
        for start in starts { shaped.shaping.graphemeAdvances[start] += share }
        shaped.shaping.graphemeAdvances[first] -= overhang.before
        shaped.shaping.graphemeAdvances[last] -= overhang.after
        guard !shaped.shaping.glyphs.records.isEmpty else { return }
        // The first cluster's glyphs move back by the overhang before the base; the clusters after it follow its
        // shortened advance.
        let firstEnd = starts.dropFirst().first ?? range.upperBound
        for item in shaped.itemized.items
        where item.start < range.upperBound && item.end > range.lowerBound && item.glyphEnd > item.glyphStart {
            for glyph in item.glyphStart..<item.glyphEnd {
                let cluster = Int(shaped.shaping.glyphs.records[glyph].cluster)
                guard range.contains(cluster) else { continue }
                let back = cluster < firstEnd ? overhang.before : 0
                shaped.shaping.glyphs.records[glyph].xOffset += Float(share / 2 - back)
                // The cluster's last glyph in visual order carries the share: the next glyph starts a new cluster.
                let isLast =
                    glyph + 1 == item.glyphEnd || Int(shaped.shaping.glyphs.records[glyph + 1].cluster) != cluster
                if isLast {
                    let shortened = (cluster < firstEnd ? overhang.before : 0) + (cluster >= last ? overhang.after : 0)
                    shaped.shaping.glyphs.records[glyph].advance += Float(share - shortened)
                }
            }
        }
    }
}

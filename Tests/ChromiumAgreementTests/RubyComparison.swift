import Foundation
import LabelKit

/// One annotation as both engines place it: LabelKit's ruby box and base, Chromium's `<rt>` and base, in the
/// label's coordinates (px from its top-left).
struct AnnotationPair: CustomStringConvertible {
    var label: RubyLabel
    var base: Range<Int>
    var isOver: Bool
    /// Whether the two engines start the annotation's line at the same offset (so that x positions can agree).
    var sameLine: Bool

    var labelKitAnnotation: CGRect
    var labelKitBase: CGRect
    /// Chromium's annotation text: its content area vertically, its glyphs horizontally.
    var chromiumAnnotation: CGRect
    var chromiumBase: CGRect

    /// How far the annotation's centre stands right of its base's centre.
    var labelKitCentreOffset: Double { labelKitAnnotation.midX - labelKitBase.midX }
    var chromiumCentreOffset: Double { chromiumAnnotation.midX - chromiumBase.midX }

    /// The space between the annotation's box and its base's (negative where they overlap).
    var labelKitGap: Double { Self.gap(labelKitAnnotation, labelKitBase, isOver: isOver) }
    var chromiumGap: Double { Self.gap(chromiumAnnotation, chromiumBase, isOver: isOver) }

    static func gap(_ annotation: CGRect, _ base: CGRect, isOver: Bool) -> Double {
        isOver ? base.minY - annotation.maxY : annotation.minY - base.maxY
    }

    var description: String {
        let text = label.text
        let utf16 = Array(text.utf16)
        let baseText = String(decoding: utf16[base.clamped(to: 0..<utf16.count)], as: UTF16.self)
        return "\(baseText) in \(label)"
    }
}

/// Both engines' layout of one corpus label.
struct RubyComparison {
    var label: RubyLabel
    var layout: TextLayout
    var chromium: ChromiumRubyAnswer

    var labelKitLineStarts: [Int] { layout.lines.map(\.textRange.lowerBound) }

    /// Each annotation Chromium placed, paired with LabelKit's over the same base; the bases LabelKit has no
    /// annotation over.
    func annotationPairs() -> (pairs: [AnnotationPair], missing: [String]) {
        var pairs: [AnnotationPair] = []
        var missing: [String] = []
        let chromiumStarts = chromium.lineStarts
        let labelKitStarts = labelKitLineStarts
        for annotation in chromium.annotations {
            let range = annotation.range[0]..<annotation.range[1]
            guard
                let base = chromium.bases.first(where: { $0.range == annotation.range }),
                let box = layout.inlineBoxes.first(where: {
                    if case .ruby = $0.box.content { $0.box.textRange == range } else { false }
                }),
                let labelKitBase = baseBox(range, lineIndex: box.lineIndex)
            else {
                missing.append("no LabelKit annotation over \(range) in \(label)")
                continue
            }
            let line = box.lineIndex
            let chromiumLine = chromiumStarts.lastIndex { $0 <= range.lowerBound } ?? -1
            let sameLine =
                line == chromiumLine && line < labelKitStarts.count && line < chromiumStarts.count
                && labelKitStarts[...line] == chromiumStarts[...line]
            let rect = annotation.rect
            let ruby = label.annotation(over: range.lowerBound)
            pairs.append(
                AnnotationPair(
                    label: label, base: range, isOver: ruby?.position != .under, sameLine: sameLine,
                    labelKitAnnotation: box.rect, labelKitBase: labelKitBase,
                    chromiumAnnotation: CGRect(
                        x: annotation.glyphs[0], y: rect[1], width: annotation.glyphs[1] - annotation.glyphs[0],
                        height: rect[3]),
                    chromiumBase: CGRect(x: base.rect[0], y: base.rect[1], width: base.rect[2], height: base.rect[3])))
        }
        return (pairs, missing)
    }

    /// LabelKit's box of the base `range` on line `lineIndex`: its advances horizontally, and vertically the content
    /// area of the run it starts in (the run's baseline less its font's ascent, plus its descent) — what a browser's
    /// range box covers.
    func baseBox(_ range: Range<Int>, lineIndex: Int) -> CGRect? {
        let fragments = layout.rects(for: range).filter { $0.lineIndex == lineIndex }.map(\.rect)
        guard !fragments.isEmpty,
            let run = layout.runs.first(where: { !$0.textRange.isEmpty && $0.textRange.contains(range.lowerBound) })
        else { return nil }
        let union = fragments.dropFirst().reduce(fragments[0]) { $0.union($1) }
        let top = run.baseline - run.metrics.ascent
        return CGRect(x: union.minX, y: top, width: union.width, height: run.metrics.ascent + run.metrics.descent)
    }
}

extension RubyLabel {
    /// The annotation on the base that holds UTF-16 offset `offset`, if any.
    func annotation(over offset: Int) -> RubyAnnotation? {
        var start = 0
        for piece in pieces {
            switch piece {
            case .text(let text): start += text.utf16.count
            case .ruby(let base, let ruby, _):
                if (start..<(start + base.utf16.count)).contains(offset) { return ruby }
                start += base.utf16.count
            }
        }
        return nil
    }
}

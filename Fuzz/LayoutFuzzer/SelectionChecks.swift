// Checks of selection rectangles and caret motion.
import Foundation
import FuzzSupport
import LabelKit

/// Selection rectangles of random ranges are finite, on real lines, and never overlap on one line (along the line:
/// across the label in horizontal text, down it in vertical text); caret motion by arrow keys stays in the text, comes
/// to rest at the ends rather than cycling, and a key that moves across lines (Up and Down, or in vertical text Left
/// and Right) never takes the caret back the other way; word boundaries stay in range.
func checkSelectionAndCarets(_ layout: TextLayout, _ input: inout FuzzInput) {
    let length = layout.string.utf16.count
    let isVertical = layout.writingMode.isVertical
    for _ in 0..<input.number(in: 1...4) {
        let lower = input.number(in: 0...length)
        let upper = input.number(in: lower...length)
        let fragments = layout.selectionRects(for: lower..<upper)
        for fragment in fragments {
            invariant(isFinite(fragment.rect), "selection rect \(fragment.rect)")
            invariant(fragment.lineIndex >= 0 && fragment.lineIndex < layout.lines.count, "selection line")
        }
        for (index, a) in fragments.enumerated() {
            for b in fragments[(index + 1)...] where a.lineIndex == b.lineIndex {
                let overlap = a.rect.intersection(b.rect)
                let overlapAlongLine = isVertical ? overlap.height : overlap.width
                invariant(
                    overlap.isNull || overlapAlongLine < 1e-6, "selection rects overlap on line \(a.lineIndex)")
            }
        }
        _ = layout.plainText(in: lower..<upper)
    }
    guard length <= 512 else { return }
    // Between paragraphs of opposite direction the caret goes round, as Pango's does: at the left edge of a
    // right-to-left line Left goes on to the next line, at the left edge of a left-to-right one to the previous.
    // Within one direction it must come to rest (FuzzRegressionTests).
    let mustRest = Set(layout.lines.map { $0.paragraphLevel & 1 }).count <= 1
    for direction in VisualDirection.allCases {
        var position = TextPosition(index: input.number(in: 0...length))
        var steps = 0
        while true {
            let next = layout.position(movedVisually: direction, from: position)
            invariant(next.index >= 0 && next.index <= length, "caret moved to \(next.index) of \(length)")
            if next == position { break }
            checkLineStep(layout, direction, from: position, to: next)
            position = next
            steps += 1
            guard steps <= 4 * (length + layout.lines.count) + 8 else {
                invariant(!mustRest, "the caret keeps moving \(direction): a cycle")
                break
            }
        }
        let boundary = layout.lineBoundary(of: position, atEnd: input.flag())
        invariant(boundary.index >= 0 && boundary.index <= length, "line boundary \(boundary.index)")
    }
    let words = layout.words()
    for segment in words.segments {
        invariant(segment.range.lowerBound >= 0 && segment.range.upperBound <= length, "word \(segment.range)")
    }
    let index = input.number(in: 0...length)
    invariant(words.wordStart(before: index) <= index, "word start after \(index)")
    invariant(words.wordEnd(after: index) >= min(index, length), "word end before \(index)")
    let paragraph = layout.paragraphRange(containing: index)
    invariant(paragraph.lowerBound >= 0 && paragraph.upperBound <= length, "paragraph \(paragraph)")
}

/// A key that moves the caret across lines takes it to a line on that side or leaves it on its own: Down never
/// upwards in horizontal text, Left never rightwards in vertical text (where the next column is on the left).
/// Compared where both carets are shown, by their centres across the lines.
func checkLineStep(_ layout: TextLayout, _ direction: VisualDirection, from: TextPosition, to: TextPosition) {
    let isVertical = layout.writingMode.isVertical
    let sign: Double
    switch (direction, isVertical) {
    case (.down, false), (.left, true): sign = 1
    case (.up, false), (.right, true): sign = -1
    default: return
    }
    guard let before = layout.caretRect(for: from), let after = layout.caretRect(for: to) else { return }
    // Across the lines in line coordinates: y in horizontal text, the distance from the label's right in vertical.
    let across = { (caret: CGRect) in Double(isVertical ? -caret.midX : caret.midY) }
    let slack = 4 * max(1, abs(across(before)), abs(across(after))).ulp
    invariant(
        sign * (across(after) - across(before)) >= -slack,
        "\(direction) took the caret from \(from) at \(before) back to \(to) at \(after)")
}

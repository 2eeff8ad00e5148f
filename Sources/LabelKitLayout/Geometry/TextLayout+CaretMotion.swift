import Foundation
import LabelKitText

/// A direction on screen, for caret motion by arrow keys.
public enum VisualDirection: Sendable, Hashable, CaseIterable {
    /// Towards the left edge of the screen.
    case left
    /// Towards the right edge of the screen.
    case right
    /// Towards the top of the screen.
    case up
    /// Towards the bottom of the screen.
    case down
}

extension TextLayout {
    /// The caret position one grapheme cluster to the left or to the right of `position` on screen.
    ///
    /// Inside a line the caret passes the cluster drawn next to it in `direction`, whatever the cluster's writing
    /// direction, so in mixed Arabic and English text the Right arrow always moves right (parley's and Pango's visual
    /// motion). The resulting position leans towards the cluster it passed (its affinity), so that its
    /// ``caretRect(for:)`` is on that cluster's far edge even where two runs of opposite direction meet. At the edge of
    /// a line the caret moves on in logical order: across the line's trailing white space and break first, then one
    /// cluster into the next (or previous) line. At the ends of the text it stays.
    ///
    /// ```swift
    /// var caret = TextPosition(index: 0)
    /// caret = layout.position(movedVisually: .right, from: caret)   // past the first cluster on screen
    /// ```
    public func position(movedVisually direction: VisualDirection, from position: TextPosition) -> TextPosition {
        let position = TextPosition(index: min(max(position.index, 0), utf16Count), affinity: position.affinity)
        let direction = lineDirection(of: direction)
        guard let lineIndex = lineIndex(for: position) else { return position }
        if direction == .up || direction == .down {
            return self.position(inLineAfter: direction == .down, of: lineIndex, from: position)
        }
        let line = lineData[lineIndex]
        let boxes = clusterBoxes[line.clusterRange].filter { !$0.isInTruncationToken }
        let isRightToLeftLine = line.paragraphLevel & 1 == 1
        // The caret's slot between the boxes: slot k is the left edge of box k, slot boxes.count the right end.
        let slot = caretSlot(of: position, among: boxes) ?? (isRightToLeftLine ? 0 : boxes.count)
        switch direction {
        case .right where slot < boxes.count:
            let box = boxes[slot]
            return box.isRightToLeft
                ? TextPosition(index: Int(box.start), affinity: .downstream)
                : TextPosition(index: Int(box.end), affinity: .upstream)
        case .left where slot > 0:
            let box = boxes[slot - 1]
            return box.isRightToLeft
                ? TextPosition(index: Int(box.end), affinity: .upstream)
                : TextPosition(index: Int(box.start), affinity: .downstream)
        default:
            // At the line's edge: onwards in logical order, forwards when that edge is the line's logical end.
            let forward = (direction == .right) != isRightToLeftLine
            let onward =
                forward
                ? positionAfterLineEnd(of: lineIndex, from: position.index)
                : positionBeforeLineStart(of: lineIndex, from: position.index)
            // Where the line's logical end is not at this edge (an Arabic word or an override opening a
            // left-to-right line, a bidi control with no box), that step would land back inside the line and the
            // caret would go round it for ever: it leaves the line instead, or stays at the end of the text.
            guard self.lineIndex(for: onward) == lineIndex else { return onward }
            let onwardSlot = caretSlot(of: onward, among: boxes) ?? (isRightToLeftLine ? 0 : boxes.count)
            if onwardSlot == slot { return onward }
            return forward
                ? positionInNextLine(after: lineIndex, or: position)
                : positionInPreviousLine(before: lineIndex, or: position)
        }
    }

    /// The caret position in the next (or previous) line nearest the caret's place along its line; at the first or
    /// last line, the start or the end of the text.
    private func position(inLineAfter forward: Bool, of lineIndex: Int, from position: TextPosition) -> TextPosition {
        let target = lineIndex + (forward ? 1 : -1)
        guard lineData.indices.contains(target) else {
            return forward ? TextPosition(index: utf16Count, affinity: .upstream) : TextPosition(index: 0)
        }
        let caret = caretRect(for: position).map { linePoint(fromLabelPoint: CGPoint(x: $0.midX, y: $0.midY)).x }
        let along = caret ?? Double(lineData[lineIndex].rect.minX)
        let line = lineData[target]
        return self.position(at: labelPoint(fromLinePoint: CGPoint(x: along, y: line.rect.midY)))
    }

    /// The start of the line holding `position` (its first character), or its end: after its last character,
    /// trailing white space included but not a hard line break. On a truncated line, the end of its visible text.
    ///
    /// ```swift
    /// let end = layout.lineBoundary(of: caret, atEnd: true)   // shift+End extends a selection to it
    /// ```
    public func lineBoundary(of position: TextPosition, atEnd: Bool) -> TextPosition {
        guard let lineIndex = lineIndex(for: position) else { return position }
        let line = lineData[lineIndex]
        guard atEnd else { return TextPosition(index: line.textRange.lowerBound, affinity: .downstream) }
        if line.isTruncated { return TextPosition(index: visibleEnd(of: line), affinity: .upstream) }
        let end = contentEnd(of: line)
        let isSoftEnd = end == line.textRange.upperBound && lineIndex + 1 < lineData.count
        return TextPosition(index: end, affinity: isSoftEnd ? .upstream : .downstream)
    }

    // MARK: Internals

    /// The slot of the box edge `position` sits on: the edge of the cluster it leans to (upstream: the cluster
    /// before it, downstream: the one after), else of the other one; nil when no box on the line touches it.
    private func caretSlot(of position: TextPosition, among boxes: [ClusterBox]) -> Int? {
        let index = Int32(position.index)
        let after = boxes.firstIndex { $0.start == index }
        let before = boxes.firstIndex { $0.end == index }
        // The leading edge of the cluster after the caret: left for left-to-right text, right for right-to-left.
        let leadingSlot = after.map { boxes[$0].isRightToLeft ? $0 + 1 : $0 }
        let trailingSlot = before.map { boxes[$0].isRightToLeft ? $0 : $0 + 1 }
        return position.affinity == .upstream ? trailingSlot ?? leadingSlot : leadingSlot ?? trailingSlot
    }

    /// Onwards from `index` at the logical end of line `lineIndex`: the line's end (past trailing white space and its
    /// break), or, from there, one grapheme cluster into the next line.
    private func positionAfterLineEnd(of lineIndex: Int, from index: Int) -> TextPosition {
        let line = lineData[lineIndex]
        let end = line.textRange.upperBound
        let hasNextLine = lineIndex + 1 < lineData.count
        if index < end {
            let isSoftEnd = contentEnd(of: line) == end && hasNextLine
            return TextPosition(index: end, affinity: isSoftEnd ? .upstream : .downstream)
        }
        guard hasNextLine else { return TextPosition(index: index, affinity: .downstream) }
        return TextPosition(index: clusterBoundary(after: index), affinity: .upstream)
    }

    /// One grapheme cluster into the line after `lineIndex`, or `position` on the last line.
    private func positionInNextLine(after lineIndex: Int, or position: TextPosition) -> TextPosition {
        guard lineIndex + 1 < lineData.count else { return position }
        return TextPosition(
            index: clusterBoundary(after: lineData[lineIndex].textRange.upperBound), affinity: .upstream)
    }

    /// One grapheme cluster back into the line before `lineIndex`, or `position` on the first line.
    private func positionInPreviousLine(before lineIndex: Int, or position: TextPosition) -> TextPosition {
        guard lineIndex > 0 else { return position }
        return TextPosition(
            index: clusterBoundary(before: lineData[lineIndex].textRange.lowerBound), affinity: .downstream)
    }

    /// Backwards from `index` at the logical start of line `lineIndex`: the line's start, or, from there, one
    /// grapheme cluster back into the previous line.
    private func positionBeforeLineStart(of lineIndex: Int, from index: Int) -> TextPosition {
        let start = lineData[lineIndex].textRange.lowerBound
        if index > start { return TextPosition(index: start, affinity: .downstream) }
        guard lineIndex > 0 else { return TextPosition(index: index, affinity: .downstream) }
        return TextPosition(index: clusterBoundary(before: index), affinity: .downstream)
    }

    /// The end of the line's text without its hard line break (CR LF counts as one).
    private func contentEnd(of line: LineData) -> Int {
        var end = line.textRange.upperBound
        if end > line.textRange.lowerBound, CharacterClass.isLineBreak(utf16Unit(at: end - 1)) {
            end -= 1
            if end > line.textRange.lowerBound, utf16Unit(at: end) == 0x0A, utf16Unit(at: end - 1) == 0x0D { end -= 1 }
        }
        return end
    }

    /// The grapheme-cluster boundary after `index` (the text's end at most).
    package func clusterBoundary(after index: Int) -> Int {
        guard index < utf16Count else { return utf16Count }
        let start = String.Index(utf16Offset: index, in: string)
        return string.index(after: start).utf16Offset(in: string)
    }

    /// The grapheme-cluster boundary before `index` (0 at least).
    package func clusterBoundary(before index: Int) -> Int {
        guard index > 0 else { return 0 }
        let end = String.Index(utf16Offset: min(index, utf16Count), in: string)
        return string.index(before: end).utf16Offset(in: string)
    }
}

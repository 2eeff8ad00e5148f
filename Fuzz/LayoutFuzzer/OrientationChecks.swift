// Checks of how runs stand in vertical text: orientation and tate-chu-yoko.
import Foundation
import FuzzSupport
import LabelKit

/// How runs stand in their line: horizontal in horizontal text; in vertical text never horizontal, never turned in
/// upright orientation, and combined (tate-chu-yoko) exactly where the text asks for it — every run of an `.all` span;
/// under `.digits(n)` only clusters of ASCII digits, and a run of digits of one such span combined exactly when it is
/// at most n long (so n ≤ 0 combines nothing). Compression only ever narrows a combined run.
func checkOrientations(_ layout: TextLayout, text: AttributedString) {
    guard layout.writingMode.isVertical else {
        for run in layout.runs {
            invariant(run.orientation == .horizontal, "a \(run.orientation) run in horizontal text")
            invariant(run.combinedScale == 1, "a horizontal run compressed to \(run.combinedScale)")
        }
        return
    }
    let isUpright = layout.container.textOrientation == .upright
    var units: [UInt16]? = nil
    var spans: [(range: Range<Int>, value: CombineUpright)]? = nil
    for run in layout.runs {
        let orientation = run.orientation
        invariant(orientation != .horizontal, "a horizontal run \(run.textRange) in vertical text")
        invariant(!(isUpright && orientation == .sideways), "a sideways run \(run.textRange) in upright orientation")
        let scale = run.combinedScale
        invariant(
            scale.isFinite && scale > 0 && scale <= 1 && (orientation == .combinedUpright || scale == 1),
            "a \(orientation) run \(run.textRange) compressed to \(scale)")
        guard run.attachment == nil else {
            invariant(orientation == .upright, "an attachment set \(orientation)")
            continue
        }
        let combine = run.style.combineUpright
        switch combine {
        case .none:
            invariant(orientation != .combinedUpright, "run \(run.textRange) combined without being asked to")
        case .all:
            invariant(orientation == .combinedUpright, "run \(run.textRange) of an .all span is \(orientation)")
        case .digits(let limit):
            // The token's units are not the text's: its runs are checked for their kind only.
            if run.isInTruncationToken {
                invariant(orientation != .combinedUpright || limit > 0, "token run combined under \(combine)")
                continue
            }
            if units == nil { units = Array(layout.string.utf16) }
            if spans == nil { spans = combineSpans(of: text) }
            checkCombinedDigits(run, limit: limit, units: units ?? [], spans: spans ?? [])
        }
    }
}

/// The spans of the text that set `combineUpright`, as UTF-16 ranges.
func combineSpans(of text: AttributedString) -> [(range: Range<Int>, value: CombineUpright)] {
    var spans: [(range: Range<Int>, value: CombineUpright)] = []
    var offset = 0
    for (value, range) in text.runs[LabelAttributes.CombineUprightAttribute.self] {
        let length = String(text[range].characters).utf16.count
        if let value { spans.append((offset..<(offset + length), value)) }
        offset += length
    }
    return spans
}

/// A run of a `.digits(limit)` span: its clusters are combined only when they start with an ASCII digit of a run of
/// digits at most `limit` long — counted across the span's edge, as the typesetter does — and the first cluster of
/// such a run of digits that lies in the span alone is combined.
func checkCombinedDigits(
    _ run: GlyphRun, limit: Int, units: [UInt16], spans: [(range: Range<Int>, value: CombineUpright)]
) {
    func isDigit(_ offset: Int) -> Bool {
        units.indices.contains(offset) && units[offset] >= 0x30 && units[offset] <= 0x39
    }
    for cluster in run.clusters {
        let start = cluster.range.lowerBound
        let isCombined = run.orientation == .combinedUpright
        guard isDigit(start) else {
            invariant(!isCombined, "cluster \(cluster.range) combined under .digits(\(limit)) without a digit")
            continue
        }
        var digits = start..<(start + 1)
        while isDigit(digits.lowerBound - 1) { digits = (digits.lowerBound - 1)..<digits.upperBound }
        while isDigit(digits.upperBound) { digits = digits.lowerBound..<(digits.upperBound + 1) }
        if isCombined {
            invariant(
                limit > 0 && (digits.count <= limit || !isInOneSpan(digits, value: .digits(limit), spans)),
                "\(digits.count) digits at \(digits) combined under .digits(\(limit))")
        } else if start == digits.lowerBound, digits.count <= limit, isInOneSpan(digits, value: .digits(limit), spans) {
            invariant(false, "\(digits.count) digits at \(digits) not combined under .digits(\(limit))")
        }
    }
}

/// Whether `range` lies inside one span that sets `value`.
func isInOneSpan(_ range: Range<Int>, value: CombineUpright, _ spans: [(range: Range<Int>, value: CombineUpright)])
    -> Bool
{
    spans.contains {
        $0.value == value && $0.range.contains(range.lowerBound) && $0.range.upperBound >= range.upperBound
    }
}

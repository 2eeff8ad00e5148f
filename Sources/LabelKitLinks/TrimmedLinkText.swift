import Foundation
import LabelKitText

/// A text whose long links are shortened for display, with the ranges mapped to the shortened text.
///
/// Made by ``LinkDetectionResult/trimmingDisplayedLinks(maximumLength:kinds:)``, the equivalent of ActiveLabel's
/// `urlMaximumLength`: a link longer than the maximum shows its first characters and "…", its target stays the
/// full URL, and every other range moves with the text.
///
/// ```swift
/// let result = LinkDetector().detectLinks(in: AttributedString("see https://example.com/a/very/long/path now"))
/// let trimmed = result.trimmingDisplayedLinks(maximumLength: 20)
/// String(trimmed.text.characters)  // "see https://example.com… now"
/// trimmed.links[0].target          // https://example.com/a/very/long/path
/// trimmed.displayedRange(forOriginal: 41..<44) // 25..<28: "now"
/// ```
public struct TrimmedLinkText: Sendable {
    /// The displayed text, with `.link` and styles kept on the shortened links.
    public var text: AttributedString
    /// The links with ranges and text in the displayed text; targets unchanged.
    public var links: [DetectedLink]

    /// One shortened link: where it was in the original (UTF-16) and how long its display is.
    struct Edit: Sendable {
        var originalRange: Range<Int>
        var displayedLength: Int
        var originalScalars: Range<Int>
        var displayedScalarCount: Int
    }

    let edits: [Edit]
    /// `shiftsBefore[i]`: how much longer (negative: shorter) the display is than the original before edit `i`.
    private let shiftsBefore: [Int]

    init(text: AttributedString, links: [DetectedLink], edits: [Edit]) {
        self.text = text
        self.links = links
        self.edits = edits
        var shifts: [Int] = []
        shifts.reserveCapacity(edits.count + 1)
        var shift = 0
        for edit in edits {
            shifts.append(shift)
            shift += edit.displayedLength - edit.originalRange.count
        }
        shifts.append(shift)
        self.shiftsBefore = shifts
    }

    /// The range in the displayed text that shows `range` of the original text (UTF-16 offsets).
    ///
    /// A range touching a shortened link grows to cover as much of the shortened display as it covered of the
    /// link. Returns `nil` for a range that starts before 0.
    public func displayedRange(forOriginal range: Range<Int>) -> Range<Int>? {
        guard range.lowerBound >= 0 else { return nil }
        let start = displayedOffset(forOriginal: range.lowerBound, roundingUp: false)
        let end = displayedOffset(forOriginal: range.upperBound, roundingUp: true)
        return start..<max(start, end)
    }

    /// A binary search over the edits (sorted and disjoint), so that mapping every link of a text stays linear.
    private func displayedOffset(forOriginal offset: Int, roundingUp: Bool) -> Int {
        let index = edits.partitioningIndex { $0.originalRange.upperBound > offset }
        let shift = shiftsBefore[index]
        guard index < edits.count, offset > edits[index].originalRange.lowerBound else { return offset + shift }
        // Inside a shortened link: its start, or its displayed end.
        let edit = edits[index]
        return edit.originalRange.lowerBound + shift + (roundingUp ? edit.displayedLength : 0)
    }
}

import Foundation
import LabelKit

/// A selectable label driven the way a person does it — drags, clicks, keys, with a fake clock — and read back as
/// text, so that tests say what they mean: "a drag from before 利 to after 約 selects 利用規約".
struct SelectionScript {
    var interaction: LabelInteraction
    /// The clock: each gesture starts a second after the last one, unless it is the next click of a double click.
    var time = 0.0
    var layout: TextLayout { interaction.layout }

    /// A label of `markup` laid out `width` points wide by `typesetter`: the fixed-advance one (at 400 pt, 26
    /// characters a line) unless a test needs real fonts or ICU.
    init(
        _ markup: String, width: Double = 400, selectable: Bool = true, copyEnabled: Bool = true,
        settings: InteractionSettings = InteractionSettings(), typesetter: LabelTypesetter = Fixtures.typesetter
    ) throws {
        let layout = try Fixtures.layout(markup, width: width, typesetter: typesetter)
        interaction = LabelInteraction(
            layout: layout, settings: settings, copyEnabled: copyEnabled, isSelectable: selectable)
    }

    /// The selected text, or nil.
    var selected: String? { interaction.selectedText }

    // MARK: Places

    /// The UTF-16 range of the `occurrence`th `substring` of the text.
    func range(of substring: String, occurrence: Int = 0) -> Range<Int> {
        var searchStart = layout.string.startIndex
        var found: Range<String.Index>? = nil
        for _ in 0...occurrence {
            found = layout.string.range(of: substring, range: searchStart..<layout.string.endIndex)
            guard let match = found else { preconditionFailure("no \(substring) in \(layout.string)") }
            searchStart = match.upperBound
        }
        let match = found ?? layout.string.startIndex..<layout.string.startIndex
        return match.lowerBound.utf16Offset(in: layout.string)..<match.upperBound.utf16Offset(in: layout.string)
    }

    /// The cluster box of the cluster that starts at `index`, with its line.
    func cluster(startingAt index: Int) -> (box: LayoutCluster, line: LayoutLine) {
        for line in layout.lines {
            if let box = line.clusters.first(where: { $0.range.lowerBound == index && !$0.isInTruncationToken }) {
                return (box, line)
            }
        }
        preconditionFailure("no visible cluster starts at \(index)")
    }

    /// A point a quarter into a cluster from its leading edge (left in left-to-right text, right in right-to-left):
    /// where a press lands "before" it.
    func point(beforeClusterAt index: Int) -> CGPoint {
        let (box, line) = cluster(startingAt: index)
        let fraction = box.isRightToLeft ? 0.75 : 0.25
        return CGPoint(x: box.x + box.width * fraction, y: line.rect.midY)
    }

    /// A point a quarter into a cluster from its trailing edge: where a press lands "after" it.
    func point(afterClusterAt index: Int) -> CGPoint {
        let (box, line) = cluster(startingAt: index)
        let fraction = box.isRightToLeft ? 0.25 : 0.75
        return CGPoint(x: box.x + box.width * fraction, y: line.rect.midY)
    }

    /// Before the first cluster of `substring`.
    func before(_ substring: String, occurrence: Int = 0) -> CGPoint {
        point(beforeClusterAt: range(of: substring, occurrence: occurrence).lowerBound)
    }

    /// After the last cluster of `substring`.
    func after(_ substring: String, occurrence: Int = 0) -> CGPoint {
        let range = range(of: substring, occurrence: occurrence)
        let lastStart = layout.lines.lazy.flatMap { Array($0.clusters) }
            .last { $0.range.lowerBound < range.upperBound && $0.range.upperBound == range.upperBound }
        return point(afterClusterAt: lastStart?.range.lowerBound ?? range.lowerBound)
    }

    /// The middle of the first cluster of `substring`.
    func inside(_ substring: String, occurrence: Int = 0) -> CGPoint {
        let (box, line) = cluster(startingAt: range(of: substring, occurrence: occurrence).lowerBound)
        return CGPoint(x: box.x + box.width / 2, y: line.rect.midY)
    }

    // MARK: Gestures

    /// Presses at `start`, moves to `end` in a few steps and lifts there.
    @discardableResult
    mutating func drag(from start: CGPoint, to end: CGPoint, modifiers: KeyModifiers = []) -> [InteractionEvent] {
        time += 1
        var events = interaction.handle(.down(at: start, time: time, modifiers: modifiers))
        for step in 1...4 {
            let fraction = Double(step) / 4
            let point = CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            events += interaction.handle(.move(to: point, time: time + 0.02 * Double(step)))
        }
        events += interaction.handle(.up(at: end, time: time + 0.1))
        time += 0.1
        return events
    }

    /// One click at `point`; with `soonAfterLast`, it comes within the double-click interval of the last one.
    @discardableResult
    mutating func click(
        at point: CGPoint, modifiers: KeyModifiers = [], soonAfterLast: Bool = false
    ) -> [InteractionEvent] {
        time += soonAfterLast ? 0.1 : 1
        let events = interaction.handle(.down(at: point, time: time, modifiers: modifiers))
        time += 0.05
        return events + interaction.handle(.up(at: point, time: time))
    }

    /// `count` clicks at `point` within the double-click interval.
    @discardableResult
    mutating func clicks(_ count: Int, at point: CGPoint) -> [InteractionEvent] {
        (0..<count).flatMap { click(at: point, soonAfterLast: $0 > 0) }
    }

    /// A press held at `point` past the long-press duration, then lifted.
    @discardableResult
    mutating func longPress(at point: CGPoint) -> [InteractionEvent] {
        time += 1
        var events = interaction.handle(.down(at: point, time: time))
        events += interaction.advance(to: time + interaction.settings.longPressDuration)
        time += interaction.settings.longPressDuration + 0.1
        return events + interaction.handle(.up(at: point, time: time))
    }

    /// Presses the key named `name` (`shift+Right`, `ctrl+c`…).
    @discardableResult
    mutating func key(_ name: String) -> [InteractionEvent] {
        guard let press = KeyPress(name: name) else { preconditionFailure("no key named \(name)") }
        return interaction.handleKey(press)
    }
}

extension [InteractionEvent] {
    /// The selections reported, in order (nil for a cleared selection).
    var selections: [TextSelection?] {
        compactMap { if case .selectionChanged(let selection) = $0 { .some(selection) } else { nil } }
    }

    /// The text of the copy events.
    var copies: [String] { compactMap { if case .copy(let text) = $0 { text } else { nil } } }

    /// The tapped links' targets.
    var taps: [String] { compactMap { if case .tap(let hit) = $0 { hit.link.target.absoluteString } else { nil } } }
}

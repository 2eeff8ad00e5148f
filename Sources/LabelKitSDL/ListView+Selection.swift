import Foundation
import LabelKit
import LabelKitCairo

/// The row of a ``ListView`` that was pressed last: its layout's interaction, selectable, in the row text's
/// coordinates.
struct ActiveListRow {
    let index: Int
    /// The width the row was laid out at: a new width lays it out again.
    let width: Double
    var interaction: LabelInteraction
    var texture = LabelTexture()
}

extension ListView {
    /// Rows are selectable: a press anywhere in the list goes to the row under it.
    public func claimsPointer(at point: CGPoint) -> Bool { frame.contains(point) }

    /// A press picks the row under it (the previous row's selection goes) and the row's text is selected as in a
    /// selectable label: drag, double or triple click, shift+click.
    public func handle(_ event: PointerEvent) -> [ViewEvent] {
        var events: [ViewEvent] = []
        if event.phase == .down {
            let index = row(atContentOffset: Double(event.location.y - frame.minY) + scrollOffset)
            if activeRow?.index != index || activeRow?.width != textWidth {
                events += resignFocus()
                activeRow = makeActiveRow(index)
            }
        }
        guard var active = activeRow, let origin = textOrigin(ofRow: active.index) else { return events }
        let rowEvents = active.interaction.handle(event.offset(by: CGPoint(x: -origin.x, y: -origin.y)))
        activeRow = active
        return events + translate(rowEvents, row: active, origin: origin)
    }

    /// Ticks the pressed row's clock: a long press selects the word under the pointer.
    public func advance(to time: Double) -> [ViewEvent] {
        guard var active = activeRow, active.interaction.isTracking, let origin = textOrigin(ofRow: active.index)
        else { return [] }
        let events = active.interaction.advance(to: time)
        activeRow = active
        return translate(events, row: active, origin: origin)
    }

    /// Keys act on the pressed row's selection (shift+arrows, ctrl+A, ctrl+C, Escape); rows hold no links, so Tab
    /// passes the list by.
    public func handleKey(_ key: KeyPress) -> [ViewEvent] {
        guard var active = activeRow, let origin = textOrigin(ofRow: active.index) else {
            return key.key == .tab ? [.focusLeaves(key.modifiers.contains(.shift) ? .backward : .forward)] : []
        }
        let events = active.interaction.handleKey(key)
        activeRow = active
        return translate(events, row: active, origin: origin)
    }

    /// The focus went elsewhere: the row's selection goes.
    public func resignFocus() -> [ViewEvent] {
        guard var active = activeRow, let origin = textOrigin(ofRow: active.index) else { return [] }
        let events = active.interaction.clearSelection()
        activeRow = active
        return translate(events, row: active, origin: origin)
    }

    /// The selected text of the pressed row, if any.
    public var selectedText: String? { activeRow?.interaction.selectedText }

    /// Row `index` laid out at the list's current text width, as it is drawn: re-wrapped from its
    /// ``/LabelKitLayout/ShapedText`` when the row was shaped before, so a resize re-wraps the rows in view without
    /// shaping them again.
    ///
    /// - Throws: the typesetter's ``/LabelKitLayout/LayoutError`` for the row's text; an index outside the rows is
    ///   an ``/LabelKitLayout/LayoutError/invalidParameter(_:)``.
    public func rowLayout(_ index: Int) throws(LayoutError) -> TextLayout {
        guard texts.indices.contains(index) else {
            throw .invalidParameter("row \(index) is not one of the list's \(texts.count) rows")
        }
        let container = TextContainer(width: textWidth)
        if let shaped = shapedRows[index] { return try shaped.layout(in: container) }
        let shaped = try typesetter.shapedText(texts[index])
        shapedRows[index] = shaped
        return try shaped.layout(in: container)
    }

    /// The pressed row laid out again (at a new text scale), keeping its selection.
    func relayOutActiveRow() {
        guard let active = activeRow else { return }
        activeRow = makeActiveRow(active.index)
        if let range = active.interaction.selection?.range { _ = activeRow?.interaction.select(range) }
    }

    private func makeActiveRow(_ index: Int) -> ActiveListRow? {
        guard index < texts.count, let layout = try? rowLayout(index) else { return nil }
        return ActiveListRow(
            index: index, width: textWidth, interaction: LabelInteraction(layout: layout, isSelectable: true))
    }

    /// Where row `index`'s text starts, in window points.
    private func textOrigin(ofRow index: Int) -> CGPoint? {
        rowFrame(index).map { CGPoint(x: $0.minX + rowPadding.left, y: $0.minY + rowPadding.top) }
    }

    private func translate(_ events: [InteractionEvent], row: ActiveListRow, origin: CGPoint) -> [ViewEvent] {
        events.compactMap { event in
            switch event {
            case .selectionChanged(let selection):
                let rects = selection.map { row.interaction.layout.selectionRects(for: $0.range).map(\.rect) } ?? []
                return .selectionChanged(
                    selection, text: row.interaction.selectedText,
                    rects: rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) })
            case .copy(let text):
                pasteboard.setString(text)
                return .copied(text, item: nil)
            case .focusLeaves(let direction):
                return .focusLeaves(direction)
            case .pressedLinkChanged, .tap, .longPress, .longPressOnText, .tokenTap, .focusedLinkChanged, .menu:
                // Rows are plain text: no links, no token, and the list shows no menus.
                return nil
            }
        }
    }
}

/// The shaped texts of the rows drawn last, the least recently used dropped beyond `capacity`.
struct ShapedRowCache {
    let capacity: Int
    private var entries: [Int: (shaped: ShapedText, lastUse: Int)] = [:]
    private var clock = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(index: Int) -> ShapedText? {
        mutating get {
            guard let entry = entries[index] else { return nil }
            clock += 1
            entries[index] = (entry.shaped, clock)
            return entry.shaped
        }
        set {
            clock += 1
            guard let newValue else {
                entries[index] = nil
                return
            }
            entries[index] = (newValue, clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
            }
        }
    }

    /// How many rows are kept.
    var count: Int { entries.count }
}

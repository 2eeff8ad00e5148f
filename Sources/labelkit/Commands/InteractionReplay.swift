import Foundation
import LabelKit
import LabelKitJSON

/// Drives a label's or a checkbox's interaction through script steps and turns its events into JSON.
struct Replay {
    enum Target {
        case label(LabelInteraction)
        case checkbox(CheckboxInteraction)
    }

    var target: Target
    let copyItem: CopyMenu.Item?
    var pasteboard = InMemoryPasteboard()

    init(target: Target, copyItem: CopyMenu.Item?) {
        self.target = target
        self.copyItem = copyItem
    }

    mutating func perform(_ step: InteractionScript.Step) -> [JSONValue] {
        switch target {
        case .label(var interaction):
            var events: [InteractionEvent]
            switch step {
            case .pointer(let event): events = interaction.handle(event)
            case .wait(let time): events = interaction.advance(to: time)
            case .key(let key, let time): events = interaction.advance(to: time) + interaction.handleKey(key)
            }
            var lines: [JSONValue] = []
            // Select All from a menu comes back as more events of the same interaction.
            while !events.isEmpty {
                var more: [InteractionEvent] = []
                for event in events {
                    lines += json(for: event, interaction: &interaction, toControl: { $0 }, selectAll: &more)
                }
                events = more
            }
            target = .label(interaction)
            return lines
        case .checkbox(var interaction):
            let events: [CheckboxEvent]
            switch step {
            case .pointer(let event): events = interaction.handle(event)
            case .wait(let time): events = interaction.advance(to: time)
            case .key(let key, let time): events = interaction.advance(to: time) + interaction.handleKey(key)
            }
            let layout = interaction.layout
            var title = interaction.titleInteraction
            var ignored: [InteractionEvent] = []
            let lines = events.flatMap { event -> [JSONValue] in
                switch event {
                case .toggled(let isChecked): [.object([("event", .string("toggle")), ("checked", .bool(isChecked))])]
                case .link(let linkEvent):
                    json(for: linkEvent, interaction: &title, toControl: layout.controlRect, selectAll: &ignored)
                case .focusChanged(let isFocused):
                    [.object([("event", .string("focus")), ("link", .null), ("checkbox", .bool(isFocused))])]
                case .focusLeaves(let direction):
                    [.object([("event", .string("focusLeaves")), ("direction", .string(direction.rawValue))])]
                }
            }
            target = .checkbox(interaction)
            return lines
        }
    }

    /// The JSON lines of one event; a menu's Select All (chosen with --copy-item) adds the selection's events to
    /// `selectAll`.
    private mutating func json(
        for event: InteractionEvent, interaction: inout LabelInteraction, toControl: (CGRect) -> CGRect,
        selectAll: inout [InteractionEvent]
    ) -> [JSONValue] {
        let layout = interaction.layout
        switch event {
        case .pressedLinkChanged(let hit):
            return [
                .object([("event", .string("pressed")), ("link", hit.map { HitCommand.linkJSON($0.link) } ?? .null)])
            ]
        case .tap(let hit):
            return [.object([("event", .string("tap")), ("link", HitCommand.linkJSON(hit.link))])]
        case .tokenTap:
            return [.object([("event", .string("tokenTap"))])]
        case .longPress(let preview, let menu):
            let longPress = JSONValue.object([
                ("event", .string("longPress")), ("link", HitCommand.linkJSON(preview.link)),
                ("rects", .array(preview.rects.map { JSONValue.rect(toControl($0.rect)) })),
            ])
            return [longPress] + menuJSON(menu, anchor: nil, interaction: &interaction, selectAll: &selectAll)
        case .longPressOnText(let menu):
            return menuJSON(menu, anchor: nil, interaction: &interaction, selectAll: &selectAll)
        case .menu(let menu, let anchor):
            return menuJSON(menu, anchor: toControl(anchor), interaction: &interaction, selectAll: &selectAll)
        case .selectionChanged(let selection):
            let range =
                selection?.range ?? (interaction.caretPosition?.index ?? 0)..<(interaction.caretPosition?.index ?? 0)
            let rects = layout.selectionRects(for: range).map { toControl($0.rect) }
            return [
                .object([
                    ("event", .string("selection")), ("start", .number(Double(range.lowerBound))),
                    ("length", .number(Double(range.count))),
                    ("text", .string(range.isEmpty ? "" : layout.plainText(in: range))), ("rects", .rects(rects)),
                ])
            ]
        case .focusedLinkChanged(let hit):
            return [
                .object([("event", .string("focus")), ("link", hit.map { HitCommand.linkJSON($0.link) } ?? .null)])
            ]
        case .focusLeaves(let direction):
            return [.object([("event", .string("focusLeaves")), ("direction", .string(direction.rawValue))])]
        case .copy(let text):
            pasteboard.setString(text)
            return [.object([("event", .string("copied")), ("text", .string(text))])]
        }
    }

    private mutating func menuJSON(
        _ menu: CopyMenu, anchor: CGRect?, interaction: inout LabelInteraction, selectAll: inout [InteractionEvent]
    ) -> [JSONValue] {
        guard !menu.isEmpty else { return [] }
        var members: [(String, JSONValue)] = [
            ("event", .string("copyMenu")), ("items", .array(menu.items.map { .string($0.rawValue) })),
        ]
        if let anchor { members.append(("rect", .rect(anchor))) }
        var lines: [JSONValue] = [.object(members)]
        guard let copyItem else { return lines }
        switch menu.perform(copyItem, layout: interaction.layout, pasteboard: &pasteboard) {
        case .copied(let text): lines.append(.object([("event", .string("copied")), ("text", .string(text))]))
        case .open(let url):
            lines.append(.object([("event", .string("open")), ("target", .string(url.absoluteString))]))
        case .selectAll: selectAll += interaction.selectAll()
        case .unavailable: break
        }
        return lines
    }
}

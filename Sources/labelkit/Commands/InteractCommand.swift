import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit interact`: replays a pointer script against a label (or a checkbox) and prints what it emits.
enum InteractCommand: Command {
    static let name = "interact"
    static let summary = "replay pointer events on a label or checkbox; print the events as JSON Lines"
    static let help = """
        USAGE: labelkit interact [OPTIONS] --events SCRIPT TEXT

        Replays SCRIPT, ';'-separated steps, against the laid-out TEXT and prints one JSON object per emitted event:
          down X,Y T    the pointer goes down at X,Y (label coordinates) at T seconds since the start
          move X,Y T    the pointer moves
          up X,Y T      the pointer lifts
          cancel T      the system cancels the touch
          wait T        the clock reaches T (a long press fires while the pointer rests)
        Times never go backwards. Events:
          {"event":"pressed","link":{"start":S,"length":N,"target":"…"}|null}
          {"event":"tap","link":{…}}
          {"event":"longPress","link":{…},"rects":[[x,y,w,h],…]}
          {"event":"copyMenu","items":["copy","copyLink","openLink"]}
          {"event":"tokenTap"}
          {"event":"toggle","checked":B}             with --checkbox
          {"event":"copied","text":"…"}              with --copy-item copy|copyLink
          {"event":"open","target":"…"}              with --copy-item openLink
        With --checkbox, TEXT is a checkbox's title placed right of its box (see 'labelkit rects --checkbox' for
        where its parts are); coordinates are the control's and a checkbox's title never offers Copy.

        OPTIONS:
        \(LayoutOptions.help)
          --events SCRIPT         the pointer script
          --checkbox              lay TEXT out as the title of a checkbox with a link
          --checked               the checkbox starts checked
          --disabled              the checkbox is disabled
          --no-copy               the label does not offer Copy (it is on by default)
          --copy-item ITEM        after a copy menu, choose ITEM: copy|copyLink|openLink
          --long-press S          long-press duration in seconds (default 0.5)
          --slop PX               movement slop in pixels (default 10)
          --radius PX             touch radius for links in pixels (default 10)
          --help                  show this help
        """
    static let options = OptionSpecification(
        valued: LayoutOptions.valued.union(["events", "copy-item", "long-press", "slop", "radius"]),
        flags: LayoutOptions.flags.union(["checkbox", "checked", "disabled", "no-copy"])
    )

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments)
        guard let scriptText = arguments.string("events") else { throw UsageError(message: "missing --events SCRIPT") }
        let script = try PointerScript(parsing: scriptText)
        let copyItem = try arguments.choice("copy-item", of: CopyMenu.Item.self)
        var settings = InteractionSettings()
        if let duration = try arguments.double("long-press", minimum: 0) { settings.longPressDuration = duration }
        if let slop = try arguments.double("slop", minimum: 0) { settings.movementSlop = slop }
        if let radius = try arguments.double("radius", minimum: 0) { settings.touchRadius = radius }
        let text = try TextSource(arguments)

        var replay: Replay
        if arguments.has("checkbox") {
            let checkbox = CheckboxWithLink(
                title: options.attributedText(text), isChecked: arguments.has("checked"),
                isEnabled: !arguments.has("disabled")
            )
            let layout = try options.checkboxLayout(checkbox)
            replay = Replay(
                target: .checkbox(CheckboxInteraction(checkbox: checkbox, layout: layout, settings: settings)),
                copyItem: copyItem
            )
        } else {
            let layout = try options.layout(text)
            let interaction = LabelInteraction(
                layout: layout, settings: settings, copyEnabled: !arguments.has("no-copy"))
            replay = Replay(target: .label(interaction), copyItem: copyItem)
        }
        var lines: [JSONValue] = []
        for step in script.steps { lines += replay.perform(step) }
        return printLines(lines)
    }
}

/// A parsed `--events` script.
struct PointerScript {
    enum Step {
        case pointer(PointerEvent)
        case wait(Double)
    }

    var steps: [Step] = []

    init(parsing text: String) throws(UsageError) {
        var lastTime = 0.0
        for (number, rawStep) in text.split(separator: ";").enumerated() {
            let words = rawStep.split(whereSeparator: \.isWhitespace)
            guard let verb = words.first else { continue }
            func fail(_ problem: String) -> UsageError {
                UsageError(
                    message:
                        "--events: step \(number + 1) '\(rawStep.trimmingCharacters(in: .whitespaces))': \(problem)")
            }
            let needsPoint = ["down", "move", "up"].contains(verb)
            guard needsPoint || verb == "cancel" || verb == "wait" else {
                throw fail("unknown step '\(verb)'; expected down X,Y T | move X,Y T | up X,Y T | cancel T | wait T")
            }
            guard words.count == (needsPoint ? 3 : 2) else {
                throw fail(needsPoint ? "expected '\(verb) X,Y T'" : "expected '\(verb) T'")
            }
            guard let time = Double(words[words.count - 1]), time.isFinite, time >= 0 else {
                throw fail("the time must be a number of seconds ≥ 0, not '\(words[words.count - 1])'")
            }
            guard time >= lastTime else { throw fail("time goes backwards (\(time) after \(lastTime))") }
            lastTime = time
            if verb == "wait" {
                steps.append(.wait(time))
            } else if verb == "cancel" {
                steps.append(.pointer(.cancel(time: time)))
            } else {
                let coordinates = words[1].split(separator: ",", omittingEmptySubsequences: false)
                guard coordinates.count == 2, let x = Double(coordinates[0]), let y = Double(coordinates[1]),
                    x.isFinite, y.isFinite
                else { throw fail("the point must be X,Y with two numbers, not '\(words[1])'") }
                let phase: PointerEvent.Phase = verb == "down" ? .down : verb == "move" ? .move : .up
                steps.append(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: time)))
            }
        }
        guard !steps.isEmpty else { throw UsageError(message: "--events is empty") }
    }
}

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

    mutating func perform(_ step: PointerScript.Step) -> [JSONValue] {
        switch target {
        case .label(var interaction):
            let events: [InteractionEvent]
            switch step {
            case .pointer(let event): events = interaction.handle(event)
            case .wait(let time): events = interaction.advance(to: time)
            }
            target = .label(interaction)
            return events.flatMap { json(for: $0, layout: interaction.layout, toControl: { $0 }) }
        case .checkbox(var interaction):
            let events: [CheckboxEvent]
            switch step {
            case .pointer(let event): events = interaction.handle(event)
            case .wait(let time): events = interaction.advance(to: time)
            }
            target = .checkbox(interaction)
            let layout = interaction.layout
            return events.flatMap { event -> [JSONValue] in
                switch event {
                case .toggled(let isChecked): [.object([("event", .string("toggle")), ("checked", .bool(isChecked))])]
                case .link(let linkEvent): json(for: linkEvent, layout: layout.title, toControl: layout.controlRect)
                }
            }
        }
    }

    private mutating func json(
        for event: InteractionEvent, layout: TextLayout, toControl: (CGRect) -> CGRect
    ) -> [JSONValue] {
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
                ("rects", .array(preview.rects.map { JSONValue.rect(toControl($0)) })),
            ])
            return [longPress] + menuJSON(menu, layout: layout)
        case .longPressOnText(let menu):
            return menuJSON(menu, layout: layout)
        }
    }

    private mutating func menuJSON(_ menu: CopyMenu, layout: TextLayout) -> [JSONValue] {
        guard !menu.isEmpty else { return [] }
        var lines: [JSONValue] = [
            .object([("event", .string("copyMenu")), ("items", .array(menu.items.map { .string($0.rawValue) }))])
        ]
        guard let copyItem else { return lines }
        switch menu.perform(copyItem, layout: layout, pasteboard: &pasteboard) {
        case .copied(let text): lines.append(.object([("event", .string("copied")), ("text", .string(text))]))
        case .open(let url):
            lines.append(.object([("event", .string("open")), ("target", .string(url.absoluteString))]))
        case .unavailable: break
        }
        return lines
    }
}

extension LayoutOptions {
    /// Lays a checkbox's title out with these options (the container describes the title) beside its box.
    func checkboxLayout(_ checkbox: CheckboxWithLink) throws(UsageError) -> CheckboxLayout {
        do {
            return try checkbox.layout(with: LabelTypesetter.system(style: style), container: container)
        } catch {
            throw UsageError(message: error.description)
        }
    }
}

// Fuzzes the interaction state machines — LabelInteraction and CheckboxInteraction — with random pointer events,
// keys and clock ticks on a fake clock, over layouts with links and truncation tokens. Checks the promises of the
// behaviour, not only survival: nothing fires after a cancel until the next press, at most one tap (or one long
// press) per press, taps only within the slop and before the long-press time, the pressed link reported is the one
// held, and a disabled checkbox does nothing.
import Foundation
import FuzzSupport
import LabelKit

let tokens: [AttributedString?] = {
    var link = AttributedString("…more")
    link.link = URL(string: "labelkit://more")
    return [nil, AttributedString("…more"), link]
}()

/// One step of the fake clock and the pointer: an event, a tick, a key or a change of enablement.
enum Step {
    case pointer(PointerEvent)
    case tick(Double)
    case key(KeyPress)
    case controlKey(ControlKey)
    case enable(Bool)

    var isUp: Bool {
        if case .pointer(let event) = self { return event.phase == .up }
        return false
    }

    var isDown: Bool {
        if case .pointer(let event) = self { return event.phase == .down }
        return false
    }
}

let keys: [KeyPress] = [
    KeyPress(.tab), KeyPress(.tab, modifiers: .shift), KeyPress(.enter), KeyPress(.space), KeyPress(.escape),
    KeyPress(.menu), KeyPress(.function(10), modifiers: .shift), KeyPress(.character("c"), modifiers: .control),
    KeyPress(.character("a"), modifiers: .control), KeyPress(.left), KeyPress(.right, modifiers: .shift),
    KeyPress(.left, modifiers: [.control, .shift]), KeyPress(.home, modifiers: .shift), KeyPress(.end),
    KeyPress(.pageDown), KeyPress(.character("x")),
]

func makeSteps(_ input: inout FuzzInput, bounds: CGRect) -> [Step] {
    var steps: [Step] = []
    var time = 0.0
    while input.hasChoices && steps.count < 64 {
        // Mostly forward in small steps; now and then a long wait, or a clock that goes back.
        switch input.number(in: 0...15) {
        case 0: time += 2
        case 1: time -= 0.3
        default: time += input.fraction() * 0.4
        }
        let point = CGPoint(
            x: bounds.minX - 15 + input.fraction() * (bounds.width + 30),
            y: bounds.minY - 15 + input.fraction() * (bounds.height + 30))
        switch input.number(in: 0...13) {
        case 0...2:
            let modifiers: KeyModifiers = input.number(in: 0...5) == 0 ? .shift : []
            steps.append(.pointer(.down(at: point, time: time, modifiers: modifiers)))
        case 3...5: steps.append(.pointer(.move(to: point, time: time)))
        case 6...7: steps.append(.pointer(.up(at: point, time: time)))
        case 8: steps.append(.pointer(.cancel(time: time)))
        case 9: steps.append(.tick(time))
        case 10...11: steps.append(.key(input.pick(keys)))
        case 12: steps.append(.controlKey(input.pick([ControlKey.space, .enter, .character("x")])))
        default: steps.append(.enable(input.number(in: 0...3) != 0))
        }
    }
    return steps
}

/// Whether to print what each input decodes to and the events it causes (`LABELKIT_FUZZ_DUMP=1`), for triage.
let dumping = ProcessInfo.processInfo.environment["LABELKIT_FUZZ_DUMP"] != nil

func fuzzInteraction(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    // The state machines are the subject here, not long layouts: the first 16 KB of text are plenty.
    let markup = LabelMarkup.attributedString(String(input.text.prefix(16_384)))
    let text = LinkDetector().detectLinks(in: markup).text
    let container = TextContainer(
        width: input.flag() ? nil : 40 + input.fraction() * 400,
        maximumNumberOfLines: input.number(in: 0...3), truncationToken: input.pick(tokens))
    let settings = InteractionSettings(
        longPressDuration: input.pick([0, 0.2, 0.5, 2]), movementSlop: input.pick([0, 4, 10, 40]),
        touchRadius: input.pick([0, 10, 44]))
    guard let layout = try? LabelTypesetter.system.layout(text, in: container) else {
        invariant(false, "a valid text and container could not be laid out")
        return 0
    }
    let disabled: Set<Int> =
        input.flag() && !layout.links.isEmpty ? [input.number(in: 0...(layout.links.count - 1))] : []
    let copyEnabled = input.flag()
    let isSelectable = input.flag()
    let steps = makeSteps(&input, bounds: layout.bounds)
    if dumping {
        // Triage: what the input decodes to, for turning a finding into a regression test.
        print("text:", layout.string.unicodeScalars.map { String($0.value, radix: 16) })
        print("container:", container)
        print("settings:", settings, "copy:", copyEnabled, "selectable:", isSelectable, "disabled:", disabled)
        for step in steps { print("step:", step) }
        fflush(nil)
    }
    checkLabel(
        layout, settings: settings, copyEnabled: copyEnabled, isSelectable: isSelectable, disabled: disabled,
        steps: steps)

    let checkbox = CheckboxWithLink(title: text, isChecked: input.flag(), isEnabled: input.number(in: 0...3) != 0)
    let metrics = CheckboxMetrics(boxSize: input.pick([0, 18, 60]), spacing: input.pick([0, 8]))
    guard let control = try? checkbox.layout(with: .system, container: container, metrics: metrics) else {
        invariant(false, "the checkbox's title could not be laid out")
        return 0
    }
    let controlSteps = makeSteps(&input, bounds: control.bounds)
    checkCheckbox(checkbox, control, settings: settings, disabled: disabled, steps: steps + controlSteps)
    return 0
}

/// What a press may still do, as the model expects it.
struct PressModel {
    var isDown = false
    var downLocation = CGPoint.zero
    var downTime = 0.0
    var movedBeyondSlop = false
    var fired = 0   // taps, token taps and long presses in this press
    var cancelled = false
}

func checkLabel(
    _ layout: TextLayout, settings: InteractionSettings, copyEnabled: Bool, isSelectable: Bool, disabled: Set<Int>,
    steps: [Step]
) {
    var interaction = LabelInteraction(
        layout: layout, settings: settings, copyEnabled: copyEnabled, disabledLinks: disabled,
        isSelectable: isSelectable)
    let length = layout.string.utf16.count
    let boundaries = clusterBoundaries(of: layout)
    var press = PressModel()
    var pressedLink: LinkHit? = nil
    var focusedLink: LinkHit? = nil
    var selection: TextSelection? = nil
    for step in steps {
        var events: [InteractionEvent] = []
        var now = 0.0
        var fromPointer = true
        switch step {
        case .pointer(let event):
            now = event.timestamp
            _ = interaction.shouldHandle(event.location)
            if event.phase == .move || event.phase == .up, press.isDown,
                distance(press.downLocation, event.location) > settings.movementSlop
            {
                press.movedBeyondSlop = true
            }
            events = interaction.handle(event)
            if event.phase == .cancel {
                invariant(events.allSatisfy { $0 == .pressedLinkChanged(nil) }, "a cancel reported \(events)")
                invariant(!interaction.isTracking, "tracking after a cancel")
                press = PressModel()
                press.cancelled = true
            }
            if event.phase == .down {
                invariant(!events.contains(where: \.firesAction), "a down reported \(events)")
                press = PressModel(isDown: true, downLocation: event.location, downTime: event.timestamp)
                invariant(interaction.isTracking, "not tracking after a down")
            }
        case .tick(let time):
            now = time
            events = interaction.advance(to: time)
        case .key(let key):
            fromPointer = false
            events = interaction.handleKey(key)
        case .controlKey, .enable:
            continue
        }
        if dumping { print("events after \(step):", events) }
        for event in events {
            switch event {
            case .pressedLinkChanged(let hit):
                if let hit {
                    invariant(!disabled.contains(hit.index), "a disabled link pressed")
                    invariant(
                        hit == interaction.enabledLink(at: press.downLocation), "pressed a link not under the press")
                }
                pressedLink = hit
            case .tap(let hit):
                invariant(!disabled.contains(hit.index), "a disabled link tapped")
                if fromPointer {
                    invariant(!press.cancelled, "a tap after a cancel")
                    invariant(!press.movedBeyondSlop, "a tap after moving beyond the slop")
                    invariant(now - press.downTime < settings.longPressDuration, "a tap after the long-press time")
                    invariant(
                        hit == interaction.enabledLink(at: press.downLocation), "tapped a link not under the press")
                    press.fired += 1
                } else {
                    invariant(hit == focusedLink, "Return tapped \(hit.index), not the focused link")
                }
            case .tokenTap:
                invariant(fromPointer && !press.cancelled && !press.movedBeyondSlop, "a token tap out of a press")
                invariant(layout.truncationTokenRect != nil, "a token tap without a token")
                press.fired += 1
            case .longPress, .longPressOnText:
                invariant(fromPointer && !press.cancelled && press.isDown, "a long press without a press")
                invariant(now - press.downTime >= settings.longPressDuration, "a long press too early")
                if case .longPressOnText(let menu) = event {
                    // A selectable label opens its menu (Select All) even with copying off; Copy only with it on.
                    invariant(copyEnabled || isSelectable, "a menu on an unselectable label with copying off")
                    invariant(menu.items.contains(.copy) == copyEnabled, "Copy offered with copying \(copyEnabled)")
                }
                press.fired += 1
            case .selectionChanged(let new):
                invariant(isSelectable || !fromPointer, "a pointer selected text in an unselectable label")
                if let new {
                    invariant(new.range.lowerBound >= 0 && new.range.upperBound <= length, "selection \(new.range)")
                    invariant(
                        boundaries.contains(new.range.lowerBound) && boundaries.contains(new.range.upperBound),
                        "selection \(new.range) splits a grapheme cluster")
                }
                selection = new
            case .focusedLinkChanged(let hit):
                if let hit { invariant(!disabled.contains(hit.index), "a disabled link focused") }
                focusedLink = hit
            case .copy(let copied):
                invariant(!copied.isEmpty, "an empty copy")
            case .focusLeaves, .menu:
                break
            }
            invariant(press.fired <= 1, "\(press.fired) taps or long presses in one press")
        }
        invariant(interaction.pressedLink == pressedLink, "pressedLink differs from the last reported change")
        // `.selectionChanged` reports changes of the selected range (its documented contract): a press or a key that
        // only moves the focus to the other side of a soft line break over the same range is not reported.
        invariant(
            interaction.selection?.range == selection?.range,
            "selection \(String(describing: interaction.selection)) after \(step), last reported "
                + "\(String(describing: selection)), events \(events)")
        if step.isUp {
            invariant(!interaction.isTracking, "tracking after an up")
            press.isDown = false
            press.cancelled = true   // nothing more until the next down
        }
    }
}

func checkCheckbox(
    _ checkbox: CheckboxWithLink, _ control: CheckboxLayout, settings: InteractionSettings, disabled: Set<Int>,
    steps: [Step]
) {
    var interaction = CheckboxInteraction(
        checkbox: checkbox, layout: control, settings: settings, disabledLinks: disabled)
    var isChecked = checkbox.isChecked
    var toggledInPress = 0
    var pressOnLink = false
    var cancelled = true
    for step in steps {
        let wasEnabled = interaction.checkbox.isEnabled
        var events: [CheckboxEvent] = []
        switch step {
        case .pointer(let event):
            _ = interaction.shouldHandle(event.location)
            if event.phase == .down {
                toggledInPress = 0
                cancelled = false
                pressOnLink =
                    !control.boxFrame.contains(event.location)
                    && interaction.titleInteraction.enabledLink(at: control.titlePoint(event.location)) != nil
            }
            events = interaction.handle(event)
            if event.phase == .cancel || event.phase == .up { cancelled = true }
        case .tick(let time):
            events = interaction.advance(to: time)
        case .key(let key):
            events = interaction.handleKey(key)
        case .controlKey(let key):
            events = interaction.handleKey(key)
            let toggles = wasEnabled && key == .space
            invariant(events == (toggles ? [.toggled(isChecked: !isChecked)] : []), "key \(key) gave \(events)")
        case .enable(let enabled):
            interaction.setEnabled(enabled)
            cancelled = cancelled || !enabled
            continue
        }
        if !wasEnabled { invariant(events.isEmpty, "a disabled checkbox reported \(events)") }
        for event in events {
            switch event {
            case .toggled(let checked):
                invariant(checked == !isChecked, "toggled to \(checked) from \(isChecked)")
                isChecked = checked
                if case .pointer = step {
                    invariant(!pressOnLink, "a press on a link toggled")
                    invariant(!cancelled || step.isUp, "a toggle after a cancel")
                    toggledInPress += 1
                    invariant(toggledInPress <= 1, "two toggles in one press")
                }
            case .link(let linkEvent):
                guard case .pointer = step else { break }
                // A down first ends the press before it: a link press ends with its pressed link cleared.
                let endsEarlierPress = step.isDown && linkEvent == .pressedLinkChanged(nil)
                // A press off the links focuses the box, taking the keyboard focus from a title link.
                let focusesTheBox = step.isDown && linkEvent == .focusedLinkChanged(nil)
                invariant(
                    pressOnLink || endsEarlierPress || focusesTheBox,
                    "a link event in a press that began off the links: \(linkEvent)")
            case .focusChanged, .focusLeaves:
                break
            }
        }
        invariant(interaction.checkbox.isChecked == isChecked, "state differs from the reported toggles")
    }
}

/// The straight-line distance between two points, as the interaction measures the slop.
func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    let dx = Double(a.x) - Double(b.x)
    let dy = Double(a.y) - Double(b.y)
    return (dx * dx + dy * dy).squareRoot()
}

/// The UTF-16 offsets a selection may start or end at: the ends of the text, the grapheme-cluster boundaries of
/// the string (the keyboard's unit) and the edges of the layout's cluster boxes (the pointer's; the truncation
/// token's are in the token's text, not the label's).
func clusterBoundaries(of layout: TextLayout) -> Set<Int> {
    var boundaries: Set<Int> = [0, layout.string.utf16.count]
    for index in layout.string.indices { boundaries.insert(index.utf16Offset(in: layout.string)) }
    for line in layout.lines {
        for cluster in line.clusters where !cluster.isInTruncationToken {
            boundaries.insert(cluster.range.lowerBound)
            boundaries.insert(cluster.range.upperBound)
        }
    }
    return boundaries
}

extension InteractionEvent {
    /// Whether the event runs an action (a tap, a long press, a copy): never on a down.
    var firesAction: Bool {
        switch self {
        case .tap, .tokenTap, .longPress, .longPressOnText, .copy: true
        default: false
        }
    }
}

runFuzzer(fuzzInteraction)

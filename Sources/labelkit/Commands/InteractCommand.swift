import Foundation
import LabelKit
import LabelKitJSON

/// `labelkit interact`: replays a pointer and keyboard script against a label (or a checkbox) and prints what it
/// emits.
enum InteractCommand: Command {
    static let name = "interact"
    static let summary = "replay pointer events and keys on a label or checkbox; print the events as JSON Lines"
    static let discussion = """
        USAGE: labelkit interact [OPTIONS] --events SCRIPT TEXT

        Replays SCRIPT, ';'-separated steps, against the laid-out TEXT and prints one JSON object per emitted event:
          down X,Y T    the pointer goes down at X,Y (label coordinates) at T seconds since the start
                        (shift+down X,Y T: with shift held, which extends a selection)
          move X,Y T    the pointer moves
          up X,Y T      the pointer lifts
          cancel T      the system cancels the touch
          wait T        the clock reaches T (a long press fires while the pointer rests)
          key NAME T    a key at T: Tab, shift+Tab, Return, space, Left, Right, shift+Left, shift+Right,
                        ctrl+shift+Left, ctrl+shift+Right, shift+Home, shift+End, ctrl+a, ctrl+c, Menu, shift+F10,
                        Escape (and Home, End, ctrl+Left, ctrl+Right)
        Times never go backwards. A double click is two down/up pairs within the double-click interval and distance;
        three select a paragraph. Events:
          {"event":"pressed","link":{"start":S,"length":N,"target":"…","safe":B,"warnings":[…]}|null}
          {"event":"tap","link":{…}}                 a click, or Return on the focused link
          {"event":"longPress","link":{…},"rects":[[x,y,w,h],…]}
          {"event":"copyMenu","items":["copy","selectAll","copyLink","openLink"]}
                                                     (from Menu or shift+F10 also "rect": where it points)
          {"event":"tokenTap"}
          {"event":"selection","start":S,"length":L,"text":"…","rects":[[x,y,w,h],…]}
                                                     whenever the selection changes; length 0 when cleared
          {"event":"focus","link":{…}|null}          Tab and shift+Tab move the focus over the links
          {"event":"focusLeaves","direction":"forward"|"backward"}   past the last (first) link
          {"event":"toggle","checked":B}             with --checkbox
          {"event":"focus","link":null,"checkbox":B} with --checkbox: the box took or lost the focus
          {"event":"copied","text":"…"}              ctrl+c, or --copy-item copy|copyLink
          {"event":"open","target":"…"}              with --copy-item openLink
        With --checkbox, TEXT is a checkbox's title placed right of its box (see 'labelkit rects --checkbox' for
        where its parts are); coordinates are the control's and a checkbox's title never offers Copy. A link's "safe"
        and "warnings" are what 'labelkit links' prints: the warnings --detect raised, or the app's own links raise
        (markup, a run's "link", the token).
        """

    static let events = Option("events", .interactionScript, help: "the pointer and keyboard script")
    static let selectable = Option(
        "selectable", .flag, help: "the text can be selected: drag, double and triple click, shift+click, keys")
    static let checkbox = Option("checkbox", .flag, help: "lay TEXT out as the title of a checkbox with a link")
    static let checked = Option("checked", .flag, help: "the checkbox starts checked")
    static let disabled = Option("disabled", .flag, help: "the checkbox is disabled")
    static let noCopy = Option("no-copy", .flag, help: "the label does not offer Copy (it is on by default)")
    static let copyItem = Option<CopyMenu.Item>(
        "copy-item", .choice(placeholder: "ITEM"), help: "after a copy menu, choose ITEM: \(CopyMenu.Item.choices)")
    static let longPress = Option(
        "long-press", .number(minimum: 0, placeholder: "S"), help: "long-press duration in seconds (default 0.5)")
    static let clickInterval = Option(
        "click-interval", .number(minimum: 0, placeholder: "S"),
        help: "the longest time between the clicks of a double click (default 0.4)")
    static let clickDistance = Option(
        "click-distance", .number(minimum: 0),
        help: "the farthest a double click's second press may be from its first (default 5)")
    static let slop = Option("slop", .number(minimum: 0), help: "movement slop in pixels (default 10)")
    static let radius = Option("radius", .number(minimum: 0), help: "touch radius for links in pixels (default 10)")

    static let options: [any OptionDeclaration] =
        LayoutOptions.options + [
            events, selectable, checkbox, checked, disabled, noCopy, copyItem, longPress, clickInterval, clickDistance,
            slop, radius,
        ]

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        let options = try LayoutOptions(arguments, checksLinkSafety: true)
        guard let script = arguments.value(of: events) else { throw UsageError(message: "missing --events SCRIPT") }
        let copyItem = arguments.value(of: copyItem)
        var settings = InteractionSettings()
        if let duration = arguments.value(of: longPress) { settings.longPressDuration = duration }
        if let slop = arguments.value(of: slop) { settings.movementSlop = slop }
        if let radius = arguments.value(of: radius) { settings.touchRadius = radius }
        if let interval = arguments.value(of: clickInterval) { settings.multipleClickInterval = interval }
        if let distance = arguments.value(of: clickDistance) { settings.multipleClickDistance = distance }
        let text = try TextSource(arguments)

        var replay: Replay
        if arguments.isSet(checkbox) {
            let checkbox = CheckboxWithLink(
                title: try options.attributedText(text), isChecked: arguments.isSet(checked),
                isEnabled: !arguments.isSet(disabled)
            )
            let layout = try options.checkboxLayout(checkbox)
            replay = Replay(
                target: .checkbox(CheckboxInteraction(checkbox: checkbox, layout: layout, settings: settings)),
                copyItem: copyItem
            )
        } else {
            let layout = try options.layout(text)
            let interaction = LabelInteraction(
                layout: layout, settings: settings, copyEnabled: !arguments.isSet(noCopy),
                isSelectable: arguments.isSet(selectable))
            replay = Replay(target: .label(interaction), copyItem: copyItem)
        }
        var lines: [JSONValue] = []
        for step in script.steps { lines += replay.perform(step) }
        return printLines(lines)
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

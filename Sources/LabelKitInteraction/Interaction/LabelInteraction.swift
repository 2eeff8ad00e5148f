import Foundation
import LabelKitLayout

/// The touch, mouse and keyboard behaviour of a label, as a state machine fed pointer events, keys and clock ticks.
///
/// A front end (a desktop window, a toolkit's view, a test) sends every pointer event with ``handle(_:)``, every key
/// with ``handleKey(_:)``, and calls ``advance(to:)`` from its timer or frame loop so a long press can fire while the
/// pointer rests; the interaction answers with ``InteractionEvent``s. It never sleeps or starts timers, so tests drive
/// it with a fake clock. All geometry comes from the one ``/LabelKitLayout/TextLayout`` that is drawn: nothing is laid
/// out again on a touch.
///
/// The behaviour is TTTAttributedLabel's: a press on a link shows it pressed; lifting within the movement slop
/// before the long-press duration taps it, once; moving farther than the slop cancels the press; holding it
/// previews the link (and the lift then does nothing more); holding text opens the copy menu when copying is on; a
/// tap on the truncation token is a token tap. A label claims a touch (``shouldHandle(_:)``) only where there is
/// something to do.
///
/// A **selectable** label (``isSelectable``, off by default) adds what a text view does: a press that leaves the slop
/// drags a selection by grapheme clusters — even a press that began on a link; a double click selects a word, a triple
/// click the paragraph, shift+click extends; a long press selects the word under the finger and opens the menu with
/// Copy and Select All. Keys extend the selection (``handleKey(_:)``) and Tab moves a focus ring over the links.
///
/// It is a value: copying an interaction copies its state, and `mutating` methods make every change visible.
///
/// ```swift
/// var interaction = LabelInteraction(layout: layout, copyEnabled: CopyPolicy().isCopyEnabled(containerIsControl: false))
/// if interaction.shouldHandle(point) {
///     _ = interaction.handle(.down(at: point, time: 0))
///     _ = interaction.advance(to: 0.2)
///     let events = interaction.handle(.up(at: point, time: 0.25))
///     // [.pressedLinkChanged(nil), .tap(hit)] on a link
/// }
/// ```
public struct LabelInteraction: Sendable {
    /// The drawn layout that touches are tested against.
    public let layout: TextLayout
    /// Timings and distances.
    public var settings: InteractionSettings
    /// Whether a long press on text opens the copy menu (and the menu on a link offers Copy), and ctrl+C copies.
    public var copyEnabled: Bool
    /// Indices into ``/LabelKitLayout/TextLayout/links`` of links that are shown disabled: they are not pressed, tapped
    /// or focused.
    public var disabledLinks: Set<Int>
    /// Whether the text can be selected by dragging, multiple clicks, long presses and the keyboard. Off by default.
    public var isSelectable: Bool
    /// The link drawn pressed right now, if any.
    public private(set) var pressedLink: LinkHit?
    /// The link with the keyboard focus (drawn with a focus ring), if any.
    public internal(set) var focusedLink: LinkHit?

    /// What a press went down on.
    enum Target: Sendable {
        case link(LinkHit)
        case token
        case text
    }

    /// Where a press is in its life.
    enum Stage: Sendable {
        /// Down, within the slop, before the long-press duration.
        case tracking
        /// The long press fired; the lift does nothing more.
        case longPressed
        /// Moved beyond the slop; nothing fires until the next down.
        case cancelled
        /// Dragging a selection (a selectable label): moves extend it, the lift ends it.
        case selecting
    }

    /// The unit a selecting press extends the selection by.
    enum Granularity: Sendable {
        case character
        case word
        case paragraph
    }

    struct Press: Sendable {
        var target: Target
        var location: CGPoint
        var startTime: Double
        var stage: Stage
        var granularity: Granularity = .character
        /// The word or paragraph a multiple click selected first: a drag grows the selection from it.
        var initialUnit: Range<Int>? = nil
    }

    /// A press remembered to count the next one as a double or triple click.
    struct Click: Sendable {
        var time: Double
        var location: CGPoint
        var count: Int
    }

    var press: Press?
    /// The selection, possibly collapsed to a caret (where shift+click and the keyboard start from).
    var caret: TextSelection?
    var lastClick: Click?
    /// The text's words, analysed the first time a selection needs them.
    var cachedWords: TextWords?

    /// Creates the interaction of a drawn layout.
    public init(
        layout: TextLayout, settings: InteractionSettings = InteractionSettings(), copyEnabled: Bool = true,
        disabledLinks: Set<Int> = [], isSelectable: Bool = false
    ) {
        self.layout = layout
        self.settings = settings
        self.copyEnabled = copyEnabled
        self.disabledLinks = disabledLinks
        self.isSelectable = isSelectable
    }

    /// Whether the label should take a touch at `point` — true on an enabled link (within the touch radius) or the
    /// truncation token, and anywhere when copying is on or the text is selectable; otherwise the containing view or
    /// cell should get it.
    public func shouldHandle(_ point: CGPoint) -> Bool {
        if copyEnabled || isSelectable { return true }
        if enabledLink(at: point) != nil { return true }
        return layout.isInTruncationToken(at: point)
    }

    /// Whether a press is under way (between a down and its up or cancel).
    public var isTracking: Bool { press != nil }

    /// Feeds a pointer event; returns what happened, in order.
    ///
    /// A pending long press whose time has come fires first, as if ``advance(to:)`` had been called with the
    /// event's timestamp.
    public mutating func handle(_ event: PointerEvent) -> [InteractionEvent] {
        switch event.phase {
        case .down: return begin(at: event.location, time: event.timestamp, modifiers: event.modifiers)
        case .move: return move(to: event.location, time: event.timestamp)
        case .up: return end(at: event.location, time: event.timestamp)
        case .cancel: return cancel()
        }
    }

    /// Tells the interaction the time is now `time`: a press held for the long-press duration fires.
    public mutating func advance(to time: Double) -> [InteractionEvent] {
        guard var current = press, current.stage == .tracking,
            time - current.startTime >= settings.longPressDuration
        else { return [] }
        current.stage = .longPressed
        press = current
        if isSelectable { return longPressSelectingWord(current) }
        switch current.target {
        case .link(let hit):
            // The preview takes over from the pressed style, so the lift has nothing left to report.
            let menu = CopyMenu(link: hit.link, location: current.location, copyEnabled: copyEnabled)
            return clearPressedLink() + [.longPress(PreviewContext(hit: hit, location: current.location), menu: menu)]
        case .token, .text:
            guard copyEnabled else { return [] }
            return [.longPressOnText(CopyMenu(link: nil, location: current.location, copyEnabled: true))]
        }
    }

    // MARK: Phases

    private mutating func begin(at location: CGPoint, time: Double, modifiers: KeyModifiers) -> [InteractionEvent] {
        // A new down without an up (a lost event) ends the previous press quietly.
        var events = cancel()
        if isSelectable {
            events += focus(link: nil)
            if let selectingPress = beginSelecting(at: location, time: time, modifiers: modifiers, events: &events) {
                press = selectingPress
                return events
            }
        }
        let target: Target
        if let hit = enabledLink(at: location) {
            target = .link(hit)
            pressedLink = hit
            events.append(.pressedLinkChanged(hit))
        } else if layout.isInTruncationToken(at: location) {
            target = .token
        } else {
            target = .text
        }
        press = Press(target: target, location: location, startTime: time, stage: .tracking)
        return events
    }

    private mutating func move(to location: CGPoint, time: Double) -> [InteractionEvent] {
        var events = advance(to: time)
        guard var current = press else { return events }
        switch current.stage {
        case .tracking where Self.distance(current.location, location) > settings.movementSlop:
            events += clearPressedLink()
            if isSelectable {
                // The press becomes a drag: the selection runs from where it went down, even on a link.
                current.stage = .selecting
                press = current
                events += setSelection(
                    TextSelection(anchor: layout.position(at: current.location), focus: layout.position(at: location)))
            } else {
                current.stage = .cancelled
                press = current
            }
        case .selecting:
            events += dragSelection(to: location, press: current)
        default:
            break
        }
        return events
    }

    private mutating func end(at location: CGPoint, time: Double) -> [InteractionEvent] {
        var events = advance(to: time)
        guard let current = press else { return events }
        press = nil
        events += clearPressedLink()
        if current.stage == .selecting { return events + dragSelection(to: location, press: current) }
        guard current.stage == .tracking, Self.distance(current.location, location) <= settings.movementSlop else {
            return events
        }
        switch current.target {
        case .link(let hit): events.append(.tap(hit))
        case .token: events.append(.tokenTap)
        case .text: break
        }
        return events
    }

    private mutating func cancel() -> [InteractionEvent] {
        press = nil
        return clearPressedLink()
    }

    mutating func clearPressedLink() -> [InteractionEvent] {
        guard pressedLink != nil else { return [] }
        pressedLink = nil
        return [.pressedLinkChanged(nil)]
    }

    // MARK: Geometry

    /// The link at `point` within the touch radius, unless it is disabled.
    public func enabledLink(at point: CGPoint) -> LinkHit? {
        guard let hit = layout.link(at: point, radius: settings.touchRadius), !disabledLinks.contains(hit.index) else {
            return nil
        }
        return hit
    }

    /// The straight-line distance between two points.
    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        let dx = Double(a.x) - Double(b.x)
        let dy = Double(a.y) - Double(b.y)
        return (dx * dx + dy * dy).squareRoot()
    }
}

import Foundation
import LabelKit

/// A push button whose title is a label inside a control: per ``LabelKitInteraction/CopyPolicy`` the title offers no
/// Copy, so a long press belongs to the button and a click presses it.
///
/// ```swift
/// let title = try LabelTypesetter.system.layout("Send")
/// let button = ButtonView(title: title, origin: CGPoint(x: 16, y: 300))
/// ```
@MainActor
public final class ButtonView: InteractiveView {
    /// The top-left corner, in window points.
    public var origin: CGPoint
    /// The title, a label inside a control.
    public let title: LabelView
    /// The space around the title.
    public var padding: EdgeInsets
    /// The fill at rest: a light blue-grey in light, a dark grey in dark, the background in high contrast.
    public var fillColor: LabelColor
    /// The fill while pressed.
    public var pressedFillColor: LabelColor
    /// The border: a grey in light and dark, black or white in high contrast.
    public var borderColor: LabelColor

    /// A button's fill at rest unless you give another: #E4E9F2 in light, #33373F in dark; white and black in high
    /// contrast, where the border marks the button.
    public static let standardFillColor = ViewPalette.buttonFill
    /// A button's fill while pressed unless you give another: #C5D0E3 in light, #4A5262 in dark.
    public static let standardPressedFillColor = ViewPalette.buttonPressedFill
    /// A button's border unless you give another: #9AA7BD in light, #5C6578 in dark; black and white in high contrast.
    public static let standardBorderColor = ViewPalette.buttonBorder

    private var isPressed = false
    private var pressStart: CGPoint?
    /// Whether the button has the keyboard focus: Tab stops at it, and Space or Return presses it.
    public private(set) var isFocused = false

    /// Creates a button titled with `title`; its copy setting comes from `policy` for a label inside a control.
    public init(
        title layout: TextLayout, origin: CGPoint = .zero, policy: CopyPolicy = CopyPolicy(),
        padding: EdgeInsets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16),
        fillColor: LabelColor = ButtonView.standardFillColor,
        pressedFillColor: LabelColor = ButtonView.standardPressedFillColor,
        borderColor: LabelColor = ButtonView.standardBorderColor
    ) {
        self.origin = origin
        self.padding = padding
        self.fillColor = fillColor
        self.pressedFillColor = pressedFillColor
        self.borderColor = borderColor
        title = LabelView(
            layout: layout, copyEnabled: policy.isCopyEnabled(containerIsControl: true), backgroundColor: fillColor
        )
    }

    /// The button's frame in window points.
    public var frame: CGRect {
        CGRect(
            x: origin.x, y: origin.y, width: title.layout.bounds.width + padding.left + padding.right,
            height: title.layout.bounds.height + padding.top + padding.bottom
        )
    }

    /// Draws the button and its title.
    public func draw(in window: Window) throws {
        let fill = isPressed ? pressedFillColor : fillColor
        window.fill(frame, fill)
        window.stroke(frame, borderColor)
        title.backgroundColor = fill
        title.origin = CGPoint(x: origin.x + padding.left, y: origin.y + padding.top)
        try title.draw(in: window)
        if isFocused { window.drawFocusRing(around: [frame]) }
    }

    /// Handles a key: Tab into the button takes the focus, Tab out of it gives it up; Space or Return presses the
    /// focused button, as a click does.
    public func handleKey(_ key: KeyPress) -> [ViewEvent] {
        switch (key.key, key.modifiers) {
        case (.tab, []), (.tab, .shift):
            let direction: FocusDirection = key.modifiers == [] ? .forward : .backward
            if isFocused {
                isFocused = false
                return [.focusChanged(link: nil, rects: []), .focusLeaves(direction)]
            }
            isFocused = true
            return [.focusChanged(link: nil, rects: [frame])]
        case (.space, []), (.enter, []):
            return isFocused ? [.changed, .buttonPressed] : []
        default:
            return []
        }
    }

    /// A screen reader gives the button the focus, as Tab would.
    public func takeAccessibleFocus(_ part: AccessiblePart) -> [ViewEvent] {
        guard part == .view, !isFocused else { return [] }
        isFocused = true
        return [.focusChanged(link: nil, rects: [frame])]
    }

    /// The focus went to another view: the focus ring goes.
    public func resignFocus() -> [ViewEvent] {
        guard isFocused else { return [] }
        isFocused = false
        return [.focusChanged(link: nil, rects: [])]
    }

    /// Presses the button as a screen reader's `click` asks: what a click reports.
    public func performAccessibilityClick() -> [ViewEvent] { [.buttonPressed] }

    /// Whether the button takes a press at `point`: anywhere on it.
    public func claimsPointer(at point: CGPoint) -> Bool { frame.contains(point) }

    /// A click (down and up on the button, within the slop) presses it; a long press does nothing more.
    public func handle(_ event: PointerEvent) -> [ViewEvent] {
        switch event.phase {
        case .down:
            pressStart = event.location
            isPressed = true
            return [.changed]
        case .move:
            if let start = pressStart,
                hypot(Double(event.location.x - start.x), Double(event.location.y - start.y))
                    > InteractionSettings.standardMovementSlop
            {
                isPressed = false
            }
            return [.changed]
        case .up:
            defer {
                isPressed = false
                pressStart = nil
            }
            return isPressed && frame.contains(event.location) ? [.changed, .buttonPressed] : [.changed]
        case .cancel:
            isPressed = false
            pressStart = nil
            return [.changed]
        }
    }
}

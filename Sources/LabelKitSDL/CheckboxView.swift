import Foundation
import LabelKit
import LabelKitCairo

/// A checkbox whose title holds links, in a window: a click on a link of the title runs the link, a click anywhere
/// else on the control toggles it (the behaviour of ``LabelKitInteraction/CheckboxInteraction``).
///
/// ```swift
/// let checkbox = CheckboxWithLink(title: LabelMarkup.attributedString("[利用規約](https://example.com/terms)を読みました"))
/// let view = try CheckboxView(checkbox: checkbox, layout: checkbox.layout(with: .system), origin: CGPoint(x: 16, y: 80))
/// ```
@MainActor
public final class CheckboxView: InteractiveView {
    /// The top-left corner, in window points.
    public var origin: CGPoint
    /// The colour behind the control (``LabelKitText/LabelColor/background`` by default: white in light, dark grey in
    /// dark).
    public var backgroundColor: LabelColor
    /// How the title's links look at rest, pressed and disabled: blue and underlined, a grey highlight while
    /// pressed, grey when disabled, unless you give another style.
    ///
    /// The title is drawn again when the style changes; its layout is not.
    ///
    /// ```swift
    /// checkboxView.linkStyle.normal.underline = .dotted
    /// ```
    public var linkStyle: LinkStyle
    /// The colour of the box when checked (``LabelKitText/LabelColor/link`` by default).
    public var tintColor: LabelColor

    private var interaction: CheckboxInteraction
    private var titleTexture = LabelTexture()

    /// Creates a view of `checkbox` laid out as `layout` at `origin`.
    public init(
        checkbox: CheckboxWithLink, layout: CheckboxLayout, origin: CGPoint = .zero,
        linkStyle: LinkStyle = LinkStyle(), backgroundColor: LabelColor = .background,
        tintColor: LabelColor = .link
    ) {
        self.origin = origin
        self.backgroundColor = backgroundColor
        self.linkStyle = linkStyle
        self.tintColor = tintColor
        interaction = CheckboxInteraction(checkbox: checkbox, layout: layout)
    }

    /// The control's state.
    public var checkbox: CheckboxWithLink { interaction.checkbox }

    /// The control's geometry, in its own coordinates.
    public var layout: CheckboxLayout { interaction.layout }

    /// Shows another layout of the same control (after a resize), keeping its state.
    public func setLayout(_ layout: CheckboxLayout) {
        interaction = CheckboxInteraction(checkbox: interaction.checkbox, layout: layout)
        titleTexture.invalidate()
    }

    /// The control's frame in window points.
    public var frame: CGRect { layout.bounds.offsetBy(dx: origin.x, dy: origin.y) }

    /// Whether the box has the keyboard focus (not one of its title's links).
    public var isFocused: Bool { interaction.isFocused }

    /// The title's link with the keyboard focus, if any.
    public var focusedLink: LinkHit? { interaction.titleInteraction.focusedLink }

    /// The title's accessibility elements: its text, then each visible link.
    public func titleAccessibilityElements() -> [AccessibilityElement] { interaction.titleAccessibilityElements() }

    /// Performs an accessibility action: `click` on the control toggles it, a title link's actions act on the link.
    public func performAccessibilityAction(_ action: AccessibilityAction) -> [ViewEvent] {
        translate(interaction.perform(action))
    }

    /// The box, in window points.
    public var boxFrame: CGRect { layout.boxFrame.offsetBy(dx: origin.x, dy: origin.y) }

    /// The rectangles of link `index` of the title, in window points, each tagged with its line of the title.
    public func windowRects(forLink index: Int) -> [TextRangeRect] {
        layout.rects(forLink: index).map {
            TextRangeRect(rect: $0.rect.offsetBy(dx: origin.x, dy: origin.y), lineIndex: $0.lineIndex)
        }
    }

    /// The title's frame, in window points.
    public var titleFrame: CGRect { layout.titleFrame.offsetBy(dx: origin.x, dy: origin.y) }

    /// Draws the box (filled and ticked when checked) and the title.
    public func draw(in window: Window) throws {
        let texture = try titleTexture.texture(
            for: layout.title, pressedLink: interaction.titleInteraction.pressedLink?.index,
            disabledLinks: interaction.titleInteraction.disabledLinks, linkStyle: linkStyle,
            background: backgroundColor, window: window
        )
        window.fill(frame, backgroundColor, around: texture, at: titleFrame.origin)
        let box = boxFrame
        if checkbox.isChecked {
            window.fill(box, tintColor)
            let inset = box.insetBy(dx: box.width * 0.2, dy: box.height * 0.2)
            let elbow = CGPoint(x: inset.minX + inset.width * 0.38, y: inset.maxY - inset.height * 0.05)
            let tick = ViewPalette.checkboxTick
            window.line(from: CGPoint(x: inset.minX, y: inset.midY), to: elbow, tick, width: 2)
            window.line(from: elbow, to: CGPoint(x: inset.maxX, y: inset.minY + inset.height * 0.1), tick, width: 2)
        } else {
            window.fill(box, .background)
            window.stroke(box, ViewPalette.checkboxOutline, width: 1.5)
        }
        window.draw(texture, at: titleFrame.origin)
        if interaction.isFocused { window.drawFocusRing(around: [boxFrame]) }
        if let link = interaction.titleInteraction.focusedLink {
            window.drawFocusRing(around: windowRects(forLink: link.index).map(\.rect))
        }
    }

    /// The renderer ``draw(in:)`` draws the title with at `scale` in `appearance`: a test hook, what the view shows
    /// without a window.
    package func titleRenderer(scale: Double, appearance: Appearance = .light) -> LabelRenderer {
        LabelTexture.renderer(
            for: layout.title, pressedLink: interaction.titleInteraction.pressedLink?.index,
            disabledLinks: interaction.titleInteraction.disabledLinks, linkStyle: linkStyle,
            background: backgroundColor, scale: scale, appearance: appearance)
    }

    /// Handles a key while the control has the focus: Tab visits the box, then the title's links; Space toggles the
    /// focused box; Return opens a focused link.
    public func handleKey(_ key: KeyPress) -> [ViewEvent] {
        translate(interaction.handleKey(key))
    }

    /// The focus went to another view: the focus rings go.
    public func resignFocus() -> [ViewEvent] {
        translate(interaction.resignFocus())
    }

    /// A screen reader gives the box or a link of its title the focus, as Tab would.
    public func takeAccessibleFocus(_ part: AccessiblePart) -> [ViewEvent] {
        switch part {
        case .view: translate(interaction.focus(link: nil))
        case .link(let index): translate(interaction.focus(link: index))
        case .child: []
        }
    }

    /// Whether the control takes a press at `point`: anywhere on it while enabled.
    public func claimsPointer(at point: CGPoint) -> Bool {
        interaction.shouldHandle(CGPoint(x: point.x - origin.x, y: point.y - origin.y))
    }

    /// Handles a pointer event in window coordinates.
    public func handle(_ event: PointerEvent) -> [ViewEvent] {
        translate(interaction.handle(event.offset(by: CGPoint(x: -origin.x, y: -origin.y))))
    }

    /// Ticks the clock (a long press on a link of the title).
    public func advance(to time: Double) -> [ViewEvent] {
        translate(interaction.advance(to: time))
    }

    private func translate(_ events: [CheckboxEvent]) -> [ViewEvent] {
        events.compactMap { event in
            switch event {
            case .toggled(let isChecked): .toggled(isChecked: isChecked)
            case .link(.tap(let hit)): .linkTapped(hit)
            case .link(.focusedLinkChanged(let hit)):
                .focusChanged(link: hit, rects: hit.map { windowRects(forLink: $0.index).map(\.rect) } ?? [])
            case .link: .changed
            case .focusChanged(let isFocused): .focusChanged(link: nil, rects: isFocused ? [boxFrame] : [])
            case .focusLeaves(let direction): .focusLeaves(direction)
            }
        }
    }
}

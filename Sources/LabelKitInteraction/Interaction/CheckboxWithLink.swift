import Foundation
import LabelKitLayout
import LabelKitText

/// A checkbox whose title may hold links ("I agree to the [Terms](…)"), as a platform-neutral control model.
///
/// A tap on a link in the title runs the link's action only; a tap anywhere else on the control — the box or the
/// text — toggles; the space key toggles; a disabled control does nothing. Its accessibility element's value follows
/// the state. The title is an `AttributedString`; its layout comes from the caller's typesetter through
/// ``layout(with:container:metrics:)``, so the front end, the CLI and tests share one geometry.
///
/// ```swift
/// var checkbox = CheckboxWithLink(title: LabelMarkup.attributedString("[利用規約](https://example.com/terms)に同意する"))
/// let layout = try checkbox.layout(with: .system, container: TextContainer(width: 280))
/// var interaction = CheckboxInteraction(checkbox: checkbox, layout: layout)
/// let box = CGPoint(x: layout.boxFrame.midX, y: layout.boxFrame.midY)
/// _ = interaction.handle(.down(at: box, time: 0))
/// interaction.handle(.up(at: box, time: 0.1))   // [.toggled(isChecked: true)]
/// ```
public struct CheckboxWithLink: Sendable, Hashable {
    /// Whether the box is checked.
    public var isChecked: Bool
    /// Whether the control responds at all.
    public var isEnabled: Bool
    /// The title, with `.link` attributes for its links.
    public var title: AttributedString

    /// Creates a checkbox.
    public init(title: AttributedString, isChecked: Bool = false, isEnabled: Bool = true) {
        self.title = title
        self.isChecked = isChecked
        self.isEnabled = isEnabled
    }

    /// Toggles the state when enabled; returns whether it did.
    @discardableResult
    public mutating func toggle() -> Bool {
        guard isEnabled else { return false }
        isChecked.toggle()
        return true
    }

    /// Handles a key press: space toggles an enabled checkbox. Returns whether the key was used.
    @discardableResult
    public mutating func handleKey(_ key: ControlKey) -> Bool {
        guard key == .space else { return false }
        return toggle()
    }

    /// The accessibility value: "checked" or "unchecked".
    public var accessibilityValue: String { isChecked ? "checked" : "unchecked" }

    /// Lays the title out with `typesetter` in `container` and places it right of the box.
    ///
    /// The container describes the title alone (its width is the title's wrapping width); the control is the box,
    /// the spacing and the title side by side.
    public func layout(
        with typesetter: LabelTypesetter, container: TextContainer = TextContainer(),
        metrics: CheckboxMetrics = CheckboxMetrics()
    ) throws(LayoutError) -> CheckboxLayout {
        CheckboxLayout(title: try typesetter.layout(title, in: container), metrics: metrics)
    }
}

/// A key a control may respond to.
public enum ControlKey: Sendable, Hashable {
    /// The space bar: activates buttons and toggles checkboxes.
    case space
    /// Return or Enter.
    case enter
    /// Any other key, by the text it types.
    case character(Character)
}

/// The sizes of a checkbox's parts, in points.
public struct CheckboxMetrics: Sendable, Hashable {
    /// The side of the square box.
    public var boxSize: Double
    /// The space between the box and the title.
    public var spacing: Double

    /// The conventional box side: a 15-pixel text's line height plus a little.
    public static let standardBoxSize = 18.0
    /// The conventional space between box and title.
    public static let standardSpacing = 8.0

    /// Creates metrics.
    public init(boxSize: Double = standardBoxSize, spacing: Double = standardSpacing) {
        self.boxSize = boxSize
        self.spacing = spacing
    }
}

/// Where a checkbox's box and title sit, in the control's coordinates (origin top-left, y down).
///
/// The box is at the left, centred on the title's first line; the title starts ``CheckboxMetrics/spacing`` right of
/// the box. Points in the control convert to the title's coordinates with ``titlePoint(_:)``.
public struct CheckboxLayout: Sendable {
    /// The title's layout, in its own coordinates.
    public let title: TextLayout
    /// The box.
    public let boxFrame: CGRect
    /// The title's bounds, in the control's coordinates.
    public let titleFrame: CGRect
    /// The whole control.
    public let bounds: CGRect

    /// Places a laid-out title right of a box.
    public init(title: TextLayout, metrics: CheckboxMetrics = CheckboxMetrics()) {
        self.title = title
        let titleSize = title.bounds.size
        let firstLineMiddle = title.lines.first.map { Double($0.rect.midY) } ?? Double(titleSize.height) / 2
        let boxTop = firstLineMiddle - metrics.boxSize / 2
        // A box taller than the first line pushes the title down rather than sticking out above the control.
        let titleTop = max(-boxTop, 0)
        boxFrame = CGRect(x: 0, y: max(boxTop, 0), width: metrics.boxSize, height: metrics.boxSize)
        titleFrame = CGRect(
            x: metrics.boxSize + metrics.spacing, y: titleTop, width: Double(titleSize.width),
            height: Double(titleSize.height)
        )
        bounds = CGRect(x: 0, y: 0, width: titleFrame.maxX, height: max(titleFrame.maxY, boxFrame.maxY))
    }

    /// `point` in the control's coordinates, in the title's coordinates.
    public func titlePoint(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - titleFrame.minX, y: point.y - titleFrame.minY)
    }

    /// `rect` in the title's coordinates, in the control's coordinates.
    public func controlRect(_ rect: CGRect) -> CGRect {
        rect.offsetBy(dx: titleFrame.minX, dy: titleFrame.minY)
    }

    /// The rectangles of link `index` of the title, in the control's coordinates, each tagged with its line of the
    /// title.
    public func rects(forLink index: Int) -> [TextRangeRect] {
        title.rects(forLink: index).map { TextRangeRect(rect: controlRect($0.rect), lineIndex: $0.lineIndex) }
    }

    /// The checkbox's accessibility element: one element for the whole control, its value the state, its main
    /// action a toggle and its links as further actions.
    public func accessibilityElement(for checkbox: CheckboxWithLink) -> AccessibilityElement {
        var traits: Set<AccessibilityTrait> = [.checkbox]
        if !checkbox.isEnabled { traits.insert(.notEnabled) }
        return AccessibilityElement(
            label: title.plainText(), value: checkbox.accessibilityValue, frames: [bounds], traits: traits,
            action: .toggle,
            customActions: title.links.indices.map { .activateLink(index: $0, target: title.links[$0].target) }
        )
    }
}

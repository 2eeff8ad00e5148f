import Foundation
import LabelKitLayout

/// What an accessibility element is, for a screen reader to announce.
public enum AccessibilityTrait: String, Sendable, Hashable, CaseIterable {
    /// Text that is read.
    case staticText
    /// A link: activating it opens its target.
    case link
    /// A checkbox: activating it toggles its value.
    case checkbox
    /// The element is disabled.
    case notEnabled
}

/// What activating an accessibility element does, or one of the further actions it offers.
public enum AccessibilityAction: Sendable, Hashable {
    /// Run the action of link `index` of the layout's links.
    case activateLink(index: Int, target: URL)
    /// Toggle the checkbox.
    case toggle
    /// Copy the text of a UTF-16 range of the label (the element's text).
    case copy(range: Range<Int>)
    /// Select a UTF-16 range of the label (the element's text), in a selectable label.
    case select(range: Range<Int>)
    /// Open link `index`'s long-press menu and preview, as holding a finger on it does.
    case showMenu(index: Int)

    /// A stable identifier for the action, for front ends that name actions by string.
    public var identifier: String {
        switch self {
        case .activateLink(let index, _): "activateLink.\(index)"
        case .toggle: "toggle"
        case .copy: "copy"
        case .select: "select"
        case .showMenu(let index): "showMenu.\(index)"
        }
    }
}

/// The name of an action as AT-SPI's Action interface lists it.
public enum AccessibleActionName: String, Sendable, Hashable, CaseIterable {
    /// Activate: tap a link, toggle a checkbox, press a button.
    case click
    /// Open a link's long-press menu.
    case showMenu
    /// Copy the label's text.
    case copy
}

extension AccessibilityElement {
    /// The element's actions as a screen reader lists them, in order, each with what it performs: a link's `click`
    /// (the tap) then `showMenu` (the long press); a checkbox's `click` (the toggle); a copyable label's `copy`. A
    /// disabled element offers none.
    ///
    /// ```swift
    /// link.namedActions.map(\.name)   // [.click, .showMenu]
    /// ```
    public var namedActions: [(name: AccessibleActionName, action: AccessibilityAction)] {
        guard !traits.contains(.notEnabled) else { return [] }
        var result: [(name: AccessibleActionName, action: AccessibilityAction)] = []
        switch action {
        case .activateLink(let index, let target)?:
            result = [(.click, .activateLink(index: index, target: target)), (.showMenu, .showMenu(index: index))]
        case .toggle?: result = [(.click, .toggle)]
        default: break
        }
        for custom in customActions {
            if case .copy = custom, !traits.contains(.link) { result.append((.copy, custom)) }
        }
        return result
    }
}

/// The selection of a label as an accessibility element exposes it: where it starts, how long it is, what it says.
public struct AccessibilityTextSelection: Sendable, Hashable {
    /// The UTF-16 offset where the selection starts.
    public var start: Int
    /// The selection's length in UTF-16 code units.
    public var length: Int
    /// The selected text.
    public var text: String

    /// Creates a selection description.
    public init(start: Int, length: Int, text: String) {
        self.start = start
        self.length = length
        self.text = text
    }
}

/// One element of a label's accessibility tree.
///
/// ```swift
/// let elements = layout.accessibilityElements()
/// elements[0].label        // the whole text
/// elements[1].traits       // [.link]
/// elements[1].frames       // the link's rects: what a screen reader outlines
/// ```
public struct AccessibilityElement: Sendable, Hashable {
    /// What is read: the text, or the link's text.
    public var label: String
    /// The element's state, for elements that have one ("checked" / "unchecked").
    public var value: String?
    /// The element's rectangles in the label's (or control's) coordinates: one per line of a link.
    public var frames: [CGRect]
    /// What the element is.
    public var traits: Set<AccessibilityTrait>
    /// What activating the element does; nil for plain text.
    public var action: AccessibilityAction?
    /// Further actions offered besides the main one (a checkbox's links; copy and select).
    public var customActions: [AccessibilityAction]
    /// The UTF-16 range of the label's text the element reads; nil for a control or the truncation token.
    public var textRange: Range<Int>?
    /// Whether the element takes the keyboard focus (Tab stops at it): enabled links, checkboxes.
    public var isFocusable: Bool
    /// Whether the element has the keyboard focus now.
    public var isFocused: Bool
    /// The label's selection, on the element of the whole text of a selectable label; nil when nothing is selected.
    public var textSelection: AccessibilityTextSelection?

    /// Creates an element.
    public init(
        label: String, value: String? = nil, frames: [CGRect], traits: Set<AccessibilityTrait>,
        action: AccessibilityAction? = nil, customActions: [AccessibilityAction] = [], textRange: Range<Int>? = nil,
        isFocusable: Bool = false, isFocused: Bool = false, textSelection: AccessibilityTextSelection? = nil
    ) {
        self.label = label
        self.value = value
        self.frames = frames
        self.traits = traits
        self.action = action
        self.customActions = customActions
        self.textRange = textRange
        self.isFocusable = isFocusable
        self.isFocused = isFocused
        self.textSelection = textSelection
    }

    /// The union of ``frames``.
    public var frame: CGRect { frames.union }
}

extension TextLayout {
    /// The label's accessibility elements in reading order: the whole text (the source text, so a truncated label
    /// is read in full, attachments as their alt text), then one element per visible link with its text, its
    /// rectangles, the link trait and its activation action. Links hidden by truncation have no element; links in
    /// `disabledLinks` are marked and not focusable. The links' order is their keyboard focus order.
    /// ``LabelInteraction/accessibilityElements()`` adds the focus, the selection and the copy and select actions.
    ///
    /// ```swift
    /// for element in layout.accessibilityElements() { print(element.label, element.frames) }
    /// ```
    public func accessibilityElements(disabledLinks: Set<Int> = []) -> [AccessibilityElement] {
        var elements = [
            AccessibilityElement(
                label: plainText(), frames: [bounds], traits: [.staticText], textRange: 0..<utf16Count)
        ]
        for (index, link) in links.enumerated() {
            let frames = rects(forLink: index).map(\.rect)
            guard !frames.isEmpty else { continue }
            var traits: Set<AccessibilityTrait> = [.link]
            if disabledLinks.contains(index) { traits.insert(.notEnabled) }
            elements.append(
                AccessibilityElement(
                    label: linkText(link), frames: frames, traits: traits,
                    action: .activateLink(index: index, target: link.target),
                    textRange: link.isInTruncationToken ? nil : link.range, isFocusable: !disabledLinks.contains(index)
                ))
        }
        return elements
    }

    /// The text a link covers, in the text or in the truncation token (attachments in the text as their alt text).
    public func linkText(_ link: LayoutLink) -> String {
        guard link.isInTruncationToken else { return plainText(in: link.range) }
        guard let token = truncationTokenString else { return "" }
        let utf16 = Array(token.utf16)
        let lower = min(max(link.range.lowerBound, 0), utf16.count)
        let upper = min(max(link.range.upperBound, lower), utf16.count)
        return String(decoding: utf16[lower..<upper], as: UTF16.self)
    }
}

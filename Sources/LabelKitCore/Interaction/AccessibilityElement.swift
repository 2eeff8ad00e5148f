import Foundation

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

/// What activating an accessibility element does.
public enum AccessibilityAction: Sendable, Hashable {
    /// Run the action of link `index` of the layout's links.
    case activateLink(index: Int, target: URL)
    /// Toggle the checkbox.
    case toggle

    /// A stable identifier for the action, for front ends that name actions by string.
    public var identifier: String {
        switch self {
        case .activateLink(let index, _): "activateLink.\(index)"
        case .toggle: "toggle"
        }
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
    /// Further actions offered besides the main one (a checkbox's links).
    public var customActions: [AccessibilityAction]

    /// Creates an element.
    public init(
        label: String, value: String? = nil, frames: [CGRect], traits: Set<AccessibilityTrait>,
        action: AccessibilityAction? = nil, customActions: [AccessibilityAction] = []
    ) {
        self.label = label
        self.value = value
        self.frames = frames
        self.traits = traits
        self.action = action
        self.customActions = customActions
    }

    /// The union of ``frames``.
    public var frame: CGRect { frames.dropFirst().reduce(frames.first ?? .null) { $0.union($1) } }
}

extension TextLayout {
    /// The label's accessibility elements in reading order: the whole text (the source text, so a truncated label
    /// is read in full, attachments as their alt text), then one element per visible link with its text, its rectangles, the link trait and its
    /// activation action. Links hidden by truncation have no element; links in `disabledLinks` are marked.
    ///
    /// ```swift
    /// for element in layout.accessibilityElements() { print(element.label, element.frames) }
    /// ```
    public func accessibilityElements(disabledLinks: Set<Int> = []) -> [AccessibilityElement] {
        var elements = [AccessibilityElement(label: plainText(), frames: [bounds], traits: [.staticText])]
        for (index, link) in links.enumerated() {
            let frames = rects(forLink: index)
            guard !frames.isEmpty else { continue }
            var traits: Set<AccessibilityTrait> = [.link]
            if disabledLinks.contains(index) { traits.insert(.notEnabled) }
            elements.append(
                AccessibilityElement(
                    label: linkText(link), frames: frames, traits: traits,
                    action: .activateLink(index: index, target: link.target)
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

import Foundation
import LabelKitLayout

/// The model of the menu a long press opens: Copy, and Copy Link and Open Link when the press is on a link; in a
/// selectable label also Select All, and Copy copies the selection.
///
/// The front end draws the menu; ``perform(_:layout:pasteboard:)`` does what an item says.
///
/// ```swift
/// let menu = CopyMenu(link: nil, location: point, copyEnabled: true)
/// menu.items                                   // [.copy]
/// var pasteboard = InMemoryPasteboard()
/// menu.perform(.copy, layout: layout, pasteboard: &pasteboard)
/// pasteboard.string()                          // the whole text, even when the label is truncated
/// ```
public struct CopyMenu: Sendable, Hashable {
    /// An item of the menu.
    public enum Item: String, Sendable, Hashable, CaseIterable {
        /// Copy the label's whole text, or the selection when the menu has one.
        case copy
        /// Select the label's whole text (selectable labels).
        case selectAll
        /// Copy the link's target.
        case copyLink
        /// Open the link's target.
        case openLink
    }

    /// What performing an item did, for the front end to finish (opening a URL is the app's business).
    public enum Outcome: Sendable, Hashable {
        /// The text was put on the pasteboard.
        case copied(String)
        /// The app should open this URL.
        case open(URL)
        /// The front end should select all the text (``LabelInteraction/selectAll()``).
        case selectAll
        /// The item is not in this menu; nothing happened.
        case unavailable
    }

    /// The items, in display order.
    public let items: [Item]
    /// The link the press was on, if any.
    public let link: LayoutLink?
    /// Where the press happened, in the label's coordinates: where the menu points.
    public let location: CGPoint
    /// The UTF-16 range Copy copies; nil copies the whole text.
    public let selection: Range<Int>?

    /// The menu for a press at `location`, on `link` if any: Copy when `copyEnabled`, Select All when `selectable`,
    /// then Copy Link and Open Link when on a link. Copy copies `selection` when there is one, else the whole text.
    public init(
        link: LayoutLink?, location: CGPoint, copyEnabled: Bool, selectable: Bool = false,
        selection: Range<Int>? = nil
    ) {
        var items: [Item] = copyEnabled ? [.copy] : []
        if selectable { items.append(.selectAll) }
        if link != nil { items += [.copyLink, .openLink] }
        self.items = items
        self.link = link
        self.location = location
        self.selection = selection
    }

    /// Whether the menu has nothing to offer (then it is not shown).
    public var isEmpty: Bool { items.isEmpty }

    /// Performs `item`: Copy puts the selection — or, without one, the layout's whole source text (a truncated label
    /// copies everything) — on the pasteboard, attachments as their alt text
    /// (``/LabelKitLayout/TextLayout/plainText(in:ruby:)``); Copy Link puts the link's target there, Open Link asks the app
    /// to open it and Select All asks it to select everything.
    @discardableResult
    public func perform(_ item: Item, layout: TextLayout, pasteboard: inout some Pasteboard) -> Outcome {
        guard items.contains(item) else { return .unavailable }
        switch item {
        case .copy:
            return .copied(pasteboard.copy(layout, range: selection))
        case .selectAll:
            return .selectAll
        case .copyLink:
            guard let link else { return .unavailable }
            pasteboard.setString(link.target.absoluteString)
            return .copied(link.target.absoluteString)
        case .openLink:
            guard let link else { return .unavailable }
            return .open(link.target)
        }
    }
}

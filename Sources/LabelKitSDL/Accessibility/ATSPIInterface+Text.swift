import Foundation
import LabelKit

extension ATSPIInterface {
    /// `org.a11y.atspi.Text`: a view's text read through ``/LabelKitInteraction/AccessibleText``, offsets in
    /// characters (Unicode scalars), extents from the rects a tap uses, the selection of a selectable view. A node
    /// without text answers none of it.
    static let text = ATSPIInterface(
        name: atspiPrefix + "Text",
        methods: [
            "GetText": textHandler { request, text, _ in
                let start = Int(request.int(0))
                let end = request.int(1) < 0 ? text.characterCount : Int(request.int(1))
                return [.string(text.substring(start..<max(start, end)))]
            },
            "GetCharacterAtOffset": textHandler { request, text, _ in
                let offset = Int(request.int(0))
                guard offset >= 0, offset < text.characterCount,
                    let scalar = text.substring(offset..<(offset + 1)).unicodeScalars.first
                else { return [.int32(0)] }
                return [.int32(Int32(scalar.value))]
            },
            "GetStringAtOffset": textHandler { request, text, _ in
                piece(text.range(at: Int(request.int(0)), granularity: granularity(request.uint(1))), of: text)
            },
            "GetTextAtOffset": textHandler { request, text, _ in
                piece(text.range(at: Int(request.int(0)), boundary: boundary(request.uint(1))), of: text)
            },
            "GetTextBeforeOffset": textHandler { request, text, _ in
                let boundary = boundary(request.uint(1))
                let current = text.range(at: Int(request.int(0)), boundary: boundary)
                let before = current.lowerBound > 0 ? text.range(at: current.lowerBound - 1, boundary: boundary) : 0..<0
                return piece(before, of: text)
            },
            "GetTextAfterOffset": textHandler { request, text, _ in
                let boundary = boundary(request.uint(1))
                let current = text.range(at: Int(request.int(0)), boundary: boundary)
                let count = text.characterCount
                guard current.upperBound < count else { return piece(count..<count, of: text) }
                return piece(text.range(at: current.upperBound, boundary: boundary), of: text)
            },
            "GetCharacterExtents": textHandler { request, text, view in
                request.tree.box(
                    ofTextRect: text.characterExtents(at: Int(request.int(0))), view: view,
                    coordinateType: request.uint(1), node: request.node)
            },
            "GetRangeExtents": textHandler { request, text, view in
                let start = Int(request.int(0))
                return request.tree.box(
                    ofTextRect: text.rangeExtents(start..<max(start, Int(request.int(1)))), view: view,
                    coordinateType: request.uint(2), node: request.node)
            },
            "GetOffsetAtPoint": textHandler { request, text, view in
                let point = request.tree.windowPoint(
                    x: request.int(0), y: request.int(1), coordinateType: request.uint(2), node: request.node)
                let origin = request.tree.textOrigin(ofView: view)
                let local = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
                return [.int32(Int32(text.characterOffset(at: local) ?? -1))]
            },
            "GetNSelections": textHandler { request, text, view in
                [.int32(request.tree.views[view].accessibleSelection(in: text) == nil ? 0 : 1)]
            },
            "GetSelection": textHandler { request, text, view in
                let range = request.tree.views[view].accessibleSelection(in: text) ?? 0..<0
                return [.int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
            },
            // SetSelection(selectionNumber, start, end) and AddSelection(start, end) alike: a view has one selection.
            "SetSelection": textHandler { request, text, view in
                select(Int(request.int(1)), Int(request.int(2)), of: text, view: view, &request)
            },
            "AddSelection": textHandler { request, text, view in
                select(Int(request.int(0)), Int(request.int(1)), of: text, view: view, &request)
            },
            "RemoveSelection": textHandler { request, text, view in select(0, 0, of: text, view: view, &request) },
            "SetCaretOffset": textHandler { request, text, view in
                guard let events = request.tree.setCaret(Int(request.int(0)), ofView: view, in: text) else {
                    return [.bool(false)]
                }
                request.events += events
                return [.bool(true)]
            },
            "GetAttributeRun": textHandler { request, text, _ in attributeRun(at: Int(request.int(0)), of: text) },
            "GetAttributes": textHandler { request, text, _ in attributeRun(at: Int(request.int(0)), of: text) },
            "GetAttributeValue": textHandler { _, _, _ in [.string("")] },
            "GetDefaultAttributes": textHandler { _, _, _ in [.stringDictionary([:])] },
            "GetDefaultAttributeSet": textHandler { _, _, _ in [.stringDictionary([:])] },
        ],
        properties: [
            Property(name: "CharacterCount") { request in
                guard case .view(let index) = request.node, let text = request.tree.text(ofView: index) else {
                    return nil
                }
                return .int32(Int32(text.characterCount))
            },
            Property(name: "CaretOffset") { request in
                guard case .view(let index) = request.node, let text = request.tree.text(ofView: index) else {
                    return nil
                }
                return .int32(Int32(request.tree.caretOffset(ofView: index, in: text)))
            },
        ])

    /// A Text method, given the text of the request's view and the view's index.
    private typealias TextHandler = @MainActor @Sendable (inout ATSPIRequest, AccessibleText, Int) -> [DBusValue]?

    /// Answers `body` for a view with text; nil (not supported here) for any other node.
    private static func textHandler(_ body: @escaping TextHandler) -> Handler {
        { request in
            guard case .view(let index) = request.node, let text = request.tree.text(ofView: index) else { return nil }
            return body(&request, text, index)
        }
    }

    /// A piece of text as AT-SPI answers it: the text, its start and its end.
    private static func piece(_ range: Range<Int>, of text: AccessibleText) -> [DBusValue] {
        [.string(text.substring(range)), .int32(Int32(range.lowerBound)), .int32(Int32(range.upperBound))]
    }

    /// AT-SPI's `AtspiTextGranularity`.
    private static func granularity(_ type: UInt32) -> AccessibleTextGranularity {
        switch type {
        case 1: .word
        case 2: .sentence
        case 3: .line
        case 4: .paragraph
        default: .character
        }
    }

    /// AT-SPI's `AtspiTextBoundaryType`.
    private static func boundary(_ type: UInt32) -> AccessibleTextBoundary {
        switch type {
        case 1: .wordStart
        case 2: .wordEnd
        case 3: .sentenceStart
        case 4: .sentenceEnd
        case 5: .lineStart
        case 6: .lineEnd
        default: .character
        }
    }

    /// Selects the characters between `start` and `end` (either order) in a view of selectable text; false for any
    /// other view.
    @MainActor
    private static func select(
        _ start: Int, _ end: Int, of text: AccessibleText, view index: Int, _ request: inout ATSPIRequest
    ) -> [DBusValue] {
        let view = request.tree.views[index]
        guard view.accessibleStates(of: .view).contains(.selectableText) else { return [.bool(false)] }
        request.events += view.setAccessibleSelection(min(start, end)..<max(start, end), in: text).map { (view, $0) }
        return [.bool(true)]
    }

    /// The attribute run at `offset`: its attributes, its start and its end.
    private static func attributeRun(at offset: Int, of text: AccessibleText) -> [DBusValue] {
        let run = text.attributeRun(at: offset)
        return [
            .stringDictionary(run.attributes), .int32(Int32(run.range.lowerBound)), .int32(Int32(run.range.upperBound)),
        ]
    }
}

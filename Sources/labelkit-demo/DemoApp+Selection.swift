import Foundation
import LabelKit
import LabelKitJSON
import LabelKitSDL

/// The demo's selection and keyboard focus: what the event protocol reports of them, and the keys the window takes.
extension DemoApp {
    /// The word segments of a selectable label that are on screen, with their window rects: where the end-to-end test
    /// double-clicks a word or drags over part of a sentence.
    func visibleWordsJSON(of view: LabelView) -> JSONValue {
        let layout = view.layout
        var words: [JSONValue] = []
        for segment in layout.words().segments where segment.isWord {
            let rects = layout.rects(for: segment.range).map { $0.rect.offsetBy(dx: view.origin.x, dy: view.origin.y) }
            guard !rects.isEmpty else { continue }
            words.append(
                .object([
                    ("text", .string(layout.plainText(in: segment.range))),
                    ("start", .number(Double(segment.range.lowerBound))), ("rects", .rects(rects)),
                ]))
        }
        return .array(words)
    }

    /// Logs a selection or focus change of `widget`; returns whether `event` was one.
    func logKeyboardAndSelection(_ event: ViewEvent, widget: String) -> Bool {
        let id: (String, JSONValue) = ("widget", .string(widget))
        switch event {
        case .selectionChanged(let selection, let text, let rects):
            let range = selection?.range ?? 0..<0
            log.emit(
                "selection",
                [
                    id, ("start", .number(Double(range.lowerBound))), ("length", .number(Double(range.count))),
                    ("text", .string(text ?? "")), ("rects", .rects(rects)),
                ])
            return true
        case .focusChanged(let link, let rects):
            var members: [(String, JSONValue)] = [id, ("rects", .rects(rects))]
            if let link { members.append(("target", .string(link.link.target.absoluteString))) }
            log.emit("focus", members)
            return true
        case .focusLeaves:
            return true
        default:
            return false
        }
    }
}

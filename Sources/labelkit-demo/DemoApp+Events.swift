import Foundation
import LabelKit
import LabelKitJSON
import LabelKitSDL

/// The demo's event protocol: what it reports of its widgets and of what happens to them, one JSON line each.
extension DemoApp {
    func widgetID(_ view: any InteractiveView) -> String? {
        switch view {
        case let view where view === terms: "terms"
        case let view where view === checkbox: "checkbox"
        case let view where view === detected: "detected"
        case let view where view === copyable: "copyable"
        case let view where view === button: "button"
        case let view where view === truncated: "truncated"
        case let view where view === rich: "rich"
        case let view where view === vertical: "vertical"
        case let view where view === list: "list"
        default: nil
        }
    }

    func links(of view: LabelView) -> JSONValue {
        .array(
            view.layout.links.indices.map { index in
                .object([
                    ("target", .string(view.layout.links[index].target.absoluteString)),
                    ("rects", .rects(view.windowRects(forLink: index).map(\.rect))),
                    ("safe", .bool(view.layout.links[index].isSafe)),
                ])
            })
    }

    /// Every widget's frame and its links' rectangles, in window points.
    var widgetsJSON: JSONValue {
        var truncatedMembers: [(String, JSONValue)] = [
            ("id", .string("truncated")), ("frame", .rect(truncated.frame)), ("links", links(of: truncated)),
            ("expanded", .bool(isExpanded)), ("lines", .number(Double(truncated.layout.lines.count))),
            ("text", .string(truncated.layout.string)), ("words", visibleWordsJSON(of: truncated)),
        ]
        if let token = truncated.truncationTokenFrame { truncatedMembers.append(("token", .rect(token))) }
        return .array([
            .object([("id", .string("terms")), ("frame", .rect(terms.frame)), ("links", links(of: terms))]),
            .object([
                ("id", .string("checkbox")), ("frame", .rect(checkbox.frame)), ("box", .rect(checkbox.boxFrame)),
                ("title", .rect(checkbox.titleFrame)), ("checked", .bool(checkbox.checkbox.isChecked)),
                (
                    "links",
                    .array(
                        checkbox.layout.title.links.indices.map { index in
                            .object([
                                ("target", .string(checkbox.layout.title.links[index].target.absoluteString)),
                                ("rects", .rects(checkbox.windowRects(forLink: index).map(\.rect))),
                            ])
                        })
                ),
            ]),
            .object([("id", .string("detected")), ("frame", .rect(detected.frame)), ("links", links(of: detected))]),
            .object(truncatedMembers),
            .object([
                ("id", .string("rich")), ("frame", .rect(rich.frame)), ("links", links(of: rich)),
                (
                    "attachments",
                    .array(
                        rich.layout.attachments.map { placed in
                            .object([
                                ("alt", .string(placed.attachment.altText)),
                                ("rect", .rect(placed.rect.offsetBy(dx: rich.origin.x, dy: rich.origin.y))),
                            ])
                        })
                ),
            ]),
            .object([
                ("id", .string("vertical")), ("frame", .rect(vertical.frame)), ("links", links(of: vertical)),
                ("columns", .number(Double(vertical.layout.lines.count))),
                ("text", .string(vertical.layout.string)),
            ]),
            .object([
                ("id", .string("copyable")), ("frame", .rect(copyable.frame.union(button.frame))),
                ("label", .rect(copyable.frame)), ("button", .rect(button.frame)),
                ("text", .string(copyable.layout.string)), ("truncated", .bool(copyable.layout.isTruncated)),
                ("links", links(of: copyable)),
            ]),
            .object([
                ("id", .string("list")), ("frame", .rect(list.frame)), ("links", .array([])),
                ("rows", .number(Double(list.texts.count))), ("first_row", .number(Double(list.firstVisibleRow))),
                ("content_height", .number(list.contentHeight)),
                ("measuring", .bool(list.isMeasuring)), ("measure_ms", .number(list.lastMeasureDuration * 1000)),
            ]),
        ])
    }

    func emitLayout(_ event: String) {
        let size = window.size
        let position = window.position
        log.emit(
            event,
            [
                ("window", .array([.number(Double(size.width)), .number(Double(size.height))])),
                ("position", .array([.number(Double(position.x)), .number(Double(position.y))])),
                ("scale", .number(window.scale)),
                ("renderer", .string(window.rendererName)),
                ("widgets", widgetsJSON),
            ])
    }

    func react(to view: any InteractiveView, _ event: ViewEvent) throws {
        needsDraw = true
        guard let widget = widgetID(view) else { return }
        let id: (String, JSONValue) = ("widget", .string(widget))
        if logKeyboardAndSelection(event, widget: widget) { return }
        switch event {
        case .changed:
            break
        case .linkTapped(let hit):
            try open(hit.link, widget: widget, event: "tap", verb: "tapped")
        case .previewShown(let context, let rects, let card):
            log.emit(
                "preview",
                [
                    id, ("target", .string(context.target.absoluteString)), ("rects", .rects(rects)),
                    ("card", .rect(card)),
                ])
            statusText = "\(widget): preview of \(context.target.absoluteString)"
            try updateStatus()
        case .menuShown(let items):
            log.emit(
                "menu",
                [
                    id,
                    (
                        "items",
                        .array(
                            items.map { item in
                                .object([
                                    ("item", .string(item.item.rawValue)), ("title", .string(item.title)),
                                    ("frame", .rect(item.frame)),
                                ])
                            })
                    ),
                ])
        case .copied(let text, let item):
            log.emit("copied", [id, ("text", .string(text)), ("item", .string(item?.rawValue ?? "ctrl+c"))])
            statusText = "\(widget): copied \(text.count) characters"
            try updateStatus()
        case .openLink(let link):
            try open(link, widget: widget, event: "open", verb: "open")
        case .popupsDismissed:
            log.emit("dismiss", [id])
        case .tokenTapped:
            guard view === truncated, !isExpanded else { return }
            isExpanded = true
            statusText = "truncated: expanded"
            try relayout()
            log.emit("expand", [id])
            emitLayout("layout")
        case .toggled(let isChecked):
            log.emit("toggle", [id, ("checked", .bool(isChecked))])
            statusText = "checkbox: \(isChecked ? "checked" : "unchecked")"
            try updateStatus()
        case .buttonPressed:
            log.emit("button", [id, ("title", .string(DemoTexts.button))])
            statusText = "copyable: button pressed"
            try updateStatus()
        case .scrolled(let offset, let firstRow):
            if view === list { host.report(event, of: list) }
            log.emit("scroll", [id, ("offset", .number(offset)), ("first_row", .number(Double(firstRow)))])
        case .selectionChanged, .focusChanged, .focusLeaves:
            break
        }
    }

    /// Opens `link` — the demo reports it as `event` — or, when link detection raised a warning about it, shows the
    /// warning instead and reports a "warning" event with the warnings' names.
    private func open(_ link: LayoutLink, widget: String, event: String, verb: String) throws {
        let id: (String, JSONValue) = ("widget", .string(widget))
        let target = link.target.absoluteString
        if link.isSafe {
            log.emit(event, [id, ("target", .string(target))])
            statusText = "\(widget): \(verb) \(target)"
        } else {
            let names = link.warnings.names
            log.emit("warning", [id, ("target", .string(target)), ("warnings", .array(names.map { .string($0) }))])
            statusText = "\(widget): not opened, \(target) looks unsafe (\(names.joined(separator: ", ")))"
        }
        try updateStatus()
    }
}

import Foundation
import LabelKit
import LabelKitCorpus
import LabelKitJSON
import LabelKitSDL

/// The demo window: every seed scenario as a widget, the event protocol, the frame statistics and the scroll test.
@MainActor
final class DemoApp {
    struct Options {
        var events = false
        var stats = false
        var scrollTestSeconds: Double?
        var width = 1000
        var height = 720
        var rows = 10_000
    }

    private static let panel = LabelColor(hex: 0xF4F6FA)
    private static let margin = 16.0
    private static let spacing = 12.0

    let options: Options
    let session: SDLSession
    let window: Window
    let log: EventLog
    let typesetter = LabelTypesetter.system

    private let header: LabelView
    private let terms: LabelView
    private let checkbox: CheckboxView
    private let detected: LabelView
    private let copyable: LabelView
    private let button: ButtonView
    private let truncated: LabelView
    private let rich: LabelView
    private let status: LabelView
    private let list: ListView
    private let host: ViewHost
    private var isExpanded = false
    private var statusText = "tap a link, long-press text or a link, click …more, scroll the list"
    private var needsDraw = true
    private var frameTimes: [Double] = []
    private var allFrameTimes: [Double] = []

    init(options: Options) throws {
        self.options = options
        log = EventLog(isEnabled: options.events)
        session = try SDLSession()
        installQuitSignalHandlers()
        window = try Window(session: session, title: "LabelKit demo", width: options.width, height: options.height)
        let empty = try typesetter.layout("")
        header = LabelView(layout: empty, copyEnabled: false)
        terms = LabelView(layout: empty, backgroundColor: Self.panel)
        let checkboxModel = CheckboxWithLink(title: DemoTexts.underlinedLinks(DemoTexts.checkbox))
        checkbox = CheckboxView(checkbox: checkboxModel, layout: try checkboxModel.layout(with: typesetter))
        detected = LabelView(layout: empty, backgroundColor: Self.panel)
        copyable = LabelView(
            layout: empty, copyEnabled: CopyPolicy().isCopyEnabled(containerIsControl: false),
            backgroundColor: LabelColor(hex: 0xFFF8E6)
        )
        button = ButtonView(title: try typesetter.layout(DemoTexts.button))
        truncated = LabelView(layout: empty, backgroundColor: Self.panel, isSelectable: true)
        rich = LabelView(layout: empty, backgroundColor: Self.panel)
        rich.customAttachmentDrawer = { placed, frame, window in
            if case .custom(DemoTexts.presenceDot) = placed.attachment.content {
                window.fillEllipse(in: frame, LabelColor(hex: 0x31A24C))
            }
        }
        status = LabelView(layout: empty, copyEnabled: false)
        let texts = makeCorpus(count: options.rows, seed: 7).map(\.text)
        list = ListView(texts: texts, frame: .zero, typesetter: typesetter)
        host = ViewHost(views: [header, terms, checkbox, detected, copyable, button, truncated, rich, status, list])
        try relayout()
    }

    // MARK: Layout

    /// Lays every widget out for the window's current size: the widgets in a column on the left, the list on the
    /// right. Every text is laid out again at its new width.
    private func relayout() throws {
        let size = window.size
        let margin = Self.margin
        let columnWidth = min(460, max(260, (Double(size.width) - 3 * margin) * 0.48))
        let popupBounds = CGRect(origin: .zero, size: size)
        var y = margin
        let insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

        var headerStyle = TextStyle(fontSize: 18, fontWeight: .bold)
        headerStyle.linkColor = nil
        header.setLayout(
            try typesetter.withStyle(headerStyle).layout(DemoTexts.header, in: TextContainer(width: columnWidth)))
        header.origin = CGPoint(x: margin, y: y)
        y += Double(header.frame.height) + Self.spacing

        var centred = ParagraphStyle()
        centred.alignment = .center
        terms.setLayout(
            try typesetter.withStyle(TextStyle(paragraphStyle: centred)).layout(
                DemoTexts.underlinedLinks(DemoTexts.terms), in: TextContainer(width: columnWidth, insets: insets)
            ))
        terms.origin = CGPoint(x: margin, y: y)
        y += Double(terms.frame.height) + Self.spacing

        let checkboxModel = checkbox.checkbox
        checkbox.setLayout(
            try checkboxModel.layout(
                with: typesetter, container: TextContainer(width: columnWidth - 26)
            ))
        checkbox.origin = CGPoint(x: margin, y: y)
        y += Double(checkbox.frame.height) + Self.spacing

        let detection = LinkDetector().detectLinks(in: AttributedString(DemoTexts.detected))
        detected.setLayout(try typesetter.layout(detection.text, in: TextContainer(width: columnWidth, insets: insets)))
        detected.origin = CGPoint(x: margin, y: y)
        y += Double(detected.frame.height) + Self.spacing

        copyable.setLayout(
            try typesetter.layout(
                DemoTexts.copyable, in: TextContainer(width: columnWidth, maximumNumberOfLines: 2, insets: insets)
            ))
        copyable.origin = CGPoint(x: margin, y: y)
        y += Double(copyable.frame.height) + 8
        button.origin = CGPoint(x: margin, y: y)
        y += Double(button.frame.height) + Self.spacing

        let truncatedContainer = TextContainer(
            width: columnWidth, maximumNumberOfLines: isExpanded ? 0 : 3, insets: insets,
            truncationToken: isExpanded ? nil : DemoTexts.moreToken
        )
        truncated.setLayout(try typesetter.layout(DemoTexts.truncated, in: truncatedContainer))
        truncated.origin = CGPoint(x: margin, y: y)
        y += Double(truncated.frame.height) + Self.spacing

        rich.setLayout(
            try typesetter.layout(
                try DemoTexts.richText(typesetter: typesetter), in: TextContainer(width: columnWidth, insets: insets)))
        rich.origin = CGPoint(x: margin, y: y)
        y += Double(rich.frame.height) + Self.spacing

        try updateStatus()
        status.origin = CGPoint(x: margin, y: y)

        for view in [terms, detected, copyable, truncated, rich] { view.popupBounds = popupBounds }
        let listX = margin + columnWidth + margin
        list.setFrame(
            CGRect(
                x: listX, y: margin, width: max(120, Double(size.width) - listX - margin),
                height: max(60, Double(size.height) - 2 * margin)
            ))
        list.measure()
        needsDraw = true
    }

    private func updateStatus() throws {
        var style = TextStyle(fontSize: 13, foregroundColor: LabelColor(hex: 0x44444A))
        style.linkColor = nil
        status.setLayout(
            try typesetter.withStyle(style).layout(
                DemoTexts.statusPrefix + statusText, in: TextContainer(width: Double(header.frame.width))
            ))
        needsDraw = true
    }

    // MARK: The event protocol

    private func widgetID(_ view: any InteractiveView) -> String? {
        switch view {
        case let view where view === terms: "terms"
        case let view where view === checkbox: "checkbox"
        case let view where view === detected: "detected"
        case let view where view === copyable || view === button: "copyable"
        case let view where view === truncated: "truncated"
        case let view where view === rich: "rich"
        case let view where view === list: "list"
        default: nil
        }
    }

    private func links(of view: LabelView) -> JSONValue {
        .array(
            view.layout.links.indices.map { index in
                .object([
                    ("target", .string(view.layout.links[index].target.absoluteString)),
                    ("rects", .rects(view.windowRects(forLink: index))),
                ])
            })
    }

    /// Every widget's frame and its links' rectangles, in window points.
    private var widgetsJSON: JSONValue {
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
                                ("rects", .rects(checkbox.windowRects(forLink: index))),
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

    private func emitLayout(_ event: String) {
        let size = window.size
        let position = window.position
        log.emit(
            event,
            [
                ("window", .array([.number(Double(size.width)), .number(Double(size.height))])),
                ("position", .array([.number(Double(position.x)), .number(Double(position.y))])),
                ("scale", .number(window.scale)),
                ("widgets", widgetsJSON),
            ])
    }

    private func react(to view: any InteractiveView, _ event: ViewEvent) throws {
        needsDraw = true
        guard let widget = widgetID(view) else { return }
        let id: (String, JSONValue) = ("widget", .string(widget))
        if logKeyboardAndSelection(event, widget: widget) { return }
        switch event {
        case .changed:
            break
        case .linkTapped(let hit):
            log.emit("tap", [id, ("target", .string(hit.link.target.absoluteString))])
            statusText = "\(widget): tapped \(hit.link.target.absoluteString)"
            try updateStatus()
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
        case .openLink(let url):
            log.emit("open", [id, ("target", .string(url.absoluteString))])
            statusText = "\(widget): open \(url.absoluteString)"
            try updateStatus()
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
            log.emit("scroll", [id, ("offset", .number(offset)), ("first_row", .number(Double(firstRow)))])
        case .selectionChanged, .focusChanged, .focusLeaves:
            break
        }
    }

    // MARK: The loop

    /// Runs until the window closes or a signal arrives; returns the exit code.
    func run() throws -> Int32 {
        try draw()
        emitLayout("ready")
        if options.scrollTestSeconds != nil, try !waitForMeasuredList() {
            log.emit("exit")
            return 0
        }
        var lastStats = session.seconds
        var scrollDirection = 1.0
        let scrollStart = session.seconds
        var lastFrame = session.seconds
        let scrollSpeed = 1800.0
        var running = true
        while running, !quitSignal.load(ordering: .relaxed) {
            let timeout: Double
            if options.scrollTestSeconds != nil {
                timeout = max(0, 1.0 / 60 - (session.seconds - lastFrame))
            } else {
                timeout = host.isTracking ? 0.01 : 0.05
            }
            var next = session.waitEvent(timeout: timeout)
            while let event = next {
                switch event {
                case .quit:
                    running = false
                case .resized:
                    try relayout()
                    emitLayout("layout")
                case .exposed:
                    needsDraw = true
                case .key(let key) where key == KeyPress(.escape):
                    // Escape closes a menu or clears a selection first; with nothing to clear it quits.
                    let results = host.handle(event)
                    if results.isEmpty { running = false }
                    for (view, viewEvent) in results { try react(to: view, viewEvent) }
                case .key(let key) where key == KeyPress(.pageDown):
                    for (view, viewEvent) in list.scroll(by: Double(list.frame.height) * 0.9).map({ (list, $0) }) {
                        try react(to: view, viewEvent)
                    }
                case .key(let key) where key == KeyPress(.pageUp):
                    for (view, viewEvent) in list.scroll(by: -Double(list.frame.height) * 0.9).map({ (list, $0) }) {
                        try react(to: view, viewEvent)
                    }
                default:
                    for (view, viewEvent) in host.handle(event) { try react(to: view, viewEvent) }
                }
                next = session.pollEvent()
            }
            for (view, viewEvent) in host.advance(to: session.seconds) { try react(to: view, viewEvent) }
            let wasMeasuring = list.isMeasuring
            if list.collectMeasurements() { needsDraw = true }
            if wasMeasuring, !list.isMeasuring {
                log.emit(
                    "measured",
                    [
                        ("widget", .string("list")), ("rows", .number(Double(list.texts.count))),
                        ("measure_ms", .number(list.lastMeasureDuration * 1000)),
                        ("content_height", .number(list.contentHeight)),
                    ])
            }

            let now = session.seconds
            if let seconds = options.scrollTestSeconds {
                if now - scrollStart >= seconds { break }
                let step = scrollSpeed * min(now - lastFrame, 0.1) * scrollDirection
                if list.scroll(by: step).isEmpty { scrollDirection = -scrollDirection }
                needsDraw = true
            }
            if needsDraw {
                lastFrame = now
                try draw()
            }
            if options.stats || options.scrollTestSeconds != nil, now - lastStats >= 1 {
                lastStats = now
                emitStats("stats", frameTimes)
                frameTimes.removeAll(keepingCapacity: true)
            }
        }
        if options.scrollTestSeconds != nil {
            emitStats(
                "scroll-test", allFrameTimes,
                extra: [
                    ("rows", .number(Double(list.texts.count))), ("first_row", .number(Double(list.firstVisibleRow))),
                    ("rows_rendered", .number(Double(list.renderedRowCount))),
                    ("measure_ms", .number(list.lastMeasureDuration * 1000)),
                ])
        }
        log.emit("exit")
        return 0
    }

    /// The scroll test measures steady scrolling: it starts once every row's height is in (reported on its own).
    /// Returns false when the app was asked to quit meanwhile.
    private func waitForMeasuredList() throws -> Bool {
        let deadline = session.seconds + 300
        while list.isMeasuring, session.seconds < deadline {
            if quitSignal.load(ordering: .relaxed) { return false }
            while let event = session.waitEvent(timeout: 0.05) {
                if event == .quit { return false }
            }
            list.collectMeasurements()
        }
        try draw()
        frameTimes.removeAll()
        allFrameTimes.removeAll()
        return true
    }

    private func draw() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        try host.draw(in: window, background: .white)
        window.present()
        needsDraw = false
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        frameTimes.append(milliseconds)
        allFrameTimes.append(milliseconds)
    }

    private func emitStats(_ event: String, _ times: [Double], extra: [(String, JSONValue)] = []) {
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        let line: [(String, JSONValue)] =
            [
                ("frame_ms_p50", .number(percentile(0.5))), ("frame_ms_p99", .number(percentile(0.99))),
                ("frame_ms_max", .number(sorted.last ?? 0)), ("frames", .number(Double(times.count))),
            ] + extra
        // Stats go out even without --events: they are what --stats and --scroll-test are for.
        EventLog(isEnabled: true).emit(event, line)
    }
}

extension LabelTypesetter {
    /// This typesetter with another base style.
    func withStyle(_ style: TextStyle) -> LabelTypesetter {
        var copy = self
        copy.style = style
        return copy
    }
}

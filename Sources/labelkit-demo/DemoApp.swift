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
        /// What `--appearance`, `--contrast` and `--text-scale` set instead of the desktop's settings.
        var settingsOverride = DesktopSettingsOverride()
    }

    /// The panels behind the labels: a blue-grey in light, a grey a little lighter than the window in dark.
    static let panel = LabelColor(
        hex: 0xF4F6FA, dark: 0x26272B, darkHighContrast: 0x000000)
    /// The note behind the copyable message: a cream in light, a warm dark grey in dark.
    static let note = LabelColor(hex: 0xFFF8E6, dark: 0x332D1E, darkHighContrast: 0x000000)
    static let margin = 16.0
    static let spacing = 12.0

    let options: Options
    let session: SDLSession
    let window: Window
    let log: EventLog
    /// The typesetter of every text: at the subheadline text style's 15 points, at the person's text scale.
    var typesetter = LabelTypesetter.system.withStyle(TextStyle(dynamicTextStyle: .subheadline))

    let header: LabelView
    let terms: LabelView
    let checkbox: CheckboxView
    let detected: LabelView
    let copyable: LabelView
    let button: ButtonView
    let truncated: LabelView
    let rich: LabelView
    /// The vertical panel: columns right to left, above the list.
    let vertical: LabelView
    let status: LabelView
    let list: ListView
    let host: ViewHost
    var isExpanded = false
    /// Whether the line saying whether screen readers can see the demo was printed.
    var reportedAccessibility = false
    var statusText = "tap a link, long-press text or a link, click …more, scroll the list"
    var needsDraw = true
    var frameTimes: [Double] = []
    var allFrameTimes: [Double] = []
    /// The process's CPU time (every thread's: the renderer's too) when the scroll test's frames began, in seconds.
    var scrollTestCPUStart = 0.0

    init(options: Options) throws {
        self.options = options
        log = EventLog(isEnabled: options.events)
        session = try SDLSession()
        installQuitSignalHandlers()
        window = try Window(session: session, title: "LabelKit demo", width: options.width, height: options.height)
        let empty = try typesetter.layout("")
        let host = ViewHost(views: [])
        host.settingsOverride = options.settingsOverride
        // The desktop's settings are read before the first layout, so that the first frame is at the person's scale.
        FileHandle.standardError.write(Data("labelkit-demo: \(host.followDesktopSettings())\n".utf8))
        _ = host.takeSettingsChange()
        typesetter.style.textScale = host.textScale
        header = LabelView(layout: empty, copyEnabled: false)
        terms = LabelView(layout: empty, backgroundColor: Self.panel)
        let checkboxModel = CheckboxWithLink(title: LabelMarkup.attributedString(DemoTexts.checkbox))
        checkbox = CheckboxView(checkbox: checkboxModel, layout: try checkboxModel.layout(with: typesetter))
        detected = LabelView(layout: empty, backgroundColor: Self.panel)
        copyable = LabelView(
            layout: empty, copyEnabled: CopyPolicy().isCopyEnabled(containerIsControl: false),
            backgroundColor: Self.note
        )
        button = ButtonView(title: try typesetter.layout(DemoTexts.button))
        truncated = LabelView(layout: empty, backgroundColor: Self.panel, isSelectable: true)
        rich = LabelView(layout: empty, backgroundColor: Self.panel)
        rich.customAttachmentDrawer = { placed, frame, window in
            if case .custom(DemoTexts.presenceDot) = placed.attachment.content {
                window.fillEllipse(in: frame, LabelColor(hex: 0x31A24C))
            }
        }
        vertical = LabelView(layout: empty, backgroundColor: Self.panel, isSelectable: true)
        status = LabelView(layout: empty, copyEnabled: false)
        // Every kind in turn: the classic five, then Arabic, Hebrew, Devanagari, Bengali, Thai, Khmer, Korean,
        // Chinese and English with right-to-left phrases (the first five rows are the classic corpus's).
        let texts = makeCorpus(count: options.rows, seed: 7, kinds: CorpusKind.allCases).map(\.text)
        list = ListView(texts: texts, frame: .zero, typesetter: typesetter)
        host.views = [header, terms, checkbox, detected, copyable, button, truncated, rich, vertical, status, list]
        self.host = host
        try relayout()
        // Screen readers (AT-SPI): the host turns the bridge on at the first frame, as for any app on LabelKitSDL;
        // ``draw()`` prints one line on standard error either way (the event protocol owns standard output).
    }

    // MARK: Layout

    /// Lays every widget out for the window's current size: the widgets in a column on the left, the list on the
    /// right. Every text is laid out again at its new width.
    func relayout() throws {
        let size = window.size
        let margin = Self.margin
        let columnWidth = min(460, max(260, (Double(size.width) - 3 * margin) * 0.48))
        let popupBounds = CGRect(origin: .zero, size: size)
        var y = margin
        let insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

        // 18 points is no text style's size: the header keeps it, and the text scale scales it as every size.
        let headerStyle = TextStyle(fontSize: 18, fontWeight: .bold)
        header.setLayout(
            try typesetter.withStyle(headerStyle).layout(DemoTexts.header, in: TextContainer(width: columnWidth)))
        header.origin = CGPoint(x: margin, y: y)
        y += Double(header.frame.height) + Self.spacing

        var centred = ParagraphStyle()
        centred.alignment = .center
        terms.setLayout(
            try typesetter.withStyle(TextStyle(paragraphStyle: centred, dynamicTextStyle: .subheadline)).layout(
                LabelMarkup.attributedString(DemoTexts.terms), in: TextContainer(width: columnWidth, insets: insets)
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
        button.title.setLayout(try typesetter.layout(DemoTexts.button))
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

        for view in [terms, detected, copyable, truncated, rich, vertical] {
            view.popupBounds = popupBounds
            view.popupTypesetter = typesetter
        }
        // The vertical panel beside the column of widgets, as tall as fits; the list beside it.
        let panelX = margin + columnWidth + margin
        let columnLength = min(280, max(120, Double(size.height) - 2 * margin - 20))
        vertical.setLayout(
            try typesetter.layout(
                DemoTexts.verticalNotice(),
                in: TextContainer(height: columnLength + 20, insets: insets, writingMode: .verticalRightToLeft)))
        vertical.origin = CGPoint(x: panelX, y: margin)
        let listX = panelX + Double(vertical.frame.width) + margin
        list.setFrame(
            CGRect(
                x: listX, y: margin, width: max(120, Double(size.width) - listX - margin),
                height: max(60, Double(size.height) - 2 * margin)
            ))
        list.measure()
        needsDraw = true
    }

    func updateStatus() throws {
        let style = TextStyle(foregroundColor: Self.statusInk, dynamicTextStyle: .footnote)
        status.setLayout(
            try typesetter.withStyle(style).layout(
                DemoTexts.statusPrefix + statusText, in: TextContainer(width: Double(header.frame.width))
            ))
        needsDraw = true
    }
}

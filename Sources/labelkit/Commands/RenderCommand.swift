import LabelKit
import LabelKitCairo
import LabelKitJSON

/// `labelkit render`: draws a text to a PNG, PDF or SVG file.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "draw a text to a PNG, PDF or SVG file"
    static let discussion = """
        USAGE: labelkit render [OPTIONS] --out FILE.png|FILE.pdf|FILE.svg TEXT

        Lays the text out and draws it with Cairo, in the format the file name's extension names. The picture is the
        label's bounds: --width (or the text's width) by --height (or the text's height); a PNG is that times
        --scale in pixels, a PDF that many points and an SVG that many CSS pixels. An attachment's image that cannot
        be read is drawn as a placeholder (a grey box with a cross), or is an error with --strict-images. Links are
        drawn in the link colour and underlined, as a label view draws them, unless --runs gives a link its own color
        or underline. Colours are drawn for --appearance and --contrast: a colour given for each appearance takes its
        value for them, as do the named colours (label, link, background…) and the default text, link and
        background colours (black text on white in light, white on #1E1E1E in dark).
        """

    static let out = Option(
        "out", .string(placeholder: "FILE"), help: "where to write the picture: .png, .pdf or .svg (required)")
    static let scale = Option(
        "scale", .number(minimum: 0.01, placeholder: "S"), help: "pixels per point, for HiDPI (default 1)")
    static let background = Option(
        "background", .background,
        help: "#RRGGBB, #RRGGBBAA, a named colour (background, label, …), {\"light\":\"#RRGGBB\",\"dark\":\"#RRGGBB\"} "
            + "(with \"lightHighContrast\", \"darkHighContrast\") or none (default background: white in light, "
            + "#1E1E1E in dark)")
    static let debug = Option(
        "debug", .flag, help: "draw line boxes, baselines, link rects and attachment boxes over the text")
    static let strictImages = Option(
        "strict-images", .flag, help: "fail (exit 2) when an attachment's image cannot be read")
    static let select = Option(
        "select", .utf16Range,
        help: "draw a selection of the UTF-16 range behind the text, as a selectable label does")
    static let focusLink = Option(
        "focus-link", .wholeNumber(minimum: 0),
        help: "draw a keyboard focus ring around link N (0 is the first, in text order)")

    static let options: [any OptionDeclaration] =
        LayoutOptions.options + [out, scale, background, debug, strictImages, select, focusLink]

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        var options = try LayoutOptions(arguments)
        guard let out = arguments.value(of: Self.out) else {
            throw UsageError(message: "missing --out FILE.png|.pdf|.svg")
        }
        guard LabelRenderer.OutputFormat(path: out) != nil else {
            throw UsageError(message: RenderError.unsupportedOutputFormat(path: out).description)
        }
        var renderer = makeRenderer(arguments)
        renderer.appearance = options.appearance
        options.displayScale = renderer.scale
        let text = try TextSource(arguments)
        // The arguments are all read: fontconfig loads on another thread while the text is analysed.
        SystemFontSystem.shared.startLoading()
        let layout = try options.layout(text)
        renderer.linkStyle = linkStyle(for: layout, style: options.style)
        try addSelectionAndFocus(arguments, layout: layout, to: &renderer)
        do {
            try renderer.write(layout, to: out)
        } catch {
            throw UsageError(message: error.description)
        }
        return 0
    }

    static func makeRenderer(_ arguments: CommandLineArguments) -> LabelRenderer {
        LabelRenderer(
            scale: arguments.value(of: scale) ?? 1,
            backgroundColor: (arguments.value(of: background) ?? .standard).color,
            debug: arguments.isSet(debug),
            unreadableImagePolicy: arguments.isSet(strictImages) ? .throwError : .placeholder)
    }

    /// The links as ``LinkStyle`` draws them at rest — in the link colour and underlined — but with the colour or the underline a
    /// link's own runs set (`--runs` "color", "underline"), which a text given as runs means to be seen.
    static func linkStyle(for layout: TextLayout, style: TextStyle) -> LinkStyle {
        var linkStyle = LinkStyle()
        for (index, link) in layout.links.enumerated() {
            // A run of a link is in the text's colour, without underline, unless its own attributes set others.
            let runs = layout.runs.filter {
                $0.isInTruncationToken == link.isInTruncationToken && $0.textRange.overlaps(link.range)
            }
            var look = linkStyle.normal
            if runs.contains(where: { $0.style.foregroundColor != style.foregroundColor }) {
                look.foregroundColor = nil
            }
            if runs.contains(where: { $0.style.underline != nil }) { look.underline = nil }
            if look != linkStyle.normal { linkStyle.setLook(look, for: .link(index)) }
        }
        return linkStyle
    }

    /// `--select` and `--focus-link`: the overlays a selectable, focused label draws.
    static func addSelectionAndFocus(
        _ arguments: CommandLineArguments, layout: TextLayout, to renderer: inout LabelRenderer
    ) throws(UsageError) {
        renderer.selectedRange = arguments.value(of: select)
        if let index = arguments.value(of: focusLink) {
            guard layout.links.indices.contains(index), !layout.rects(forLink: index).isEmpty else {
                throw UsageError(message: "--focus-link \(index): the text shows \(layout.links.count) link(s)")
            }
            renderer.focusRings = [LabelRenderer.FocusRing(rects: layout.rects(forLink: index).map(\.rect))]
        }
    }
}

/// What `--background` paints under the text: nothing (`none`), or a colour.
enum RenderBackground: Sendable {
    case transparent
    case color(LabelColor)

    /// The semantic background colour: white in light, #1E1E1E in dark.
    static let standard = RenderBackground.color(.background)

    /// The renderer's background colour; nil for none.
    var color: LabelColor? {
        switch self {
        case .transparent: nil
        case .color(let color): color
        }
    }
}

extension OptionValue where Value == RenderBackground {
    /// `none`, or a colour in any of ``ColorReader``'s forms.
    static var background: Self {
        Self(
            placeholder: "COLOR",
            parse: { (text) throws(OptionValueError) in
                if text == "none" { return .transparent }
                do throws(ColorReadError) {
                    return .color(try ColorReader.color(text: text))
                } catch {
                    throw .detail(error.description)
                }
            })
    }
}

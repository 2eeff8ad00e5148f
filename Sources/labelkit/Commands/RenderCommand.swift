import LabelKit
import LabelKitCairo

/// `labelkit render`: draws a text to a PNG file.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "draw a text to a PNG file"
    static let help = """
        USAGE: labelkit render [OPTIONS] --out FILE.png TEXT

        Lays the text out and draws it with Cairo. The image is the label's bounds: --width (or the text's width) by
        --height (or the text's height), times --scale.

        OPTIONS:
        \(LayoutOptions.help)
          --out FILE.png          where to write the picture (required)
          --scale S               pixels per point, for HiDPI (default 1)
          --background COLOR      #RRGGBB, #RRGGBBAA or none (default #FFFFFF)
          --debug                 draw line boxes, baselines and link rects over the text
          --help                  show this help
        """
    static let options = OptionSpecification(
        valued: LayoutOptions.valued.union(["out", "scale", "background"]), flags: LayoutOptions.flags.union(["debug"])
    )

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        var options = try LayoutOptions(arguments)
        guard let out = arguments.string("out") else { throw UsageError(message: "missing --out FILE.png") }
        let renderer = try makeRenderer(arguments)
        options.displayScale = renderer.scale
        let layout = try options.layout(try arguments.text())
        do {
            try renderer.writePNG(layout, to: out)
        } catch {
            throw UsageError(message: error.description)
        }
        return 0
    }

    static func makeRenderer(_ arguments: CommandLineArguments) throws(UsageError) -> LabelRenderer {
        var background: LabelColor? = .white
        if let text = arguments.string("background") {
            if text == "none" {
                background = nil
            } else {
                guard let color = LabelColor(hexString: text) else {
                    throw UsageError(message: "--background needs #RRGGBB, #RRGGBBAA or none, not '\(text)'")
                }
                background = color
            }
        }
        let scale = try arguments.double("scale", minimum: 0.01) ?? 1
        return LabelRenderer(scale: scale, backgroundColor: background, debug: arguments.has("debug"))
    }
}

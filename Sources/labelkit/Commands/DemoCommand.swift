import Foundation
import LabelKit
import LabelKitCairo

/// `labelkit demo`: the main job of `make run` — renders the seed scenarios to PNG files and prints their sizes.
enum DemoCommand: Command {
    static let name = "demo"
    static let summary = "render the seed scenarios and the rich-text pictures and print their measured sizes"
    static let discussion = """
        USAGE: labelkit demo [--out-dir DIR] [--scale S]

        Renders the seed scenarios — the 利用規約 sentence with its link, a Japanese paragraph, a truncated English
        paragraph ending in "…more", Vietnamese with emoji — and the rich-text pictures — a chat message with a
        verified badge that links to a profile (at rest and pressed), footnote markers in superscript, an outlined
        and shadowed title (also as SVG), a price column in tabular digits, indented paragraphs, the line
        patterns — to DIR (default "out"), with the badge they show (verified-badge.png, drawn by labelkit), and
        prints one line per picture with its measured size, line count and whether it was truncated.
        """

    static let outDirectory = Option(
        "out-dir", .string(placeholder: "DIR"), help: "where to write the pictures (default out)")
    static let scale = Option("scale", .number(minimum: 0.01, placeholder: "S"), help: "pixels per point (default 2)")

    static let options: [any OptionDeclaration] = [outDirectory, scale]

    struct Scenario {
        var file: String
        var markup: String
        var container: TextContainer
        var alignment: TextAlignment = .natural
        var debug = false
    }

    static let scenarios: [Scenario] = [
        Scenario(
            file: "terms.png", markup: "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします",
            container: TextContainer(width: 320, insets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)),
            alignment: .center
        ),
        Scenario(
            file: "terms-debug.png", markup: "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします",
            container: TextContainer(width: 200, insets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)),
            alignment: .center, debug: true
        ),
        Scenario(
            file: "japanese-paragraph.png",
            markup: "吾輩はラベルである。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で、"
                + "文字を一つずつ並べていた事だけは記憶している。「改行はどこで？」と聞かれても、句読点の前では決して折り返さない。",
            container: TextContainer(width: 300, insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        ),
        Scenario(
            file: "truncated-more.png",
            markup:
                "LabelKit lays out styled text you can measure exactly, draw and touch: one immutable layout answers "
                + "every question, so what is drawn, what is measured and what is hit never disagree. Tap a link, "
                + "long-press to copy, and expand a truncated label with its token.",
            container: TextContainer(
                width: 300, maximumNumberOfLines: 3, insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
                truncationToken: LabelMarkup.attributedString("…[more](labelkit://expand)")
            )
        ),
        Scenario(
            file: "vietnamese-emoji.png",
            markup: "Xin chào 👋🏽 Việt Nam 🇻🇳! Tiếng Việt có dấu: người, những, được. Gia đình 👨‍👩‍👧‍👦 và #hashtag @mention",
            container: TextContainer(width: 260, insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        ),
    ]

    static func run(_ arguments: CommandLineArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "demo takes no TEXT") }
        let directory = arguments.value(of: outDirectory) ?? "out"
        let scale = arguments.value(of: scale) ?? 2
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UsageError(message: "cannot create directory '\(directory)': \(error.localizedDescription)")
        }
        var pictures: [Picture] = []
        for scenario in scenarios {
            var paragraph = ParagraphStyle()
            paragraph.alignment = scenario.alignment
            let typesetter = LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph))
            do {
                let layout = try typesetter.layout(
                    LabelMarkup.attributedString(scenario.markup), in: scenario.container)
                let renderer = LabelRenderer(scale: scale, backgroundColor: .background, debug: scenario.debug)
                pictures.append(Picture(file: scenario.file, layout: layout, renderer: renderer))
            } catch {
                throw UsageError(message: "\(scenario.file): \(error)")
            }
        }
        do {
            pictures += try richTextPictures(directory: directory, scale: scale)
            if let chat = pictures.first(where: { $0.file == "chat-message.png" }),
                let terms = pictures.first(where: { $0.file == "terms.png" })
            {
                pictures += try appearancePictures(
                    chat: chat, terms: terms, badgePath: directory + "/" + badgeFile, scale: scale)
            }
            pictures += try structuredTextPictures(badgePath: directory + "/" + badgeFile, scale: scale)
            pictures += try rubyPictures(scale: scale)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "rich text: \(error)")
        }
        var lines: [String] = []
        for picture in pictures {
            let path = directory + "/" + picture.file
            do {
                try picture.renderer.write(picture.layout, to: path)
            } catch {
                throw UsageError(message: "\(picture.file): \(error.description)")
            }
            let layout = picture.layout
            lines.append(
                "\(path)  \(Int(layout.size.width))×\(Int(layout.size.height)) pt, "
                    + "\(layout.lines.count) line\(layout.lines.count == 1 ? "" : "s")"
                    + (layout.isTruncated ? ", truncated" : "")
            )
        }
        return printTextLines(lines)
    }
}

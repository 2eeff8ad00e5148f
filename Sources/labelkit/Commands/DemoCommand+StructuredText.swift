import Foundation
import LabelKit
import LabelKitCairo

/// The pictures of issue 43 for the README: a receipt set with right and decimal tab stops, a nested list with a
/// wrapped item in English and in Arabic, a justified Japanese paragraph, and a chat message read from HTML.
extension DemoCommand {
    /// Every structured-text picture, laid out.
    static func structuredTextPictures(badgePath: String, scale: Double) throws -> [Picture] {
        let base = LabelTypesetter.system(style: TextStyle(fontSize: 15))
        func picture(_ file: String, _ layout: TextLayout) -> Picture {
            Picture(file: file, layout: layout, renderer: LabelRenderer(scale: scale, backgroundColor: .background))
        }
        return [
            picture("receipt-tabs.png", try base.layout(try receipt(), in: padded(width: 300))),
            picture("list-nested.png", try base.layout(nestedList(rightToLeft: false), in: padded(width: 300))),
            picture("list-nested-arabic.png", try base.layout(nestedList(rightToLeft: true), in: padded(width: 300))),
            picture("japanese-justified.png", try base.layout(try justifiedJapanese(), in: padded(width: 300))),
            picture("chat-html.png", try base.layout(try htmlChat(badgePath: badgePath).text, in: padded(width: 320))),
        ]
    }

    /// A receipt: item names at the left, quantities on a right stop, prices on a decimal stop.
    static func receipt() throws -> AttributedString {
        var paragraph = ParagraphStyle()
        paragraph.tabStops = [TabStop(170, alignment: .right), TabStop(235, alignment: .decimal)]
        let rows = [
            "Item\tQty\tPrice", "Espresso\t2\t5.80", "Croissant\t1\t3.25", "Orange juice, large\t1\t6.5",
            "Water\t12\t0.90", "Total\t16\t26.35",
        ]
        var text = AttributedString(rows.joined(separator: "\n"))
        text.labelKit.paragraphStyle = paragraph
        text.labelKit.fontFeatures = try FontFeatures(parsing: "tnum")
        if let header = text.range(of: "Item\tQty\tPrice") { text[header].labelKit.fontWeight = 700 }
        if let total = text.range(of: "Total\t16\t26.35") {
            text[total].labelKit.fontWeight = 700
            text[total].labelKit.underline = .double
        }
        return text
    }

    /// A list with a nested list and an item that wraps, in English or in Arabic (markers on the right).
    static func nestedList(rightToLeft: Bool) -> AttributedString {
        let outer = TextList(marker: .decimal)
        let inner = TextList(marker: .disc, indent: 24)
        let items: [(String, [TextList])] =
            rightToLeft
            ? [
                ("افتح التطبيق واختر الملف الذي تريد مشاركته مع فريقك.", [outer]),
                ("اضغط على زر المشاركة:", [outer]),
                ("بالبريد", [outer, inner]),
                ("برابط يمكن نسخه", [outer, inner]),
                ("أرسل.", [outer]),
            ]
            : [
                ("Open the app and choose the file you want to share with your team.", [outer]),
                ("Press the share button:", [outer]),
                ("by e-mail", [outer, inner]),
                ("as a link you can copy", [outer, inner]),
                ("Send.", [outer]),
            ]
        var text = AttributedString()
        for (index, (item, lists)) in items.enumerated() {
            var paragraph = AttributedString(item + (index + 1 < items.count ? "\n" : ""))
            var style = ParagraphStyle()
            style.textLists = lists
            style.paragraphSpacing = 2
            paragraph.labelKit.paragraphStyle = style
            text += paragraph
        }
        return text
    }

    /// A justified Japanese paragraph: the slack spread between the characters, the last line left as it is.
    static func justifiedJapanese() throws -> AttributedString {
        var text = AttributedString(
            "吾輩はラベルである。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で、"
                + "文字を一つずつ並べていた事だけは記憶している。LabelKit は行の幅をそろえ、余白を字間に配る。")
        text.labelKit.paragraphStyle = ParagraphStyle(alignment: .justified, lineHeight: .multiple(1.4))
        text.labelKit.language = try LanguageTag("ja")
        return text
    }

    /// A chat message as an app's server sends it, in HTML: a name with the verified badge, a link, emphasis, a list.
    static func htmlChat(badgePath: String) throws -> MarkupResult {
        let html = """
            <p><b>Ana Souza</b> <img src="\(badgePath)" alt="verified" width="16" height="16"> \
            <span style="color: #6B7280">12:04</span></p>
            <p>Shipped the <a href="https://example.com/labels">new labels</a> today — <em>finally</em>!</p>
            <ul><li>lists with <code>&lt;ul&gt;</code></li><li>tab stops &amp; line height</li></ul>
            """
        return try LabelMarkup.html(html, options: MarkupOptions(fontSize: 15))
    }
}

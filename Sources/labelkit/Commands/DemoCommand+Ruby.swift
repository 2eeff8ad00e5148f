import Foundation
import LabelKit
import LabelKitCairo

/// The pictures of issue 44 for the README: a paragraph with furigana, its terms a link, in lines and in columns.
extension DemoCommand {
    /// The sentence of the README's first example with furigana over its kanji, as LabelMarkup writes it: group ruby
    /// over 決済 and 利用規約 (a link), mono ruby over 同時 and 同意.
    static let furiganaMarkup =
        "{決済|けっ|さい}をしたと{同時|どう|じ}に[{利用規約|りようきやく}](https://example.com/terms)に{同意|どう|い}したとみなします"

    /// Both ruby pictures, laid out.
    static func rubyPictures(scale: Double) throws -> [Picture] {
        let typesetter = LabelTypesetter.system(style: TextStyle(fontSize: 20))
        let text = LabelMarkup.attributedString(furiganaMarkup)
        func picture(_ file: String, _ layout: TextLayout) -> Picture {
            Picture(file: file, layout: layout, renderer: LabelRenderer(scale: scale, backgroundColor: .background))
        }
        let columns = TextContainer(
            height: 260, insets: EdgeInsets(top: 12, left: 10, bottom: 12, right: 10),
            writingMode: .verticalRightToLeft)
        return [
            picture("ruby-lines.png", try typesetter.layout(text, in: padded(width: 300))),
            picture("ruby-columns.png", try typesetter.layout(text, in: columns)),
        ]
    }
}

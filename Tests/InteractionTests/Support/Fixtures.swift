import Foundation
import LabelKit

/// Layouts with real fonts for the interaction tests: the seed text needs CJK glyphs.
enum Fixtures {
    static let seedMarkup = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
    static let seedPlainText = "決済をしたと同時に利用規約に同意したとみなします"
    static let termsTarget = "https://example.com/terms"
    /// UTF-16 ranges in the seed text.
    static let termsRange = 9..<13
    static let agreeRange = 14..<16

    /// The seed: the sentence centred in a 320×100 label wrapped at 120 px (100 px insets), at most 2 lines —
    /// truncated.
    static func seedLayout() throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let container = TextContainer(
            width: 320, height: 100, maximumNumberOfLines: 2,
            insets: EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        )
        return try LabelTypesetter.system(style: TextStyle(paragraphStyle: paragraph))
            .layout(LabelMarkup.attributedString(seedMarkup), in: container)
    }

    /// The seed text wrapped at 165 px: 利用規約 breaks after 利用.
    static func wrappedLinkLayout() throws -> TextLayout {
        try LabelTypesetter.system.layout(LabelMarkup.attributedString(seedMarkup), in: TextContainer(width: 165))
    }

    /// The seed text on one 300 px line, truncated with `token`.
    static func tokenLayout(token: String) throws -> TextLayout {
        let container = TextContainer(
            width: 300, maximumNumberOfLines: 1, truncationToken: LabelMarkup.attributedString(token)
        )
        return try LabelTypesetter.system.layout(LabelMarkup.attributedString(seedMarkup), in: container)
    }

    /// A plain text without links.
    static func plainLayout() throws -> TextLayout {
        try LabelTypesetter.system.layout("Plain words, nothing to tap", in: TextContainer(width: 300))
    }

    /// The centre of the first rectangle of `range`.
    static func centre(of range: Range<Int>, in layout: TextLayout) -> CGPoint? {
        layout.rects(for: range).first.map { CGPoint(x: $0.rect.midX, y: $0.rect.midY) }
    }

    /// The centre of the drawn truncation token.
    static func tokenCentre(in layout: TextLayout) -> CGPoint? {
        let tokenRuns = layout.runs.filter(\.isInTruncationToken)
        guard let first = tokenRuns.first else { return nil }
        let box = tokenRuns.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        return CGPoint(x: box.midX, y: box.midY)
    }
}

extension CGPoint {
    /// This point moved by `dx`, `dy`.
    func moved(_ dx: Double, _ dy: Double) -> CGPoint { CGPoint(x: x + dx, y: y + dy) }
}

extension InteractionEvent {
    /// The tapped link, if this is a tap.
    var tappedLink: LinkHit? {
        if case .tap(let hit) = self { return hit }
        return nil
    }
}

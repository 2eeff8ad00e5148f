import Foundation
import LabelKit
import LabelKitTestSupport

/// Layouts for the interaction tests, in the fixed-advance test font (`LabelKitTestSupport`): no system font needed.
///
/// At 15 pt, the size the system typesetter uses by default, every character is 15 pt wide (emoji 22.5 pt, from the
/// fallback face) and every line 15 pt tall (ascent 12 + descent 3), so the positions below follow from counting
/// characters: in the seed, 決済をしたと同時に is characters 0–8 and 利用規約 characters 9–12, at x 135–195 on one line.
enum Fixtures {
    /// The fixed-advance typesetter every interaction test uses unless it needs real fonts or ICU.
    static let typesetter = LabelTypesetter.fixed(size: fontSize)
    /// Each character's width and each line's height, in points.
    static let fontSize = 15.0

    static let seedMarkup = "決済をしたと同時に[利用規約](https://example.com/terms)に同意したとみなします"
    static let seedPlainText = "決済をしたと同時に利用規約に同意したとみなします"
    static let termsTarget = "https://example.com/terms"
    /// UTF-16 ranges in the seed text.
    static let termsRange = 9..<13
    static let agreeRange = 14..<16

    /// `markup` laid out `width` points wide by `typesetter` (the fixed-advance one unless a test needs real fonts).
    static func layout(
        _ markup: String, width: Double = 400, typesetter: LabelTypesetter = Fixtures.typesetter
    ) throws -> TextLayout {
        try typesetter.layout(LabelMarkup.attributedString(markup), in: TextContainer(width: width))
    }

    /// The seed: the sentence centred in a 320×100 label wrapped at 120 px (100 px insets), at most 2 lines —
    /// truncated. 120 pt holds 8 characters: 決済をしたと同時 on the first line; on the second the token … takes the
    /// eighth cell, after に利用規約に同 (利用規約 at x 115–175, 同 at 190–205), so 意 onwards is cut.
    static func seedLayout() throws -> TextLayout {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let container = TextContainer(
            width: 320, height: 100, maximumNumberOfLines: 2,
            insets: EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
        )
        return try LabelTypesetter.fixed(size: fontSize, paragraph: paragraph)
            .layout(LabelMarkup.attributedString(seedMarkup), in: container)
    }

    /// The seed text wrapped at 165 px, 11 characters a line: 利用規約 breaks after 利用 (characters 9 and 10).
    static func wrappedLinkLayout() throws -> TextLayout {
        try layout(seedMarkup, width: 165)
    }

    /// The seed text on one 300 px line (20 characters), truncated with `token`.
    static func tokenLayout(token: String) throws -> TextLayout {
        let container = TextContainer(
            width: 300, maximumNumberOfLines: 1, truncationToken: LabelMarkup.attributedString(token)
        )
        return try typesetter.layout(LabelMarkup.attributedString(seedMarkup), in: container)
    }

    /// A plain text without links.
    static func plainLayout() throws -> TextLayout {
        try typesetter.layout("Plain words, nothing to tap", in: TextContainer(width: 300))
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

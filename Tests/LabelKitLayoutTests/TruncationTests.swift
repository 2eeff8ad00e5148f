import Foundation
import LabelKitInteraction
import LabelKitTestSupport
import LabelKitText
import Testing

@testable import LabelKitLayout

@Suite("Limits and truncation")
struct TruncationTests {
    let typesetter = LabelTypesetter.fixed()
    let text = "aaa bbb ccc ddd eee"

    @Test("numberOfLines counts lines over the whole label, not per paragraph")
    func linesPerLabel() throws {
        let layout = try typesetter.layout("one\ntwo\nthree", in: TextContainer(maximumNumberOfLines: 2))
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        // The cut text is in a later paragraph, so the whole of "two" stays and the token follows it.
        #expect(layout.lineTexts == ["one", "two…"])
    }

    @Test("tail truncation fills the last line with as much text as fits, then the token")
    func tail() throws {
        // "ccc ddd…" would be 80 pt; "ccc dd…" is the most that fits 75 pt.
        let layout = try typesetter.layout(text, in: TextContainer(width: 75, maximumNumberOfLines: 2))
        #expect(layout.isTruncated)
        #expect(layout.lineTexts == ["aaa bbb", "ccc dd…"])
        #expect(layout.lines[1].isTruncated)
        #expect(layout.lines[1].rect.width == 70)
    }

    @Test("tail truncation cuts inside a word when the word does not fit")
    func tailInsideWord() throws {
        let layout = try typesetter.layout(text, in: TextContainer(width: 65, maximumNumberOfLines: 1))
        #expect(layout.lineTexts == ["aaa b…"])
    }

    @Test("spaces before the token are dropped")
    func tailDropsSpaces() throws {
        // "aaa b" is 50 pt: with the token it does not fit 55 pt, and "aaa " loses its space.
        let layout = try typesetter.layout(text, in: TextContainer(width: 55, maximumNumberOfLines: 1))
        #expect(layout.lineTexts == ["aaa…"])
    }

    @Test("head truncation keeps the end of the last line")
    func head() throws {
        let layout = try typesetter.layout(
            text, in: TextContainer(width: 75, maximumNumberOfLines: 1, truncation: .head))
        #expect(layout.lineTexts == ["…dd eee"])
    }

    @Test("middle truncation keeps both ends")
    func middle() throws {
        let layout = try typesetter.layout(
            text, in: TextContainer(width: 75, maximumNumberOfLines: 1, truncation: .middle))
        #expect(layout.lineTexts == ["aaa…eee"])
    }

    @Test("clip drops the lines that do not fit and adds no token")
    func clip() throws {
        let layout = try typesetter.layout(
            text, in: TextContainer(width: 75, maximumNumberOfLines: 2, truncation: .clip))
        #expect(layout.lineTexts == ["aaa bbb", "ccc ddd"])
        #expect(layout.isTruncated)
        #expect(layout.runs.allSatisfy { !$0.isInTruncationToken })
    }

    @Test("a custom attributed token, such as …more, replaces the ellipsis")
    func customToken() throws {
        var container = TextContainer(width: 75, maximumNumberOfLines: 2)
        container.truncationToken = AttributedString("…more")
        let layout = try typesetter.layout(text, in: container)
        #expect(layout.lineTexts == ["aaa bbb", "cc…more"])
        #expect(layout.truncationTokenString == "…more")
    }

    @Test("a link inside the token is a link of the layout")
    func tokenLink() throws {
        var token = AttributedString("…more")
        token.link = URL(string: "app://expand")
        let layout = try typesetter.layout(
            text, in: TextContainer(width: 75, maximumNumberOfLines: 1, truncationToken: token))
        #expect(layout.links.map(\.isInTruncationToken) == [true])
        #expect(layout.links.first?.range == 0..<5)
    }

    @Test("the height limit stops lines that would not fit the bounds")
    func heightLimit() throws {
        let layout = try typesetter.layout(text, in: TextContainer(width: 75, height: 25))
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(layout.bounds.height == 25)
    }

    @Test("text that fits is not truncated")
    func fits() throws {
        let layout = try typesetter.layout(text, in: TextContainer(width: 200, maximumNumberOfLines: 1))
        #expect(!layout.isTruncated)
        #expect(layout.lineTexts == [text])
    }

    @Test("measurement matches the layout and reports the line count")
    func sizing() throws {
        let measurement = try typesetter.measurement(text, width: 75, numberOfLines: 2)
        #expect(measurement.size == CGSize(width: 70, height: 20))
        #expect(measurement.lineCount == 2)
        #expect(measurement.isTruncated)
    }
}

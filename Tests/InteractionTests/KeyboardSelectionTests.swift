import Foundation
import LabelKit
import Testing

@Suite("Selection with the keyboard: visual cluster motion, words, line ends, select all, copy, Escape")
struct KeyboardSelectionTests {
    static let english = "Read the terms of use before you agree."

    /// `english` with `terms` selected by a double click.
    static func termsSelected() throws -> SelectionScript {
        var script = try SelectionScript(english)
        script.clicks(2, at: script.inside("erms"))
        #expect(script.selected == "terms")
        return script
    }

    @Test("shift+Right after selecting `terms` gives `terms `; shift+Left then gives `terms` back, then `term`")
    func shiftArrows() throws {
        var script = try Self.termsSelected()
        let events = script.key("shift+Right")
        #expect(script.selected == "terms ")
        #expect(events.selections.map { $0?.range } == [script.range(of: "terms ")])
        script.key("shift+Left")
        #expect(script.selected == "terms")
        script.key("shift+Left")
        #expect(script.selected == "term")
    }

    @Test("ctrl+shift+Right extends to the end of the next word; ctrl+shift+Left back to the start of a word")
    func wordMotion() throws {
        var script = try Self.termsSelected()
        script.key("ctrl+shift+Right")
        #expect(script.selected == "terms of")
        script.key("ctrl+shift+Right")
        #expect(script.selected == "terms of use")
        script.key("ctrl+shift+Left")
        #expect(script.selected == "terms of ")
        script.key("ctrl+shift+Left")
        #expect(script.selected == "terms ")
        #expect(script.key("ctrl+shift+Left").selections == [nil], "back at the anchor: nothing selected")
        script.key("ctrl+shift+Left")
        #expect(script.interaction.selection?.range == script.range(of: "the "), "past the anchor, the other way")
    }

    @Test("shift+End and shift+Home extend to the ends of the focus's line")
    func lineEnds() throws {
        var script = try SelectionScript("First line of text\nSecond line here")
        script.clicks(2, at: script.inside("ine", occurrence: 0))
        #expect(script.selected == "line")
        script.key("shift+End")
        #expect(script.selected == "line of text", "the line break is not selected")
        script.clicks(2, at: script.inside("ere"))
        script.key("shift+Home")
        #expect(script.selected == "Second line ", "from the anchor after `here` back to the line's start")
    }

    @Test("ctrl+A selects everything, even what truncation hides; ctrl+C copies exactly the selection")
    func selectAllAndCopy() throws {
        var script = try SelectionScript(Self.english)
        script.key("ctrl+a")
        #expect(script.selected == Self.english)
        #expect(script.key("ctrl+c").copies == [Self.english])
        script.drag(from: script.before("of"), to: script.after("use"))
        #expect(script.key("ctrl+c").copies == ["of use"])

        // One line of 120 pt holds 8 characters of 15 pt: "Read th" and the token; the rest is hidden.
        let truncated = try Fixtures.typesetter.layout(
            Self.english, in: TextContainer(width: 120, maximumNumberOfLines: 1))
        var interaction = LabelInteraction(layout: truncated, isSelectable: true)
        _ = interaction.handleKey(try #require(KeyPress(name: "ctrl+a")))
        #expect(interaction.selectedText == Self.english)
    }

    @Test("ctrl+C copies nothing without a selection or with copying off")
    func copyNeedsSelectionAndPermission() throws {
        var script = try SelectionScript(Self.english)
        #expect(script.key("ctrl+c").isEmpty)
        var noCopy = try SelectionScript(Self.english, copyEnabled: false)
        noCopy.key("ctrl+a")
        #expect(noCopy.selected == Self.english)
        #expect(noCopy.key("ctrl+c").isEmpty)
    }

    @Test("Escape clears the selection and reports it cleared; Left and Right collapse it")
    func escapeAndCollapse() throws {
        var script = try Self.termsSelected()
        #expect(script.key("Escape").selections == [nil])
        #expect(script.key("Escape").isEmpty, "nothing left to clear")
        script = try Self.termsSelected()
        #expect(script.key("Right").selections == [nil])
        script.key("shift+Right")
        #expect(script.selected == " ", "the caret was left at the end of `terms`")
    }

    @Test("keys do not select in a label that is not selectable")
    func notSelectable() throws {
        var script = try SelectionScript(Self.english, selectable: false)
        #expect(script.key("ctrl+a").isEmpty)
        #expect(script.key("shift+Right").isEmpty)
        #expect(script.selected == nil)
    }
}

import Foundation
import LabelKit
import Testing

@Suite("Selection with the pointer: drags, multiple clicks, shift+click, long presses")
struct PointerSelectionTests {
    static let seed = Fixtures.seedMarkup
    static let english = "Read the terms of use before you agree. Then [sign here](https://example.com/sign) today."

    @Test("a drag from before 利 to after 約 selects 利用規約 — even though it starts on the link, nothing is tapped")
    func dragOverTheLinkSelectsIt() throws {
        var script = try SelectionScript(Self.seed)
        let events = script.drag(from: script.before("利"), to: script.after("約"))
        #expect(script.selected == "利用規約")
        #expect(events.taps.isEmpty)
        #expect(events.first.map { if case .pressedLinkChanged(let hit) = $0 { hit != nil } else { false } } == true)
        #expect(script.interaction.pressedLink == nil, "the drag released the pressed link")
        #expect(events.selections.last??.range == script.range(of: "利用規約"))
    }

    @Test("a drag from after 約 back to before 利 selects the same text, anchored after it")
    func backwardDrag() throws {
        var script = try SelectionScript(Self.seed)
        script.drag(from: script.after("約"), to: script.before("利"))
        #expect(script.selected == "利用規約")
        #expect(script.interaction.selection?.anchor.index == script.range(of: "利用規約").upperBound)
        #expect(script.interaction.selection?.focus.index == script.range(of: "利用規約").lowerBound)
    }

    @Test("a press on a link that stays within the slop is still a tap, and selects nothing")
    func pressThatStaysTaps() throws {
        var script = try SelectionScript(Self.seed)
        let events = script.drag(from: script.inside("規"), to: script.inside("規").moved(4, 0))
        #expect(events.taps == [Fixtures.termsTarget])
        #expect(script.selected == nil)
    }

    @Test("selection is off by default: a drag selects nothing and a drag over a link cancels its press")
    func offByDefault() throws {
        var script = try SelectionScript(Self.seed, selectable: false)
        let events = script.drag(from: script.before("利"), to: script.after("約"))
        #expect(script.selected == nil)
        #expect(events.selections.isEmpty && events.taps.isEmpty)
    }

    @Test("a double click on `terms` selects `terms`; a triple click selects its paragraph")
    func doubleAndTripleClick() throws {
        var script = try SelectionScript("First line here.\nRead the terms of use now.\nLast line.")
        script.clicks(2, at: script.inside("erms"))
        #expect(script.selected == "terms")
        script.clicks(3, at: script.inside("erms"))
        #expect(script.selected == "Read the terms of use now.")
    }

    @Test("two clicks too far apart or too slow are two single clicks; the settings say how far and how slow")
    func multipleClickSettings() throws {
        var script = try SelectionScript(Self.english)
        let point = script.inside("erms")
        script.click(at: point)
        script.click(at: point.moved(InteractionSettings.standardMultipleClickDistance + 1, 0), soonAfterLast: true)
        #expect(script.selected == nil, "too far apart")
        script.click(at: point)
        script.time += InteractionSettings.standardMultipleClickInterval
        script.click(at: point, soonAfterLast: true)
        #expect(script.selected == nil, "too slow")

        var patient = try SelectionScript(
            Self.english,
            settings: InteractionSettings(
                multipleClickInterval: 1.5, wordSelectionClickCount: 3, paragraphSelectionClickCount: 4))
        patient.click(at: point)
        patient.time += 1
        patient.click(at: point, soonAfterLast: true)
        #expect(patient.selected == nil, "a word takes three clicks here")
        patient.click(at: point, soonAfterLast: true)
        #expect(patient.selected == "terms")
    }

    @Test("a double click then a drag extends by whole words, keeping the first word")
    func doubleClickDragByWords() throws {
        var script = try SelectionScript(Self.english)
        script.time += 1
        let start = script.inside("erms")
        _ = script.interaction.handle(.down(at: start, time: script.time))
        _ = script.interaction.handle(.up(at: start, time: script.time + 0.05))
        _ = script.interaction.handle(.down(at: start, time: script.time + 0.1))
        _ = script.interaction.handle(.move(to: script.inside("se "), time: script.time + 0.2))
        #expect(script.selected == "terms of use")
        _ = script.interaction.handle(.move(to: script.inside("ead"), time: script.time + 0.3))
        _ = script.interaction.handle(.up(at: script.inside("ead"), time: script.time + 0.4))
        #expect(script.selected == "Read the terms")
    }

    @Test("shift+click extends the selection from its anchor; a plain click clears it")
    func shiftClickExtends() throws {
        var script = try SelectionScript(Self.english)
        script.drag(from: script.before("terms"), to: script.after("terms"))
        let events = script.click(at: script.after("use"), modifiers: .shift)
        #expect(script.selected == "terms of use")
        #expect(events.selections.count == 1)
        let cleared = script.click(at: script.inside("agree"))
        #expect(script.selected == nil)
        #expect(cleared.selections == [nil])
    }

    @Test("a long press on a selectable label selects the word under the finger; the menu offers Copy and Select All")
    func longPressSelectsWord() throws {
        var script = try SelectionScript(Self.english)
        let events = script.longPress(at: script.inside("agree"))
        #expect(script.selected == "agree")
        guard
            case .longPressOnText(let menu)? = events.last(where: {
                if case .longPressOnText = $0 { true } else { false }
            })
        else {
            Issue.record("no menu in \(events)")
            return
        }
        #expect(menu.items == [.copy, .selectAll])
        var pasteboard = InMemoryPasteboard()
        #expect(menu.perform(.copy, layout: script.layout, pasteboard: &pasteboard) == .copied("agree"))
        #expect(menu.perform(.selectAll, layout: script.layout, pasteboard: &pasteboard) == .selectAll)
        #expect(script.interaction.selectAll().selections.map { $0?.range } == [0..<script.layout.string.utf16.count])
    }

    @Test("a long press on a link of a selectable label selects its word and adds Copy Link and Open Link")
    func longPressOnLink() throws {
        var script = try SelectionScript(Self.english)
        let events = script.longPress(at: script.inside("sign"))
        #expect(script.selected == "sign")
        guard case .longPress(let preview, let menu)? = events.last else {
            Issue.record("no preview in \(events)")
            return
        }
        #expect(preview.target.absoluteString == "https://example.com/sign")
        #expect(menu.items == [.copy, .selectAll, .copyLink, .openLink])
        #expect(events.taps.isEmpty)
    }

    @Test("a long press on a label that is not selectable keeps copying the whole text")
    func longPressWithoutSelection() throws {
        var script = try SelectionScript(Self.english, selectable: false)
        let events = script.longPress(at: script.inside("agree"))
        #expect(script.selected == nil)
        guard case .longPressOnText(let menu)? = events.last else {
            Issue.record("no menu in \(events)")
            return
        }
        #expect(menu.items == [.copy])
        var pasteboard = InMemoryPasteboard()
        #expect(menu.perform(.copy, layout: script.layout, pasteboard: &pasteboard) == .copied(script.layout.string))
    }
}

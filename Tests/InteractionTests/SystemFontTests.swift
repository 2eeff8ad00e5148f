import Foundation
import LabelKit
import Testing

// The interaction tests that need the system typesetter (fontconfig, HarfBuzz, ICU): every other interaction test lays
// its text out in the fixed-advance test font (`Fixtures.typesetter`). Each test stays in its own suite, and says
// here why the fixed font and `SimpleTextAnalyzer` cannot stand in:
// - a double click on Japanese selects ICU's dictionary words (利用 of 利用規約); the simple analyzer's words are runs
//   of one script, so 利用規約 would be one word;
// - a skin-toned emoji (👋🏽) is one grapheme cluster by UAX #29's emoji-modifier rule, which the simple analyzer does
//   not implement: it makes two clusters of it, so a test of whole clusters would no longer have one to cut;
// - Arabic is right to left by ICU's bidi algorithm; the simple analyzer knows only Hebrew letters as right to left.

extension PointerSelectionTests {
    @Test("a drag over part of a line selects whole grapheme clusters in logical order")
    func dragSelectsWholeClusters() throws {
        var script = try SelectionScript("Wave 👋🏽 hello and goodbye", typesetter: .system)
        script.drag(from: script.before("👋🏽"), to: script.after("hello"))
        #expect(script.selected == "👋🏽 hello")
        script.drag(from: script.after("👋🏽").moved(-1, 0), to: script.before("good"))
        #expect(script.selected?.hasPrefix("👋🏽") == false, "a drag from the right half of the emoji starts after it")
        #expect(script.selected == " hello and ")
    }

    @Test("a double click on Japanese selects a dictionary word: 利用 of 利用規約, 同意")
    func doubleClickOnJapanese() throws {
        var script = try SelectionScript(Self.seed, typesetter: .system)
        script.clicks(2, at: script.inside("用"))
        #expect(script.selected == "利用")
        script.clicks(2, at: script.inside("意"))
        #expect(script.selected == "同意")
    }
}

extension KeyboardSelectionTests {
    @Test("shift+Right from the start walks the text one grapheme cluster at a time, across lines, to its end")
    func walkTheWholeText() throws {
        let text = "Wave 👋🏽 and e\u{301}té, 日本語 too — a text that wraps onto several lines"
        var script = try SelectionScript(text, width: 120, typesetter: .system)
        #expect(script.layout.lines.count > 2)
        script.click(at: script.before("Wave"))
        var selections: [String] = []
        for _ in 0..<200 {
            guard !script.key("shift+Right").isEmpty else { break }
            selections.append(script.selected ?? "")
        }
        let characters = Array(text)
        #expect(selections.count == characters.count, "one step per grapheme cluster, then nothing more")
        #expect(selections == characters.indices.map { String(characters[...$0]) })
    }

    @Test("in mixed Arabic and English text shift+Right moves the selection's end one cluster to the right on screen")
    func arabicAndEnglishMoveRightOnScreen() throws {
        let script = try SelectionScript("Say مرحبا بالعالم to everyone", typesetter: .system)
        let layout = script.layout
        let line = try #require(layout.lines.first)
        let boxes = Array(line.clusters)
        #expect(boxes.contains(where: \.isRightToLeft) && boxes.contains(where: { !$0.isRightToLeft }))
        // From the left edge of every cluster, shift+Right puts the caret on that cluster's right edge.
        for (position, box) in boxes.enumerated() {
            let start = TextPosition(
                index: box.isRightToLeft ? box.range.upperBound : box.range.lowerBound,
                affinity: box.isRightToLeft ? .upstream : .downstream)
            #expect(
                layout.caretRect(for: start).map { Double($0.minX) } == box.x, "the left edge of cluster \(position)")
            let moved = layout.position(movedVisually: .right, from: start)
            #expect(
                layout.caretRect(for: moved).map { Double($0.minX) } == box.x + box.width,
                "cluster \(position) \(box.range)")
        }
        // Through the interaction: starting at the left edge of the text, each shift+Right covers the next box.
        var walking = script
        walking.click(at: CGPoint(x: boxes[0].x + 0.5, y: line.rect.midY))
        for box in boxes.dropFirst() {
            walking.key("shift+Right")
            let focus = try #require(walking.interaction.selection?.focus)
            #expect(
                layout.caretRect(for: focus).map { Double($0.minX) } == box.x,
                "the caret reached the left edge of \(box.range)")
        }
    }
}

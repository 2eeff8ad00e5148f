import Foundation
import LabelKit
import LabelKitCorpus
import LabelKitSDL
import Testing

/// The list's geometry without a window: measured heights, prefix sums, scrolling and re-wrapping.
@MainActor
@Suite struct ListViewTests {
    static let texts = makeCorpus(count: 150, seed: 7).map(\.text)

    static func measuredList(width: Double = 400) async throws -> ListView {
        let list = ListView(texts: texts, frame: CGRect(x: 20, y: 10, width: width, height: 300))
        try await measure(list)
        return list
    }

    /// Measures `list` and takes every height in (a generous deadline, never a timed assertion).
    static func measure(_ list: ListView) async throws {
        list.measure()
        let deadline = ContinuousClock.now + .seconds(120)
        while list.isMeasuring, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            list.collectMeasurements()
        }
        #expect(!list.isMeasuring)
    }

    @Test func rowHeightsAreTheMeasuredSizesPlusPaddingAndAddUp() async throws {
        let list = try await Self.measuredList()
        let typesetter = LabelTypesetter.system
        var total = 0.0
        for (index, text) in Self.texts.enumerated() {
            let frame = try #require(list.rowFrame(index))
            let expected =
                Double(try typesetter.measurement(text, width: list.textWidth).size.height)
                + list.rowPadding.top + list.rowPadding.bottom
            #expect(abs(Double(frame.height) - expected) < 1e-9, "row \(index)")
            #expect(abs(Double(frame.minY) - (10 + total)) < 1e-6, "row \(index)")
            #expect(list.row(atContentOffset: total + 0.5) == index)
            total += expected
        }
        #expect(abs(list.contentHeight - total) < 1e-6)
    }

    @Test func scrollingClampsAndReportsTheFirstVisibleRow() async throws {
        let list = try await Self.measuredList()
        #expect(list.scroll(by: -50).isEmpty, "already at the top")
        let events = list.scroll(by: 1_000)
        guard case .scrolled(let offset, let first) = events.first else {
            Issue.record("no scroll event")
            return
        }
        #expect(offset == 1_000)
        #expect(first == list.row(atContentOffset: 1_000))
        list.scroll(by: 1e9)
        #expect(list.scrollOffset == list.maximumScrollOffset)
    }

    @Test func aNewWidthRewrapsAndKeepsTheTopRowInView() async throws {
        let list = try await Self.measuredList(width: 400)
        list.scroll(by: 2_000)
        let top = list.firstVisibleRow
        let wideHeight = list.contentHeight
        list.setFrame(CGRect(x: 20, y: 10, width: 250, height: 300))
        list.measure()
        #expect(list.firstVisibleRow == top)
        let deadline = ContinuousClock.now + .seconds(120)
        while list.isMeasuring, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            list.collectMeasurements()
        }
        #expect(list.firstVisibleRow == top)
        #expect(list.contentHeight > wideHeight, "narrower rows wrap onto more lines")
    }

    @Test func aResizeReWrapsTheShapedRowsAsAFreshLayoutWould() async throws {
        let list = try await Self.measuredList(width: 400)
        let rows = list.visibleRows
        for index in rows { _ = try list.rowLayout(index) }
        list.setFrame(CGRect(x: 20, y: 10, width: 250, height: 300))
        for index in rows {
            let wrapped = try list.rowLayout(index)
            let fresh = try LabelTypesetter.system.layout(Self.texts[index], in: TextContainer(width: list.textWidth))
            #expect(wrapped.size == fresh.size)
            #expect(wrapped.lines.map(\.textRange) == fresh.lines.map(\.textRange))
            #expect(wrapped.lines.map(\.rect) == fresh.lines.map(\.rect))
        }
        #expect(throws: LayoutError.self) { try list.rowLayout(Self.texts.count) }
    }
}

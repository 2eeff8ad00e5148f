import Foundation
import LabelKit
import LabelKitCairo

/// A scrolling list of text rows with variable heights measured by LabelKit.
///
/// Heights are measured once per width with
/// ``LabelKitLayout/LabelTypesetter/measurement(_:width:numberOfLines:)-(String,_,_)`` (off the main thread, with
/// estimates until they arrive and the rows in view measured at once); their prefix sums turn a scroll offset into the
/// first visible row by binary search, so drawing costs the visible rows only, whatever the number of rows. Rendered
/// rows are kept in a small least-recently-used ``TextureCache``, each until what it shows changes: its layout, its
/// look (scale, background, appearance) or its state (a selection draws its row alone), so scrolling draws only the
/// rows coming into view. A new width measures again and drops the cache, which is how a resize re-wraps every row. A
/// new text scale (``textScaleDidChange(to:)``) lays the rows out again and measures them again, keeping the top row
/// in view; a new appearance draws the rows again without laying them out. The rows' text is selectable, one row at a
/// time.
///
/// ```swift
/// let list = ListView(texts: messages, frame: CGRect(x: 480, y: 16, width: 500, height: 700))
/// list.measure()   // heights arrive off the main thread; rows in view are measured when drawn
/// host.views.append(list)
/// ```
@MainActor
public final class ListView: InteractiveView {
    /// The rows' texts.
    public let texts: [String]
    /// The typesetter that measures and lays out rows, at the text scale the host gave the list last.
    public private(set) var typesetter: LabelTypesetter
    /// The space around each row's text.
    public var rowPadding: EdgeInsets
    /// Points scrolled per wheel notch.
    public var pointsPerNotch: Double
    /// The row backgrounds, alternating: the background and a slightly different shade of it, by default.
    public var rowColors: (LabelColor, LabelColor)

    /// The background of every other row unless you give other ``rowColors``: #F3F5F9 in light, a grey a little lighter
    /// than the background in dark.
    public static let standardAlternateRowColor = ViewPalette.alternateRow

    /// Where the list is, in window points.
    public private(set) var frame: CGRect
    /// How far the list is scrolled, in points from the top of the first row.
    public private(set) var scrollOffset: Double = 0
    /// How long the last measuring of every row took, in seconds.
    public private(set) var lastMeasureDuration: Double = 0

    private var measuredWidth: Double?
    /// The context of the measuring done off the main thread: it shares the typesetter's shaped words (a word
    /// measured is a word the visible rows need not shape again) but counts its own typesetting, so that
    /// ``LabelKitLayout/TypesettingContext/typesetCount`` of the list's typesetter counts the rows laid out and
    /// measured on the main thread only.
    private let measuringContext: TypesettingContext
    private var heights: [Double] = []
    private var isExact: [Bool] = []
    private var exactCount = 0
    /// Counts the layouts of the rows: a new width or text scale lays every row out again (`RowTextureKey`).
    private(set) var layoutGeneration = 0
    private var measureStart: UInt64 = 0
    private var measuringTask: Task<Void, Never>?
    private let mailbox = MeasurementMailbox()
    /// `rowTops[i]` is the top of row `i` in content coordinates; `rowTops[count]` is the content height.
    private var rowTops: [Double] = [0]
    /// The rows' textures, kept until what they show changes (`RowTextureKey`).
    var cache = TextureCache<RowTextureKey>(capacity: 96)
    /// The rows whose texture the last ``draw(in:)`` drew (a test hook: scrolling draws the rows coming into view
    /// only, a new look every row in view, a selection its row).
    package internal(set) var rowsRenderedInLastDraw: [Int] = []
    /// The textures the frame being drawn copies, after filling every row (kept to reuse its storage).
    private var rowCopies: [(texture: Texture, origin: CGPoint)] = []
    /// The rows shaped last, so that a resize re-wraps the rows in view without shaping them again (``ShapedText``).
    var shapedRows = ShapedRowCache(capacity: 192)
    /// The row pressed last, with its selection (``ListView+Selection.swift``).
    var activeRow: ActiveListRow?
    /// Where ctrl+C puts a row's selected text.
    public var pasteboard: any Pasteboard = SDLClipboard()

    /// Creates a list of `texts` in `frame`; call ``measure()`` (or draw) before asking for geometry.
    public init(
        texts: [String], frame: CGRect, typesetter: LabelTypesetter = .system,
        rowPadding: EdgeInsets = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), pointsPerNotch: Double = 60,
        rowColors: (LabelColor, LabelColor) = (.background, ListView.standardAlternateRowColor)
    ) {
        self.texts = texts
        self.frame = frame
        self.typesetter = typesetter
        measuringContext = TypesettingContext(wordCache: typesetter.context.wordCache)
        self.rowPadding = rowPadding
        self.pointsPerNotch = pointsPerNotch
        self.rowColors = rowColors
    }

    /// The width rows wrap at.
    public var textWidth: Double { max(1, Double(frame.width) - rowPadding.left - rowPadding.right) }

    /// The height of all rows together.
    public var contentHeight: Double { rowTops.last ?? 0 }

    /// The most the list can scroll.
    public var maximumScrollOffset: Double { max(0, contentHeight - Double(frame.height)) }

    /// Moves or resizes the list; a new width measures every row again (lazily, at the next draw or ``measure()``).
    public func setFrame(_ frame: CGRect) {
        self.frame = frame
        scrollOffset = min(scrollOffset, maximumScrollOffset)
    }

    /// Starts measuring every row at the current width if it has not been measured at it yet.
    ///
    /// Measuring 10,000 rows takes a while (seconds in a debug build), so it runs off the main thread in order and
    /// arrives in chunks; until a row's height is in, it has an estimate, and rows about to be drawn are measured
    /// at once. The row at the top of the view stays at the top while heights change.
    public func measure() {
        let width = textWidth
        guard measuredWidth != width else { return }
        let anchor = scrollAnchor
        measuredWidth = width
        layoutGeneration += 1
        measuringTask?.cancel()
        cache.removeAll()
        heights = texts.map { estimatedHeight(of: $0, width: width) }
        isExact = Array(repeating: false, count: texts.count)
        exactCount = 0
        measureStart = DispatchTime.now().uptimeNanoseconds
        rebuildRowTops(keeping: anchor)
        let texts = self.texts
        var typesetter = self.typesetter
        typesetter.context = measuringContext
        let padding = rowPadding.top + rowPadding.bottom
        let mailbox = self.mailbox
        let generation = layoutGeneration
        measuringTask = Task.detached(priority: .utility) {
            var chunk: [Double] = []
            var chunkStart = 0
            for (index, text) in texts.enumerated() {
                if chunk.isEmpty { chunkStart = index }
                chunk.append(Self.exactHeight(of: text, width: width, typesetter: typesetter, padding: padding))
                if chunk.count == 250 || index == texts.count - 1 {
                    if Task.isCancelled { return }
                    let delivered = chunk
                    let start = chunkStart
                    mailbox.chunks.withLock { $0.append((generation, start, delivered)) }
                    chunk.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    /// Lays the rows out at `scale` from now on: every row is measured again (the rows in view at once) with the row
    /// at the top of the view kept there, and the pressed row laid out again with its selection.
    public func textScaleDidChange(to scale: TextScale) {
        guard typesetter.style.textScale != scale else { return }
        typesetter.style.textScale = scale
        shapedRows = ShapedRowCache(capacity: shapedRows.capacity)
        measuredWidth = nil
        measure()
        relayOutActiveRow()
    }

    /// Whether heights are still being measured at the current width.
    public var isMeasuring: Bool { exactCount < texts.count }

    /// Takes in the heights measured off the main thread; returns whether any arrived.
    @discardableResult
    public func collectMeasurements() -> Bool {
        let arrived = mailbox.chunks.withLock { chunks in
            defer { chunks.removeAll() }
            return chunks
        }
        var changed = false
        for chunk in arrived where chunk.generation == layoutGeneration {
            for (offset, height) in chunk.heights.enumerated() where !isExact[chunk.start + offset] {
                heights[chunk.start + offset] = height
                isExact[chunk.start + offset] = true
                exactCount += 1
                changed = true
            }
        }
        if changed {
            rebuildRowTops(keeping: scrollAnchor)
            if !isMeasuring {
                lastMeasureDuration = Double(DispatchTime.now().uptimeNanoseconds - measureStart) / 1e9
            }
        }
        return changed
    }

    /// Measures the rows in view that only have an estimate, until the rows in view are all exact: nothing to do once
    /// every row is measured.
    private func measureVisibleRows() {
        guard isMeasuring, let width = measuredWidth else { return }
        let padding = rowPadding.top + rowPadding.bottom
        for _ in 0..<4 {
            var changed = false
            var index = firstVisibleRow
            let bottom = scrollOffset + Double(frame.height)
            while index < texts.count, rowTops[index] < bottom {
                if !isExact[index] {
                    heights[index] = Self.exactHeight(
                        of: texts[index], width: width, typesetter: typesetter, padding: padding)
                    isExact[index] = true
                    exactCount += 1
                    changed = true
                }
                index += 1
            }
            guard changed else { return }
            rebuildRowTops(keeping: scrollAnchor)
        }
    }

    /// The measured height of a row: its text's size plus the padding; one empty line when it cannot be laid out.
    private nonisolated static func exactHeight(
        of text: String, width: Double, typesetter: LabelTypesetter, padding: Double
    ) -> Double {
        let height = (try? typesetter.measurement(text, width: width).size.height).map { Double($0) }
        return (height ?? typesetter.style.baseFontSize * 1.2) + padding
    }

    /// A guess of a row's height from its characters: wide scripts take about a square each, others about half.
    private func estimatedHeight(of text: String, width: Double) -> Double {
        let size = typesetter.style.baseFontSize
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let advance = paragraph.unicodeScalars.reduce(0.0) { $0 + ($1.value < 0x2E80 ? 0.55 : 1.0) * size }
            lines += max(1, Int((advance / width).rounded(.up)))
        }
        return Double(lines) * size * 1.3 + rowPadding.top + rowPadding.bottom
    }

    /// The row at the top of the view and how far into it the view starts.
    private var scrollAnchor: (row: Int, offset: Double) {
        let row = firstVisibleRow
        guard row < rowTops.count else { return (0, 0) }
        return (row, scrollOffset - rowTops[row])
    }

    private func rebuildRowTops(keeping anchor: (row: Int, offset: Double)) {
        var tops = [Double]()
        tops.reserveCapacity(heights.count + 1)
        var y = 0.0
        for height in heights {
            tops.append(y)
            y += height
        }
        tops.append(y)
        rowTops = tops
        if anchor.row < heights.count {
            let offset = min(max(anchor.offset, 0), heights[anchor.row])
            scrollOffset = min(max(rowTops[anchor.row] + offset, 0), maximumScrollOffset)
        } else {
            scrollOffset = min(scrollOffset, maximumScrollOffset)
        }
    }

    /// The row whose box contains content offset `y` (clamped to the rows).
    public func row(atContentOffset y: Double) -> Int {
        guard texts.count > 0, rowTops.count == texts.count + 1 else { return 0 }
        // The last row top that is <= y: one before the first that is beyond it.
        return max(rowTops[0..<texts.count].partitioningIndex { $0 > y } - 1, 0)
    }

    /// The rows at least partly in view, in order.
    public var visibleRows: Range<Int> {
        let first = firstVisibleRow
        var end = first
        while let rowFrame = rowFrame(end), rowFrame.minY < frame.maxY { end += 1 }
        return first..<max(first, end)
    }

    /// The first row at least partly in view.
    public var firstVisibleRow: Int { row(atContentOffset: scrollOffset) }

    /// The frame of row `index` in window points (it may be outside the list's frame), or nil without such a row.
    public func rowFrame(_ index: Int) -> CGRect? {
        guard measuredWidth != nil, index >= 0, index < texts.count else { return nil }
        return CGRect(
            x: Double(frame.minX), y: Double(frame.minY) + rowTops[index] - scrollOffset, width: Double(frame.width),
            height: rowTops[index + 1] - rowTops[index]
        )
    }

    /// Scrolls by `delta` points (positive: towards later rows), clamped; reports the new offset.
    @discardableResult
    public func scroll(by delta: Double) -> [ViewEvent] {
        measure()
        collectMeasurements()
        let offset = min(max(scrollOffset + delta, 0), maximumScrollOffset)
        guard offset != scrollOffset else { return [] }
        scrollOffset = offset
        return [.scrolled(offset: offset, firstVisibleRow: firstVisibleRow)]
    }

    /// A wheel notch away from the user scrolls towards earlier rows, as everywhere.
    public func scroll(dx: Double, dy: Double) -> [ViewEvent] {
        scroll(by: -dy * pointsPerNotch)
    }

    /// The number of rows rendered since the list was created (cache misses).
    public var renderedRowCount: Int { cache.misses }

    /// Draws the visible rows (rendering those whose texture is not cached, `RowTextureKey`) and a scroll
    /// indicator. Each row is one opaque texture, background included; only the list below its last row is filled.
    public func draw(in window: Window) throws {
        measure()
        collectMeasurements()
        measureVisibleRows()
        rowsRenderedInLastDraw.removeAll(keepingCapacity: true)
        window.clip(to: frame)
        defer { window.clip(to: nil) }
        let isOpaque =
            rowColors.0.resolved(for: window.appearance).alpha >= 1
            && rowColors.1.resolved(for: window.appearance).alpha >= 1
        // Translucent rows show what is under them: the list's own background, as before rows were textures.
        if !isOpaque || texts.isEmpty { window.fill(frame, rowColors.0) }
        guard !texts.isEmpty else { return }
        var index = firstVisibleRow
        let bottom = scrollOffset + Double(frame.height)
        // Emptied however the drawing ends: the textures (and their window) are the cache's to keep.
        defer { rowCopies.removeAll(keepingCapacity: true) }
        while index < texts.count, rowTops[index] < bottom {
            guard let rowFrame = rowFrame(index) else { break }
            let background = index % 2 == 0 ? rowColors.0 : rowColors.1
            rowCopies.append(try fillRow(index, in: rowFrame, background: background, window: window))
            index += 1
        }
        // The rows' textures after all the fills: no two rows overlap, and the renderer draws the fills as one batch.
        for (texture, origin) in rowCopies { window.draw(texture, at: origin) }
        let contentBottom = Double(frame.minY) + contentHeight - scrollOffset
        if isOpaque, contentBottom < Double(frame.maxY) {
            window.fill(
                CGRect(
                    x: Double(frame.minX), y: contentBottom, width: Double(frame.width),
                    height: Double(frame.maxY) - contentBottom),
                rowColors.0)
        }
        // The indicator: where the view is in the content, at least 24 points long.
        let content = contentHeight
        if content > Double(frame.height) {
            let height = max(24, Double(frame.height) * Double(frame.height) / content)
            let y = Double(frame.minY) + (Double(frame.height) - height) * scrollOffset / maximumScrollOffset
            window.fill(CGRect(x: Double(frame.maxX) - 6, y: y, width: 4, height: height), ViewPalette.scrollIndicator)
        }
    }
}

/// Heights measured off the main thread, waiting for the list to take them: (generation, first row, heights).
final class MeasurementMailbox: Sendable {
    let chunks = LockedState<[(generation: Int, start: Int, heights: [Double])]>([])
}

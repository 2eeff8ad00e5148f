import LabelKitText

/// The tab stops of one paragraph as line breaking reads them: its stops sorted by location, the interval of the
/// stops past the last, and the decimal separator that decimal stops line up.
///
/// Made only for a paragraph that holds a tab (``Paragraph/containsTabs``), once per paragraph and pass. Locations
/// are distances from the line's start after its head indent, in the paragraph's direction: every width here is
/// logical, and a right-to-left line is laid out from the right, so its stops count from the right and `.left` and
/// `.right` mirror (`.left` puts the start of the text after the tab on the stop, on its right in such a line).
struct ParagraphTabs: Sendable {
    /// A stop nearer the pen than this is passed by: Pango's unit, 1/1024 pt, which keeps a tab after text that ends
    /// on a stop (right-aligned there) from stopping on that same stop by a rounding error.
    static let leastAdvance = 1.0 / 1024

    /// The stops, sorted by location.
    let stops: [TabStop]
    /// The interval of the stops past the last of ``stops``, > 0: the paragraph's ``ParagraphStyle/defaultTabInterval``,
    /// or eight spaces of the paragraph's first font when that is 0 (Pango's default).
    let interval: Double
    /// The least advance of a tab to a stop past the last: a space's width in a paragraph without stops (Pango's
    /// default stops keep the text on either side of a tab a space apart), ``leastAdvance`` otherwise.
    let leastDefaultAdvance: Double
    /// The code unit of the decimal separator: its first character's language's (``decimalSeparator(for:)``).
    let decimalSeparator: UInt16

    /// The tabs of a paragraph in `style`, whose first font's space is `spaceWidth` wide and whose first character is
    /// in `language`.
    init(style: ParagraphStyle, spaceWidth: Double, language: LanguageTag?) {
        let isSorted = zip(style.tabStops, style.tabStops.dropFirst()).allSatisfy { $0.location <= $1.location }
        stops = isSorted ? style.tabStops : style.tabStops.sorted { $0.location < $1.location }
        let space = spaceWidth.isFinite && spaceWidth > 0 ? spaceWidth : 1
        interval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 8 * space
        leastDefaultAdvance = stops.isEmpty ? space : Self.leastAdvance
        decimalSeparator = Self.decimalSeparator(for: language)
    }

    /// The stop a tab whose line is `pen` wide before it advances to: the first stop at least ``leastAdvance`` past
    /// the pen, else the next multiple of ``interval`` at least ``leastDefaultAdvance`` past it, left-aligned.
    func stop(after pen: Double) -> (location: Double, alignment: TabStop.Alignment) {
        let target = pen + Self.leastAdvance
        let index = stops.partitioningIndex { $0.location >= target }
        if index < stops.count { return (stops[index].location, stops[index].alignment) }
        let multiple = ((pen + leastDefaultAdvance) / interval).rounded(.up)
        return (max(multiple * interval, target), .left)
    }

    /// The code unit of `language`'s decimal separator (``TabStop/decimalSeparator(for:)``).
    static func decimalSeparator(for language: LanguageTag?) -> UInt16 {
        TabStop.decimalSeparator(for: language) == "," ? 0x2C : 0x2E
    }
}

/// The pen of one line of a paragraph with tabs, moved on grapheme by grapheme in logical order from the line's
/// start: the line's width so far, and the width of its last tab, which the text after it may still narrow.
///
/// A tab first reaches its stop; the text after it, up to the next tab or the line's end, then lines up there: a
/// right stop ends it on the stop, a centre stop centres it there, a decimal stop centres its first decimal
/// separator there (text without one ends on the stop) — each narrowing the tab by as much as the text before the
/// stop takes, down to nothing (as Pango 1.50's tabs).
struct TabPen {
    /// The width of the line before its last tab (all of it while it has none).
    private var start = 0.0
    /// The offset of the line's last tab; -1 while it has none.
    private(set) var tabOffset = -1
    /// The distance from `start` to the last tab's stop.
    private var room = 0.0
    /// How the text after the last tab lines up.
    private var alignment = TabStop.Alignment.left
    /// How much of the text after the last tab lies before its stop.
    private var beforeStop = 0.0
    /// Whether more text after the last tab moves it: not for a left stop, nor past a decimal stop's separator.
    private var aligning = false
    /// The width of the text after the last tab.
    private var following = 0.0

    /// The width of the line's last tab as the text so far settles it.
    var tabWidth: Double { max(0, room - beforeStop) }

    /// The line's width so far.
    var width: Double { tabOffset < 0 ? start : start + tabWidth + following }

    /// Moves the pen past a tab at `offset`: the tab reaches the next stop of `tabs`.
    mutating func addTab(at offset: Int, tabs: ParagraphTabs) {
        start = width
        let stop = tabs.stop(after: start)
        tabOffset = offset
        room = stop.location - start
        alignment = stop.alignment
        aligning = alignment != .left
        beforeStop = 0
        following = 0
    }

    /// Moves the pen past a grapheme other than a tab, `advance` wide, whose first code unit is `unit`.
    mutating func add(_ advance: Double, unit: UInt16, decimalSeparator: UInt16) {
        guard tabOffset >= 0 else {
            start += advance
            return
        }
        following += advance
        guard aligning else { return }
        switch alignment {
        case .left: aligning = false
        case .right: beforeStop += advance
        case .center: beforeStop += advance / 2
        case .decimal:
            if unit == decimalSeparator {
                beforeStop += advance / 2
                aligning = false
            } else {
                beforeStop += advance
            }
        }
    }
}

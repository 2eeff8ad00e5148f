/// A line as line breaking makes it: the text it holds, its paragraph, its height and baseline, and the hyphen drawn at
/// its end. Fitting may replace the last line's text by segments (``LineSegment``); positioning makes a
/// ``PositionedLine`` of it.
struct BrokenLine {
    /// First code unit of the line.
    var start: Int
    /// End of the line, trailing spaces and line break included.
    var end: Int
    /// End of the line's drawn text (trailing spaces and line break excluded).
    var contentEnd: Int
    var paragraphIndex: Int
    var ascent: Double = 0
    var descent: Double = 0
    var height: Double = 0
    /// The part of the height above the ascent (from line height multiples, minimum heights and leading).
    var extraAbove: Double = 0
    /// The ascent and descent of the fonts of the line's text (see ``LineExtent``), which attachments are aligned
    /// against (on a line of attachments alone, the fonts of their runs).
    var textAscent: Double = 0
    var textDescent: Double = 0
    /// The hyphen drawn after the line's last character, when it ends inside a word (a dictionary's point or a soft
    /// hyphen).
    var hyphen: LineHyphen? = nil
}

/// A hyphen drawn at the end of a line: a glyph of the face of the item it follows, in that item's style. It is not
/// text: it widens the box of the line's last grapheme cluster, so a hit on it answers that cluster.
struct LineHyphen {
    var glyph: UInt32
    var advance: Double
    /// The item holding the line's last character, whose face and run draw the hyphen.
    var itemIndex: Int
}

/// Where line breaking ends a line, and the hyphen drawn there when it ends inside a word.
struct LineBreak {
    var offset: Int
    var hyphen: LineHyphen? = nil
}

import Foundation

/// What a markup reader made of its input: the attributed string, and what it read but could not show.
///
/// ```swift
/// let result = try LabelMarkup.html("<p>Hello <blink>there</blink></p>")
/// result.text        // "Hello there"
/// result.warnings    // [line 1, column 10: unknown tag <blink>, its text kept]
/// ```
public struct MarkupResult: Sendable {
    /// The text with its LabelKit attributes and links.
    public var text: AttributedString
    /// What the reader kept as plain text or left out, in input order.
    public var warnings: [MarkupWarning]

    /// Creates a result.
    public init(text: AttributedString, warnings: [MarkupWarning] = []) {
        self.text = text
        self.warnings = warnings
    }
}

/// Something a markup reader read but could not show as written (an unknown tag, an unsupported property): the text
/// is kept, and the warning says where.
public struct MarkupWarning: Sendable, Hashable, CustomStringConvertible {
    /// The line of the input, from 1.
    public var line: Int
    /// The column of the input, from 1, in characters.
    public var column: Int
    /// What was not shown (`unknown tag <blink>, its text kept`).
    public var message: String

    /// Creates a warning.
    public init(line: Int, column: Int, message: String) {
        (self.line, self.column, self.message) = (line, column, message)
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Markup that cannot be read: where, and what was expected there.
///
/// ```swift
/// do { _ = try LabelMarkup.pango("<b>bold</i>") } catch { print(error) }
/// // line 1, column 8: element <i> was closed, but the open element is <b>
/// ```
public struct MarkupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the input, from 1.
    public var line: Int
    /// The column of the input, from 1, in characters.
    public var column: Int
    /// What is wrong there.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        (self.line, self.column, self.message) = (line, column, message)
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// What a markup reader needs to know of the label the text goes into.
///
/// ```swift
/// let options = MarkupOptions(fontSize: 17, paragraphStyle: ParagraphStyle(alignment: .center))
/// let result = try LabelMarkup.html("<ul><li>One</li></ul>", options: options)
/// ```
public struct MarkupOptions: Sendable, Hashable {
    /// The label's font size, in points: what relative sizes (`em`, `larger`, `x-large`) and CSS's unitless
    /// `line-height` are reckoned from.
    public var fontSize: Double
    /// The label's paragraph style: paragraphs the markup gives a style of their own (list items, a line height)
    /// start from it.
    public var paragraphStyle: ParagraphStyle
    /// The height of an image with no height of its own, in points.
    public var imageHeight: Double

    /// Creates options; the defaults are LabelKit's default style (15 points).
    public init(
        fontSize: Double = 15, paragraphStyle: ParagraphStyle = ParagraphStyle(),
        imageHeight: Double = LabelMarkup.defaultImageHeight
    ) {
        (self.fontSize, self.paragraphStyle, self.imageHeight) = (fontSize, paragraphStyle, imageHeight)
    }
}

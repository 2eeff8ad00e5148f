import Foundation

extension LabelMarkup {
    /// Reads a subset of HTML into an attributed string (to be written: issue 43).
    public static func html(_ source: String, options: MarkupOptions = MarkupOptions()) throws(MarkupError)
        -> MarkupResult
    {
        throw MarkupError(line: 1, column: 1, message: "the HTML reader is not written yet")
    }
}

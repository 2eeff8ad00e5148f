import Foundation

extension LabelMarkup {
    /// Reads Pango markup into an attributed string (to be written: issue 43).
    public static func pango(_ source: String, options: MarkupOptions = MarkupOptions()) throws(MarkupError)
        -> MarkupResult
    {
        throw MarkupError(line: 1, column: 1, message: "the Pango markup reader is not written yet")
    }
}

import Foundation
import LabelKitText

// The checks that turn bad attribute values into a typed error before anything is laid out.

extension StyledText {
    /// The largest font size laid out, in points: far beyond any screen, and small enough that every position stays
    /// exact in the layout's 32-bit storage. Lengths given by attributes (offsets, spacing, attachment sizes,
    /// indents) are bounded by it too.
    static let largestFontSize = 10_000.0

    static func isValidFontSize(_ size: Double) -> Bool {
        size.isFinite && size > 0 && size <= largestFontSize
    }

    static func validate(_ style: TextStyle) throws(LayoutError) {
        guard isValidFontSize(style.fontSize) else {
            throw .invalidParameter(
                "font size must be a number > 0 and ≤ \(Int(largestFontSize)), not \(style.fontSize)"
            )
        }
        if let maximum = style.maximumFontSize, !isValidFontSize(maximum) {
            throw .invalidParameter(
                "maximum font size must be a number > 0 and ≤ \(Int(largestFontSize)), not \(maximum)")
        }
        try validate(style.paragraphStyle)
    }

    static func validate(_ paragraph: ParagraphStyle) throws(LayoutError) {
        // Every label checks its base style: test the values before building a list of them for the message.
        func isValid(_ value: Double) -> Bool { value.isFinite && value >= 0 }
        if isValid(paragraph.lineSpacing), isValid(paragraph.lineHeightMultiple),
            isValid(paragraph.minimumLineHeight), isValid(paragraph.maximumLineHeight),
            isValid(paragraph.firstLineHeadIndent), isValid(paragraph.headIndent), isValid(paragraph.tailIndent),
            isValid(paragraph.paragraphSpacingBefore), isValid(paragraph.paragraphSpacing),
            isValid(paragraph.defaultTabInterval)
        {
            if paragraph.tabStops.isEmpty, paragraph.defaultTabInterval == 0, paragraph.lineHeight == nil,
                paragraph.textLists.isEmpty
            {
                return
            }
            try validateStructure(paragraph)
            return
        }
        let values = [
            ("lineSpacing", paragraph.lineSpacing), ("lineHeightMultiple", paragraph.lineHeightMultiple),
            ("minimumLineHeight", paragraph.minimumLineHeight), ("maximumLineHeight", paragraph.maximumLineHeight),
            ("firstLineHeadIndent", paragraph.firstLineHeadIndent), ("headIndent", paragraph.headIndent),
            ("tailIndent", paragraph.tailIndent), ("paragraphSpacingBefore", paragraph.paragraphSpacingBefore),
            ("paragraphSpacing", paragraph.paragraphSpacing), ("defaultTabInterval", paragraph.defaultTabInterval),
        ]
        for (name, value) in values where !(value.isFinite && value >= 0) {
            throw .invalidParameter("\(name) must be a finite number ≥ 0, not \(value)")
        }
    }

    /// Checks tab stops, line height and lists: lengths finite, ≥ 0 and within ``largestFontSize`` times a
    /// hundred (a stop may be far along a wide line), a line-height multiple > 0.
    private static func validateStructure(_ paragraph: ParagraphStyle) throws(LayoutError) {
        let longest = largestFontSize * 100
        for stop in paragraph.tabStops where !(stop.location.isFinite && stop.location >= 0 && stop.location <= longest)
        {
            throw .invalidParameter(
                "tab stop location must be a finite number ≥ 0 and ≤ \(Int(longest)), not \(stop.location)")
        }
        if paragraph.defaultTabInterval > longest {
            throw .invalidParameter(
                "default tab interval must be ≤ \(Int(longest)), not \(paragraph.defaultTabInterval)")
        }
        switch paragraph.lineHeight {
        case .multiple(let factor) where !(factor.isFinite && factor > 0 && factor <= largestFontSize):
            throw .invalidParameter(
                "line height multiple must be a number > 0 and ≤ \(Int(largestFontSize)), not \(factor)")
        case .absolute(let length) where !(length.isFinite && length >= 0 && length <= largestFontSize):
            throw .invalidParameter(
                "line height must be a length ≥ 0 and ≤ \(Int(largestFontSize)), not \(length)")
        default: break
        }
        for list in paragraph.textLists where !(list.indent.isFinite && list.indent >= 0 && list.indent <= longest) {
            throw .invalidParameter(
                "list indent must be a finite number ≥ 0 and ≤ \(Int(longest)), not \(list.indent)")
        }
    }

    /// Checks every LabelKit attribute of one run.
    static func validate(_ run: AttributedString.Runs.Run) throws(LayoutError) {
        let attributes = run.labelKit
        if let size = attributes.fontSize, !isValidFontSize(size) {
            throw .invalidParameter("font size must be a number > 0 and ≤ \(Int(largestFontSize)), not \(size)")
        }
        if let maximum = attributes.maximumFontSize, !isValidFontSize(maximum) {
            throw .invalidParameter(
                "maximum font size must be a number > 0 and ≤ \(Int(largestFontSize)), not \(maximum)")
        }
        try checkLength("kern", attributes.kern)
        try checkLength("tracking", attributes.tracking)
        try checkLength("baselineOffset", attributes.baselineOffset)
        if let shadow = attributes.shadow {
            try checkLength("shadow offsetX", shadow.offsetX)
            try checkLength("shadow offsetY", shadow.offsetY)
            try checkLength("shadow blurRadius", shadow.blurRadius, nonNegative: true)
        }
        if let stroke = attributes.stroke { try checkLength("stroke width", stroke.width) }
        if let attachment = attributes.attachment {
            try checkLength("attachment width", attachment.width, nonNegative: true)
            try checkLength("attachment height", attachment.height, nonNegative: true)
            if case .baseline(let offset) = attachment.alignment { try checkLength("attachment offset", offset) }
        }
        if let paragraph = attributes.paragraphStyle { try validate(paragraph) }
    }

    /// A length must be finite, within ``largestFontSize`` either way, and ≥ 0 when `nonNegative`.
    private static func checkLength(_ name: String, _ value: Double?, nonNegative: Bool = false) throws(LayoutError) {
        guard let value else { return }
        if nonNegative {
            guard value.isFinite, value >= 0, value <= largestFontSize else {
                throw .invalidParameter(
                    "\(name) must be a finite number from 0 to \(Int(largestFontSize)), not \(value)")
            }
        } else {
            guard value.isFinite, abs(value) <= largestFontSize else {
                throw .invalidParameter(
                    "\(name) must be a finite number from -\(Int(largestFontSize)) to \(Int(largestFontSize)), not \(value)"
                )
            }
        }
    }
}

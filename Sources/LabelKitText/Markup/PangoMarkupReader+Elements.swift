import Foundation

extension PangoMarkupReader {
    /// The elements Pango markup has, and GTK's `<a>`.
    static let elementNames = ["a", "b", "big", "i", "markup", "s", "small", "span", "sub", "sup", "tt", "u"]

    /// The family `<tt>` sets: Pango asks for "Monospace", which LabelKit's fonts resolve to DejaVu Sans Mono.
    static let monospaceFamily = "DejaVu Sans Mono"

    /// The style inside element `name` with `attributes`, opened at scalar `start`.
    mutating func elementStyle(
        _ name: String, _ attributes: [PangoMarkupAttribute], at start: Int
    ) throws(MarkupError) -> PangoSpanStyle {
        var style = self.style
        guard Self.elementNames.contains(name) else {
            throw error(
                at: start,
                "unknown element <\(name)>: Pango markup has <b>, <big>, <i>, <s>, <small>, <span>, <sub>, <sup>, "
                    + "<tt>, <u> and <markup>, and GTK labels <a href>")
        }
        switch name {
        case "span": return try spanStyle(attributes, at: start)
        case "a": return try linkStyle(attributes, at: start)
        default: break
        }
        if let attribute = attributes.first {
            throw error(at: attribute.position, "element <\(name)> takes no attributes, not '\(attribute.name)'")
        }
        switch name {
        case "b": style.weight = 700
        case "i": style.italic = true
        case "u": style.underline = .single
        case "s": style.strikethrough = true
        case "tt": style.family = Self.monospaceFamily
        case "big": style.changeSizeLevel(by: 1)
        case "small": style.changeSizeLevel(by: -1)
        case "sub", "sup":
            // Pango sizes and shifts a script by the font of the text just before it.
            let preceding = pending.isEmpty ? runs.last?.style ?? style : style
            style.makeScript(
                up: name == "sup", parentSize: preceding.fontSize(base: options.fontSize),
                hasPrecedingText: paragraphHasText)
        default: break
        }
        return style
    }

    /// `<a href="…" title="…" class="…">`, as GTK labels read it: `href` is required; the link is set where it is
    /// a URL, and a warning says when it is not.
    mutating func linkStyle(_ attributes: [PangoMarkupAttribute], at start: Int) throws(MarkupError)
        -> PangoSpanStyle
    {
        var style = self.style
        var href: PangoMarkupAttribute?
        for attribute in attributes {
            switch attribute.name {
            case "href": href = attribute
            case "title", "class": break
            default:
                throw error(at: attribute.position, "attribute '\(attribute.name)' is not allowed on <a>")
            }
        }
        guard let href else { throw error(at: start, "element <a> needs an 'href' attribute") }
        if let url = URL(string: href.value), !href.value.isEmpty {
            style.link = url
        } else {
            warn(at: href.position, "'\(href.value)' is not a URL; the link's text is kept without a link")
        }
        return style
    }

    /// The attributes of `<span>` as Pango reads them: a name may be written with `-` for `_`; each may occur once
    /// (aliases such as `color` and `foreground` count as one).
    static let spanAttributes: [String: String] = [
        "foreground": "foreground", "fgcolor": "foreground", "color": "foreground",
        "background": "background", "bgcolor": "background",
        "font_family": "family", "face": "family", "size": "size", "font_size": "size",
        "style": "style", "font_style": "style", "weight": "weight", "font_weight": "weight",
        "underline": "underline", "underline_color": "underline_color", "strikethrough": "strikethrough",
        "strikethrough_color": "strikethrough_color", "rise": "rise", "letter_spacing": "letter_spacing",
        "line_height": "line_height", "alpha": "alpha", "fgalpha": "alpha", "background_alpha": "background_alpha",
        "bgalpha": "background_alpha",
        // Read (Pango accepts them) but not shown: LabelKit has no such attribute. Each gives a warning.
        "font": "font", "font_desc": "font", "variant": "variant", "font_variant": "variant", "stretch": "stretch",
        "font_stretch": "stretch", "overline": "overline", "overline_color": "overline_color", "lang": "lang",
        "fallback": "fallback", "gravity": "gravity", "gravity_hint": "gravity_hint", "font_features": "font_features",
        "allow_breaks": "allow_breaks", "insert_hyphens": "insert_hyphens", "show": "show",
        "text_transform": "text_transform", "segment": "segment", "baseline_shift": "baseline_shift",
        "font_scale": "font_scale",
    ]

    mutating func spanStyle(_ attributes: [PangoMarkupAttribute], at start: Int) throws(MarkupError)
        -> PangoSpanStyle
    {
        var style = self.style
        var values: [String: PangoMarkupAttribute] = [:]
        for attribute in attributes {
            let key = attribute.name.replacingOccurrences(of: "-", with: "_")
            guard let canonical = Self.spanAttributes[key] else {
                throw error(at: attribute.position, "attribute '\(attribute.name)' is not allowed on <span>")
            }
            guard values[canonical] == nil else {
                throw error(at: attribute.position, "attribute '\(attribute.name)' occurs twice on <span>")
            }
            values[canonical] = attribute
            if !Self.shownSpanAttributes.contains(canonical) {
                warn(at: attribute.position, "attribute '\(attribute.name)' of <span> is not shown by LabelKit")
            }
        }
        func invalid(_ attribute: PangoMarkupAttribute, _ expected: String) -> MarkupError {
            error(
                at: attribute.position,
                "'\(attribute.value)' is not a valid value for the '\(attribute.name)' attribute of <span>: "
                    + "expected \(expected)")
        }
        if let family = values["family"] { style.family = family.value }
        if let size = values["size"] {
            if let points = PangoAttributeValues.length(size.value), points > 0 {
                style.setAbsoluteSize(points)
            } else if size.value == "smaller" {
                style.changeSizeLevel(by: -1)
            } else if size.value == "larger" {
                style.changeSizeLevel(by: 1)
            } else if let factor = Self.namedSize(size.value) {
                style.setRelativeSize(factor)
            } else {
                throw invalid(size, "a size in 1024ths of a point, a length such as '12pt', or a name such as 'small'")
            }
        }
        if let slant = values["style"] {
            guard let italic = PangoAttributeValues.style(slant.value) else {
                throw invalid(slant, "'normal', 'oblique' or 'italic'")
            }
            style.italic = italic
        }
        if let weight = values["weight"] {
            guard let number = PangoAttributeValues.weight(weight.value) else {
                throw invalid(weight, "a weight such as 'light', 'bold', 'ultrabold' or a number")
            }
            style.weight = number
        }
        for (key, isForeground) in [("foreground", true), ("background", false)] {
            guard let attribute = values[key] else { continue }
            guard let color = PangoAttributeValues.color(attribute.value, allowsAlpha: true) else {
                throw invalid(attribute, "a colour such as '#ff8000', '#f80c' or 'red'")
            }
            let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
            let alpha = color.alpha < 1 ? color.alpha : nil
            if isForeground {
                (style.foreground, style.foregroundAlpha) = (opaque, alpha ?? style.foregroundAlpha)
            } else {
                (style.background, style.backgroundAlpha) = (opaque, alpha ?? style.backgroundAlpha)
            }
        }
        for key in ["alpha", "background_alpha"] {
            guard let attribute = values[key] else { continue }
            guard let alpha = Self.alpha(attribute.value) else {
                throw invalid(attribute, "a number from 1 to 65535 or a percentage from 1% to 100%")
            }
            if key == "alpha" { style.foregroundAlpha = alpha } else { style.backgroundAlpha = alpha }
        }
        if let underline = values["underline"] {
            guard let decoration = PangoAttributeValues.underline(underline.value) else {
                throw invalid(underline, "'none', 'single', 'double', 'low' or 'error'")
            }
            style.underline = decoration
        }
        for key in ["underline_color", "strikethrough_color", "overline_color"] {
            guard let attribute = values[key] else { continue }
            guard let color = PangoAttributeValues.color(attribute.value, allowsAlpha: false) else {
                throw invalid(attribute, "a colour such as '#ff8000' or 'red'")
            }
            if key == "underline_color" { style.underlineColor = color }
            if key == "strikethrough_color" { style.strikethroughColor = color }
        }
        if let strikethrough = values["strikethrough"] {
            guard let value = PangoAttributeValues.boolean(strikethrough.value) else {
                throw invalid(strikethrough, "'true' or 'false'")
            }
            style.strikethrough = value
        }
        if let rise = values["rise"] {
            guard let points = PangoAttributeValues.length(rise.value) else {
                throw invalid(rise, "a length in 1024ths of a point or such as '5.5pt'")
            }
            style.rise = points
        }
        if let spacing = values["letter_spacing"] {
            guard let units = PangoAttributeValues.integer(spacing.value) else {
                throw invalid(spacing, "an integer (1024ths of a point)")
            }
            style.letterSpacing = Double(units) / 1024
        }
        if let lineHeight = values["line_height"] {
            guard let height = PangoAttributeValues.lineHeight(lineHeight.value) else {
                throw invalid(lineHeight, "a number within range")
            }
            style.lineHeight = height ?? style.lineHeight
            usesLineHeight = usesLineHeight || height != nil
        }
        return style
    }

    static let shownSpanAttributes: Set<String> = [
        "foreground", "background", "family", "size", "style", "weight", "underline", "underline_color",
        "strikethrough", "strikethrough_color", "rise", "letter_spacing", "line_height", "alpha", "background_alpha",
    ]

    /// `xx-small` … `xx-large` (steps of 1.2 from `medium`) or a percentage > 0, as a factor of the label's size.
    static func namedSize(_ name: String) -> Double? {
        let names = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large"]
        if let level = names.firstIndex(of: name) {
            return PangoSpanStyle.scaleFactor(level: level - 3, base: 1)
        }
        guard let (value, rest) = PangoAttributeValues.scanDecimal(Substring(name)), rest == "%", value > 0,
            value.isFinite
        else { return nil }
        return value / 100
    }

    /// Pango's alpha: 1…65535, or 1%…100%; as a fraction.
    static func alpha(_ text: String) -> Double? {
        let (number, rest) = PangoAttributeValues.scanInteger(Substring(text))
        guard let number else { return nil }
        if rest.isEmpty, (1...0xFFFF).contains(number) { return Double(number) / 0xFFFF }
        if rest.first == "%", (1...100).contains(number) { return Double(number * 0xFFFF / 100) / 0xFFFF }
        return nil
    }
}

import Foundation

extension LabelMarkup {
    /// Reads Pango markup — what `GtkLabel` accepts: `pango_parse_markup`'s markup and GTK's `<a href>` — into an
    /// attributed string.
    ///
    /// The markup is read as Pango 1.50 reads it, as XML (GMarkup) with Pango's elements, and the reader is as strict
    /// as Pango: an unknown element or attribute, a value Pango rejects, an element closed out of order or left open,
    /// an `&` that does not begin a reference, or a `<` that does not begin markup is a ``MarkupError`` naming the line
    /// and the column (from 1, counted in Unicode scalars as GMarkup does) where the problem starts, and what was
    /// expected there. The `<markup>` wrapper is optional. Whatever the input, reading takes time linear in its length
    /// and bounded stack (elements may nest to any depth).
    ///
    /// **Elements.**
    /// - `<b>` bold (weight 700), `<i>` italic, `<u>` single underline, `<s>` strikethrough, `<tt>` monospace (Pango's
    ///   "Monospace", which is DejaVu Sans Mono in LabelKit's fonts);
    /// - `<big>` and `<small>`: one step of 1.2 larger or smaller, as Pango's `larger` and `smaller`;
    /// - `<sup>` and `<sub>`: as Pango 1.50, which sizes and shifts them by the font's OS/2 superscript and subscript
    ///   metrics: the reader uses those of LabelKit's default font, DejaVu Sans (the script 0.70 of the size; a
    ///   superscript raised 0.48 of the size around it, a subscript lowered 0.14), and Pango's fallbacks (1/1.2, and
    ///   5000/1024 points) where no text precedes it in its paragraph;
    /// - `<a href="…">` (with `title` and `class`, as GTK takes them): a `.link` on its text; an `href` that is not a
    ///   URL leaves the text without a link and gives a warning;
    /// - `<span>` with the attributes below; `<markup>` sets nothing.
    ///
    /// **Span attributes.** Sizes and lengths are Pango's points, read at 72 dpi: LabelKit's points are pixels, so
    /// one Pango point is one LabelKit point.
    /// - `foreground` (`fgcolor`, `color`), `background` (`bgcolor`): `#rgb`, `#rrggbb`, `#rrrgggbbb`,
    ///   `#rrrrggggbbbb`, with alpha `#rgba`, `#rrggbbaa`, `#rrrrggggbbbbaaaa`, or an X11/CSS name as Pango's
    ///   `pango_color_parse` (`red`, `AliceBlue`, `rebeccapurple`); `alpha` (`fgalpha`) and `background_alpha`
    ///   (`bgalpha`), 1–65535 or 1%–100%, set the colour's opacity;
    /// - `font_family` (`face`); `size` (`font_size`): a number in 1024ths of a point, a length such as `12.5pt`,
    ///   `larger`, `smaller`, `xx-small` … `xx-large` (steps of 1.2 from the label's size, ``MarkupOptions/fontSize``)
    ///   or a percentage; as in Pango, an absolute size inside a relative one is scaled by it;
    /// - `weight` (`ultralight` … `heavy`, or a number, clamped to 1…1000), `style` (`normal`, `oblique` and `italic`;
    ///   LabelKit draws both slants as italic);
    /// - `underline`: `none`, `single`, `double`, `low` (a single line: LabelKit draws underlines at the font's
    ///   position) and `error` (a dotted line: LabelKit has no wavy one); `underline_color`;
    /// - `strikethrough` (`true`/`false`), `strikethrough_color`;
    /// - `rise` (1024ths of a point or `5pt`, upward positive: ``LabelAttributes/BaselineOffsetAttribute``);
    /// - `letter_spacing` (1024ths of a point: ``LabelAttributes/TrackingAttribute``, the space added after every
    ///   character, which Pango splits around it);
    /// - `line_height`: a factor (``LineHeight/multiple(_:)``), or above 1024 and written without a point, an absolute
    ///   height in 1024ths of a point (``LineHeight/absolute(_:)``), as Pango 1.50 reads it (Pango reads the number at
    ///   the start of the value and ignores the rest; a value ≤ 0 sets nothing). Pango sets it per run, LabelKit per
    ///   paragraph: each paragraph with text under a `line_height` gets ``MarkupOptions/paragraphStyle`` with the
    ///   first such line height.
    ///
    /// Pango's other span attributes (`font_desc`, `variant`, `stretch`, `overline`, `lang`, `gravity`,
    /// `font_features`, `allow_breaks`, `insert_hyphens`, `show`, `text_transform`, `segment`, `baseline_shift`,
    /// `font_scale`, …) are accepted, not checked, and not shown: each gives a warning. Sizes are clamped to
    /// 1/1024…10,000 points and lengths to ±10,000 points.
    ///
    /// **Text.** Character data as XML: `&amp; &lt; &gt; &quot; &apos;`, numeric references (`&#169;`, `&#xA9;`),
    /// CDATA sections; comments and processing instructions are skipped. White space is kept as written.
    ///
    /// ```swift
    /// let result = try LabelMarkup.pango(##"<span foreground="#c00" size="x-large">Error:</span> <i>disk full</i>"##)
    /// result.text   // "Error: disk full", "Error:" red and 1.44 × 15 points, "disk full" italic
    /// do { _ = try LabelMarkup.pango("<b>bold</i>") } catch { print(error) }
    /// // line 1, column 8: element </i> was closed, but the open element is <b>
    /// ```
    public static func pango(_ source: String, options: MarkupOptions = MarkupOptions()) throws(MarkupError)
        -> MarkupResult
    {
        var reader = PangoMarkupReader(source, options: options)
        return try reader.read()
    }
}

import Foundation

extension LabelMarkup {
    /// Reads a subset of HTML into an attributed string with LabelKit's attributes, leniently, as browsers read HTML.
    ///
    /// Elements:
    /// - `a href` (`.link`; a target that is not a URL keeps the text unlinked, with a warning), `b`/`strong` (weight
    ///   700), `i`/`em` (italic), `u` (underline), `s`/`del` (strikethrough), `code` (DejaVu Sans Mono);
    /// - `sup`, `sub`: ¾ of the parent's size, moved up or down by ⅓ of the parent's size;
    /// - `p` and `div`: paragraphs, separated by `"\n"`, with no empty paragraph at the start, the end or between blocks;
    ///   `<br>` is U+2028 LINE SEPARATOR, a line break inside the paragraph (a `<br>` that ends a paragraph adds no
    ///   line, as in browsers); `pre` keeps its white space, its line feeds break lines, and it is monospaced;
    /// - `ul`, `ol` (`start`, `type="1|a|A|i|I"`) and `li`, nested: each item is a paragraph whose
    ///   ``ParagraphStyle/textLists`` are the lists around it, outermost first — `ul`'s marker a disc, a circle inside
    ///   one list, a square deeper, as in browsers. Each list has its own ``TextList/identifier``, so two lists in a row
    ///   number apart. The markers are not text: the layout draws them. Paragraphs of one item (`<li><p>a<p>b`) are
    ///   joined by U+2028, so the item keeps one marker. An empty `li` still makes its paragraph;
    /// - `img src alt width height`: a ``TextAttachment`` on one U+FFFC showing the file, `height` points tall (or
    ///   ``MarkupOptions/imageHeight``), `width` wide (or as the PNG file's proportions give, or square), centred on the
    ///   line, its `alt` text copied; an `img` without `src` leaves its alt text as text;
    /// - `ruby`, `rt`, `rb`, `rp`: each `rt` sets a ``RubyAnnotation`` of its text (white space collapsed) on the base
    ///   before it — the ruby's text since its start or the previous `rt` — so `<ruby>漢字<rt>かんじ</rt></ruby>` is
    ///   group ruby on 漢字 and `<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>` two rubies, one on each character. `rb`
    ///   wraps a base; after several `rb`, as many `rt` annotate them in order. The `rt`'s text never joins the base,
    ///   and `rp`'s (the parentheses shown where ruby is not) is dropped; `rtc` is read as `rt`, with a warning. The
    ///   base keeps its styles, and a link around the whole ruby links the base. An empty `rt`, or one whose base holds
    ///   a line break, leaves its base without ruby, with a warning, as does the text of a `ruby` with no `rt` after
    ///   it; `rt`, `rb` and `rp` outside a ruby keep their text, with a warning, and a `ruby` inside a ruby is read as
    ///   its text. Inside `rt` and `rp`, block elements are read as spans, and `br` and `img` are left out;
    /// - `html`, `head`, `body`, `meta` and `link` are accepted and do nothing; the content of `script`, `style` and
    ///   `title` is left out. Any other tag keeps its text, with a warning naming it.
    ///
    /// The `style` attribute of any element: `color`, `background-color`, `font-size` (`px`; `pt` is read as `px`,
    /// since LabelKit's points are pixels; `em`, `%`, `rem`, and the keywords `xx-small` to `xxx-large` around
    /// ``MarkupOptions/fontSize``, `smaller`, `larger`), `font-weight` (`normal`, `bold`, 1–1000, `bolder`,
    /// `lighter`), `font-style`, `text-decoration` (`underline`, `line-through`, `none`, with `solid`, `double`,
    /// `dotted`, `dashed` and a colour), `list-style-type` on lists, and `line-height`: a number, `em` or `%` is that
    /// many times the element's font size, `px` a length, and the paragraph gets ``LineHeight/absolute(_:)`` of the
    /// tallest its runs and block ask for (CSS's line box). Colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`,
    /// `rgba()`, the 148 CSS names and `transparent`. Other properties and values that cannot be read are left out,
    /// with a warning. Paragraphs with a list or a line height start from ``MarkupOptions/paragraphStyle``; other text
    /// carries no paragraph style, and text no element styles carries no attributes.
    ///
    /// Text: character references (HTML 4's 253 names and numbers; an unknown or unterminated one stays literal) are
    /// decoded; white space is collapsed as browsers do (a run of spaces, tabs and line feeds is one space, none at the
    /// start or end of a line; `&nbsp;` is kept). Comments, doctypes and CDATA sections are skipped.
    ///
    /// Leniency: an element left open closes at its parent's end or the end of the input, a block start closes an
    /// open `p` and an `li` the open `li` of its list, tag and attribute names are read in any case, attribute values
    /// quoted or not; an end tag with no open element of its name is ignored, with a warning. Only a tag, or a quoted
    /// attribute value, still open at the end of the input cannot be read: a ``MarkupError`` at the line and column
    /// (from 1, counted in Unicode scalars) where it starts, saying what was expected.
    ///
    /// Any input is read in time linear in its length and in bounded stack: elements nested more than 64 deep are
    /// read as the element at that depth (their text kept in its style), with one warning. Font sizes are kept within
    /// 1–10,000 points, lengths within 10,000, so that the result always lays out.
    ///
    /// ```swift
    /// let result = try LabelMarkup.html(#"<p>Hi <b>Ana</b>, see <a href="https://example.com">this</a></p>"#)
    /// result.text       // "Hi Ana, see this", "Ana" bold, "this" a link
    /// let list = try LabelMarkup.html("<ol start=3><li>Three</li><li>Four</li></ol>")
    /// // "Three\nFour", each paragraph's textLists [TextList(marker: .decimal, startingNumber: 3)]
    /// do { _ = try LabelMarkup.html("<p>Hello <b") } catch { print(error) }
    /// // line 1, column 10: the tag <b> is not closed: expected '>' before the end of the input
    /// ```
    public static func html(_ source: String, options: MarkupOptions = MarkupOptions()) throws(MarkupError)
        -> MarkupResult
    {
        var reader = HTMLReader(source: source, options: options)
        return try reader.read()
    }
}

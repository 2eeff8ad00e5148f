import Foundation
import LabelKit
import LabelKitCairo
import Testing

/// What a link's look draws, read back from pixels: the text colour, the background, the underline in every pattern
/// and colour (under exactly the link's clusters, on every line, in the truncation token, right to left), and the
/// states.
///
/// The texts have no descenders, so that the underline's row holds nothing but underlines.
@Suite struct LinkLookDrawingTests {
    static let scale = 4.0
    static let orange = LabelColor(hex: 0xFF8800)
    static let yellow = LabelColor(hex: 0xFFEE00)
    static let red = LabelColor(hex: 0xFF0000)
    static let target = URL(string: "https://example.com/terms")

    /// `sentence` at 30 points with the first `linked` in it a link.
    static func layout(
        _ sentence: String = "read the terms now", linked: String = "terms", container: TextContainer = TextContainer(),
        configure: (inout AttributedString) -> Void = { _ in }
    ) throws -> TextLayout {
        try Fixtures.layout(sentence, size: 30, container: container) { text in
            configure(&text)
            if let range = text.range(of: linked) { text[range].link = target }
        }
    }

    /// `layout` drawn with `style`'s overlays (and `adjust`), at ``scale`` on white.
    static func render(
        _ layout: TextLayout, _ style: LinkStyle = LinkStyle(), pressed: Int? = nil, disabled: Set<Int> = [],
        adjust: (inout LabelRenderer) -> Void = { _ in }
    ) throws -> RenderedImage {
        var renderer = LabelRenderer(scale: scale, backgroundColor: .white)
        renderer.linkStyle = style
        renderer.pressedLink = pressed
        renderer.disabledLinks = disabled
        adjust(&renderer)
        return try renderer.render(layout)
    }

    /// One row of device pixels through `y` (points), from a point after `minX` to a point before `maxX`.
    static func row(_ image: RenderedImage, y: Double, from minX: Double, to maxX: Double) -> [RenderedImage.Pixel] {
        let device = Int((y * scale).rounded(.down))
        let first = Int(((minX + 1) * scale).rounded(.up))
        let last = Int(((maxX - 1) * scale).rounded(.down))
        guard first < last else { return [] }
        return (first..<last).compactMap { image.pixel(x: $0, y: device) }
    }

    /// The centre of an underline of `run`: its baseline plus its font's underline offset.
    static func underlineY(_ run: GlyphRun) -> Double { run.baseline + run.metrics.underlineOffset }

    /// The run that draws the start of link `index`.
    static func linkRun(_ layout: TextLayout, link index: Int = 0) throws -> GlyphRun {
        let link = layout.links[index]
        return try #require(
            layout.runs.first {
                $0.isInTruncationToken == link.isInTruncationToken && $0.textRange.contains(link.range.lowerBound)
            })
    }

    // MARK: Underlines

    @Test func theUnderlineIsDrawnUnderTheLinkAndNowhereElse() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let y = Self.underlineY(try Self.linkRun(layout))
        let line = layout.lines[0].rect
        let image = try Self.render(layout)
        #expect(Self.row(image, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(.link) })
        #expect(Self.row(image, y: y, from: line.minX, to: rect.minX).allSatisfy { $0.isPaper }, "not before it")
        #expect(Self.row(image, y: y, from: rect.maxX, to: line.maxX).allSatisfy { $0.isPaper }, "not after it")
        var unstyled = LabelRenderer(scale: Self.scale, backgroundColor: .white)
        unstyled.linkStyle = nil
        let withoutOverlays = try unstyled.render(layout)
        #expect(
            Self.row(withoutOverlays, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isPaper },
            "the underline is the look's, not the text's")
    }

    @Test func theTextsOwnUnderlineIsReplacedUnderTheLinkNotDoubled() throws {
        // The whole sentence double-underlined in red; the link's look: one line in the link's blue.
        let layout = try Self.layout { text in
            text.labelKit.underline = .double
            text.labelKit.underlineColor = Self.red
        }
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let run = try Self.linkRun(layout)
        let first = Self.underlineY(run)
        let second = first + 2 * run.metrics.underlineThickness
        let line = layout.lines[0].rect
        let image = try Self.render(layout)
        #expect(Self.row(image, y: first, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(.link) })
        #expect(Self.row(image, y: second, from: rect.minX, to: rect.maxX).allSatisfy { $0.isPaper }, "one line only")
        for y in [first, second] {
            #expect(Self.row(image, y: y, from: line.minX, to: rect.minX).allSatisfy { $0.isNear(Self.red) })
            #expect(Self.row(image, y: y, from: rect.maxX, to: line.maxX).allSatisfy { $0.isNear(Self.red) })
        }
        // A look without an underline leaves the text's own as it is: double, red.
        let plain = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(foregroundColor: .link)))
        #expect(Self.row(plain, y: second, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(Self.red) })
    }

    @Test(arguments: [LineDecoration.dotted, .dashed])
    func brokenPatternsUnderALinkHaveGaps(pattern: LineDecoration) throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let y = Self.underlineY(try Self.linkRun(layout))
        let image = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(underline: pattern)))
        let inked = Self.row(image, y: y, from: rect.minX, to: rect.maxX).map { !$0.isPaper }
        let gaps = zip(inked, inked.dropFirst()).filter { $0 && !$1 }.count
        #expect(gaps > 5, "\(pattern): \(gaps) gaps")
        #expect(inked.filter { $0 }.count > inked.count / 5, "\(pattern): inked")
        let line = layout.lines[0].rect
        #expect(Self.row(image, y: y, from: rect.maxX, to: line.maxX).allSatisfy { $0.isPaper })
    }

    @Test func doubleAndThickUnderlinesUnderALink() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let run = try Self.linkRun(layout)
        let centre = Self.underlineY(run)
        let thickness = run.metrics.underlineThickness
        func inked(_ image: RenderedImage, at y: Double) -> Bool {
            Self.row(image, y: y, from: rect.minX, to: rect.maxX).allSatisfy { !$0.isPaper }
        }
        let single = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(underline: .single)))
        let double = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(underline: .double)))
        let thick = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(underline: .thick)))
        #expect(inked(single, at: centre) && !inked(single, at: centre + thickness))
        #expect(inked(double, at: centre) && inked(double, at: centre + 2 * thickness), "two lines")
        #expect(!inked(double, at: centre + thickness), "a gap between them")
        #expect(inked(thick, at: centre) && inked(thick, at: centre + thickness), "twice as thick, downwards")
    }

    @Test func aLinkAcrossTwoLinesIsUnderlinedOnBoth() throws {
        let layout = try Self.layout(
            "read the terms of service now", linked: "terms of service", container: TextContainer(width: 230))
        let fragments = layout.rects(forLink: 0)
        try #require(fragments.count == 2)
        let image = try Self.render(layout)
        for fragment in fragments {
            let line = layout.lines[fragment.lineIndex]
            let run = try #require(layout.runs.first { $0.lineIndex == fragment.lineIndex })
            let y = Self.underlineY(run)
            let rect = fragment.rect
            #expect(Self.row(image, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(.link) })
            #expect(Self.row(image, y: y, from: line.rect.minX, to: rect.minX).allSatisfy { $0.isPaper })
            #expect(Self.row(image, y: y, from: rect.maxX, to: line.rect.maxX).allSatisfy { $0.isPaper })
        }
    }

    @Test func aLinkInTheTruncationTokenIsUnderlined() throws {
        var token = AttributedString("…more")
        token.link = URL(string: "labelkit://more")
        let layout = try Self.layout(
            "read the notes and more notes here", linked: "no link",
            container: TextContainer(width: 260, maximumNumberOfLines: 1, truncationToken: token))
        #expect(layout.isTruncated)
        let index = try #require(layout.links.firstIndex { $0.isInTruncationToken })
        let rect = try #require(layout.rects(forLink: index).first?.rect)
        let y = Self.underlineY(try Self.linkRun(layout, link: index))
        let image = try Self.render(layout)
        #expect(Self.row(image, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(.link) })
        #expect(Self.row(image, y: y, from: layout.lines[0].rect.minX, to: rect.minX).allSatisfy { $0.isPaper })
    }

    @Test func aRightToLeftLinkIsUnderlinedUnderItsOwnGlyphs() throws {
        // "He said hello to you": the middle word, שלום, is the link; right to left, it is still in the middle.
        let layout = try Self.layout("אמר שלום לכם", linked: "שלום")
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let line = layout.lines[0].rect
        #expect(rect.minX > line.minX + 10 && rect.maxX < line.maxX - 10)
        let y = Self.underlineY(try Self.linkRun(layout))
        let image = try Self.render(layout)
        #expect(Self.row(image, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(.link) })
        #expect(Self.row(image, y: y, from: line.minX, to: rect.minX).allSatisfy { $0.isPaper })
        #expect(Self.row(image, y: y, from: rect.maxX, to: line.maxX).allSatisfy { $0.isPaper })
    }

    @Test func anAttachmentInALinkIsNotUnderlined() throws {
        func layout(ownUnderline: LabelColor?) throws -> TextLayout {
            var text = AttributedString("at ")
            text += AttributedString(
                attachment: TextAttachment(width: 24, height: 20, content: .custom(identifier: "box"), altText: "box"))
            text.link = Self.target
            text += AttributedString(" now")
            if let ownUnderline {
                text.labelKit.underline = .single
                text.labelKit.underlineColor = ownUnderline
            }
            return try LabelTypesetter.system(style: TextStyle(fontSize: 30)).layout(text)
        }
        let plain = try layout(ownUnderline: nil)
        let box = try #require(plain.attachments.first?.rect)
        let rect = try #require(plain.rects(forLink: 0).first?.rect)
        let y = Self.underlineY(try Self.linkRun(plain))
        let image = try Self.render(plain)
        #expect(Self.row(image, y: y, from: rect.minX, to: box.minX).allSatisfy { $0.isNear(.link) }, "under \"at \"")
        #expect(Self.row(image, y: y, from: box.minX, to: box.maxX).allSatisfy { $0.isPaper }, "not under the box")
        // The text's own underline under the box is left as it is.
        let underlined = try Self.render(try layout(ownUnderline: Self.red))
        #expect(Self.row(underlined, y: y, from: rect.minX, to: box.minX).allSatisfy { $0.isNear(.link) })
        #expect(Self.row(underlined, y: y, from: box.minX, to: box.maxX).allSatisfy { $0.isNear(Self.red) })
    }

    // MARK: Colours

    @Test func theUnderlineIsInItsOwnColourOrInTheColourTheTextIsDrawnIn() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let y = Self.underlineY(try Self.linkRun(layout))
        func underline(_ look: LinkStyle.Look, adjust: (inout LabelRenderer) -> Void = { _ in }) throws
            -> [RenderedImage.Pixel]
        {
            Self.row(
                try Self.render(layout, LinkStyle(normal: look), adjust: adjust), y: y, from: rect.minX, to: rect.maxX)
        }
        let inTextColour = try underline(LinkStyle.Look(foregroundColor: Self.orange, underline: .single))
        #expect(inTextColour.allSatisfy { $0.isNear(Self.orange) }, "the look's text colour")
        let inOwnColour = try underline(
            LinkStyle.Look(foregroundColor: .black, underline: .single, underlineColor: .link))
        #expect(inOwnColour.allSatisfy { $0.isNear(.link) }, "its own colour")
        // Without a colour of the look's, the text's own: the typesetter lays links out in the text's colour.
        let inTheTextsColour = try underline(LinkStyle.Look(underline: .single))
        #expect(inTheTextsColour.allSatisfy { $0.isNear(.black) }, "the text's own colour")
        let orangeText = try Self.layout { $0.labelKit.foregroundColor = Self.orange }
        let underOrangeText = Self.row(
            try Self.render(orangeText, LinkStyle(normal: LinkStyle.Look(underline: .single))), y: y, from: rect.minX,
            to: rect.maxX)
        #expect(underOrangeText.allSatisfy { $0.isNear(Self.orange) }, "the text's own colour")
        // The renderer's own colour overrides win over a look's colour, and the underline follows the text.
        let overridden = try underline(LinkStyle.Look(foregroundColor: Self.orange, underline: .single)) { renderer in
            renderer.foregroundOverrides = [LabelRenderer.ColorOverride(link: layout.links[0], color: Self.red)]
        }
        #expect(overridden.allSatisfy { $0.isNear(Self.red) })
    }

    @Test func theForegroundColourRecoloursTheLinksGlyphsOnly() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let image = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(foregroundColor: Self.orange)))
        let link = image.pixels(in: rect, scale: Self.scale)
        #expect(link.contains { $0.isNear(Self.orange) } && !link.contains { $0.isDark })
        let before = image.pixels(
            in: CGRect(x: 0, y: rect.minY, width: rect.minX, height: rect.height), scale: Self.scale)
        #expect(before.contains { $0.isDark } && !before.contains { $0.isNear(Self.orange) })
    }

    @Test func theBackgroundFillsTheLinksRectanglesBehindTheText() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let image = try Self.render(layout, LinkStyle(normal: LinkStyle.Look(backgroundColor: Self.yellow)))
        // The top of the line is above every glyph: background only.
        let top = rect.minY + 1
        #expect(Self.row(image, y: top, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(Self.yellow) })
        #expect(Self.row(image, y: top, from: 0, to: rect.minX).allSatisfy { $0.isPaper })
        #expect(image.pixels(in: rect, scale: Self.scale).contains { $0.isDark }, "the (black) text is drawn over it")
    }

    // MARK: States

    @Test func pressedAndDisabledLinksAreDrawnInTheirStates() throws {
        let layout = try Self.layout()
        let rect = try #require(layout.rects(forLink: 0).first?.rect)
        let y = Self.underlineY(try Self.linkRun(layout))
        let top = rect.minY + 1

        let pressed = try Self.render(layout, pressed: 0)
        #expect(
            Self.row(pressed, y: top, from: rect.minX + 4, to: rect.maxX - 4)
                .allSatisfy { $0.isNear(LinkStyle.standardPressedHighlight) },
            "the grey highlight behind it")
        #expect(Self.row(pressed, y: y, from: rect.minX + 4, to: rect.maxX - 4).allSatisfy { $0.isNear(.link) })

        let disabled = try Self.render(layout, pressed: 0, disabled: [0])
        let grey = LinkStyle.standardDisabledForeground
        #expect(Self.row(disabled, y: y, from: rect.minX, to: rect.maxX).allSatisfy { $0.isNear(grey) }, "grey line")
        #expect(Self.row(disabled, y: top, from: rect.minX, to: rect.maxX).allSatisfy { $0.isPaper }, "no highlight")
        #expect(disabled.pixels(in: rect, scale: Self.scale).contains { $0.isNear(grey, tolerance: 8) })
    }
}

extension RenderedImage.Pixel {
    /// Paper: white, or nearly.
    var isPaper: Bool { red > 235 && green > 235 && blue > 235 }

    /// Within `tolerance` of `color` (its light value) drawn over white, channel by channel.
    func isNear(_ color: LabelColor, tolerance: Int = 30) -> Bool {
        let color = color.resolved(for: .light)
        func channel(_ value: Double) -> Int { Int(((value * color.alpha + (1 - color.alpha)) * 255).rounded()) }
        return abs(Int(red) - channel(color.red)) <= tolerance && abs(Int(green) - channel(color.green)) <= tolerance
            && abs(Int(blue) - channel(color.blue)) <= tolerance
    }
}

import LabelKitText
import Testing

@Suite("Text styles and the text scale")
struct TextScaleTests {
    static let scales = [0.5, 0.8, 1.0, 1.5, 2.0, 3.0]

    /// Each style's size at each of `scales`, to 0.01 pt: the curve `s × scale^e(s)`, `e(s) = 1 − 0.5 ×
    /// clamp((s − 11) / 23, 0, 1)`, worked out apart from LabelKit (Python) from the documented formula.
    static let sizes: [(DynamicTextStyle, [Double])] = [
        (.largeTitle, [24.04, 30.41, 34.00, 41.64, 48.08, 58.89]),
        (.title1, [18.09, 24.33, 28.00, 36.16, 43.34, 55.97]),
        (.title2, [12.98, 18.56, 22.00, 29.95, 37.28, 50.75]),
        (.title3, [11.45, 16.71, 20.00, 27.71, 34.93, 48.40]),
        (.headline, [9.30, 14.00, 17.00, 24.19, 31.06, 44.19]),
        (.body, [9.30, 14.00, 17.00, 24.19, 31.06, 44.19]),
        (.callout, [8.63, 13.11, 16.00, 22.97, 29.68, 42.60]),
        (.subheadline, [7.97, 12.24, 15.00, 21.72, 28.25, 40.90]),
        (.footnote, [6.70, 10.50, 13.00, 19.16, 25.23, 37.18]),
        (.caption1, [6.09, 9.65, 12.00, 17.84, 23.64, 35.15]),
        (.caption2, [5.50, 8.80, 11.00, 16.50, 22.00, 33.00]),
    ]

    @Test("every style has its size at every scale in the table")
    func sizesFollowTheTable() throws {
        #expect(Self.sizes.map(\.0) == DynamicTextStyle.allCases)
        for (style, expected) in Self.sizes {
            for (scale, size) in zip(Self.scales, expected) {
                let actual = style.size(at: try TextScale(scale))
                #expect(abs(actual - size) < 0.005, "\(style) at \(scale): \(actual), not \(size)")
            }
        }
    }

    @Test("large text grows less than small text, and every size grows with the scale")
    func largeTextGrowsLess() throws {
        var previous = 0.0
        for step in 0...250 {
            let scale = try TextScale(0.5 + Double(step) * 0.01)
            let caption = DynamicTextStyle.caption2.size(at: scale)
            let title = DynamicTextStyle.largeTitle.size(at: scale)
            if scale.value > 1 { #expect(title / 34 < caption / 11, "\(scale)") }
            if scale.value < 1 { #expect(title / 34 > caption / 11, "\(scale)") }
            // A larger style stays larger at every scale.
            let ordered = DynamicTextStyle.allCases.map { $0.size(at: scale) }
            #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0 >= $1 }, "\(scale)")
            #expect(DynamicTextStyle.body.size(at: scale) > previous)
            previous = DynamicTextStyle.body.size(at: scale)
        }
    }

    @Test("a scale outside 0.5…3 or not a number is a typed error naming the value")
    func outOfRangeScalesAreErrors() {
        for bad in [0.49, 3.01, 0, -1, .nan, .infinity] {
            #expect(throws: TextScaleError.self) { try TextScale(bad) }
        }
        #expect(TextScaleError(value: 4).description == "text scale must be a number from 0.5 to 3, not 4.0")
        #expect(throws: Never.self) {
            try TextScale(0.5)
            try TextScale(3)
        }
    }

    @Test("GNOME's text-scaling-factor is clamped into range; NaN is the standard scale")
    func gnomeFactorIsClamped() {
        #expect(TextScale(clampingTextScalingFactor: 1.25).value == 1.25)
        #expect(TextScale(clampingTextScalingFactor: 0.1).value == 0.5)
        #expect(TextScale(clampingTextScalingFactor: 12).value == 3)
        #expect(TextScale(clampingTextScalingFactor: .nan) == .standard)
    }

    @Test("Dynamic Type's categories: large is 1, each larger category a larger scale, the largest 3")
    func contentSizeCategories() {
        #expect(TextScale(.large) == .standard)
        let scales = ContentSizeCategory.allCases.map { TextScale($0).value }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 < $1 })
        #expect(TextScale(.accessibilityExtraExtraExtraLarge).value == 3)
        #expect(abs(TextScale(.extraSmall).value - 14.0 / 17) < 1e-12)
    }

    @Test("a style's size, then the label's or the run's maximum, in the base style")
    func baseStyleScalesAndCaps() throws {
        var style = TextStyle(dynamicTextStyle: .body, textScale: try TextScale(2))
        #expect(abs(style.baseFontSize - 31.06) < 0.005)
        style.maximumFontSize = 28
        #expect(style.scaledFontSize(17) == 28)
        #expect(style.scaledFontSize(17, maximum: 30) == 30)
        #expect(TextStyle(fontSize: 15, dynamicTextStyle: .title1).unscaledFontSize == 28)
        #expect(TextStyle(dynamicTextStyle: .headline).fontDescriptor.weight == .semibold)
        #expect(TextStyle(fontWeight: .bold, dynamicTextStyle: .headline).fontDescriptor.weight == .bold)
    }
}

/// A text style — body, headline, caption… — whose size follows the person's ``TextScale``, as UIKit's
/// `UIFont.TextStyle`.
///
/// | Style | Size at scale 1 | Weight |
/// |---|---|---|
/// | `largeTitle` | 34 | regular |
/// | `title1` | 28 | regular |
/// | `title2` | 22 | regular |
/// | `title3` | 20 | regular |
/// | `headline` | 17 | semibold |
/// | `body` | 17 | regular |
/// | `callout` | 16 | regular |
/// | `subheadline` | 15 | regular |
/// | `footnote` | 13 | regular |
/// | `caption1` | 12 | regular |
/// | `caption2` | 11 | regular |
///
/// Set one on a label's ``TextStyle/dynamicTextStyle`` or on a run (`labelKit.textStyle`); the layout's
/// ``TextStyle/textScale`` scales it along the curve ``TextScale`` describes.
///
/// ```swift
/// var style = TextStyle(dynamicTextStyle: .headline)
/// style.textScale = TextScale(.accessibilityMedium)
/// text[dateRange].labelKit.textStyle = .caption1
/// ```
public enum DynamicTextStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// 34 points.
    case largeTitle
    /// 28 points.
    case title1
    /// 22 points.
    case title2
    /// 20 points.
    case title3
    /// 17 points, semibold.
    case headline
    /// 17 points.
    case body
    /// 16 points.
    case callout
    /// 15 points.
    case subheadline
    /// 13 points.
    case footnote
    /// 12 points.
    case caption1
    /// 11 points.
    case caption2

    /// The size at scale 1, in points.
    public var defaultSize: Double {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    /// The weight the style asks for: semibold for ``headline``, regular for the others.
    public var fontWeight: FontWeight { self == .headline ? .semibold : .regular }

    /// The style's size at `scale`.
    public func size(at scale: TextScale) -> Double { scale.scaledSize(defaultSize) }
}

import Foundation

/// How much larger or smaller than its own size a person wants text: 1 by default, from 0.5 to 3.
///
/// A size is scaled along a curve on which large text grows less than small text, as `UIFontMetrics` scales text
/// styles. A size `s` becomes `s × scale^e`, where the exponent `e` falls from 1 for 11-point text (and smaller) to
/// 0.5 for 34-point text (and larger), linearly in between:
///
/// ```
/// e(s) = 1 − 0.5 × clamp((s − 11) / 23, 0, 1)
/// ```
///
/// So at scale 2 a caption of 11 points becomes 22, body text of 17 points 31.06, and a 34-point title 48.08; at
/// scale 0.5 they become 5.5, 9.3 and 24.04. Dynamic Type's size categories and GNOME's `text-scaling-factor` both map
/// to a scale (``init(_:)-(ContentSizeCategory)`` and ``init(clampingTextScalingFactor:)``).
///
/// ```swift
/// var style = TextStyle(dynamicTextStyle: .body)
/// style.textScale = try TextScale(1.5)
/// try TextScale(1.5).scaledSize(17)   // 24.19…
/// ```
public struct TextScale: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The scale, in ``range``.
    public let value: Double

    /// The scales a person can choose: 0.5 to 3.
    public static let range: ClosedRange<Double> = 0.5...3.0
    /// Text at the size it was given.
    public static let standard = TextScale(uncheckedValue: 1)

    /// A scale of `value`.
    ///
    /// - Throws: ``TextScaleError`` when `value` is not a number in ``range``.
    public init(_ value: Double) throws(TextScaleError) {
        guard Self.range.contains(value) else { throw TextScaleError(value: value) }
        self.value = value
    }

    /// The scale nearest `factor` in ``range`` (NaN gives ``standard``): how an app follows GNOME's
    /// `org.gnome.desktop.interface text-scaling-factor`, which may hold any number.
    public init(clampingTextScalingFactor factor: Double) {
        value = factor.isNaN ? 1 : min(max(factor, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The scale of a Dynamic Type size category: how much its body text is larger than at
    /// ``ContentSizeCategory/large`` (17 points).
    public init(_ category: ContentSizeCategory) {
        self.init(clampingTextScalingFactor: category.bodySize / 17)
    }

    private init(uncheckedValue: Double) {
        value = uncheckedValue
    }

    /// `size` scaled along the curve: `size × value^e(size)` (see the type's discussion).
    public func scaledSize(_ size: Double) -> Double {
        guard value != 1 else { return size }
        let exponent = 1 - 0.5 * min(max((size - 11) / 23, 0), 1)
        return size * pow(value, exponent)
    }

    /// A length that grows with body text (17 points): `length × scaledSize(17) / 17`. What an attachment that
    /// scales with its text (``TextAttachment/scalesWithText``) is scaled by.
    public func scaledLength(_ length: Double) -> Double {
        guard value != 1 else { return length }
        return length * scaledSize(17) / 17
    }

    /// Compares the scales' values.
    public static func < (lhs: TextScale, rhs: TextScale) -> Bool { lhs.value < rhs.value }

    /// The value, as `1.5`.
    public var description: String { "\(value)" }
}

/// A text scale that is not a number from 0.5 to 3.
public struct TextScaleError: Error, Hashable, CustomStringConvertible {
    /// The value that was given.
    public let value: Double

    /// Creates the error.
    public init(value: Double) {
        self.value = value
    }

    /// `text scale must be a number from 0.5 to 3, not 4.0`.
    public var description: String { "text scale must be a number from 0.5 to 3, not \(value)" }
}

/// Dynamic Type's text size categories, each a ``TextScale`` (its body size over 17 points, at most 3).
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable {
    /// Body 14 pt.
    case extraSmall
    /// Body 15 pt.
    case small
    /// Body 16 pt.
    case medium
    /// Body 17 pt: the default, scale 1.
    case large
    /// Body 19 pt.
    case extraLarge
    /// Body 21 pt.
    case extraExtraLarge
    /// Body 23 pt.
    case extraExtraExtraLarge
    /// Body 28 pt.
    case accessibilityMedium
    /// Body 33 pt.
    case accessibilityLarge
    /// Body 40 pt.
    case accessibilityExtraLarge
    /// Body 47 pt.
    case accessibilityExtraExtraLarge
    /// Body 53 pt (scale 3, the largest).
    case accessibilityExtraExtraExtraLarge

    /// The body text size of the category, in points.
    public var bodySize: Double {
        switch self {
        case .extraSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .extraLarge: 19
        case .extraExtraLarge: 21
        case .extraExtraExtraLarge: 23
        case .accessibilityMedium: 28
        case .accessibilityLarge: 33
        case .accessibilityExtraLarge: 40
        case .accessibilityExtraExtraLarge: 47
        case .accessibilityExtraExtraExtraLarge: 53
        }
    }
}

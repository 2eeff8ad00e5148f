/// What a run of text asks of the font system: a family, a weight and a slant.
///
/// ```swift
/// let bold = FontDescriptor(family: "DejaVu Sans", weight: .bold)
/// ```
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The family name, as fontconfig or a registered font file knows it ("DejaVu Sans").
    public var family: String
    /// The weight, on the CSS / OpenType scale (100…900).
    public var weight: FontWeight
    /// Whether an italic or oblique face is wanted.
    public var italic: Bool

    /// Creates a descriptor.
    public init(family: String, weight: FontWeight = .regular, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    /// A readable form for error messages: `"DejaVu Sans" weight 700 italic`.
    public var description: String {
        "\"\(family)\" weight \(weight.rawValue)\(italic ? " italic" : "")"
    }
}

/// A font weight on the CSS / OpenType scale.
public struct FontWeight: RawRepresentable, Hashable, Sendable, Comparable {
    /// The weight, 1…1000; 400 is regular, 700 bold.
    public var rawValue: Int
    /// Creates a weight.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Thin: weight 100.
    public static let thin = FontWeight(rawValue: 100)
    /// Light: weight 300.
    public static let light = FontWeight(rawValue: 300)
    /// Regular: weight 400.
    public static let regular = FontWeight(rawValue: 400)
    /// Medium: weight 500.
    public static let medium = FontWeight(rawValue: 500)
    /// Semibold: weight 600.
    public static let semibold = FontWeight(rawValue: 600)
    /// Bold: weight 700.
    public static let bold = FontWeight(rawValue: 700)
    /// Black: weight 900.
    public static let black = FontWeight(rawValue: 900)
    /// Orders weights from light to heavy.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Vertical metrics of a face at one size, in points, y up (ascent positive, descent positive below the baseline).
public struct FontMetrics: Sendable, Hashable {
    /// Distance from the baseline to the top of the line box.
    public var ascent: Double
    /// Distance from the baseline to the bottom of the line box (positive).
    public var descent: Double
    /// Extra space the font recommends between lines.
    public var lineGap: Double
    /// Position of the underline's centre below the baseline (positive is below).
    public var underlineOffset: Double
    /// Thickness of the underline.
    public var underlineThickness: Double
    /// Position of the strikethrough's centre above the baseline (positive is above).
    public var strikethroughOffset: Double
    /// Thickness of the strikethrough.
    public var strikethroughThickness: Double

    /// Creates metrics.
    public init(
        ascent: Double, descent: Double, lineGap: Double,
        underlineOffset: Double, underlineThickness: Double,
        strikethroughOffset: Double, strikethroughThickness: Double
    ) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.underlineOffset = underlineOffset
        self.underlineThickness = underlineThickness
        self.strikethroughOffset = strikethroughOffset
        self.strikethroughThickness = strikethroughThickness
    }
}

/// Shaping options for one run.
public struct ShapingOptions: Sendable, Hashable {
    /// The font size in points.
    public var size: Double
    /// Whether the run is right to left (an odd bidi level).
    public var rightToLeft: Bool
    /// Whether the font's kerning is applied (on by default).
    public var kerning: Bool
    /// Whether standard ligatures are formed (on by default).
    public var ligatures: Bool

    /// Creates options.
    public init(size: Double, rightToLeft: Bool = false, kerning: Bool = true, ligatures: Bool = true) {
        self.size = size
        self.rightToLeft = rightToLeft
        self.kerning = kerning
        self.ligatures = ligatures
    }
}

/// Glyphs appended by ``FontFace/shape(_:range:options:into:)``, in visual order (left to right), as flat arrays.
///
/// The typesetter owns one of these as a scratch buffer and reuses it, so shaping allocates nothing per run.
public struct ShapedGlyphBuffer: Sendable {
    /// Glyph identifiers in the face.
    public var glyphIDs: [UInt32] = []
    /// For each glyph, the UTF-16 offset in the whole text of the first code unit of its cluster.
    public var clusters: [Int32] = []
    /// Horizontal advance of each glyph, in points.
    public var advances: [Float] = []
    /// Horizontal offset of each glyph from its pen position, in points (right is positive).
    public var xOffsets: [Float] = []
    /// Vertical offset of each glyph from the baseline, in points (up is positive, as in HarfBuzz).
    public var yOffsets: [Float] = []

    /// The glyph identifier of a glyph that takes space but draws nothing: what a tab or a control character becomes.
    /// Renderers skip it.
    public static let invisibleGlyph = UInt32.max

    /// Creates an empty buffer.
    public init() {}

    /// The number of glyphs.
    public var count: Int { glyphIDs.count }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        glyphIDs.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        xOffsets.removeAll(keepingCapacity: true)
        yOffsets.removeAll(keepingCapacity: true)
    }

    /// Appends the glyphs `range` of `other`, adding `clusterOffset` to their clusters.
    public mutating func append(contentsOf other: ShapedGlyphBuffer, range: Range<Int>, clusterOffset: Int32 = 0) {
        let first = count
        // Through unsafe buffers: appending an ArraySlice goes through a generic path several times slower.
        other.glyphIDs.withUnsafeBufferPointer { glyphIDs.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.clusters.withUnsafeBufferPointer { clusters.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.advances.withUnsafeBufferPointer { advances.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.xOffsets.withUnsafeBufferPointer { xOffsets.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        other.yOffsets.withUnsafeBufferPointer { yOffsets.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
        if clusterOffset != 0 {
            clusters.withUnsafeMutableBufferPointer { clusters in
                for index in first..<clusters.count { clusters[index] &+= clusterOffset }
            }
        }
    }

    /// Appends one glyph.
    public mutating func append(glyph: UInt32, cluster: Int32, advance: Float, xOffset: Float = 0, yOffset: Float = 0) {
        glyphIDs.append(glyph)
        clusters.append(cluster)
        advances.append(advance)
        xOffsets.append(xOffset)
        yOffsets.append(yOffset)
    }
}

/// One font face (a file, or a face inside a collection), usable at any size.
///
/// Faces are shared: the font system caches them and hands the same object to every layout on every thread.
public protocol FontFace: AnyObject, Sendable {
    /// The family name the face reports ("Noto Sans CJK JP").
    var familyName: String { get }
    /// Whether the face has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool
    /// Vertical metrics at `size` points.
    func metrics(size: Double) -> FontMetrics
    /// Shapes `range` of `text` (UTF-16, the whole text, for context) and appends the glyphs to `buffer` in visual
    /// order, with clusters as UTF-16 offsets into the whole `text`.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>,
        range: Range<Int>,
        options: ShapingOptions,
        into buffer: inout ShapedGlyphBuffer
    )
}

/// Why a font could not be found or loaded.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No installed or registered font matches the request.
    case noMatch(FontDescriptor)
    /// A font file could not be read or holds no usable face.
    case unreadableFile(path: String, reason: String)

    /// A message that names the request.
    public var description: String {
        switch self {
        case .noMatch(let descriptor): "no font matches \(descriptor)"
        case .unreadableFile(let path, let reason): "cannot use font file \(path): \(reason)"
        }
    }
}

/// Finds faces: the primary face for a descriptor, and fallback faces for text it does not cover.
///
/// The Linux implementation (in `LabelKit`) uses fontconfig, FreeType and HarfBuzz. Implementations cache faces and
/// are safe to use from many threads at once.
public protocol FontSystem: Sendable {
    /// The face that best matches `descriptor`, or ``FontError/noMatch(_:)`` when the family is neither installed nor
    /// registered.
    func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace

    /// A face to draw one grapheme cluster (its UTF-16 code units in `cluster`) that `descriptor`'s primary face
    /// cannot draw whole, or that needs emoji presentation; nil when no face does better than the primary one.
    func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>,
        descriptor: FontDescriptor,
        emojiPresentation: Bool
    ) -> (any FontFace)?
}

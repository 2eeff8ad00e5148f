import CFontconfig
import LabelKitLayout
import LabelKitText

/// The Linux font system: fontconfig finds faces, HarfBuzz shapes them.
///
/// Each instance owns a fontconfig configuration (the installed fonts plus the files registered with
/// ``registerFont(at:)``) and caches everything it finds: one ``SystemFontFace`` per file face, the primary face per
/// descriptor, fontconfig's fallback order per descriptor and the fallback chosen per cluster. After the first
/// lookup, repeated lookups cost a lock and a dictionary probe. Safe to use from many threads at once.
///
/// ```swift
/// let fonts = SystemFontSystem.shared
/// let body = try fonts.face(for: FontDescriptor(family: "DejaVu Sans"))
/// let families = try fonts.registerFont(at: "/app/Fonts/Brand.ttf")   // ["Brand Sans"]
/// let brand = try fonts.face(for: FontDescriptor(family: "Brand Sans", weight: .bold))
/// ```
public final class SystemFontSystem: FontSystem {
    /// A process-wide font system with the installed fonts.
    ///
    /// Fonts registered with it are visible to every user of `shared`; create your own instance to keep them apart.
    public static let shared = SystemFontSystem()

    /// Generic family names fontconfig resolves through its aliases; any face it picks for them is accepted.
    private static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "ui-sans-serif", "ui-serif",
        "ui-monospace", "cursive", "fantasy", "emoji", "math",
    ]

    private let loader = FontconfigLoader()
    private let state = LockedState(State())

    /// The fontconfig configuration, loaded by the first lookup that needs it (or by ``startLoading()``).
    private var config: FontconfigConfig? { loader.config }

    /// Creates a font system over the installed fonts, with its own fontconfig configuration.
    ///
    /// The configuration loads when the first lookup needs it (it reads fontconfig's configuration files and caches:
    /// milliseconds), so making an instance costs nothing; reuse instances. ``startLoading()`` loads it on another
    /// thread meanwhile. When fontconfig cannot load its configuration, every lookup throws
    /// ``LabelKitLayout/FontError/noMatch(_:)`` and ``isAvailable`` is false.
    public init() {}

    /// Whether fontconfig loaded a configuration for this instance (loading it first if no lookup has).
    public var isAvailable: Bool { config != nil }

    /// Starts loading fontconfig's configuration on a thread of its own and returns at once, so that what the caller
    /// does until its first lookup (reading its input, analysing the text) overlaps it.
    ///
    /// Loading is most of a one-shot process's time: a command-line tool calls this once it knows it will lay text
    /// out (after its arguments are read, so that `--help` and argument errors never load fontconfig). A lookup
    /// made while the configuration loads waits for it; one made after finds it loaded. Does nothing when it is
    /// loaded already; without a thread to spare, the first lookup loads it as it would have.
    ///
    /// ```swift
    /// SystemFontSystem.shared.startLoading()
    /// let text = try String(contentsOfFile: path, encoding: .utf8)     // overlaps fontconfig's start
    /// let size = try LabelTypesetter.system.measurement(text, width: 300)
    /// ```
    public func startLoading() { loader.start() }

    // MARK: FontSystem

    /// The face fontconfig matches for the descriptor's family, weight and slant.
    ///
    /// - Throws: ``LabelKitLayout/FontError/noMatch(_:)`` when the matched face's family is not the requested one
    ///   (fontconfig always returns *some* font). Generic families such as "sans-serif" or "monospace" accept any
    ///   match.
    public func face(for descriptor: FontDescriptor) throws(FontError) -> any FontFace {
        try systemFace(for: descriptor)
    }

    /// Like ``face(for:)``, typed as ``SystemFontFace`` for callers that need its file path or colour flag.
    public func systemFace(for descriptor: FontDescriptor) throws(FontError) -> SystemFontFace {
        let result = state.withLock { state in primaryFace(for: descriptor, state: &state) }
        return try result.get()
    }

    /// A face for a cluster that the descriptor's face cannot draw whole, or that asks for emoji presentation.
    ///
    /// With `emojiPresentation`, the colour emoji font (fontconfig's "emoji" family with colour glyphs) is used when it
    /// covers the cluster's first scalar. Otherwise the first face in fontconfig's order for the descriptor (its
    /// ``LabelKitText/FontDescriptor/language`` as fontconfig's `FC_LANG`: `ja` orders Noto Sans CJK JP before SC,
    /// `zh-Hans` SC before JP; see `LanguageTag.fontconfigLanguage`) that covers
    /// every scalar of the cluster (those that need no glyph — joiners, variation selectors, bidi marks, controls —
    /// aside) wins, else the first covering its first scalar. Returns nil when that face is the descriptor's own, or
    /// nothing covers the cluster. Results are cached per descriptor and cluster.
    public func fallbackFace(
        for cluster: UnsafeBufferPointer<UInt16>,
        descriptor: FontDescriptor,
        emojiPresentation: Bool
    ) -> (any FontFace)? {
        var scalars = ClusterScalars()
        scalars.decode(cluster)
        guard scalars.count > 0 else { return nil }
        return state.withLock { state in
            let key = scalars.cacheKey(emojiPresentation: emojiPresentation)
            let results = state.fallbackResults(for: descriptor)
            if let key, let cached = results.answers[key] { return cached.face }
            let face = findFallback(
                scalars, descriptor: descriptor, emojiPresentation: emojiPresentation, state: &state)
            if let key { results.answers[key] = CachedFallback(face: face) }
            return face
        }
    }

    /// The generation of this font system's answers: a registered font starts a new one. Typesetting contexts keep
    /// its fallback answers from one layout to the next while it stays the same.
    public var generation: Int? {
        state.withLock { $0.generation }
    }

    // MARK: Registering font files

    /// Makes the fonts in a file an app ships (TrueType, OpenType, or every face of a collection) available to
    /// this font system by their family names.
    ///
    /// ```swift
    /// let families = try fonts.registerFont(at: bundlePath + "/Inter.ttc")
    /// ```
    ///
    /// - Returns: The family names of the faces in the file, in face order, without repetitions.
    /// - Throws: ``LabelKitLayout/FontError/unreadableFile(path:reason:)`` when the file is missing or not a usable
    ///   font.
    @discardableResult
    public func registerFont(at path: String) throws(FontError) -> [String] {
        // Open every face first: this validates the file and reads the names fontconfig will match.
        let first = try SystemFontFace(filePath: path, faceIndex: 0)
        var faces = [first]
        var index = 1
        while let face = try? SystemFontFace(filePath: path, faceIndex: index) {
            faces.append(face)
            index += 1
        }
        guard let config else {
            throw .unreadableFile(path: path, reason: "fontconfig is not available")
        }
        let added = state.withLock { state in
            guard config.addApplicationFont(path: path) else { return false }
            // Earlier answers (misses especially) may change now that the file is known.
            state.primaryByDescriptor.removeAll()
            state.fallbackOrders.removeAll()
            state.removeFallbackResults()
            state.generation += 1
            for face in faces {
                let key = FontFileKey(path: face.filePath, index: face.faceIndex)
                if state.facesByFile[key] == nil { state.facesByFile[key] = face }
            }
            return true
        }
        guard added else {
            throw .unreadableFile(path: path, reason: "fontconfig could not add it")
        }
        var families: [String] = []
        for face in faces where !face.familyName.isEmpty && !families.contains(face.familyName) {
            families.append(face.familyName)
        }
        return families
    }
}

// MARK: - Lookups (all called with the lock held)

extension SystemFontSystem {
    private func primaryFace(for descriptor: FontDescriptor, state: inout State) -> Result<SystemFontFace, FontError> {
        if let cached = state.primaryByDescriptor[descriptor] { return cached }
        let result = matchPrimary(descriptor, state: &state)
        state.primaryByDescriptor[descriptor] = result
        return result
    }

    private func matchPrimary(_ descriptor: FontDescriptor, state: inout State) -> Result<SystemFontFace, FontError> {
        guard let config, let pattern = Self.pattern(for: descriptor), let matched = config.match(pattern) else {
            return .failure(.noMatch(descriptor))
        }
        let requested = descriptor.family.lowercased()
        if !Self.genericFamilies.contains(requested) {
            let families = matched.strings(FC_FAMILY)
            guard families.contains(where: { $0.lowercased() == requested }) else {
                return .failure(.noMatch(descriptor))
            }
        }
        guard let key = FontFileKey(pattern: matched.handle), let face = self.face(key, state: &state) else {
            return .failure(.noMatch(descriptor))
        }
        return .success(face)
    }

    private func findFallback(
        _ scalars: ClusterScalars,
        descriptor: FontDescriptor,
        emojiPresentation: Bool,
        state: inout State
    ) -> SystemFontFace? {
        let primary = try? primaryFace(for: descriptor, state: &state).get()
        if emojiPresentation, let emoji = emojiFace(state: &state), emoji.covers(codePoint: scalars.first),
            emoji !== primary
        {
            return emoji
        }
        guard let order = fallbackOrder(for: descriptor, state: &state) else { return nil }
        var chosen: FontFileKey?
        if let index = order.candidates.firstIndex(where: { candidate in
            scalars.allSignificant { candidate.covers($0) }
        }) {
            chosen = order.candidates[index].key
        } else if let index = order.candidates.firstIndex(where: { $0.covers(scalars.first) }) {
            chosen = order.candidates[index].key
        }
        guard let chosen, let face = face(chosen, state: &state), face !== primary else { return nil }
        return face
    }

    /// fontconfig's order of all fonts for the descriptor, computed once per descriptor.
    private func fallbackOrder(for descriptor: FontDescriptor, state: inout State) -> FallbackOrder? {
        if let cached = state.fallbackOrders[descriptor] { return cached }
        guard let config, let pattern = Self.pattern(for: descriptor), let set = config.sort(pattern) else {
            return nil
        }
        let order = FallbackOrder(set)
        state.fallbackOrders[descriptor] = order
        return order
    }

    /// The colour emoji face: fontconfig's "emoji" family with colour glyphs, asked for on its own pattern (naming
    /// it in a text pattern would make fontconfig draw digits and `#` as emoji).
    private func emojiFace(state: inout State) -> SystemFontFace? {
        if let cached = state.emojiFace { return cached.face }
        var found: SystemFontFace?
        if let config, let pattern = FontconfigPattern() {
            pattern.add(FC_FAMILY, string: "emoji")
            pattern.add(FC_COLOR, bool: true)
            if let set = config.sort(pattern) {
                // The first colour face that has the emoji itself, in fontconfig's order for "emoji".
                for candidate in FallbackOrder(set).candidates where candidate.isColor && candidate.covers(0x1F600) {
                    found = face(candidate.key, state: &state)
                    if found != nil { break }
                }
            }
        }
        state.emojiFace = CachedFallback(face: found)
        return found
    }

    /// The shared face object for a file face, opened once.
    private func face(_ key: FontFileKey, state: inout State) -> SystemFontFace? {
        if let face = state.facesByFile[key] { return face }
        guard let face = try? SystemFontFace(filePath: key.path, faceIndex: key.index) else { return nil }
        state.facesByFile[key] = face
        return face
    }

    private static func pattern(for descriptor: FontDescriptor) -> FontconfigPattern? {
        guard let pattern = FontconfigPattern() else { return nil }
        pattern.add(FC_FAMILY, string: descriptor.family)
        let weight = Int32(FontWeight(clamping: descriptor.weight.rawValue).rawValue)
        pattern.add(FC_WEIGHT, integer: FcWeightFromOpenType(weight))
        pattern.add(FC_SLANT, integer: descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        // Without a language fontconfig takes the process locale's (FcDefaultSubstitute), as it did before languages.
        if let language = descriptor.language { pattern.add(FC_LANG, string: language.fontconfigLanguage) }
        return pattern
    }
}

// MARK: - State

extension SystemFontSystem {
    /// Everything the font system caches; guarded by `state`'s mutex.
    private struct State {
        var facesByFile: [FontFileKey: SystemFontFace] = [:]
        var primaryByDescriptor: [FontDescriptor: Result<SystemFontFace, FontError>] = [:]
        var fallbackOrders: [FontDescriptor: FallbackOrder] = [:]
        var fallbackResultsByDescriptor: [FontDescriptor: FallbackResults] = [:]
        /// The descriptor asked about last and its answers: a label asks about one descriptor cluster after cluster,
        /// and comparing it (a string compare that sees the same storage) is far cheaper than hashing it.
        var lastFallbackDescriptor: FontDescriptor?
        var lastFallbackResults: FallbackResults?
        var emojiFace: CachedFallback?
        /// Counts the registrations that may have changed the answers.
        var generation = 0

        /// The cached fallback answers for `descriptor`.
        mutating func fallbackResults(for descriptor: FontDescriptor) -> FallbackResults {
            if let last = lastFallbackResults, lastFallbackDescriptor == descriptor { return last }
            let results: FallbackResults
            if let known = fallbackResultsByDescriptor[descriptor] {
                results = known
            } else {
                results = FallbackResults()
                fallbackResultsByDescriptor[descriptor] = results
            }
            lastFallbackDescriptor = descriptor
            lastFallbackResults = results
            return results
        }

        mutating func removeFallbackResults() {
            fallbackResultsByDescriptor.removeAll()
            lastFallbackDescriptor = nil
            lastFallbackResults = nil
        }
    }

    /// The fallback answers for one descriptor; only touched with `state`'s mutex held.
    private final class FallbackResults: @unchecked Sendable {
        var answers: [FallbackKey: CachedFallback] = [:]
    }

    /// A cached answer that may be "none".
    private struct CachedFallback {
        var face: SystemFontFace?
    }

    /// The answer's inputs for one descriptor: emoji flag, the first scalar and the (up to four) scalars needing a
    /// glyph.
    struct FallbackKey: Hashable {
        var emojiPresentation: Bool
        var first: UInt32
        var scalars: (UInt32, UInt32, UInt32, UInt32)
        var count: Int

        static func == (lhs: FallbackKey, rhs: FallbackKey) -> Bool {
            lhs.first == rhs.first && lhs.count == rhs.count && lhs.emojiPresentation == rhs.emojiPresentation
                && lhs.scalars == rhs.scalars
        }

        func hash(into hasher: inout Hasher) {
            // One word into the hasher: most keys are one scalar, and each combine costs a SipHash round.
            var mixed = UInt64(first) << 8 | UInt64(count) << 1 | (emojiPresentation ? 1 : 0)
            mixed ^= (UInt64(scalars.0) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(scalars.1) &* 0xC2B2_AE3D_27D4_EB4F)
            mixed ^= (UInt64(scalars.2) &* 0x1656_67B1_9E37_79F9) ^ (UInt64(scalars.3) &* 0x27D4_EB2F_1656_67C5)
            hasher.combine(mixed)
        }
    }
}

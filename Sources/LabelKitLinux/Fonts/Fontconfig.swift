import CFontconfig

// The fontconfig handles the font system uses, each owned by a final class that frees it in `deinit`.
// None of them is thread-safe on its own: `SystemFontSystem` uses them only while holding its lock.

/// A fontconfig configuration owned by one font system: the installed fonts plus the files registered with it.
final class FontconfigConfig: @unchecked Sendable {
    let handle: OpaquePointer

    /// Loads the system configuration and the installed fonts (`FcInitLoadConfigAndFonts`).
    init?() {
        guard let handle = FcInitLoadConfigAndFonts() else { return nil }
        self.handle = handle
    }

    deinit { FcConfigDestroy(handle) }

    /// Adds one font file (every face of a collection) to this configuration.
    func addApplicationFont(path: String) -> Bool {
        path.withCString { cPath in
            cPath.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigAppFontAddFile(handle, $0) != 0 }
        }
    }

    /// The best match for `pattern` after the configuration's and the default substitutions.
    func match(_ pattern: FontconfigPattern) -> FontconfigPattern? {
        substitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(handle, pattern.handle, &result) else { return nil }
        return FontconfigPattern(owning: matched)
    }

    /// All fonts, best first, for `pattern` after substitutions (`FcFontSort`, untrimmed).
    func sort(_ pattern: FontconfigPattern) -> FontconfigFontSet? {
        substitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(handle, pattern.handle, FcFalse, nil, &result) else { return nil }
        return FontconfigFontSet(owning: set)
    }

    private func substitute(_ pattern: FontconfigPattern) {
        FcConfigSubstitute(handle, pattern.handle, FcMatchPattern)
        FcDefaultSubstitute(pattern.handle)
    }
}

/// An owned `FcPattern`.
final class FontconfigPattern {
    let handle: OpaquePointer

    /// An empty pattern.
    init?() {
        guard let handle = FcPatternCreate() else { return nil }
        self.handle = handle
    }

    /// Takes ownership of a pattern fontconfig returned with a reference for the caller.
    init(owning handle: OpaquePointer) { self.handle = handle }

    deinit { FcPatternDestroy(handle) }

    func add(_ object: String, string: String) {
        string.withCString { value in
            value.withMemoryRebound(to: FcChar8.self, capacity: 1) { _ = FcPatternAddString(handle, object, $0) }
        }
    }

    func add(_ object: String, integer: Int32) { _ = FcPatternAddInteger(handle, object, integer) }

    func add(_ object: String, bool: Bool) { _ = FcPatternAddBool(handle, object, bool ? FcTrue : FcFalse) }

    /// Every string value of `object` (a font has several family names, for example).
    func strings(_ object: String) -> [String] { FontconfigPattern.strings(handle, object) }

    static func strings(_ handle: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(handle, object, index, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            index += 1
        }
        return values
    }
}

/// An owned `FcFontSet`, as `FcFontSort` returns it.
final class FontconfigFontSet {
    let handle: UnsafeMutablePointer<FcFontSet>

    init(owning handle: UnsafeMutablePointer<FcFontSet>) { self.handle = handle }

    deinit { FcFontSetDestroy(handle) }

    /// The patterns, best first. They live as long as this set.
    var patterns: [OpaquePointer] {
        let count = Int(handle.pointee.nfont)
        guard count > 0, let fonts = handle.pointee.fonts else { return [] }
        return (0..<count).compactMap { fonts[$0] }
    }
}

/// The file and face index a fontconfig pattern describes.
struct FontFileKey: Hashable, Sendable {
    var path: String
    var index: Int

    init(path: String, index: Int) {
        self.path = path
        self.index = index
    }

    /// Reads `FC_FILE` and `FC_INDEX` (the low 16 bits; the high bits name a variable-font instance).
    init?(pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        self.init(path: String(cString: file), index: Int(index & 0xFFFF))
    }
}

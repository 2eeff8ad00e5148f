import CCairo
import CFreeType
import LabelKitLayout
import LabelKitText

/// A Cairo font face over a FreeType face opened from a font file, kept by a ``RenderingContext``.
///
/// Cairo requires the `FT_Face` to outlive the `cairo_font_face_t` and everything Cairo caches from it, and FreeType
/// requires its library to outlive the face, so the FreeType face and its library are handed to Cairo as user data
/// (a ``FreeTypeFaceOwner``) with a destroy callback: Cairo frees them when it drops the last reference to the font
/// face, even after the context that opened it is gone.
final class CairoFontFace: @unchecked Sendable {
    /// The `cairo_font_face_t`; Cairo reference-counts it and locks the FreeType face while using it.
    let handle: OpaquePointer

    fileprivate init(handle: OpaquePointer) { self.handle = handle }

    deinit { cairo_font_face_destroy(handle) }
}

/// What renderers keep from one drawing to the next: the Cairo font faces opened from the font files that runs are
/// drawn with, one per file, face index and colour mode, and the FreeType library that opened them.
///
/// A ``LabelRenderer`` draws with its ``LabelRenderer/context``: ``shared`` unless it is given another. Opening a
/// font file costs far more than drawing a label with it, and a label draws with a handful of files, so the shared
/// context keeps them for the life of the process; make a context of your own to keep a part of an app apart, or to
/// let its faces go (``removeAll()``) when that part does. Safe to use from many threads at once.
///
/// ```swift
/// let thumbnails = RenderingContext()
/// var renderer = LabelRenderer(scale: 1)
/// renderer.context = thumbnails
/// let image = try renderer.render(layout)
/// thumbnails.removeAll()   // the faces go once Cairo has finished with them
/// ```
public final class RenderingContext: Sendable {
    private struct Key: Hashable {
        let path: String
        let faceIndex: Int
        let color: Bool
    }

    private struct State {
        var library: FreeTypeLibrary?
        var faces: [Key: CairoFontFace] = [:]
    }

    /// The context every renderer draws with unless it is given another.
    public static let shared = RenderingContext()

    private let state = LockedState(State())
    /// The glyph images drawn so far, composited into images rather than drawn by Cairo again.
    let glyphAtlas: GlyphAtlas

    /// The most bytes of glyph images a context keeps unless it is told otherwise: 32 MiB.
    public static let defaultGlyphCacheByteLimit = 32 << 20

    /// Creates a context with no font opened and no glyph drawn yet.
    ///
    /// Glyph images are kept up to `glyphCacheByteLimit` bytes; past it the context lets them all go and draws them
    /// again as labels need them. Labels look the same whatever the limit; a limit of 0 keeps none.
    ///
    /// ```swift
    /// let small = RenderingContext(glyphCacheByteLimit: 1 << 20)
    /// ```
    public init(glyphCacheByteLimit: Int = RenderingContext.defaultGlyphCacheByteLimit) {
        glyphAtlas = GlyphAtlas(byteLimit: glyphCacheByteLimit)
    }

    /// Forgets every font face the context opened and every glyph image it kept; the next drawing opens and draws
    /// them again. Faces Cairo still uses stay alive until it lets them go.
    public func removeAll() {
        state.withLock { $0 = State() }
        glyphAtlas.removeAll()
    }

    /// The glyph cache's counts: strikes (face, size and scale), glyphs, bytes, glyphs drawn by Cairo, evictions, and
    /// glyphs composited over a background beforehand (one per glyph, colour and background).
    package var glyphCacheStatistics:
        (strikes: Int, glyphs: Int, bytes: Int, rasterized: Int, evictions: Int, tinted: Int)
    {
        let statistics = glyphAtlas.statistics
        return (
            statistics.strikes, statistics.glyphs, statistics.bytes, statistics.rasterized, statistics.evictions,
            statistics.tinted
        )
    }

    /// How many font faces the context keeps open.
    package var openFaceCount: Int { state.withLock { $0.faces.count } }

    /// The key under which Cairo holds the FreeType face as user data; its address must stay fixed.
    private nonisolated(unsafe) static let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(
        capacity: 1
    )

    /// The Cairo face that draws `face`.
    ///
    /// - Throws: ``RenderError/unsupportedFontFace(familyName:)`` when the face has no font file;
    ///   ``RenderError/unreadableFont(path:reason:)`` when FreeType or Cairo cannot open it.
    func cairoFace(for face: any FontFace) throws(RenderError) -> CairoFontFace {
        guard let file = face.file else {
            throw .unsupportedFontFace(familyName: face.familyName)
        }
        let key = Key(path: file.path, faceIndex: file.faceIndex, color: face.hasColorGlyphs)
        // FreeType's library object is not thread safe for opening faces, so opening happens under the lock too.
        let result: Result<CairoFontFace, RenderError> = state.withLock { state in
            if let cached = state.faces[key] { return .success(cached) }
            if state.library == nil { state.library = FreeTypeLibrary() }
            guard let library = state.library else {
                return .failure(.unreadableFont(path: key.path, reason: "FreeType could not be initialised"))
            }
            switch Self.open(key, library: library) {
            case .success(let opened):
                state.faces[key] = opened
                return .success(opened)
            case .failure(let error):
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func open(_ key: Key, library: FreeTypeLibrary) -> Result<CairoFontFace, RenderError> {
        var ftFace: FT_Face? = nil
        let error = FT_New_Face(library.handle, key.path, FT_Long(key.faceIndex), &ftFace)
        guard error == 0, let ftFace else {
            return .failure(
                .unreadableFont(path: key.path, reason: "FreeType error \(error) opening face \(key.faceIndex)"))
        }
        // Unhinted outlines so glyphs sit exactly at the layout's positions; colour bitmaps (CBDT emoji) in colour.
        var loadFlags = Int32(FT_LOAD_NO_HINTING)
        if key.color { loadFlags |= Int32(FT_LOAD_COLOR) }
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, loadFlags) else {
            FT_Done_Face(ftFace)
            return .failure(.unreadableFont(path: key.path, reason: "Cairo could not create a font face"))
        }
        let status = cairo_font_face_status(cairoFace)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FT_Done_Face(ftFace)
            return .failure(.unreadableFont(path: key.path, reason: CairoPNG.reason(status)))
        }
        // Cairo holds the owner (one retain) and releases it when the font face goes: the owner closes the FreeType
        // face and lets go of the library after it.
        let owner = Unmanaged.passRetained(FreeTypeFaceOwner(face: ftFace, library: library)).toOpaque()
        let attached = cairo_font_face_set_user_data(cairoFace, freeTypeFaceKey, owner) { pointer in
            if let pointer { Unmanaged<FreeTypeFaceOwner>.fromOpaque(pointer).release() }
        }
        guard attached == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            Unmanaged<FreeTypeFaceOwner>.fromOpaque(owner).release()   // not attached: ours to release; closes the face
            return .failure(.unreadableFont(path: key.path, reason: CairoPNG.reason(attached)))
        }
        return .success(CairoFontFace(handle: cairoFace))
    }
}

/// A FreeType face and the library that opened it, owned together: the face is closed first, then the library is let
/// go (and closed when no other face needs it). FreeType faces must not outlive their library.
private final class FreeTypeFaceOwner {
    let face: FT_Face
    let library: FreeTypeLibrary

    init(face: FT_Face, library: FreeTypeLibrary) {
        self.face = face
        self.library = library
    }

    deinit { FT_Done_Face(face) }
}

/// Owns an `FT_Library`, closed when its context and every face it opened are gone.
private final class FreeTypeLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library? = nil
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

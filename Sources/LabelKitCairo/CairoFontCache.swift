import CCairo
import CFreeType
import LabelKitLayout
import LabelKitText

/// A Cairo font face over a FreeType face opened from a font file, shared by every render in the process.
///
/// Cairo requires the `FT_Face` to outlive the `cairo_font_face_t` and everything Cairo caches from it, so the
/// FreeType face is handed to Cairo as user data with a destroy callback: Cairo frees it when it drops the last
/// reference to the font face. The cache keeps every face it opens for the life of the process (a label draws with
/// a handful of font files), so in practice neither is ever freed.
final class CairoFontFace: @unchecked Sendable {
    /// The `cairo_font_face_t`; Cairo reference-counts it and locks the FreeType face while using it.
    let handle: OpaquePointer

    fileprivate init(handle: OpaquePointer) { self.handle = handle }

    deinit { cairo_font_face_destroy(handle) }
}

/// Opens and caches Cairo font faces per font file and face index, behind one lock.
enum CairoFontCache {
    private struct Key: Hashable {
        let path: String
        let faceIndex: Int
        let color: Bool
    }

    private struct State {
        var library: FreeTypeLibrary?
        var faces: [Key: CairoFontFace] = [:]
    }

    private static let state = LockedState(State())

    /// The key under which Cairo holds the FreeType face as user data; its address must stay fixed.
    private nonisolated(unsafe) static let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(
        capacity: 1
    )

    /// The Cairo face that draws `face`.
    ///
    /// - Throws: ``RenderError/unsupportedFontFace(familyName:)`` when the face has no font file;
    ///   ``RenderError/unreadableFont(path:reason:)`` when FreeType or Cairo cannot open it.
    static func cairoFace(for face: any FontFace) throws(RenderError) -> CairoFontFace {
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
            switch open(key, library: library) {
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
        var status = cairo_font_face_status(cairoFace)
        if status == CAIRO_STATUS_SUCCESS {
            status = cairo_font_face_set_user_data(cairoFace, freeTypeFaceKey, UnsafeMutableRawPointer(ftFace)) {
                pointer in
                if let pointer { FT_Done_Face(pointer.assumingMemoryBound(to: FT_FaceRec.self)) }
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FT_Done_Face(ftFace)
            return .failure(.unreadableFont(path: key.path, reason: CairoPNG.reason(status)))
        }
        return .success(CairoFontFace(handle: cairoFace))
    }
}

/// Owns an `FT_Library`. The cache keeps one for the life of the process; FreeType faces must not outlive it.
private final class FreeTypeLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library? = nil
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

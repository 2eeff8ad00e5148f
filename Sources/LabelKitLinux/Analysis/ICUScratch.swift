import CICUShim

/// One set of ICU objects (break iterators and a bidi object) for one analysis call at a time, freed with the object;
/// a nil handle when ICU could not make them.
///
/// `@unchecked Sendable` because a set passes between threads only through ``ICUTextAnalyzer``'s lock, and one call
/// uses it at a time.
final class ICUScratch: @unchecked Sendable {
    let handle: OpaquePointer?

    init() {
        handle = labelkit_icu_scratch_create()
    }

    deinit { labelkit_icu_scratch_destroy(handle) }
}

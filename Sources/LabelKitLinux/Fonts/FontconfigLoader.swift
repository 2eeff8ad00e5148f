import LabelKitText

#if canImport(Glibc)
    import Glibc
#endif

/// A font system's fontconfig configuration, loaded the first time it is needed rather than when the font system is
/// made, or on a thread of its own when ``start()`` asks for that.
///
/// Loading (`FcInitLoadConfigAndFonts`: parsing the XML configuration, mapping the font caches) is most of a one-shot
/// `labelkit measure` (25 M of 41 M instructions): made lazily, a process that never lays anything out (`--help`, an
/// argument error, `links`) never pays it; started early on another thread, it overlaps the caller's work until its
/// first font lookup. A thread that needs the configuration while it loads waits for it under the lock.
final class FontconfigLoader: @unchecked Sendable {
    private enum Loading {
        case notLoaded
        /// The configuration, or nil when fontconfig could not load one.
        case loaded(FontconfigConfig?)
    }

    private let state = LockedState(Loading.notLoaded)

    /// The configuration, loaded on first use (by whichever thread asks first; the others wait for it); nil when
    /// fontconfig cannot load one.
    var config: FontconfigConfig? {
        state.withLock { loading in
            if case .loaded(let config) = loading { return config }
            let config = FontconfigConfig()
            loading = .loaded(config)
            return config
        }
    }

    /// Whether the configuration is loaded (or failed to load) already.
    var isLoaded: Bool {
        state.withLock { loading in
            if case .loaded = loading { return true }
            return false
        }
    }

    /// Starts loading the configuration on a new detached thread, unless it is loaded; returns at once. When no
    /// thread can be made, the configuration loads on first use as before.
    func start() {
        guard !isLoaded else { return }
        #if canImport(Glibc)
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    let loader = Unmanaged<FontconfigLoader>.fromOpaque(context).takeRetainedValue()
                    _ = loader.config
                    return nil
                }, context)
            if made == 0 {
                pthread_detach(thread)
            } else {
                Unmanaged<FontconfigLoader>.fromOpaque(context).release()
            }
        #endif
    }
}

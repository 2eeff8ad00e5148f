import Foundation
import Synchronization

/// Set when SIGINT or SIGTERM arrives; the event loop checks it and ends cleanly (SDL_Quit, exit code 0).
///
/// SDL posts a quit event on these signals by default, but only where the signal is not already ignored — a
/// process started in the background of a non-interactive shell inherits an ignored SIGINT — so the demo installs
/// its own handlers, after SDL's.
let quitSignal = Atomic<Bool>(false)

/// Installs the handlers. Touches the flag first so that the handler never runs a lazy global initialiser.
func installQuitSignalHandlers() {
    quitSignal.store(false, ordering: .relaxed)
    for signalNumber in [SIGINT, SIGTERM] {
        // Storing to a lock-free atomic is async-signal-safe.
        signal(signalNumber) { _ in quitSignal.store(true, ordering: .relaxed) }
    }
}

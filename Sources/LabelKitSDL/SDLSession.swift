import CSDL2
import Foundation
import LabelKit

/// An error from SDL: the call that failed and SDL's own message.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// The SDL function that failed.
    public let operation: String
    /// SDL's message (`SDL_GetError`).
    public let message: String

    init(_ operation: String) {
        self.operation = operation
        message = SDL_GetError().map { String(cString: $0) } ?? "unknown error"
    }

    /// `operation: message`.
    public var description: String { "\(operation): \(message)" }
}

/// What the window system reports, translated from SDL's events into plain Swift values.
///
/// Points are in window coordinates (SDL window points, origin top-left, y down); times are seconds on SDL's
/// monotonic clock, the same clock as ``SDLSession/seconds``.
public enum WindowEvent: Sendable, Equatable {
    /// The app should quit: the last window was closed, or SIGINT/SIGTERM arrived (SDL turns them into this event).
    case quit
    /// A mouse button went down, with the modifier keys held then (shift+click extends a selection).
    case mouseDown(CGPoint, button: Int, time: Double, modifiers: KeyModifiers)
    /// A mouse button went up.
    case mouseUp(CGPoint, button: Int, time: Double)
    /// The mouse moved; `isPressed` when the left button is held.
    case mouseMove(CGPoint, isPressed: Bool, time: Double)
    /// The wheel turned by `dx`, `dy` notches (positive `dy`: away from the user) with the pointer at `location`.
    case wheel(dx: Double, dy: Double, at: CGPoint, time: Double)
    /// The window's size in points changed.
    case resized(width: Int, height: Int)
    /// The window needs drawing again (uncovered, shown).
    case exposed
    /// A key the view layer knows was pressed, with its modifiers.
    case key(KeyPress)
    /// The window became the active one: it has the keyboard focus.
    case activated
    /// The window stopped being the active one.
    case deactivated
    /// An event the view layer does not use (other keys among them).
    case other
}

/// SDL itself: initialised (video) on creation, shut down (`SDL_Quit`) when released. Create one per process,
/// before any ``Window``.
///
/// SDL installs handlers for SIGINT and SIGTERM that post a quit event, so an event loop that ends on
/// ``WindowEvent/quit`` exits cleanly on a signal too.
///
/// ```swift
/// let session = try SDLSession()
/// let window = try Window(session: session, title: "Demo", width: 640, height: 480)
/// while let event = session.waitEvent(timeout: 0.1), event != .quit { … }
/// ```
public final class SDLSession {
    /// Initialises SDL's video subsystem.
    ///
    /// - Throws: ``SDLError`` when there is no display (no `DISPLAY` or `WAYLAND_DISPLAY`) or SDL cannot start.
    public init() throws(SDLError) {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_Init") }
        let type = SDL_RegisterEvents(1)
        wakeUp = SDLWakeUp(eventType: type == UInt32.max ? nil : type)
    }

    /// Wakes ``waitEvent(timeout:)`` from any thread: the screen-reader bridge posts it when a call arrives.
    let wakeUp: SDLWakeUp

    /// Hears every key before the app does, and answers whether it consumed it (a consumed key is not handed to the
    /// app): the screen-reader bridge's forwarding to the AT-SPI registry. Called on the main thread, where the loop
    /// waits for events.
    var screenReaderKeyFilter: (@MainActor (ScreenReaderKey) -> Bool)?

    /// SDL on its dummy video driver: windows without a display, drawn by the software renderer and read back with
    /// ``Window/pixels(in:)``. A test hook; the driver is chosen by a hint, not the environment, so that other threads
    /// reading the environment meanwhile are safe.
    package static func headless() throws(SDLError) -> SDLSession {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        return try SDLSession()
    }

    deinit {
        SDL_Quit()
    }

    /// Seconds since SDL started, on the clock event timestamps use.
    public var seconds: Double { Double(SDL_GetTicks64()) / 1000 }

    /// The next event, waiting at most `timeout` seconds; nil when none came.
    public func waitEvent(timeout: Double) -> WindowEvent? {
        var event = SDL_Event()
        let milliseconds = Int32(max(0, min(timeout, 10)) * 1000)
        guard SDL_WaitEventTimeout(&event, milliseconds) == 1 else { return nil }
        return filtered(event)
    }

    /// The next event if one is queued; never waits.
    public func pollEvent() -> WindowEvent? {
        var event = SDL_Event()
        guard SDL_PollEvent(&event) == 1 else { return nil }
        return filtered(event)
    }

    /// The event as the app sees it: a key goes to the screen reader first (``screenReaderKeyFilter``), and one it
    /// consumed, like every key's release, reaches the app as ``WindowEvent/other``.
    private func filtered(_ event: SDL_Event) -> WindowEvent {
        guard event.type == SDL_KEYDOWN.rawValue || event.type == SDL_KEYUP.rawValue else {
            return Self.translate(event)
        }
        if let filter = screenReaderKeyFilter, let key = Self.screenReaderKey(event.key),
            MainActor.assumeIsolated({ filter(key) })
        {
            return .other
        }
        return event.type == SDL_KEYDOWN.rawValue ? Self.translate(event) : .other
    }

    private static func translate(_ event: SDL_Event) -> WindowEvent {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let button = event.button
            let point = CGPoint(x: Double(button.x), y: Double(button.y))
            let time = Double(button.timestamp) / 1000
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .mouseDown(point, button: Int(button.button), time: time, modifiers: modifiers(SDL_GetModState()))
                : .mouseUp(point, button: Int(button.button), time: time)
        case SDL_MOUSEMOTION.rawValue:
            let motion = event.motion
            return .mouseMove(
                CGPoint(x: Double(motion.x), y: Double(motion.y)), isPressed: motion.state & 1 != 0,
                time: Double(motion.timestamp) / 1000
            )
        case SDL_MOUSEWHEEL.rawValue:
            let wheel = event.wheel
            let flip = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            return .wheel(
                dx: Double(wheel.preciseX) * flip, dy: Double(wheel.preciseY) * flip,
                at: CGPoint(x: Double(x), y: Double(y)), time: Double(wheel.timestamp) / 1000
            )
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return .resized(width: Int(event.window.data1), height: Int(event.window.data2))
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue:
                return .exposed
            case SDL_WINDOWEVENT_CLOSE.rawValue:
                return .quit
            case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue:
                return .activated
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
                return .deactivated
            default:
                return .other
            }
        case SDL_KEYDOWN.rawValue:
            guard let key = key(event.key.keysym.sym) else { return .other }
            return .key(KeyPress(key, modifiers: modifiers(SDL_Keymod(UInt32(event.key.keysym.mod)))))
        default:
            return .other
        }
    }

    /// The keys the view layer uses: focus, activation, selection, menus, scrolling, and letters for ctrl+A, ctrl+C.
    private static func key(_ symbol: SDL_Keycode) -> KeyPress.Key? {
        let code = Int(symbol)
        switch code {
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_APPLICATION.rawValue), Int(SDLK_MENU.rawValue): return .menu
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): return .function(code - Int(SDLK_F1.rawValue) + 1)
        case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue):
            return UnicodeScalar(UInt32(code)).map { .character(Character($0)) }
        default: return nil
        }
    }

    private static func modifiers(_ state: SDL_Keymod) -> KeyModifiers {
        let bits = state.rawValue
        var modifiers: KeyModifiers = []
        if bits & (KMOD_LSHIFT.rawValue | KMOD_RSHIFT.rawValue) != 0 { modifiers.insert(.shift) }
        if bits & (KMOD_LCTRL.rawValue | KMOD_RCTRL.rawValue) != 0 { modifiers.insert(.control) }
        if bits & (KMOD_LALT.rawValue | KMOD_RALT.rawValue) != 0 { modifiers.insert(.alt) }
        return modifiers
    }
}

/// Posts an event of SDL's that wakes a loop waiting in ``SDLSession/waitEvent(timeout:)``: safe on any thread
/// (`SDL_PushEvent`). The event reaches the app as ``WindowEvent/other``.
struct SDLWakeUp: Sendable {
    /// The event type SDL registered for it; nil when SDL had none left (waking then does nothing).
    let eventType: UInt32?

    func post() {
        guard let eventType else { return }
        var event = SDL_Event()
        event.type = eventType
        _ = SDL_PushEvent(&event)
    }
}

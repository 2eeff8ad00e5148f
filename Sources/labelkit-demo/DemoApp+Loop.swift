import Foundation
import LabelKit
import LabelKitJSON
import LabelKitSDL

/// The demo's event loop, its drawing and its frame statistics.
extension DemoApp {
    /// Runs until the window closes or a signal arrives; returns the exit code.
    func run() throws -> Int32 {
        try draw()
        emitLayout("ready")
        if options.scrollTestSeconds != nil, try !waitForMeasuredList() {
            log.emit("exit")
            return 0
        }
        var lastStats = session.seconds
        var scrollDirection = 1.0
        let scrollStart = session.seconds
        var lastFrame = session.seconds
        let scrollSpeed = 1800.0
        var running = true
        while running, !quitSignal.load(ordering: .relaxed) {
            let timeout: Double
            if options.scrollTestSeconds != nil {
                timeout = max(0, 1.0 / 60 - (session.seconds - lastFrame))
            } else {
                timeout = host.isTracking ? 0.01 : 0.05
            }
            var next = session.waitEvent(timeout: timeout)
            // A frame's time runs from here, once the loop wakes, to the end of the present: the events, the screen
            // reader's calls, the measurements taken in, the scroll step and the drawing are all part of it.
            let turnStart = DispatchTime.now().uptimeNanoseconds
            while let event = next {
                switch event {
                case .quit:
                    running = false
                case .resized:
                    try relayout()
                    _ = host.handle(event)   // bounds-changed for screen readers
                    emitLayout("layout")
                case .exposed:
                    needsDraw = true
                case .key(let key) where key == KeyPress(.escape):
                    // Escape closes a menu or clears a selection first; with nothing to clear it quits.
                    let results = host.handle(event)
                    if results.isEmpty { running = false }
                    for (view, viewEvent) in results { try react(to: view, viewEvent) }
                case .key(let key) where key == KeyPress(.pageDown):
                    for (view, viewEvent) in list.scroll(by: Double(list.frame.height) * 0.9).map({ (list, $0) }) {
                        try react(to: view, viewEvent)
                    }
                case .key(let key) where key == KeyPress(.pageUp):
                    for (view, viewEvent) in list.scroll(by: -Double(list.frame.height) * 0.9).map({ (list, $0) }) {
                        try react(to: view, viewEvent)
                    }
                default:
                    for (view, viewEvent) in host.handle(event) { try react(to: view, viewEvent) }
                }
                next = session.pollEvent()
            }
            for (view, viewEvent) in host.advance(to: session.seconds) { try react(to: view, viewEvent) }
            try followSettings()
            let wasMeasuring = list.isMeasuring
            if list.collectMeasurements() { needsDraw = true }
            if wasMeasuring, !list.isMeasuring {
                log.emit(
                    "measured",
                    [
                        ("widget", .string("list")), ("rows", .number(Double(list.texts.count))),
                        ("measure_ms", .number(list.lastMeasureDuration * 1000)),
                        ("content_height", .number(list.contentHeight)),
                    ])
            }

            let now = session.seconds
            // A frame every 60th of a second; a turn woken sooner (a screen reader's call) draws nothing.
            if let seconds = options.scrollTestSeconds, now - lastFrame >= 1.0 / 60 - 0.001 {
                if now - scrollStart >= seconds { break }
                let step = scrollSpeed * min(now - lastFrame, 0.1) * scrollDirection
                let scrolled = list.scroll(by: step)
                if scrolled.isEmpty { scrollDirection = -scrollDirection }
                for event in scrolled { host.report(event, of: list) }
                needsDraw = true
            }
            if needsDraw {
                lastFrame = now
                try draw(since: turnStart)
            }
            if options.stats || options.scrollTestSeconds != nil, now - lastStats >= 1 {
                lastStats = now
                emitStats("stats", frameTimes)
                frameTimes.removeAll(keepingCapacity: true)
            }
        }
        if options.scrollTestSeconds != nil {
            emitStats(
                "scroll-test", allFrameTimes,
                extra: [
                    ("renderer", .string(window.rendererName)),
                    ("rows", .number(Double(list.texts.count))), ("first_row", .number(Double(list.firstVisibleRow))),
                    ("rows_rendered", .number(Double(list.renderedRowCount))),
                    ("measure_ms", .number(list.lastMeasureDuration * 1000)),
                    (
                        "cpu_ms_per_frame",
                        .number(
                            (Self.processCPUSeconds() - scrollTestCPUStart) * 1000 / Double(max(1, allFrameTimes.count))
                        )
                    ),
                ])
        }
        log.emit("exit")
        return 0
    }

    /// The scroll test measures steady scrolling: it starts once every row's height is in (reported on its own).
    /// Returns false when the app was asked to quit meanwhile.
    func waitForMeasuredList() throws -> Bool {
        let deadline = session.seconds + 300
        while list.isMeasuring, session.seconds < deadline {
            if quitSignal.load(ordering: .relaxed) { return false }
            while let event = session.waitEvent(timeout: 0.05) {
                if event == .quit { return false }
            }
            list.collectMeasurements()
        }
        try draw()
        frameTimes.removeAll()
        allFrameTimes.removeAll()
        scrollTestCPUStart = Self.processCPUSeconds()
        return true
    }

    /// The CPU time of the whole process so far, every thread's, in seconds: with a software renderer (llvmpipe, on
    /// Xvfb) the frames' cost, less sensitive than their wall-clock time to other processes on the machine.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Draws every view and presents the frame; its time, from `start` (now by default) to the end of the present,
    /// goes into the frame statistics.
    func draw(since start: UInt64 = DispatchTime.now().uptimeNanoseconds) throws {
        try host.draw(in: window, background: .background)
        if !reportedAccessibility, let accessibility = host.accessibilityStatus {
            FileHandle.standardError.write(Data("labelkit-demo: \(accessibility)\n".utf8))
            reportedAccessibility = true
        }
        window.present()
        needsDraw = false
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        frameTimes.append(milliseconds)
        allFrameTimes.append(milliseconds)
    }

    func emitStats(_ event: String, _ times: [Double], extra: [(String, JSONValue)] = []) {
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        let line: [(String, JSONValue)] =
            [
                ("frame_ms_p50", .number(percentile(0.5))), ("frame_ms_p99", .number(percentile(0.99))),
                ("frame_ms_max", .number(sorted.last ?? 0)), ("frames", .number(Double(times.count))),
            ] + extra
        // Stats go out even without --events: they are what --stats and --scroll-test are for.
        EventLog(isEnabled: true).emit(event, line)
    }
}

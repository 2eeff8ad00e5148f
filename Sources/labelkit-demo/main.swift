import Foundation

/// labelkit-demo: every LabelKit behaviour in one SDL window.
///
///     labelkit-demo [--events] [--stats] [--scroll-test SECONDS] [--size WxH] [--rows N]
let usage = """
    usage: labelkit-demo [--events] [--stats] [--scroll-test SECONDS] [--size WIDTHxHEIGHT] [--rows N]
      --events              print one JSON object per line on stdout: ready (widget frames, link rects), then actions
      --stats               print frame times every second
      --scroll-test SECONDS scroll the list continuously, print frame times, then exit
      --size WxH            the window size in points (default 1000x720)
      --rows N              the number of list rows (default 10000)
    """

func parseOptions(_ arguments: [String]) -> DemoApp.Options? {
    var options = DemoApp.Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--events": options.events = true
        case "--stats": options.stats = true
        case "--scroll-test":
            if let next = remaining.first, let seconds = Double(next), seconds > 0 {
                remaining.removeFirst()
                options.scrollTestSeconds = seconds
            } else {
                options.scrollTestSeconds = 5
            }
        case "--size":
            let parts = remaining.popFirst()?.split(separator: "x").compactMap { Int($0) } ?? []
            guard parts.count == 2, parts.allSatisfy({ $0 >= 200 && $0 <= 8192 }) else { return nil }
            options.width = parts[0]
            options.height = parts[1]
        case "--rows":
            guard let rows = remaining.popFirst().flatMap({ Int($0) }), rows >= 0, rows <= 1_000_000 else { return nil }
            options.rows = rows
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            return nil
        }
    }
    return options
}

guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}

// The app (window, renderer, SDL) is released before exiting, so SDL_Quit runs and the display is left clean.
let exitCode: Int32 = {
    do {
        let app = try DemoApp(options: options)
        return try app.run()
    } catch {
        FileHandle.standardError.write(Data("labelkit-demo: \(error)\n".utf8))
        return 1
    }
}()
exit(exitCode)

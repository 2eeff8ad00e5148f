import Foundation
import LabelKit
import Testing

@testable import LabelKitSDL

/// The bridge on a real bus: a private `dbus-daemon` (from Debian's `dbus`, which `make deps` installs), the bridge
/// answering on the main thread as an app's loop does, and four clients on threads of their own hammering it with
/// malformed and hostile calls. Every call gets a reply or a D-Bus error, none waits out its timeout, and the bridge
/// answers a plain call afterwards. `make tsan` and `make asan` run it.
@MainActor
@Suite struct ScreenReaderBusConcurrencyTests {
    /// A private message bus for one test, stopped when released.
    final class PrivateBus {
        let process = Process()
        let address: String

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = ["--session", "--nofork", "--print-address=1"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                data += chunk
            }
            address = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !address.isEmpty else { throw DBusError.failed("dbus-daemon printed no address") }
        }

        deinit {
            // Foundation reaps the process; waiting for it here (waitUntilExit) can hang off the main run loop.
            process.terminate()
        }
    }

    /// One hostile call: a path, an interface, a member and arguments of the wrong kinds, sizes and signs. (Malformed
    /// names — a path with a dash, an empty interface — never leave a client: GDBus and the bus refuse them.)
    struct Call: Sendable {
        let path: String
        let interface: String
        let member: String
        let arguments: [DBusValue]
    }

    static func hostileCalls() -> [Call] {
        let prefix = ATSPIConnection.pathPrefix
        let long = String(repeating: "情", count: 5_000)
        let paths =
            [
                "v0", "v0l0", "v0h0", "v1", "v2", "v99", "v0l99", "v0l_1", "v0r7", "root", "frame", "v", "v00", "vv0",
                "v0l" + String(repeating: "9", count: 40), "v" + String(repeating: "1", count: 300),
            ].map { prefix + $0 } + [ATSPIConnection.cachePath]
        let arguments: [[DBusValue]] = [
            [], [.int32(Int32.min)], [.int32(Int32.max), .int32(Int32.min)], [.int32(-1), .int32(-1), .uint32(99)],
            [.string(long)], [.string("org.a11y.atspi.Text"), .string("CharacterCount")],
            [.string(long), .string(long)], [.uint32(UInt32.max), .int32(5), .int32(-5)], [.bool(true), .double(.nan)],
            [.array(elementType: "s", [.string("x"), .string(long)])],
            [.int32(0), .int32(Int32.max), .int32(Int32.min), .uint32(2)],
        ]
        let methods: [(String, String)] = [
            ("org.a11y.atspi.Text", "GetText"), ("org.a11y.atspi.Text", "GetTextAtOffset"),
            ("org.a11y.atspi.Text", "GetCharacterExtents"), ("org.a11y.atspi.Text", "GetRangeExtents"),
            ("org.a11y.atspi.Text", "GetOffsetAtPoint"), ("org.a11y.atspi.Text", "SetSelection"),
            ("org.a11y.atspi.Text", "SetCaretOffset"), ("org.a11y.atspi.Text", "GetAttributeRun"),
            ("org.a11y.atspi.Text", "GetStringAtOffset"), ("org.a11y.atspi.Accessible", "GetChildAtIndex"),
            ("org.a11y.atspi.Accessible", "GetRelationSet"), ("org.a11y.atspi.Component", "GetExtents"),
            ("org.a11y.atspi.Component", "GetAccessibleAtPoint"), ("org.a11y.atspi.Component", "GrabFocus"),
            ("org.a11y.atspi.Action", "DoAction"), ("org.a11y.atspi.Action", "GetName"),
            ("org.a11y.atspi.Hypertext", "GetLink"), ("org.a11y.atspi.Hyperlink", "GetURI"),
            ("org.a11y.atspi.Hyperlink", "GetObject"), ("org.freedesktop.DBus.Properties", "Get"),
            ("org.freedesktop.DBus.Properties", "GetAll"), ("org.freedesktop.DBus.Properties", "Set"),
            ("org.a11y.atspi.Nonsense", "Explode"), ("org.a11y.atspi.Cache", "GetItems"),
        ]
        var calls: [Call] = []
        for (index, path) in paths.enumerated() {
            for (offset, (interface, member)) in methods.enumerated() {
                let argument = arguments[(index + offset) % arguments.count]
                calls.append(Call(path: path, interface: interface, member: member, arguments: argument))
            }
        }
        return calls
    }

    @Test func hostileCallsFromSeveralThreadsAtOnceAllGetAnAnswerAndTheBridgeStillAnswers() async throws {
        let bus = try PrivateBus()
        let fixture = try await ATSPIDispatchTableTests.Fixture()
        let bridge = try AccessibilityBridge(
            host: fixture.host, window: ATSPIDispatchTableTests.FakeWindow(), session: nil, applicationName: "tests",
            connection: try ATSPIConnection(privateBus: bus.address))
        let destination = bridge.busName
        let calls = Self.hostileCalls()
        let address = bus.address
        let outcomes = LockedState<(replies: Int, errors: Int, timeouts: [String])>((0, 0, []))
        let finished = LockedState(0)
        let clients = 4
        for client in 0..<clients {
            Thread.detachNewThread {
                defer { finished.withLock { $0 += 1 } }
                guard let connection = try? DBusConnection(address: address) else {
                    outcomes.withLock { $0.timeouts.append("client \(client) could not connect") }
                    return
                }
                for call in calls.shuffled() {
                    do throws(DBusError) {
                        _ = try connection.call(
                            destination, call.path, call.interface, call.member, call.arguments, timeout: 10)
                        outcomes.withLock { $0.replies += 1 }
                    } catch .remote {
                        outcomes.withLock { $0.errors += 1 }
                    } catch {
                        outcomes.withLock { $0.timeouts.append("\(call.interface).\(call.member) \(error)") }
                    }
                }
            }
        }
        let deadline = Date().addingTimeInterval(120)
        while finished.withLock({ $0 }) < clients, Date() < deadline {
            _ = bridge.pump()
            usleep(200)
        }
        let result = outcomes.withLock { $0 }
        #expect(finished.withLock { $0 } == clients)
        #expect(result.timeouts.isEmpty, "\(result.timeouts.prefix(5))")
        #expect(result.replies + result.errors == clients * calls.count)
        #expect(result.errors > 0 && result.replies > 0)

        // Afterwards a plain call is answered, from a fresh connection.
        let plain = LockedState<[DBusValue]?>(nil)
        Thread.detachNewThread {
            let connection = try? DBusConnection(address: address)
            let reply = try? connection?.call(
                destination, ATSPIConnection.pathPrefix + "v0", "org.a11y.atspi.Text", "GetText",
                [.int32(0), .int32(-1)], timeout: 10)
            plain.withLock { $0 = reply ?? [] }
        }
        while plain.withLock({ $0 }) == nil, Date() < deadline {
            _ = bridge.pump()
            usleep(200)
        }
        #expect(plain.withLock { $0 } == [.string("Pick 📜 some terms now")])
    }

    @Test func activatingTheWindowIsAnnouncedAsGTKAnnouncesItThenTheFocusedObject() async throws {
        let bus = try PrivateBus()
        let fixture = try await ATSPIDispatchTableTests.Fixture()
        let bridge = try AccessibilityBridge(
            host: fixture.host, window: ATSPIDispatchTableTests.FakeWindow(), session: nil, applicationName: "tests",
            connection: try ATSPIConnection(privateBus: bus.address))
        let listener = try DBusConnection(address: bus.address)
        for (interface, member) in [
            ("org.a11y.atspi.Event.Window", "Activate"), ("org.a11y.atspi.Event.Window", "Deactivate"),
            ("org.a11y.atspi.Event.Object", "StateChanged"),
        ] {
            for path in ["frame", "v0l0"] {
                try listener.subscribe(
                    to: DBusSignalRule(
                        sender: bridge.busName, path: ATSPIConnection.pathPrefix + path, interface: interface,
                        member: member))
            }
        }
        // A screen reader is there once it has asked something.
        let asked = LockedState(false)
        let address = bus.address
        let destination = bridge.busName
        Thread.detachNewThread {
            let client = try? DBusConnection(address: address)
            _ = try? client?.call(
                destination, ATSPIConnection.pathPrefix + "frame", "org.a11y.atspi.Accessible", "GetRole", timeout: 10)
            asked.withLock { $0 = true }
        }
        let deadline = Date().addingTimeInterval(20)
        while !asked.withLock({ $0 }), Date() < deadline {
            _ = bridge.pump()
            usleep(500)
        }
        // A link has the focus.
        for event in fixture.call("v0l0", "Component", "GrabFocus").events { bridge.observe(fixture.label, event) }
        bridge.windowActivationChanged(isActive: true)
        bridge.windowActivationChanged(isActive: true)   // said once
        bridge.windowActivationChanged(isActive: false)
        var heard: [String] = []
        while heard.count < 8, Date() < deadline {
            heard += listener.takeSignals().map { signal in
                let detail = signal.arguments.first?.stringValue ?? ""
                let on = signal.arguments.dropFirst().first == .int32(1) ? "+" : "-"
                let name = signal.path.dropFirst(ATSPIConnection.pathPrefix.count)
                return signal.member == "StateChanged" ? "\(name) \(on)\(detail)" : "\(name) \(signal.member)"
            }
            usleep(1000)
        }
        let afterFocus = Array(heard.drop { $0 != "frame Activate" })
        #expect(heard.prefix(2) == ["v0l0 +showing", "v0l0 +focused"])
        #expect(
            afterFocus == [
                "frame Activate", "frame +active", "v0l0 +focused", "v0l0 -focused", "frame -active",
                "frame Deactivate",
            ])
    }
}

#!/usr/bin/python3
"""Malformed and hostile AT-SPI requests to labelkit-demo, from several connections at once: wrong argument types,
missing arguments, huge and negative offsets, unknown object paths and interfaces, nonsense paths, very long strings,
stray signals, then thousands of calls in flight from four connections. Every call must get a reply or a D-Bus error
within its timeout, and the demo must stay alive and answer a plain call afterwards. Sent with GDBus (python3-gi) on
the accessibility bus of a private D-Bus session (dbus-run-session), the demo found by its process id as
atspi_support.find_application finds it; on the X server named by DISPLAY.
    atspi_hostile_e2e.py --demo BINARY --work DIR
"""
import argparse
import os
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from atspi_support import TERMS_TEXT, start_accessibility_bus, stop_process  # noqa: E402
from e2e_support import Demo, Failure  # noqa: E402

ROOT = "/org/a11y/atspi/accessible/root"
ATSPI = "org.a11y.atspi"
CALL_TIMEOUT_MS = 5000
CONNECTIONS = 4
IN_FLIGHT_PER_CONNECTION = 1000
FLOOD_SECONDS = 40
INT32_MAX = 2**31 - 1
INT32_MIN = -2**31
# The groups of hostile_calls whose every call must get a D-Bus error (InvalidArgs, UnknownMethod, …), not a reply:
# GDBus and GTK's bridge (atk-bridge) check a call's signature, object, interface and property before answering.
MALFORMED = ("wrong argument types", "missing arguments", "unknown objects, interfaces and properties, and writes")


def accessibility_bus():
    """A new connection of its own to the accessibility bus (org.a11y.Bus.GetAddress on the session bus)."""
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def call(connection, name, path, interface, member, arguments=None, timeout=CALL_TIMEOUT_MS):
    """A method call sent as it is (no client-side check of its arguments); returns the reply message. Raises
    Failure if neither a reply nor an error came within `timeout`."""
    message = Gio.DBusMessage.new_method_call(name, path, interface, member)
    if arguments is not None:
        message.set_body(arguments)
    try:
        reply, _ = connection.send_message_with_reply_sync(message, Gio.DBusSendMessageFlags.NONE, timeout, None)
    except GLib.Error as error:
        if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT):
            raise Failure(f"{interface}.{member} on {path[:80]}: no reply within {timeout} ms") from None
        raise Failure(f"{interface}.{member} on {path[:80]}: {error.message}") from None
    return reply


def value(reply):
    if reply.get_message_type() == Gio.DBusMessageType.ERROR:
        raise Failure(f"error {reply.get_error_name()}: {reply.get_body()}")
    return reply.get_body().unpack()


def find_bus_name(connection, pid, timeout=20):
    """The demo's unique name: the registry's desktop lists the apps (name, path); the bus says whose process each
    name is (GetConnectionUnixProcessID), as libatspi's get_process_id does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        children = value(call(connection, "org.a11y.atspi.Registry", ROOT, f"{ATSPI}.Accessible", "GetChildren"))[0]
        for name, _ in children:
            try:
                owner = value(call(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                   "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,))))[0]
            except Failure:
                continue
            if owner == pid:
                return name
        time.sleep(0.2)
    raise Failure(f"no application with process id {pid} on the accessibility bus")


def find_objects(connection, name):
    """Paths of the frame, the terms label and its link, walking GetChildren from the root (a few levels)."""
    found = {}
    queue = [(ROOT, 0)]
    while queue and len(found) < 3:
        path, depth = queue.pop(0)
        for _, child in value(call(connection, name, path, f"{ATSPI}.Accessible", "GetChildren"))[0]:
            role = value(call(connection, name, child, f"{ATSPI}.Accessible", "GetRole"))[0]
            title = value(call(connection, name, child, "org.freedesktop.DBus.Properties", "Get",
                               GLib.Variant("(ss)", (f"{ATSPI}.Accessible", "Name"))))[0]
            if role == 23 and "frame" not in found:  # ATSPI_ROLE_FRAME
                found["frame"] = child
            elif title == TERMS_TEXT:
                found["label"] = child
            elif role == 88 and title == "利用規約" and "link" not in found:  # ATSPI_ROLE_LINK
                found["link"] = child
            if depth < 4:
                queue.append((child, depth + 1))
    if len(found) < 3:
        raise Failure(f"found only {sorted(found)} in the tree")
    return found


def hostile_calls(objects):
    """(group, path, interface, member, arguments): each must be answered, with a reply or an error; in the groups
    of MALFORMED, with an error."""
    label, link, frame = objects["label"], objects["link"], objects["frame"]
    text, component = f"{ATSPI}.Text", f"{ATSPI}.Component"
    accessible, properties = f"{ATSPI}.Accessible", "org.freedesktop.DBus.Properties"
    long_string = "長" * 100_000
    deep_path = "/" + "/".join(["a"] * 1000)
    groups = {}
    groups["wrong argument types"] = [
        (label, text, "GetText", GLib.Variant("(ss)", ("0", "-1"))),
        (label, text, "GetText", GLib.Variant("(dd)", (0.5, 1e300))),
        (frame, accessible, "GetChildAtIndex", GLib.Variant("(s)", ("0",))),
        (label, component, "GetExtents", GLib.Variant("(s)", ("window",))),
        (label, text, "GetStringAtOffset", GLib.Variant("(uu)", (5, 2))),
        (label, properties, "Get", GLib.Variant("(ii)", (1, 2))),
        (label, text, "GetText", GLib.Variant("(av)", ([GLib.Variant("i", 1)] * 3,))),
        (label, text, "GetText", GLib.Variant("(a{sv})", ({str(index): GLib.Variant("s", "x") for index in
                                                            range(2000)},))),
    ]
    groups["missing arguments"] = [
        (label, text, "GetText", None),
        (label, text, "GetText", GLib.Variant("(i)", (0,))),
        (frame, accessible, "GetChildAtIndex", None),
        (label, component, "GetExtents", None),
        (label, text, "SetSelection", GLib.Variant("(ii)", (0, 1))),
        (label, properties, "Get", GLib.Variant("(s)", (accessible,))),
    ]
    groups["huge offsets"] = [
        (label, text, "GetText", GLib.Variant("(ii)", (0, INT32_MAX))),
        (label, text, "GetText", GLib.Variant("(ii)", (INT32_MAX, INT32_MAX))),
        (label, text, "GetCharacterAtOffset", GLib.Variant("(i)", (INT32_MAX,))),
        (label, text, "GetCharacterExtents", GLib.Variant("(iu)", (INT32_MAX, 0))),
        (label, text, "GetRangeExtents", GLib.Variant("(iiu)", (0, INT32_MAX, 0))),
        (label, text, "GetStringAtOffset", GLib.Variant("(iu)", (INT32_MAX, 3))),
        (label, text, "GetTextAtOffset", GLib.Variant("(iu)", (INT32_MAX, 99))),
        (label, text, "GetAttributeRun", GLib.Variant("(ib)", (INT32_MAX, True))),
        (label, text, "SetCaretOffset", GLib.Variant("(i)", (INT32_MAX,))),
        (label, text, "AddSelection", GLib.Variant("(ii)", (INT32_MAX - 1, INT32_MAX))),
        (label, text, "GetSelection", GLib.Variant("(i)", (INT32_MAX,))),
        (frame, accessible, "GetChildAtIndex", GLib.Variant("(i)", (INT32_MAX,))),
        (label, f"{ATSPI}.Hypertext", "GetLink", GLib.Variant("(i)", (INT32_MAX,))),
        (label, f"{ATSPI}.Hypertext", "GetLinkIndex", GLib.Variant("(i)", (INT32_MAX,))),
        (link, f"{ATSPI}.Action", "DoAction", GLib.Variant("(i)", (INT32_MAX,))),
        (link, f"{ATSPI}.Action", "GetName", GLib.Variant("(i)", (INT32_MAX,))),
        (link, f"{ATSPI}.Hyperlink", "GetObject", GLib.Variant("(i)", (INT32_MAX,))),
        (link, f"{ATSPI}.Hyperlink", "GetURI", GLib.Variant("(i)", (INT32_MAX,))),
    ]
    groups["negative offsets"] = [
        (label, text, "GetText", GLib.Variant("(ii)", (-5, -10))),
        (label, text, "GetText", GLib.Variant("(ii)", (INT32_MIN, INT32_MIN))),
        (label, text, "GetCharacterAtOffset", GLib.Variant("(i)", (-1,))),
        (label, text, "GetCharacterExtents", GLib.Variant("(iu)", (INT32_MIN, 1))),
        (label, text, "GetRangeExtents", GLib.Variant("(iiu)", (-1, -100, 0))),
        (label, text, "GetStringAtOffset", GLib.Variant("(iu)", (-7, 0))),
        (label, text, "GetOffsetAtPoint", GLib.Variant("(iiu)", (INT32_MIN, INT32_MAX, 7))),
        (label, text, "SetSelection", GLib.Variant("(iii)", (-1, -5, -2))),
        (label, text, "RemoveSelection", GLib.Variant("(i)", (-1,))),
        (frame, accessible, "GetChildAtIndex", GLib.Variant("(i)", (-1,))),
        (label, component, "GetAccessibleAtPoint", GLib.Variant("(iiu)", (INT32_MIN, INT32_MIN, 99))),
        (label, component, "Contains", GLib.Variant("(iiu)", (-1, -1, 42))),
        (link, f"{ATSPI}.Action", "DoAction", GLib.Variant("(i)", (-1,))),
        (link, f"{ATSPI}.Action", "GetDescription", GLib.Variant("(i)", (INT32_MIN,))),
    ]
    groups["unknown objects, interfaces and properties, and writes"] = [
        (f"{ROOT[:-4]}does_not_exist", accessible, "GetRole", None),
        (f"{ROOT[:-4]}999999999", text, "GetText", GLib.Variant("(ii)", (0, -1))),
        (f"{ROOT[:-4]}0", accessible, "GetChildren", None),
        ("/", accessible, "GetRole", None),
        ("/org/a11y/atspi", properties, "GetAll", GLib.Variant("(s)", (accessible,))),
        (label, f"{ATSPI}.Nonsense", "Frobnicate", None),
        (label, "org.example.Unknown", "GetText", GLib.Variant("(ii)", (0, -1))),
        (label, properties, "Get", GLib.Variant("(ss)", ("org.example.Unknown", "Name"))),
        (label, properties, "Get", GLib.Variant("(ss)", (accessible, "NoSuchProperty"))),
        (label, properties, "GetAll", GLib.Variant("(s)", ("org.example.Unknown",))),
        (label, properties, "Set", GLib.Variant("(ssv)", (accessible, "Name", GLib.Variant("s", "renamed")))),
        (label, None, "GetText", GLib.Variant("(ii)", (0, -1))),  # no interface at all
        (link, text, "GetText", GLib.Variant("(ii)", (0, -1))),  # an interface the object does not have
        (frame, f"{ATSPI}.Hypertext", "GetNLinks", None),
    ]
    groups["nonsense paths, very long strings, arguments too many"] = [
        (frame, accessible, "GetRelationSet", GLib.Variant("(s)", (long_string,))),  # GTK ignores the extra ones
        (label, "org.freedesktop.DBus.Introspectable", "Introspect", None),
        (deep_path, accessible, "GetRole", None),
        ("/org/a11y/atspi/accessible/" + "x" * 10_000, accessible, "GetName", None),
        (ROOT + "/" + "/".join(["root"] * 200), accessible, "GetChildren", None),
        (label, properties, "Get", GLib.Variant("(ss)", (long_string, long_string))),
        (label, properties, "Get", GLib.Variant("(ss)", (accessible, long_string))),
        (label, f"{ATSPI}.EditableText", "SetTextContents", GLib.Variant("(s)", (long_string,))),
        (label, f"{ATSPI}.EditableText", "InsertText", GLib.Variant("(isi)", (INT32_MAX, long_string, -1))),
        (ROOT, f"{ATSPI}.Application", "GetLocale", GLib.Variant("(u)", (INT32_MAX,))),
        (ROOT, f"{ATSPI}.Application", "RegisterEventListener", GLib.Variant("(s)", (long_string,))),
        (frame, f"{ATSPI}.Collection", "GetMatches", GLib.Variant("(s)", (long_string,))),
        (frame, "org." + "a" * 251, "b" * 255, None),
    ]
    return [(group, *request) for group, requests in groups.items() for request in requests]


def stray_signals(connection, name):
    """Signals sent to the demo itself that look as if the registry sent them, with wrong arguments."""
    for member, arguments in (("EventListenerRegistered", GLib.Variant("(ii)", (1, 2))),
                              ("EventListenerDeregistered", GLib.Variant("(ss)", ("", "x" * 100_000))),
                              ("EventListenerRegistered", None)):
        message = Gio.DBusMessage.new_signal("/org/a11y/atspi/registry", "org.a11y.atspi.Registry", member)
        message.set_destination(name)
        if arguments is not None:
            message.set_body(arguments)
        connection.send_message(message, Gio.DBusSendMessageFlags.NONE)


def flood(connections, name, objects, seconds):
    """IN_FLIGHT_PER_CONNECTION calls from each connection, all sent before any answer is awaited; returns
    (answered, errors, sent, seconds taken)."""
    state = {"answered": 0, "errors": 0, "sent": 0}
    loop = GLib.MainLoop()
    kinds = [
        (objects["label"], f"{ATSPI}.Text", "GetText", GLib.Variant("(ii)", (0, -1))),
        (objects["frame"], f"{ATSPI}.Accessible", "GetChildAtIndex", GLib.Variant("(i)", (INT32_MAX,))),
        (objects["label"], "org.freedesktop.DBus.Properties", "Get",
         GLib.Variant("(ss)", (f"{ATSPI}.Accessible", "Name"))),
        (f"{ROOT[:-4]}12345678", f"{ATSPI}.Accessible", "GetRole", None),
        (objects["label"], f"{ATSPI}.Text", "GetText", GLib.Variant("(ss)", ("a", "b"))),
    ]

    def done(connection, result, _):
        try:
            connection.call_finish(result)
            state["answered"] += 1
        except GLib.Error as error:
            if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT):
                state["timeouts"] = state.get("timeouts", 0) + 1
            else:
                state["errors"] += 1
        if state["answered"] + state["errors"] + state.get("timeouts", 0) == state["sent"]:
            loop.quit()

    start = time.monotonic()
    for index in range(IN_FLIGHT_PER_CONNECTION):
        for connection in connections:
            path, interface, member, arguments = kinds[index % len(kinds)]
            connection.call(name, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE,
                            int(seconds * 1000), None, done, None)
            state["sent"] += 1
    GLib.timeout_add(int(seconds * 1000) + 2000, loop.quit)
    loop.run()
    return state, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    options = parser.parse_args()

    launcher = start_accessibility_bus(options.work)
    demo = Demo(options.demo, options.work)
    failed = []

    def check(title, passed, detail=""):
        print(f"{'ok' if passed else 'not ok'} - {title}{'' if passed else ' — ' + detail}", flush=True)
        if not passed:
            failed.append(title)

    try:
        demo.expect("ready", timeout=120)
        connections = [accessibility_bus() for _ in range(CONNECTIONS)]
        name = find_bus_name(connections[0], demo.process.pid)
        objects = find_objects(connections[0], name)
        print(f"# the demo is {name} on the accessibility bus; objects {objects}", flush=True)

        calls = hostile_calls(objects)
        unanswered, errors, accepted = [], 0, []
        start = time.monotonic()
        for index, (group, path, interface, member, arguments) in enumerate(calls):
            try:
                reply = call(connections[index % CONNECTIONS], name, path, interface, member, arguments)
                is_error = reply.get_message_type() == Gio.DBusMessageType.ERROR
                errors += is_error
                if group in MALFORMED and not is_error:
                    signature = arguments.get_type_string() if arguments is not None else "()"
                    accepted.append(f"{interface}.{member}{signature} on {path.rsplit('/', 1)[-1][:20]} → "
                                    f"{str(reply.get_body())[:50]}")
            except Failure as failure:
                unanswered.append(str(failure))
            if demo.process.poll() is not None:
                unanswered.append(f"the demo exited with {demo.process.returncode} after {interface}.{member}")
                break
        print(f"# {len(calls)} hostile calls in {time.monotonic() - start:.1f} s: {errors} D-Bus errors, "
              f"{len(calls) - errors - len(unanswered)} replies, {len(unanswered)} unanswered", flush=True)
        check("every malformed or hostile call gets a reply or a D-Bus error within 5 s", not unanswered,
              "; ".join(unanswered[:5]))
        malformed = sum(1 for call_ in calls if call_[0] in MALFORMED)
        check(f"the {malformed} malformed calls ({', '.join(MALFORMED)}) get D-Bus errors, not replies",
              not accepted, f"{len(accepted)} answered as if well formed: " + "; ".join(accepted))

        stray_signals(connections[1], name)
        state, seconds = flood(connections, name, objects, FLOOD_SECONDS)
        timeouts = state.get("timeouts", 0)
        unfinished = state["sent"] - state["answered"] - state["errors"] - timeouts
        print(f"# {state['sent']} calls in flight from {CONNECTIONS} connections: {state['answered']} replies, "
              f"{state['errors']} errors, {timeouts} timed out, {unfinished} unfinished, in {seconds:.1f} s",
              flush=True)
        check(f"{state['sent']} calls in flight from {CONNECTIONS} connections are all answered within "
              f"{FLOOD_SECONDS} s", timeouts == 0 and unfinished == 0,
              f"{timeouts} timed out, {unfinished} unfinished")

        alive = demo.process.poll() is None
        check("the demo is still running", alive, f"exit code {demo.process.returncode}")
        if alive:
            try:
                answer = value(call(connections[0], name, objects["label"], f"{ATSPI}.Text", "GetText",
                                    GLib.Variant("(ii)", (0, -1))))[0]
                check("a plain call afterwards is answered correctly", answer == TERMS_TEXT, f"GetText {answer!r}")
            except Failure as failure:
                check("a plain call afterwards is answered correctly", False, str(failure))
    except Failure as failure:
        check("the run completes", False, str(failure))
    finally:
        demo.kill()
        stop_process(launcher)
    print(f"AT-SPI hostile requests end-to-end: {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""What the end-to-end tests that read labelkit-demo through AT-SPI share: the accessibility bus of the private D-Bus
session (at-spi-bus-launcher, started here), GLib's main context pumped while waiting, and finding the demo and its
objects through pyatspi. Needs Debian's python3-pyatspi: run the tests with /usr/bin/python3.
"""
import os
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402
import pyatspi  # noqa: E402

from e2e_support import Failure  # noqa: E402

TERMS_TEXT = "決済をしたと同時に利用規約に同意したとみなします"
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def pump(seconds):
    """Runs GLib's main context (where pyatspi's event listeners are called) for a while."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        while context.pending():
            context.iteration(False)
        time.sleep(0.01)


def wait_pumping(demo, name, timeout=10):
    """The first `name` event of the demo, running GLib's main context meanwhile: pyatspi answers the bus while it
    waits, as a screen reader would."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        pump(0.05)
        event = demo.next_event(0.05, skip=())
        if event is None:
            continue
        if event["event"] == name:
            return event
        seen.append(event["event"])
    raise Failure(f"no {name!r} event; saw {seen[-8:]}")


def find_application(pid, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except GLib.Error:
                continue
        time.sleep(0.2)
    raise Failure(f"no application with process id {pid} on the accessibility bus")


def descendants(accessible):
    for index in range(accessible.childCount):
        child = accessible.getChildAtIndex(index)
        if child is None:
            continue
        yield child
        yield from descendants(child)


def fresh_states(accessible):
    accessible.clear_cache()
    return accessible.getState()


def start_accessibility_bus(work):
    """Starts the accessibility bus in the session; returns the launcher, to stop with `stop_process`."""
    launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"], stdout=subprocess.DEVNULL,
                                stderr=open(os.path.join(work, "at-spi.log"), "w"))
    time.sleep(1.0)
    Atspi.set_timeout(5000, 10000)
    return launcher


def stop_process(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()

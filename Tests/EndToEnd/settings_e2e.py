#!/usr/bin/python3
"""Dark mode, contrast and text size in labelkit-demo, end to end: the demo on an X server (DISPLAY) inside a private
D-Bus session (dbus-run-session) with the accessibility bus and a stand-in desktop portal (fake_portal.py) on it.
While the demo runs the portal flips color-scheme, contrast and text-scaling-factor: the window's pixels change, the
demo prints an `appearance` event for each change (relaidOut 0 for colours, more for the scale), a screen reader
reads the new colours in the text attributes and hears the views that moved. Without a portal the demo stays light;
a version-1 portal is read with Read; the demo's own --appearance wins over the portal. Needs Debian's
python3-pyatspi (python3-gi): run it with /usr/bin/python3.
"""
import os
import subprocess
import sys

from atspi_support import (TERMS_TEXT, descendants, find_application, pump, pyatspi, start_accessibility_bus,
                           stop_process, wait_pumping)
from e2e_support import (Demo, Failure, Pixels, Run, close_to, parse_options, take_screenshot, widgets_by_id,
                         xdotool)

HERE = os.path.dirname(os.path.abspath(__file__))
APPEARANCE = "org.freedesktop.appearance"
INTERFACE = "org.gnome.desktop.interface"
EVENT_KEYS = ["event", "colorScheme", "contrast", "textScale", "relaidOut"]
# The window's background and the terms panel, in each appearance (LabelColor.background and the demo's panel).
LOOKS = {
    "light": {"window": (255, 255, 255), "panel": (244, 246, 250)},
    "dark": {"window": (30, 30, 30), "panel": (38, 39, 43)},
    "dark, high contrast": {"window": (0, 0, 0), "panel": (0, 0, 0)},
}
# GTK's colour values (r,g,b in 0…65535) of the label colour: black in light, white in dark.
INK = {"light": "0,0,0", "dark": "65535,65535,65535"}


class Portal:
    """fake_portal.py in a process of its own, on the session bus."""

    def __init__(self, version=2, color_scheme=0, contrast=0, factor=1.0):
        self.process = subprocess.Popen(
            ["/usr/bin/python3", os.path.join(HERE, "fake_portal.py"), "--version", str(version),
             "--color-scheme", str(color_scheme), "--contrast", str(contrast), "--text-scaling-factor", str(factor)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        if self.process.stdout.readline().strip() != "ready":
            raise Failure("the stand-in portal did not start")

    def set(self, namespace, key, value):
        """Sets a setting (GVariant text) and waits for the portal to have emitted SettingChanged."""
        self.process.stdin.write(f"set {namespace} {key} {value}\n")
        self.process.stdin.flush()
        if not self.process.stdout.readline().startswith("set "):
            raise Failure(f"the portal did not set {namespace} {key}")

    def stop(self):
        stop_process(self.process)


class Session:
    """The demo under test now (one after another), for Run's log and kill."""

    def __init__(self, binary, work):
        self.binary, self.work, self.demo, self.portal = binary, work, None, None

    def start(self, *args, portal=None):
        """Starts the demo with `args`, after a portal with settings `portal` (keyword arguments of Portal) unless
        it is None; the demo and the portal before it stop first."""
        self.stop()
        self.portal = Portal(**portal) if portal is not None else None
        self.demo = Demo(self.binary, self.work, args=("--events", "--rows", "400", *args))
        event = self.demo.ready()
        return widgets_by_id(event)

    def stderr(self):
        with open(os.path.join(self.work, "demo.stderr")) as stderr:
            return stderr.read()

    def look(self, name, widgets):
        """Fails unless the window's background and the terms panel have the colours of appearance `name`."""
        pixels = Pixels(take_screenshot(self.demo, self.work, name.replace(", ", "-").replace(" ", "-") + ".png"), self.work)
        terms = widgets["terms"]["frame"]
        found = {"window": pixels(4, 4), "panel": pixels(terms[0] + 3, terms[1] + 3)}
        for part, expected in LOOKS[name].items():
            if not close_to(found[part], expected, tolerance=6):
                raise Failure(f"in {name}, the {part} is {found[part]}, not {expected}")
        return pixels

    def no_appearance_event(self, seconds=1.5):
        event = self.demo.next_event(seconds, skip=("scroll", "stats", "measured", "layout"))
        if event is not None:
            raise Failure(f"an event came: {event}")

    @property
    def log(self):
        return self.demo.log if self.demo else []

    def kill(self):
        if self.demo:
            self.demo.kill()

    def stop(self):
        if self.demo:
            self.demo.terminate()
            self.demo = None
        if self.portal:
            self.portal.stop()
            self.portal = None


def appearance_event(demo, expected):
    """The demo's next `appearance` event (pumping GLib for pyatspi meanwhile), checked against `expected`'s
    colorScheme, contrast and textScale and against the key order."""
    event = wait_pumping(demo, "appearance")
    if list(event.keys()) != EVENT_KEYS:
        raise Failure(f"keys {list(event.keys())}, not {EVENT_KEYS}")
    for key, value in expected.items():
        if event[key] != value:
            raise Failure(f"{key} {event[key]!r}, not {value!r}: {event}")
    return event


def difference(a, b):
    return sum(abs(x - y) for x, y in zip(a.data, b.data)) / (len(a.data) * 255)


def main():
    options = parse_options()

    launcher = start_accessibility_bus(options.work)
    session = Session(options.demo, options.work)
    state = {}
    heard = []

    def listener(event):
        heard.append(event.type)

    def checks(run):
        def no_portal():
            widgets = session.start()
            if "desktop settings: off (no desktop portal" not in session.stderr():
                raise Failure(f"stderr: {session.stderr()!r}")
            session.look("light", widgets)
            session.no_appearance_event()
        run.check("without a portal the demo says so on stderr, stays light and prints no appearance event", no_portal)

        def starts_following():
            state["widgets"] = session.start(portal={})
            if "desktop settings: following the desktop portal" not in session.stderr():
                raise Failure(f"stderr: {session.stderr()!r}")
            state["light"] = session.look("light", state["widgets"])
            app = find_application(session.demo.process.pid)
            state["terms"] = next(child for child in descendants(app)
                                  if child.getRole() == pyatspi.ROLE_LABEL and child.name == TERMS_TEXT)
            pyatspi.Registry.registerEventListener(listener, "object:bounds-changed")
            pyatspi.Registry.registerEventListener(listener, "object:text-attributes-changed")
            pump(0.5)
            ink = attribute(state["terms"], 0, "fg-color")
            if ink != INK["light"]:
                raise Failure(f"fg-color {ink} in light")
        run.check("with a version-2 portal the demo follows it and starts light; a screen reader reads black ink",
                  starts_following)

        def dark():
            heard.clear()
            session.portal.set(APPEARANCE, "color-scheme", "uint32 1")
            appearance_event(session.demo, {"colorScheme": "dark", "contrast": "normal", "textScale": 1,
                                            "relaidOut": 0})
            state["dark"] = session.look("dark", state["widgets"])
            if difference(state["light"], state["dark"]) < 0.2:
                raise Failure("the dark window hardly differs from the light one")
        run.check("color-scheme 1: the appearance event says dark with relaidOut 0, and the window turns dark", dark)

        def dark_ink():
            ink = attribute(state["terms"], 0, "fg-color")
            if ink != INK["dark"]:
                raise Failure(f"fg-color {ink} in dark")
            pump(0.5)
            if "object:text-attributes-changed" not in heard:
                raise Failure(f"no text-attributes-changed; heard {sorted(set(heard))}")
        run.check("a screen reader reads white ink through AT-SPI's text attributes, and heard "
                  "object:text-attributes-changed", dark_ink)

        def high_contrast():
            session.portal.set(APPEARANCE, "contrast", "uint32 1")
            appearance_event(session.demo, {"colorScheme": "dark", "contrast": "high", "relaidOut": 0})
            high = session.look("dark, high contrast", state["widgets"])
            if difference(state["dark"], high) < 0.02:
                raise Failure("high contrast hardly differs from dark")
        run.check("contrast 1: relaidOut 0, and the window turns black", high_contrast)

        def text_scale():
            rows = state["widgets"]["list"]["frame"]
            xdotool("mousemove", "--window", session.demo.window, round(rows[0] + rows[2] / 2),
                    round(rows[1] + rows[3] / 2), "click", "--repeat", "6", "5")
            wait_pumping(session.demo, "scroll")
            pump(1.0)
            first_row = [event for event in session.demo.log if event["event"] == "scroll"][-1]["first_row"]
            heard.clear()
            session.portal.set(INTERFACE, "text-scaling-factor", "1.5")
            event = appearance_event(session.demo, {"colorScheme": "dark", "contrast": "high", "textScale": 1.5})
            if event["relaidOut"] <= 0:
                raise Failure(f"relaidOut {event['relaidOut']} for a new text scale")
            widgets = widgets_by_id(wait_pumping(session.demo, "layout"))
            before, after = state["widgets"]["terms"]["frame"], widgets["terms"]["frame"]
            if after[3] <= before[3]:
                raise Failure(f"the terms label is {after[3]} high at scale 1.5, {before[3]} at 1")
            if widgets["list"]["first_row"] != first_row or first_row == 0:
                raise Failure(f"the list's top row went from {first_row} to {widgets['list']['first_row']}")
            pump(1.0)
            if "object:bounds-changed" not in heard:
                raise Failure(f"no bounds-changed after the new scale; heard {sorted(set(heard))}")
            state["relaid_out"] = event["relaidOut"]
        run.check("text-scaling-factor 1.5: relaidOut > 0, the labels grow, the list keeps its top row, and "
                  "object:bounds-changed is heard", text_scale)
        print(f"# relaidOut for the scale: {state['relaid_out']}", flush=True)

        def wrong_type():
            session.portal.set(APPEARANCE, "color-scheme", "'dark'")
            session.no_appearance_event()
            if "color-scheme is of type s, not u: ignored" not in session.stderr():
                raise Failure(f"stderr: {session.stderr()!r}")
            if session.demo.process.poll() is not None:
                raise Failure("the demo died")
        run.check("a color-scheme of the wrong type is one line on stderr, and ignored", wrong_type)

        def back_to_light():
            session.portal.set(APPEARANCE, "color-scheme", "uint32 2")
            appearance_event(session.demo, {"colorScheme": "light", "contrast": "high", "textScale": 1.5,
                                            "relaidOut": 0})
            ink = attribute(state["terms"], 0, "fg-color")
            if ink != INK["light"]:
                raise Failure(f"fg-color {ink} back in light")
        run.check("color-scheme 2: light again, relaidOut 0, black ink", back_to_light)

        def version_one():
            widgets = session.start(portal={"version": 1, "color_scheme": 1})
            session.look("dark", widgets)
            session.portal.set(APPEARANCE, "contrast", "uint32 1")
            appearance_event(session.demo, {"colorScheme": "dark", "contrast": "high", "relaidOut": 0})
        run.check("a version-1 portal (Read only, the value in two variants) starts the demo dark and is followed",
                  version_one)

        def override():
            widgets = session.start("--appearance", "light", portal={"color_scheme": 1})
            session.look("light", widgets)
            session.portal.set(APPEARANCE, "color-scheme", "uint32 1")
            session.no_appearance_event()
            session.portal.set(APPEARANCE, "contrast", "uint32 1")
            appearance_event(session.demo, {"colorScheme": "light", "contrast": "high", "relaidOut": 0})
        run.check("--appearance light wins over a dark portal; the portal's contrast still comes through", override)

        run.check("SIGTERM exits cleanly with code 0", session.stop)

    try:
        return Run("settings end-to-end").main(session, checks)
    finally:
        session.kill()
        if session.portal:
            session.portal.stop()
        stop_process(launcher)


def attribute(accessible, offset, name):
    """Attribute `name` of the run at character `offset`, read through AT-SPI's Text interface."""
    attributes = accessible.queryText().getAttributeRun(offset, False)[0]
    values = dict(attribute.split(":", 1) for attribute in attributes)
    return values.get(name)


if __name__ == "__main__":
    sys.exit(main())

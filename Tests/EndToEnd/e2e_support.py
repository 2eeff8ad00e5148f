"""What the end-to-end tests of labelkit-demo share: the demo process and its JSON event lines, the X tools (xdotool
for the mouse and keyboard, xclip for the clipboard, ImageMagick for screenshots), pixels, and a runner that prints
one `ok - …` line per check. Standard library only; the tests run under an X server named by DISPLAY.
"""
import argparse
import ctypes
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

LONG_PRESS_SECONDS = 0.8
TERMS = "https://example.com/terms"
WINDOW_NAME = "^LabelKit demo$"
# Events a check passes over unless it waits for one of them: they arrive at any time.
BACKGROUND_EVENTS = ("scroll", "stats", "measured")


class Failure(Exception):
    pass


def parse_options():
    """The options every test script takes: the demo binary and a work folder."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    return parser.parse_args()


class Demo:
    """The demo process and its event lines."""

    def __init__(self, binary, work, args=("--events",)):
        self.process = subprocess.Popen(
            [binary, *args], stdout=subprocess.PIPE, stderr=open(os.path.join(work, "demo.stderr"), "w"),
            text=True, bufsize=1)
        # run-demo-e2e.sh kills the demo named here if the test itself dies.
        with open(os.path.join(work, "demo.pid"), "w") as pid_file:
            pid_file.write(str(self.process.pid))
        self.events = queue.Queue()
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()
        self.window = None

    def _read(self):
        for line in self.process.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                event = {"event": "unparsable", "line": line}
            self.log.append(event)
            self.events.put(event)
        self.events.put({"event": "eof"})

    def next_event(self, timeout, skip=BACKGROUND_EVENTS):
        """The next event not in `skip`, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                event = self.events.get(timeout=remaining)
            except queue.Empty:
                return None
            if event["event"] not in skip:
                return event

    def expect(self, name, timeout=5, skip=BACKGROUND_EVENTS + ("dismiss",)):
        """The next event not in `skip`, which must be a `name` event."""
        event = self.next_event(timeout, skip)
        if event is None or event["event"] != name:
            raise Failure(f"expected a {name!r} event, got {event}")
        return event

    def wait_for(self, name, accept=lambda event: True, timeout=5):
        """The first `name` event that `accept` takes, skipping everything else; fails after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            event = self.next_event(deadline - time.monotonic())
            if event is None:
                break
            if event["event"] == name and accept(event):
                return event
            seen.append(event)
        raise Failure(f"no matching {name!r} event; saw {seen[-6:]}")

    def ready(self):
        """Waits for the `ready` line and the window; returns the line."""
        event = self.expect("ready", timeout=120)
        self.window = find_window()
        time.sleep(0.3)  # let the first frame reach the screen
        return event

    def terminate(self):
        """Sends SIGTERM; the demo must exit cleanly with code 0."""
        self.process.terminate()
        code = self.process.wait(timeout=10)
        if code != 0:
            raise Failure(f"exit code {code} after SIGTERM")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()


def find_window():
    found = subprocess.run(["xdotool", "search", "--sync", "--name", WINDOW_NAME], capture_output=True, text=True,
                           timeout=20).stdout.split()
    if not found:
        raise Failure("the demo window was not found")
    return found[0]


def widgets_by_id(event):
    return {widget["id"]: widget for widget in event["widgets"]}


def centre(rect):
    x, y, w, h = rect
    return (round(x + w / 2), round(y + h / 2))


def distance_to_rect(point, rect):
    x, y, w, h = rect
    dx = max(x - point[0], 0, point[0] - (x + w))
    dy = max(y - point[1], 0, point[1] - (y + h))
    return (dx * dx + dy * dy) ** 0.5


# The mouse and the keyboard.

def xdotool(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)


def click(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "click", "1")


def double_click(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "click", "--repeat", "2", "--delay", "80", "1")


def long_press(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "mousedown", "1")
    time.sleep(LONG_PRESS_SECONDS)
    xdotool("mouseup", "1")


def drag(demo, start, end, steps=6):
    xdotool("mousemove", "--window", demo.window, round(start[0]), round(start[1]), "mousedown", "1")
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        time.sleep(0.03)
        xdotool("mousemove", "--window", demo.window, round(x), round(y))
    xdotool("mouseup", "1")


def key(name):
    xdotool("key", name)


def read_clipboard():
    result = subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, timeout=10)
    return result.stdout.decode("utf-8")


def send_window_close(window):
    """Sends WM_DELETE_WINDOW, as a window manager's close button does."""
    x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

    class XEvent(ctypes.Union):
        _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]

    display = x11.XOpenDisplay(None)
    if not display:
        raise Failure("cannot open the X display")
    event = XEvent()
    event.xclient.type = 33  # ClientMessage
    event.xclient.window = int(window)
    event.xclient.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    x11.XSendEvent(display, int(window), 0, 0, ctypes.byref(event))
    x11.XFlush(display)
    x11.XCloseDisplay(display)


# Screenshots and pixels.

def take_screenshot(demo, work, name):
    """A PNG of the demo window in `work`, after a moment for the last frame to reach the screen."""
    time.sleep(0.3)
    path = os.path.join(work, name)
    subprocess.run(["import", "-window", demo.window, path], check=True, timeout=20)
    return path


class Pixels:
    """An image's 8-bit RGB pixels, read through ImageMagick."""

    def __init__(self, path, work):
        ppm = os.path.join(work, os.path.splitext(os.path.basename(path))[0] + ".ppm")
        subprocess.run(["convert", path, "-alpha", "off", "-depth", "8", f"ppm:{ppm}"], check=True, timeout=20)
        self.width, self.height, self.data = read_ppm(ppm)

    def __call__(self, x, y):
        """The (red, green, blue) of the pixel at `x`, `y` (rounded)."""
        x, y = round(x), round(y)
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise Failure(f"the pixel {x},{y} is outside the {self.width}x{self.height} image")
        offset = (y * self.width + x) * 3
        return tuple(self.data[offset:offset + 3])


def read_ppm(path):
    with open(path, "rb") as file:
        data = file.read()
    # P6 header: magic, width, height, maxval, each followed by whitespace (no comments from convert).
    fields = []
    position = 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        start = position
        while not data[position:position + 1].isspace():
            position += 1
        fields.append(data[start:position])
    position += 1
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise Failure(f"{path}: not an 8-bit PPM")
    return int(fields[1]), int(fields[2]), data[position:]


def close_to(color, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(color, expected))


def compare_with_golden(screenshot, golden, work, tolerance):
    """The mean absolute difference per channel, as a fraction of 255, must stay within `tolerance`.
    LABELKIT_RECORD_GOLDENS=1 (or a missing golden) records the screenshot instead."""
    if os.environ.get("LABELKIT_RECORD_GOLDENS") == "1" or not os.path.exists(golden):
        shutil.copyfile(screenshot, golden)
        return f"recorded {golden}"
    shot = Pixels(screenshot, work)
    expected = Pixels(golden, work)
    if (shot.width, shot.height) != (expected.width, expected.height):
        raise Failure(f"screenshot is {shot.width}x{shot.height}, golden {expected.width}x{expected.height}")
    difference = sum(abs(a - b) for a, b in zip(shot.data, expected.data)) / (len(shot.data) * 255)
    if difference > tolerance:
        raise Failure(f"screenshot differs from the golden by {difference:.4f} > {tolerance}"
                      " (LABELKIT_RECORD_GOLDENS=1 re-records it)")
    return f"mean difference {difference:.4f}"


# Running the checks.

class Run:
    """Runs named checks in order, printing `ok - name` for each, until one raises Failure."""

    def __init__(self, title):
        self.title = title
        self.passed = []

    def check(self, name, function):
        function()
        self.passed.append(name)
        print(f"ok - {name}", flush=True)

    def main(self, demo, checks):
        """Runs `checks(self)` against `demo`; returns the exit code. The demo is killed at the end."""
        try:
            checks(self)
        except Failure as failure:
            print(f"not ok - {failure}", flush=True)
            print("# events: " + json.dumps(demo.log[-8:], ensure_ascii=False)[:3000], file=sys.stderr)
            print(f"{self.title}: {len(self.passed)} passed, 1 failed")
            return 1
        finally:
            demo.kill()
        print(f"{self.title}: {len(self.passed)} passed, 0 failed")
        return 0

#!/usr/bin/env python3
"""Drives labelkit-demo under an X server (DISPLAY) with a real mouse (xdotool) and the real clipboard (xclip).

Reads the demo's JSON event lines, clicks and long-presses at points computed from the frames and link rectangles it
reports, and checks the events it answers with. Takes a screenshot and compares it loosely with a golden
(LABELKIT_RECORD_GOLDENS=1 records it). Standard library only.
"""
import argparse
import ctypes
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time

LONG_PRESS_SECONDS = 0.8
TERMS = "https://example.com/terms"
PROFILE = "https://example.com/@ana"
# Mean absolute difference per channel, as a fraction of 255, above which the screenshot differs from the golden.
GOLDEN_TOLERANCE = 0.03


class Failure(Exception):
    pass


class Demo:
    """The demo process and its event lines."""

    def __init__(self, binary, work, args=("--events",)):
        self.process = subprocess.Popen(
            [binary, *args], stdout=subprocess.PIPE, stderr=open(os.path.join(work, "demo.stderr"), "w"),
            text=True, bufsize=1)
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

    def next_event(self, timeout, skip=("scroll", "stats", "measured")):
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

    def expect(self, name, timeout=5, skip=("scroll", "stats", "measured", "dismiss")):
        event = self.next_event(timeout, skip)
        if event is None or event["event"] != name:
            raise Failure(f"expected a {name!r} event, got {event}")
        return event

    def expect_quiet(self, seconds, skip=("scroll", "stats", "measured")):
        event = self.next_event(seconds, skip)
        if event is not None:
            raise Failure(f"expected no event, got {event}")


def xdotool(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=10)


def centre(rect):
    x, y, w, h = rect
    return (round(x + w / 2), round(y + h / 2))


def click(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "click", "1")


def long_press(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "mousedown", "1")
    time.sleep(LONG_PRESS_SECONDS)
    xdotool("mouseup", "1")


def widgets_by_id(event):
    return {widget["id"]: widget for widget in event["widgets"]}


def distance_to_rect(point, rect):
    x, y, w, h = rect
    dx = max(x - point[0], 0, point[0] - (x + w))
    dy = max(y - point[1], 0, point[1] - (y + h))
    return (dx * dx + dy * dy) ** 0.5


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


def compare_with_golden(screenshot, golden, work):
    record = os.environ.get("LABELKIT_RECORD_GOLDENS") == "1"
    if record or not os.path.exists(golden):
        shutil.copyfile(screenshot, golden)
        return f"recorded {golden}"
    shot_ppm = os.path.join(work, "shot.ppm")
    golden_ppm = os.path.join(work, "golden.ppm")
    subprocess.run(["convert", screenshot, "-alpha", "off", "-depth", "8", f"ppm:{shot_ppm}"], check=True)
    subprocess.run(["convert", golden, "-alpha", "off", "-depth", "8", f"ppm:{golden_ppm}"], check=True)
    width, height, shot = read_ppm(shot_ppm)
    golden_width, golden_height, expected = read_ppm(golden_ppm)
    if (width, height) != (golden_width, golden_height):
        raise Failure(f"screenshot is {width}x{height}, golden {golden_width}x{golden_height}")
    difference = sum(abs(a - b) for a, b in zip(shot, expected)) / (len(shot) * 255)
    if difference > GOLDEN_TOLERANCE:
        raise Failure(f"screenshot differs from the golden by {difference:.4f} > {GOLDEN_TOLERANCE}"
                      " (LABELKIT_RECORD_GOLDENS=1 re-records it)")
    return f"mean difference {difference:.4f}"


class Run:
    def __init__(self):
        self.passed = []

    def check(self, name, function):
        function()
        self.passed.append(name)
        print(f"ok - {name}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--golden", required=True)
    parser.add_argument("--screenshot-out")
    options = parser.parse_args()

    run = Run()
    demo = Demo(options.demo, options.work)
    state = {}
    try:
        def ready():
            event = demo.expect("ready", timeout=120)
            found = subprocess.run(["xdotool", "search", "--sync", "--name", "^LabelKit demo$"], capture_output=True,
                                   text=True, timeout=20).stdout.split()
            if not found:
                raise Failure("the demo window was not found")
            demo.window = found[0]
            widgets = widgets_by_id(event)
            missing = {"terms", "checkbox", "detected", "truncated", "copyable", "rich", "list"} - widgets.keys()
            if missing:
                raise Failure(f"widgets missing from ready: {missing}")
            state["widgets"] = widgets
            state["window"] = event["window"]
            time.sleep(0.3)  # let the first frame reach the screen
        run.check("ready line reports the window and every widget", ready)
        widgets = state["widgets"]

        def terms_tap():
            link = widgets["terms"]["links"][0]
            click(demo, centre(link["rects"][0]))
            event = demo.expect("tap")
            if event["widget"] != "terms" or event["target"] != TERMS:
                raise Failure(f"wrong tap {event}")
        run.check("a click on 利用規約 taps the terms link", terms_tap)

        def terms_beside():
            link_rect = widgets["terms"]["links"][0]["rects"][0]
            frame = widgets["terms"]["frame"]
            line_y = round(link_rect[1] + link_rect[3] / 2)
            beside = [(round(link_rect[0] - 40), line_y), (round(link_rect[0] + link_rect[2] + 40), line_y),
                      (round(frame[0] + 6), round(frame[1] + 4))]
            for point in beside:
                if distance_to_rect(point, link_rect) <= 10:
                    raise Failure(f"{point} is within the touch radius")
                click(demo, point)
            # The checkbox's box is the sentinel: its toggle must be the very next event, with no tap before it.
            click(demo, centre(widgets["checkbox"]["box"]))
            event = demo.expect("toggle")
            if event["checked"] is not True:
                raise Failure(f"box click should check: {event}")
        run.check("clicks beside 利用規約 tap nothing (the next event is the sentinel toggle)", terms_beside)

        def checkbox_link_versus_toggle():
            checkbox = widgets["checkbox"]
            link_rect = checkbox["links"][0]["rects"][0]
            click(demo, centre(link_rect))
            event = demo.expect("tap")
            if event["widget"] != "checkbox" or event["target"] != TERMS:
                raise Failure(f"wrong tap {event}")
            title = checkbox["title"]
            text_point = (round(link_rect[0] + link_rect[2] + 30), round(link_rect[1] + link_rect[3] / 2))
            if not (title[0] <= text_point[0] <= title[0] + title[2]):
                raise Failure("no title text right of the link")
            click(demo, text_point)
            event = demo.expect("toggle")
            if event["checked"] is not False:
                raise Failure(f"text click should uncheck: {event}")
        run.check("checkbox: its link taps without toggling, its text toggles", checkbox_link_versus_toggle)

        def badge_tap():
            links = [link for link in widgets["rich"]["links"] if link["target"] == PROFILE]
            if len(links) != 1 or len(links[0]["rects"]) != 1:
                raise Failure(f"the chat message should have one profile link on its badge: {widgets['rich']['links']}")
            badge = links[0]["rects"][0]
            if not 14 <= badge[2] <= 18:
                raise Failure(f"the badge's link rect should be the 16-point badge: {badge}")
            click(demo, centre(badge))
            event = demo.expect("tap")
            if event["widget"] != "rich" or event["target"] != PROFILE:
                raise Failure(f"wrong tap {event}")
        run.check("a click on the chat message's verified badge (an inline image) opens the profile", badge_tap)

        def wrapped_preview():
            wrapped = [link for link in widgets["detected"]["links"] if len(link["rects"]) >= 2]
            if not wrapped:
                raise Failure("no wrapped link in the detected paragraph")
            link = wrapped[0]
            long_press(demo, centre(link["rects"][1]))
            event = demo.expect("preview")
            if event["widget"] != "detected" or event["target"] != link["target"]:
                raise Failure(f"wrong preview {event}")
            if len(event["rects"]) != len(link["rects"]):
                raise Failure(f"the preview should carry all {len(link['rects'])} rects: {event['rects']}")
            card = event["card"]
            union_bottom = max(r[1] + r[3] for r in link["rects"])
            union_top = min(r[1] for r in link["rects"])
            if not (card[1] >= union_bottom or card[1] + card[3] <= union_top):
                raise Failure(f"the card {card} should sit below or above the link's rects")
            menu = demo.expect("menu")
            items = [item["item"] for item in menu["items"]]
            if items != ["copy", "copyLink", "openLink"]:
                raise Failure(f"link menu items {items}")
            state["preview_link"] = link
        run.check("long press on a wrapped URL previews it, anchored to both of its rects", wrapped_preview)

        def screenshot():
            time.sleep(0.4)
            path = os.path.join(options.work, "demo-window.png")
            subprocess.run(["import", "-window", demo.window, path], check=True, timeout=20)
            if options.screenshot_out:
                shutil.copyfile(path, options.screenshot_out)
            print(f"# screenshot: {compare_with_golden(path, options.golden, options.work)}", flush=True)
        run.check("the window matches the golden screenshot (loosely)", screenshot)

        def attachments_drawn():
            ppm = os.path.join(options.work, "attachments.ppm")
            subprocess.run(["convert", os.path.join(options.work, "demo-window.png"), "-alpha", "off", "-depth", "8",
                            f"ppm:{ppm}"], check=True)
            width, _, pixels = read_ppm(ppm)
            boxes = {attachment["alt"]: attachment["rect"] for attachment in widgets["rich"]["attachments"]}

            def pixel(x, y):
                offset = (round(y) * width + round(x)) * 3
                return tuple(pixels[offset:offset + 3])
            dot = boxes["online"]
            red, green, blue = pixel(dot[0] + dot[2] / 2, dot[1] + dot[3] / 2)
            if not (green > red + 40 and green > blue + 40):
                raise Failure(f"the presence dot (a custom attachment the app draws) is not green: {(red, green, blue)}")
            badge = boxes["verified"]
            red, green, blue = pixel(badge[0] + badge[2] / 2, badge[1] + badge[3] / 4)
            if not blue > red + 60:
                raise Failure(f"the badge image is not drawn in its box: {(red, green, blue)}")
        run.check("the window shows the badge image and the app's custom presence dot in their boxes",
                  attachments_drawn)

        def dismiss():
            click(demo, (state["window"][0] // 4, state["window"][1] - 12))
            event = demo.next_event(5, skip=("scroll", "stats", "measured"))
            if event is None or event["event"] != "dismiss":
                raise Failure(f"expected the popups to close, got {event}")
        run.check("a click elsewhere closes the preview and menu", dismiss)

        def copy_to_clipboard():
            copyable = widgets["copyable"]
            long_press(demo, centre(copyable["label"]))
            menu = demo.expect("menu")
            items = {item["item"]: item for item in menu["items"]}
            if list(items) != ["copy"]:
                raise Failure(f"text menu items {list(items)}")
            click(demo, centre(items["copy"]["frame"]))
            event = demo.expect("copied")
            if event["text"] != copyable["text"]:
                raise Failure(f"copied {event['text']!r}, expected the full text")
            if not copyable["truncated"]:
                raise Failure("the copyable label should be truncated, to show the full text is copied")
            clipboard = read_clipboard()
            if clipboard != copyable["text"]:
                raise Failure(f"clipboard holds {clipboard!r}")
        run.check("long press → Copy puts the full (truncated) text on the X clipboard", copy_to_clipboard)

        def button_not_copyable():
            button = widgets["copyable"]["button"]
            # A long press on a button is still a press of the button (lifted inside it), never a Copy menu.
            long_press(demo, centre(button))
            event = demo.expect("button", skip=("scroll", "stats", "measured", "dismiss"))
            click(demo, centre(button))
            event = demo.expect("button", skip=("scroll", "stats", "measured", "dismiss"))
            if event["widget"] != "copyable":
                raise Failure(f"wrong button event {event}")
        run.check("a label inside a button offers no Copy menu; a click presses the button", button_not_copyable)

        def expand():
            truncated = widgets["truncated"]
            if "token" not in truncated:
                raise Failure("the truncated paragraph reports no token")
            click(demo, centre(truncated["token"]))
            event = demo.expect("expand")
            if event["widget"] != "truncated":
                raise Failure(f"wrong expand {event}")
            layout = widgets_by_id(demo.expect("layout"))["truncated"]
            if not layout["expanded"] or "token" in layout or layout["lines"] <= truncated["lines"]:
                raise Failure(f"not expanded: {layout}")
        run.check("…more expands the truncated paragraph", expand)

        def scroll():
            list_frame = widgets["list"]["frame"]
            point = centre(list_frame)
            xdotool("mousemove", "--window", demo.window, point[0], point[1], "click", "--repeat", "4", "5")
            offsets = []
            deadline = time.monotonic() + 5
            while len(offsets) < 4 and time.monotonic() < deadline:
                event = demo.next_event(1, skip=("stats", "measured"))
                if event and event["event"] == "scroll":
                    offsets.append(event["offset"])
            if len(offsets) < 4 or offsets != sorted(offsets) or offsets[-1] <= 0:
                raise Failure(f"wheel scrolling gave offsets {offsets}")
        run.check("the mouse wheel scrolls the 10,000-row list", scroll)

        def resize():
            xdotool("windowsize", demo.window, 820, 640)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                event = demo.next_event(2)
                if event and event["event"] == "layout" and event["window"] == [820, 640]:
                    resized = widgets_by_id(event)
                    if resized["list"]["frame"][2] >= widgets["list"]["frame"][2]:
                        raise Failure("the list did not narrow")
                    return
            raise Failure("no layout event for the new size")
        run.check("resizing the window lays every widget out again", resize)

        def terminate():
            demo.process.terminate()
            code = demo.process.wait(timeout=10)
            if code != 0:
                raise Failure(f"exit code {code} after SIGTERM")
        run.check("SIGTERM exits cleanly with code 0", terminate)

        interrupted = Demo(options.demo, options.work)

        def interrupt():
            interrupted.expect("ready", timeout=120)
            interrupted.process.send_signal(signal.SIGINT)
            code = interrupted.process.wait(timeout=10)
            if code != 0:
                raise Failure(f"exit code {code} after SIGINT")
        try:
            run.check("SIGINT exits cleanly with code 0", interrupt)
        finally:
            if interrupted.process.poll() is None:
                interrupted.process.kill()

        closing = Demo(options.demo, options.work)

        def window_close():
            closing.expect("ready", timeout=120)
            found = subprocess.run(["xdotool", "search", "--sync", "--name", "^LabelKit demo$"], capture_output=True,
                                   text=True, timeout=20).stdout.split()
            send_window_close(found[0])
            code = closing.process.wait(timeout=10)
            if code != 0:
                raise Failure(f"exit code {code} after closing the window")
        try:
            run.check("closing the window exits cleanly with code 0", window_close)
        finally:
            if closing.process.poll() is None:
                closing.process.kill()
    except Failure as failure:
        print(f"not ok - {failure}", flush=True)
        print("# events: " + json.dumps(demo.log[-8:], ensure_ascii=False)[:3000], file=sys.stderr)
        print(f"end-to-end: {len(run.passed)} passed, 1 failed")
        return 1
    finally:
        if demo.process.poll() is None:
            demo.process.kill()
    print(f"end-to-end: {len(run.passed)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

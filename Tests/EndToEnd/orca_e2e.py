#!/usr/bin/python3
"""Orca reads labelkit-demo, end to end, as a blind person would hear it: Debian's unmodified Orca (orca_support.py)
in a private D-Bus session (dbus-run-session) with the accessibility bus, on the X server named by DISPLAY; keys
from xdotool to the focused window; what Orca says read from its `SPEECH OUTPUT` lines, timed from the key press by
Orca's own timestamps. The same steps run first against a GTK 3 window with the same kinds of widgets
(gtk_reference_app.py), which proves the harness and gives the kinds of speech to compare with, then against the
demo. Every step prints what Orca said; every check prints ok or not ok; the exit code is 1 if any failed.

The steps, in order (a second GTK window, "Other window", stands for the rest of the desktop):
  focus-in   from the other window to the app: the window (and, the second time, the focused item) within 1.5 s;
  Tab        the first Tab stop within 1 s: in the demo `利用規約 link` (GTK 3 focuses the label, whose links
             have no name, so there the terms label);
  KP_Enter   Orca's where-am-I names the focused item, and the app does not act on the key;
  KP_Up      flat review's current line is the terms line, read once (the focused link at most once more, as an
             item of its own), then KP_Begin (the
             current item, within that line), KP_Page_Up (the next line, the check box's, its link once), KP_Subtract;
  KP_Add     say-all reads from the focused item; twice quickly, Orca's flat-review say-all reads the window's
             labels in order;
and no traceback in Orca's log; the kinds of speech (window, item with a role, text, silence) of each step match
GTK's.
    orca_e2e.py --demo BINARY --work DIR [--apps gtk,demo]
"""
import argparse
import ctypes
import os
import re
import subprocess
import sys
import time

from atspi_support import TERMS_TEXT, start_accessibility_bus, stop_process
from e2e_support import Demo, Failure, xdotool
from orca_support import Orca, private_environment

HERE = os.path.dirname(os.path.abspath(__file__))
GTK_APP = os.path.join(HERE, "gtk_reference_app.py")
OTHER_TITLE = "Other window"
HEADER = "LabelKit — touchable text in a real window"
CHECKBOX_TITLE = "利用規約を読みました"
BUTTON = "Send message"
LINK = "利用規約"
# Events of the demo's protocol (and the GTK app's) that mean the app acted on a key.
ACTIVATIONS = {"tap", "open", "warning", "toggle", "button", "menu", "copied", "expand", "preview"}
ROLES = ("link", "label", "check box", "push button", "frame")
# A second press within Orca's double-click time (0.5 s) counts as a double click; other keys wait longer.
DOUBLE_PRESS_DELAY_MS = 150


def set_input_focus_none():
    """Nothing has the keyboard focus (XSetInputFocus None): no window is focused until a test focuses one."""
    x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        raise Failure("cannot open the X display")
    x11.XSetInputFocus(display, 0, 0, 0)
    x11.XFlush(display)
    x11.XCloseDisplay(display)


def window_named(title, pid, timeout=30):
    """The X window of process `pid` named `title` (_NET_WM_PID, which SDL and GTK set: not another app's window
    of the same name left on the display)."""
    command = ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid), "--name", f"^{re.escape(title)}$"]
    found = subprocess.run(command, capture_output=True, text=True, timeout=timeout).stdout.split()
    if not found:
        raise Failure(f"no window named {title!r}")
    return found[0]


def quoted(utterances, moment):
    return " | ".join(f"+{utterance.stamp - moment:.3f}s {utterance.text!r}" for utterance in utterances) or "(silence)"


def kinds(utterances, title):
    """What kinds of speech a step gave: the window, an item with its role, plain text, or silence."""
    found = set()
    for utterance in utterances:
        if utterance.text.endswith(" "):
            continue  # Orca's echo of the key itself ('tab ', 'plus ')
        text = utterance.text.strip()
        if f"{title} frame" in text or text == title:
            found.add("window")
        elif any(re.search(rf"(^|\s){role}\b", text) for role in ROLES if role != "frame"):
            found.add("item")
        elif text:
            found.add("text")
    return frozenset(found) or frozenset({"silence"})


class AppRun:
    """One app under Orca: the steps, their speech, and the checks' results."""

    def __init__(self, name, command, title, work, speech_for_tab):
        self.name, self.command, self.title, self.work = name, command, title, work
        self.speech_for_tab = speech_for_tab
        self.results = []  # (check, passed, detail)
        self.kinds = {}  # step -> kinds of speech
        self.orca = None
        self.app = None
        self.other = None

    def record(self, check, passed, detail=""):
        self.results.append((check, passed, detail))
        print(f"{'ok' if passed else 'not ok'} - {self.name}: {check}{'' if passed else ' — ' + detail}", flush=True)

    def drain(self):
        events = []
        while (event := self.app.next_event(0.01, skip=())) is not None:
            events.append(event)
        return events

    def step(self, label, action, until=None, limit=3.0, quiet=0.7, prepare=None, handler=None):
        """Runs `action` (a key, or a focus change), hears Orca until `until` holds, or it is quiet, or `limit`.
        `prepare` runs first, outside the time measured. With `handler` (the name of an Orca command), what Orca
        says is counted from the moment it ran that command (its log's `Handler is …`), and nothing if it never
        did: the key did not reach Orca. Returns the moment of the action and the utterances."""
        if prepare is not None:
            prepare()
        self.drain()
        moment = time.time()
        action()
        if handler is None:
            heard = self.orca.hear(moment, until=until, quiet=quiet, limit=limit)
            if until is not None and until(heard):
                heard = self.orca.hear(moment, quiet=quiet, limit=limit)  # the rest of what it says for this key
            print(f"# {self.name} {label}: {quoted(heard, moment)}", flush=True)
        else:
            deadline = time.monotonic() + limit
            ran = []
            while time.monotonic() < deadline and not ran:
                ran = [entry for entry in self.orca.handlers_since(moment) if entry[1] == handler]
                time.sleep(0.02)
            everything = self.orca.hear(moment, quiet=quiet, limit=max(0.0, deadline - time.monotonic()))
            if ran:
                heard = [utterance for utterance in everything if utterance.stamp >= ran[-1][0]]
                print(f"# {self.name} {label}: Orca ran {handler!r} after {ran[-1][0] - moment:.3f} s: "
                      f"{quoted(heard, moment)}", flush=True)
            else:
                heard = []
                print(f"# {self.name} {label}: Orca never ran {handler!r} (the key did not reach it); heard "
                      f"{quoted(everything, moment)}", flush=True)
        self.kinds[label] = kinds(heard, self.title)
        return moment, heard

    def first(self, heard, moment, predicate):
        """Seconds from `moment` to the first utterance for which `predicate` holds, or None."""
        for utterance in heard:
            if predicate(utterance.text):
                return utterance.stamp - moment
        return None

    def timed_check(self, check, heard, moment, predicate, within):
        delay = self.first(heard, moment, predicate)
        if delay is None:
            self.record(check, False, f"not heard (heard {quoted(heard, moment)})")
        elif delay > within:
            self.record(check, False, f"heard after {delay:.3f} s > {within} s")
        else:
            self.record(check, True)
            print(f"#   after {delay:.3f} s", flush=True)

    def before_switch(self):
        """What a person switching windows does before the focus moves: a key that Orca does not take (Orca 43 takes
        a window's (de)activation right after a key it consumed, such as KP_Enter, for a side effect of its own key
        grab, and says nothing). Here Shift; the focus change itself is xdotool's (there is no window manager for
        Alt+Tab)."""
        xdotool("key", "Shift_L")
        time.sleep(0.6)

    def key(self, name):
        return lambda: xdotool("key", name)

    def run(self, environment):
        self.orca = Orca(self.work, self.name, environment)
        try:
            self.orca.start()
            set_input_focus_none()
            self.other = subprocess.Popen(["/usr/bin/python3", GTK_APP, "--title", OTHER_TITLE],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.app = Demo(self.command[0], self.work, args=tuple(self.command[1:]))
            self.app.expect("ready", timeout=120, skip=("scroll", "stats", "measured", "layout"))
            self.steps(window_named(self.title, self.app.process.pid), window_named(OTHER_TITLE, self.other.pid))
        except (Failure, subprocess.SubprocessError) as failure:
            self.record("the run completes", False, str(failure))
        finally:
            self.orca.terminate()
            if self.app is not None:
                self.app.kill()
            if self.other is not None:
                self.other.kill()
                self.other.wait(timeout=10)
            self.orca.stop()
        tracebacks = self.orca.tracebacks()
        self.record("no traceback in Orca's log", not tracebacks,
                    " / ".join(" ".join(self.orca.log[index:index + 8]) for index in tracebacks[:2]))

    def steps(self, window, other):
        title = self.title

        def has_title(text):
            return f"{title} frame" in text or text.strip() == title

        self.step("focus the other window", lambda: xdotool("windowfocus", "--sync", other),
                  until=lambda heard: any(OTHER_TITLE in utterance.text for utterance in heard))
        moment, heard = self.step("focus-in", lambda: xdotool("windowfocus", "--sync", window),
                                  until=lambda heard: any(has_title(utterance.text) for utterance in heard))
        self.timed_check("focus-in announces the window within 1.5 s", heard, moment, has_title, 1.5)

        tab_speech = self.speech_for_tab
        moment, heard = self.step("Tab", self.key("Tab"), limit=5.0,
                                  until=lambda heard: any(tab_speech in utterance.text for utterance in heard))
        self.timed_check(f"Tab speaks {tab_speech!r} within 1 s", heard, moment,
                         lambda text: tab_speech in text, 1.0)
        echoed = any(utterance.text == "tab " for utterance in heard)
        reached = "echoed the key: it reached Orca" if echoed else "did not echo the key: it never reached Orca"
        print(f"#   Orca {reached}", flush=True)

        focused_name = tab_speech.rsplit(" ", 1)[0]
        moment, heard = self.step("KP_Enter", self.key("KP_Enter"), limit=2.5,
                                  handler="Perform the basic Where Am I operation")
        self.timed_check("KP_Enter (where am I) names the focused item within 1.5 s", heard, moment,
                         lambda text: focused_name in text and not text.endswith(" "), 1.5)
        time.sleep(0.5)
        acted = [event for event in self.drain() if event["event"] in ACTIVATIONS]
        self.record("KP_Enter goes to Orca: the app does not act on it", not acted, f"the app reported {acted}")

        self.step("focus the other window again", lambda: xdotool("windowfocus", "--sync", other),
                  until=lambda heard: any(OTHER_TITLE in utterance.text for utterance in heard),
                  prepare=self.before_switch)
        moment, heard = self.step(
            "focus-in again", lambda: xdotool("windowfocus", "--sync", window), prepare=self.before_switch,
            until=lambda heard: any(has_title(u.text) for u in heard) and any(tab_speech in u.text for u in heard))
        window_delay = self.first(heard, moment, has_title)
        item_delay = self.first(heard, moment, lambda text: tab_speech in text)
        if window_delay is None or item_delay is None:
            self.record("focus-in announces the window and the focused item within 1.5 s", False,
                        f"heard {quoted(heard, moment)}")
        else:
            delay = max(window_delay, item_delay)
            self.record("focus-in announces the window and the focused item within 1.5 s", delay <= 1.5,
                        f"after {delay:.3f} s")

        self.flat_review()
        self.say_all(focused_name)

    def flat_review(self):
        """Orca 43's flat review makes a zone of each on-screen object's text lines, or of its name when it has no
        Text (so a named link child is a zone of its own beside its label's text), clusters the zones into lines by
        their extents, joins a line's zones with spaces, and starts at the zone of the focused object (else at the
        window's first line). Spaces are ignored here: a label whose text holds U+FFFC where its link is (the
        embedded-object model of Firefox and Chromium) reads `…同時に 利用規約 に同意…`, which is the line once."""
        moment, heard = self.step("KP_Up (flat review: current line)", self.key("KP_Up"), limit=5.0,
                                  handler="Speak the current flat review line")
        spoken = [utterance.text for utterance in heard if not utterance.text.endswith(" ")]
        line = re.sub(r"\s+", "", "".join(spoken))
        # The line is read once. In the demo, the focused link is also a review item of its own on it (where the
        # review starts), named once more after the text; no other link is (GTK's links are never items: there
        # the label has the focus).
        self.record("flat review (KP_Up) reads the terms line once, the focused link at most once more",
                    line.count(re.sub(r"\s+", "", TERMS_TEXT)) == 1 and line.count(LINK) <= 2,
                    f"heard {quoted(heard, moment)}")
        moment, heard = self.step("KP_Begin (flat review: current item)", self.key("KP_Begin"),
                                  handler="Speak the current flat review item or word")
        items = [re.sub(r"\s+", "", utterance.text) for utterance in heard if not utterance.text.endswith(" ")]
        self.record("flat review (KP_Begin) reads an item of the terms line",
                    bool(items) and all(item and item in TERMS_TEXT for item in items),
                    f"heard {quoted(heard, moment)}")
        moment, heard = self.step("KP_Page_Up (flat review: next line)", self.key("KP_Page_Up"),
                                  handler="Move flat review to the beginning of the next line")
        line = re.sub(r"\s+", "", "".join(utterance.text for utterance in heard if not utterance.text.endswith(" ")))
        self.record("flat review's next line (KP_Page_Up) is the check box's, its link read once",
                    CHECKBOX_TITLE in line and line.count(LINK) == 1 and TERMS_TEXT not in line,
                    f"heard {quoted(heard, moment)}")
        self.step("KP_Subtract (leave flat review)", self.key("KP_Subtract"),
                  handler="Enter and exit flat review mode")

    def say_all(self, focused_name):
        """Orca 43's say-all (KP_Add) reads the focused object's Text from its caret and goes on along
        RELATION_FLOWS_TO (an object without Text: its name and role); GTK's labels have no such relation, so there
        it reads the focused label alone. Pressed twice, it reads the whole window line by line (flat review)."""
        moment, heard = self.step("KP_Add (say all)", self.key("KP_Add"), limit=5.0,
                                  handler="Speak entire document")
        self.timed_check("say-all (KP_Add) reads from the focused item", heard, moment,
                         lambda text: focused_name in text, 5.0)
        time.sleep(0.6)  # past Orca's double-click time: the next two presses are a double press of their own
        moment, heard = self.step(
            "KP_Add KP_Add (flat review say all)",
            lambda: xdotool("key", "--delay", DOUBLE_PRESS_DELAY_MS, "KP_Add", "KP_Add"), limit=8.0, quiet=1.0,
            handler="Speak entire window using flat review")
        spoken = " ".join(utterance.text for utterance in heard)
        positions = []
        for text in (HEADER, TERMS_TEXT, CHECKBOX_TITLE, BUTTON):
            start = positions[-1] + 1 if positions else 0
            positions.append(spoken.find(text, start))
        self.record("say-all (KP_Add twice) reads the labels in order: header, terms, checkbox, button",
                    all(position >= 0 for position in positions), f"positions {positions} in {spoken[:400]!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--apps", default="gtk,demo", help="which apps to run, in order (gtk, demo)")
    options = parser.parse_args()

    environment = private_environment(options.work)
    os.environ.update(environment)  # the apps (started by Demo) see the same private settings
    launcher = start_accessibility_bus(options.work)
    runs = {
        "gtk": AppRun("gtk", ["/usr/bin/python3", GTK_APP, "--title", "GTK reference"], "GTK reference",
                      options.work, f"{TERMS_TEXT} label"),
        "demo": AppRun("demo", [options.demo, "--events"], "LabelKit demo", options.work, f"{LINK} link"),
    }
    chosen = [runs[name] for name in options.apps.split(",")]
    try:
        for run in chosen:
            print(f"# {run.name}: Orca reads {' '.join(run.command)}", flush=True)
            run.run(environment)
    finally:
        stop_process(launcher)
    # Where the demo is meant to differ from GTK 3: GTK gives the terms label the keyboard focus (its link objects
    # have no name), the demo gives it to the link (Tab speaks '利用規約 link', as issue 45 asks). Orca 43's say-all
    # reads a focused object's Text and speaks one without Text as an item, so there a single KP_Add reads GTK's label
    # and names the demo's link; pressed twice it reads both windows in full (checked above).
    expected_differences = {"KP_Add (say all)": frozenset({"item"})}
    if runs["gtk"] in chosen and runs["demo"] in chosen:
        for step, reference in runs["gtk"].kinds.items():
            if step.startswith("focus the other window"):
                continue
            found = runs["demo"].kinds.get(step, frozenset({"not run"}))
            expected = expected_differences.get(step, reference)
            note = "" if expected == reference else f"; the demo's focused link: {', '.join(sorted(expected))}"
            runs["demo"].record(
                f"{step}: the same kinds of speech as GTK ({', '.join(sorted(reference))}{note})",
                found == expected, f"heard {', '.join(sorted(found))}")
    failed = 0
    for run in chosen:
        run_failed = sum(1 for _, passed, _ in run.results if not passed)
        failed += run_failed
        print(f"orca end-to-end, {run.name}: {len(run.results) - run_failed} passed, {run_failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

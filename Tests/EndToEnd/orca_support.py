"""Debian's unmodified Orca as a test harness: started in the private D-Bus session (with the accessibility bus that
atspi_support.py starts) on the tests' X display, with preferences of its own (no speech synthesizer, no braille, no
sounds; the user's settings are never read or written), and its debug output read through script(1), so that every
`SPEECH OUTPUT` line arrives as Orca writes it, with Orca's own timestamp.

How Orca 43 speaks without a synthesizer: speech.py logs every utterance (`SPEECH OUTPUT: '…'`, through debug.println
at LEVEL_INFO) before it hands it to the speech server, and an empty `speechServerFactory` leaves it with none.
`--debug-file` sets the debug level to everything and writes to that file; Python buffers a file by blocks but a
terminal by lines, so the file is /dev/stdout of a pseudo-terminal that script(1) makes (-f flushes it at once).
"""
import datetime
import json
import os
import queue
import re
import signal
import subprocess
import threading
import time

from e2e_support import Failure

# `HH:MM:SS.ffffff - SPEECH OUTPUT: 'text'` then, for speech.speak, the voice (` voice=uppercase`) and the ACSS
# (a dictionary, a list of one, or None); for a key's echo, a space and the dictionary.
SPEECH = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - SPEECH OUTPUT: '(.*?)'(?: voice=\w+)?\s*(?:\[?\{.*\}\]?|None)?$",
                    re.S)
# A key bound to one of Orca's commands: `HH:MM:SS.ffffff - INFO: Handler is Speak the current flat review line`.
HANDLER = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - INFO: Handler is (.*)$")
STAMP = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - ")
# Continuation lines of a multi-line message are indented by 18 spaces (debug.println).
CONTINUATION = " " * 18

# Orca's settings for the tests (merged over its defaults): no synthesizer, braille display or sounds to look for,
# and the desktop keyboard layout (the keypad's review and where-am-I keys). Key echo stays on, as for a person.
SETTINGS = {
    "speechServerFactory": "",
    "enableBraille": False,
    "enableSound": False,
    "keyboardLayout": 1,
    "enableKeyEcho": True,
    "firstStart": False,
}


class Utterance:
    def __init__(self, stamp, text):
        self.stamp = stamp  # seconds since the epoch, from Orca's timestamp
        self.text = text

    def __repr__(self):
        return repr(self.text)


def _epoch(clock):
    """Orca's `HH:MM:SS.ffffff` (local time, today) as seconds since the epoch."""
    now = datetime.datetime.now()
    moment = datetime.datetime.combine(now.date(), datetime.datetime.strptime(clock, "%H:%M:%S.%f").time())
    if (moment - now).total_seconds() > 43200:  # written just before midnight, read after it
        moment -= datetime.timedelta(days=1)
    return moment.timestamp()


def write_preferences(directory):
    """A settings directory of Orca's own (`--user-prefs`), with SETTINGS in its default profile."""
    os.makedirs(directory, exist_ok=True)
    profile = ["Default", "default"]
    preferences = {
        "general": dict(SETTINGS, startingProfile=profile, activeProfile=profile, profile=profile),
        "profiles": {"default": dict(SETTINGS, profile=profile, pronunciations={}, keybindings={})},
        "pronunciations": {},
        "keybindings": {},
    }
    with open(os.path.join(directory, "user-settings.conf"), "w") as file:
        json.dump(preferences, file, indent=4)


def private_environment(work):
    """The environment for Orca and the apps: XDG folders in `work` and GSettings in memory, so that nothing the
    person has configured is read and nothing (Orca turns toolkit-accessibility on) is written."""
    environment = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        path = os.path.join(work, "xdg", name.lower())
        os.makedirs(path, exist_ok=True)
        environment[name] = path
    environment["GSETTINGS_BACKEND"] = "memory"
    environment["NO_AT_BRIDGE"] = "0"
    # Orca's own messages in English, whatever the machine's locale; texts stay UTF-8.
    environment["LANGUAGE"] = "en"
    environment["LC_MESSAGES"] = "C.UTF-8"
    return environment


class Orca:
    """Orca under script(1). `speech` collects its utterances; `log` every line (also written to `log_path`)."""

    def __init__(self, work, name, environment):
        self.work = work
        self.preferences = os.path.join(work, f"orca-{name}-prefs")
        write_preferences(self.preferences)
        self.log_path = os.path.join(work, f"orca-{name}.log")
        self.log = []
        self.speech = []
        self.lines = queue.Queue()
        command = f"exec orca --user-prefs '{self.preferences}' --debug-file /dev/stdout"
        self.process = subprocess.Popen(
            ["script", "--quiet", "--flush", "--return", "--command", command, "/dev/null"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment,
            start_new_session=True)
        self._file = open(self.log_path, "w")
        self._pending = None
        self.orca_pid = None
        self._terminated = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self._file.write(line + "\n")
            self._file.flush()
            self.log.append(line)
            self._parse(line)
            self.lines.put(line)
        self.lines.put(None)

    def _parse(self, line):
        if self._pending is not None:
            if line.startswith(CONTINUATION) or not STAMP.match(line):
                self._pending += "\n" + line[len(CONTINUATION):]
                if self._finish(self._pending):
                    self._pending = None
                return
            self._pending = None
        if " - SPEECH OUTPUT: '" in line and STAMP.match(line) and not self._finish(line):
            self._pending = line

    def _finish(self, text):
        match = SPEECH.match(text)
        if match is None:
            return False
        self.speech.append(Utterance(_epoch(match.group(1)), match.group(2)))
        return True

    def wait_for_line(self, pattern, timeout):
        """The first line (from now on or already read) matching the regular expression `pattern`."""
        compiled = re.compile(pattern)
        for line in list(self.log):
            if compiled.search(line):
                return line
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                raise Failure(f"Orca exited: {self.tail()}")
            if compiled.search(line):
                return line
        raise Failure(f"Orca never logged /{pattern}/; its last lines: {self.tail()}")

    def start(self, timeout=30):
        """Waits until Orca listens to the registry and has said it is on."""
        self.wait_for_line(r"Another screen reader process is already running|SPEECH OUTPUT: 'Screen reader on\.'",
                           timeout)
        if any("Another screen reader process" in line for line in self.log):
            raise Failure("another Orca of this user is running (orca refuses to start a second one)")
        self.wait_for_line(r"ORCA: Starting registry", timeout)
        self.orca_pid = self._child()
        # run-demo-e2e.sh kills the Orca named here if the test itself dies: a second one would not start.
        if self.orca_pid is not None:
            with open(os.path.join(self.work, "orca.pid"), "w") as pid_file:
                pid_file.write(str(self.orca_pid))

    def _child(self):
        """Orca's process id: script(1)'s child (`exec orca`)."""
        try:
            with open(f"/proc/{self.process.pid}/task/{self.process.pid}/children") as children:
                return int(children.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def speech_since(self, moment):
        return [utterance for utterance in list(self.speech) if utterance.stamp >= moment]

    def hear(self, moment, until=None, quiet=0.7, limit=4.0):
        """The utterances from `moment` (seconds since the epoch) on: waits until `until(utterances)` holds, or until
        Orca has been quiet for `quiet` seconds after speaking (or `limit` seconds have gone by)."""
        start = time.monotonic()
        last_count, last_change = -1, time.monotonic()
        while True:
            heard = self.speech_since(moment)
            if until is not None and until(heard):
                return heard
            if len(heard) != last_count:
                last_count, last_change = len(heard), time.monotonic()
            elapsed = time.monotonic() - start
            if elapsed >= limit or (heard and until is None and time.monotonic() - last_change >= quiet):
                return heard
            time.sleep(0.02)

    def handlers_since(self, moment):
        """The commands Orca ran since `moment` (its `INFO: Handler is …` lines): (seconds since the epoch, name)."""
        found = []
        for line in list(self.log):
            match = HANDLER.match(line)
            if match:
                stamp = _epoch(match.group(1))
                if stamp >= moment:
                    found.append((stamp, match.group(2)))
        return found

    def tail(self, count=12):
        return " | ".join(self.log[-count:])

    def tracebacks(self):
        return [index for index, line in enumerate(self.log) if line.startswith("Traceback")]

    def excerpt(self, moment, count=60, pattern=None):
        """The log's lines from `moment` on (by Orca's timestamps), those matching `pattern` if given."""
        lines = []
        started = False
        for line in list(self.log):
            stamp = STAMP.match(line)
            if stamp and not started and _epoch(stamp.group(1)) >= moment:
                started = True
            if started and (pattern is None or re.search(pattern, line)):
                lines.append(line)
                if len(lines) >= count:
                    break
        return lines

    def terminate(self):
        """Sends SIGTERM to Orca (script's child). Orca's handler, in Python, runs only when an AT-SPI event calls into
        Python (pyatspi runs GLib's loop without the GIL), so send it while the apps are alive: their exit wakes Orca.
        """
        if self.orca_pid is None:
            self.orca_pid = self._child()
        if self.orca_pid is not None and self.process.poll() is None and not self._terminated:
            self._terminated = True
            try:
                os.kill(self.orca_pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def stop(self):
        """Waits for Orca (after `terminate`) and script(1) to exit; kills Orca if it does not within 5 s."""
        self.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            if self.orca_pid is not None:
                try:
                    os.kill(self.orca_pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.process.wait(timeout=5)
        try:
            os.remove(os.path.join(self.work, "orca.pid"))
        except FileNotFoundError:
            pass
        self._file.close()

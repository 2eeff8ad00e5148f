#!/usr/bin/python3
"""How fast labelkit-demo answers a screen reader: round trips of plain AT-SPI requests (the name, the role and the
child count of the frame and of the terms label, the label's text through Text.GetText, its extents through
Component.GetExtents), each sent to the app (libatspi's cache of the object is cleared before every request), timed
from the call to its answer. First with the demo idle, then while it scrolls its list (`--scroll-test`), each for a
few seconds; the median and p99 of each must stay under the issue's targets (2 ms and 10 ms). The GTK 3 reference
window (gtk_reference_app.py) is measured the same way first, for comparison only.

A phase that misses a target is measured again, up to ATTEMPTS times in all, and passes if one attempt meets both;
every attempt is printed. A p99 is the scheduler's as much as the app's: each answer crosses from GDBus's thread to
the app's loop and back, and on a machine whose cores are busy with other work (builds beside the test) a few of
those hand-overs wait for a time slice — one run here measured a p99 of 16 ms while three other builds ran beside it.
An app that answers only once per turn of its loop (the fault this guards against, 50 ms a call) misses the median on
every attempt. Runs in a private D-Bus session
(dbus-run-session) with the accessibility bus, on the X server named by DISPLAY; needs Debian's python3-pyatspi.
    atspi_latency_e2e.py --demo BINARY --work DIR [--seconds S]
"""
import argparse
import os
import sys
import time

from atspi_support import TERMS_TEXT, Atspi, descendants, find_application, start_accessibility_bus, stop_process
from e2e_support import Demo, Failure

HERE = os.path.dirname(os.path.abspath(__file__))
MEDIAN_TARGET_MS = 2.0
P99_TARGET_MS = 10.0
ATTEMPTS = 3
SCROLL_TEST_SECONDS = 8


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, round((len(sorted_values) - 1) * fraction))]


def requests(frame, label):
    """The requests, each a function that sends one D-Bus call to the app."""
    def fresh(accessible, request):
        def call():
            accessible.clear_cache()
            return request()
        return call
    return {
        "name": fresh(frame, frame.get_name),
        "role": fresh(label, label.get_role),
        "child count": fresh(frame, frame.get_child_count),
        "Text.GetText": lambda: Atspi.Text.get_text(label, 0, -1),
        "Component.GetExtents": lambda: Atspi.Component.get_extents(label, Atspi.CoordType.WINDOW),
    }


def measure(frame, label, seconds, stop=lambda: False, limit=400):
    """Round-robin over the requests for `seconds` (or `limit` rounds, or until `stop()`); milliseconds per kind and
    in all, and the number of requests that failed."""
    kinds = requests(frame, label)
    times = {name: [] for name in kinds}
    failures = []
    deadline = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < deadline and rounds < limit and not stop():
        for name, call in kinds.items():
            start = time.perf_counter()
            try:
                call()
            except Exception as error:  # noqa: BLE001 — a D-Bus error or timeout is a result to report
                failures.append(f"{name}: {error}")
                continue
            times[name].append((time.perf_counter() - start) * 1000)
        rounds += 1
    return times, failures


def report(title, times, failures):
    """Prints the figures; returns (median, p99) over every request."""
    every = sorted(value for values in times.values() for value in values)
    median, p99 = percentile(every, 0.5), percentile(every, 0.99)
    print(f"# {title}: {len(every)} requests, median {median:.2f} ms, p90 {percentile(every, 0.9):.2f} ms, "
          f"p99 {p99:.2f} ms, max {every[-1] if every else float('nan'):.2f} ms, {len(failures)} failed", flush=True)
    for name, values in times.items():
        values = sorted(values)
        print(f"#   {name}: {len(values)}, median {percentile(values, 0.5):.2f} ms, p99 {percentile(values, 0.99):.2f}"
              " ms", flush=True)
    for failure in failures[:5]:
        print(f"#   failed: {failure}", flush=True)
    return median, p99


def objects(app):
    frame = app.get_child_at_index(0)
    label = next((child for child in descendants(frame) if child.get_name() == TERMS_TEXT), None)
    if frame is None or label is None:
        raise Failure("no frame or no terms label in the tree")
    return frame, label


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--seconds", type=float, default=4.0, help="how long each phase measures")
    options = parser.parse_args()

    launcher = start_accessibility_bus(options.work)
    results = []
    try:
        # The reference: GTK 3 answering the same requests (not checked).
        gtk = Demo("/usr/bin/python3", options.work, args=(os.path.join(HERE, "gtk_reference_app.py"),))
        try:
            gtk.expect("ready", timeout=60)
            frame, label = objects(find_application(gtk.process.pid))
            report("GTK 3 reference, idle (for comparison)", *measure(frame, label, options.seconds / 2))
        finally:
            gtk.kill()

        scrolling = f"labelkit-demo scrolling (--scroll-test {SCROLL_TEST_SECONDS})"
        phases = (("labelkit-demo idle", lambda: measure_idle(options)),
                  (scrolling, lambda: measure_scrolling(options)))
        for title, run in phases:
            for attempt in range(1, ATTEMPTS + 1):
                label = title if attempt == 1 else f"{title}, attempt {attempt} of {ATTEMPTS}"
                times, failures = run()
                median, p99 = report(label, times, failures)
                if meets_targets(median, p99, failures) or attempt == ATTEMPTS:
                    results.append((label, median, p99, failures))
                    break
                print(f"# {label} missed a target (median {median:.2f} ms, p99 {p99:.2f} ms): measured again",
                      flush=True)
    except Failure as failure:
        print(f"not ok - {failure}", flush=True)
        return 1
    finally:
        stop_process(launcher)

    failed = 0
    for title, median, p99, failures in results:
        passed = meets_targets(median, p99, failures)
        failed += not passed
        print(f"{'ok' if passed else 'not ok'} - {title}: median {median:.2f} ms (target {MEDIAN_TARGET_MS}), "
              f"p99 {p99:.2f} ms (target {P99_TARGET_MS}), {len(failures)} requests failed", flush=True)
    print(f"AT-SPI latency end-to-end: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


def meets_targets(median, p99, failures):
    return median <= MEDIAN_TARGET_MS and p99 <= P99_TARGET_MS and not failures


def measure_idle(options):
    """One attempt with the demo idle: a fresh demo, warmed up, then measured."""
    demo = Demo(options.demo, options.work)
    try:
        demo.expect("ready", timeout=120)
        frame, label = objects(find_application(demo.process.pid))
        measure(frame, label, 0.5)  # warm up
        return measure(frame, label, options.seconds)
    finally:
        demo.kill()


def measure_scrolling(options):
    """One attempt while a fresh demo scrolls its list (--scroll-test)."""
    demo = Demo(options.demo, options.work, args=("--events", "--scroll-test", str(SCROLL_TEST_SECONDS)))
    try:
        demo.expect("ready", timeout=120)
        # Stats come once a second of scrolling: the list is measured and moving.
        wait_for_stats(demo)
        frame, label = objects(find_application(demo.process.pid))
        seconds = min(options.seconds, SCROLL_TEST_SECONDS - 3)
        return measure(frame, label, seconds, stop=lambda: demo.process.poll() is not None)
    finally:
        demo.kill()


def wait_for_stats(demo, timeout=120):
    """The first `stats` line of the scroll test (stats are background events to Demo.wait_for)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = demo.next_event(deadline - time.monotonic(), skip=())
        if event is None or event["event"] in ("exit", "eof"):
            break
        if event["event"] == "stats":
            return event
    raise Failure("the scroll test never reported its frame times")


if __name__ == "__main__":
    sys.exit(main())

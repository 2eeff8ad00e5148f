#!/usr/bin/env python3
"""Selection and keyboard focus in labelkit-demo, end to end under an X server (DISPLAY): a real mouse and keyboard
(xdotool), the real clipboard (xclip) and screenshots (ImageMagick).

The demo reports the words of its selectable paragraph and the rectangles of every link; the test drags over part
of a sentence and copies it with ctrl+C, double-clicks a Japanese word, Tabs to 利用規約 and opens it with Return,
opens the context menu with shift+F10, and Tabs through every link in the window, checking the events, the X
clipboard and the pixels of the selection highlight and the focus ring. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

from demo_e2e import Demo, Failure, Run, centre, read_clipboard, widgets_by_id, xdotool

TERMS = "https://example.com/terms"
FOCUS_RING = (0x0B, 0x5F, 0xCC)


def utf16_slice(text, start, end):
    """The text between two UTF-16 offsets, as the demo counts them."""
    units = text.encode("utf-16-le")
    return units[2 * start:2 * end].decode("utf-16-le")


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def drag(demo, start, end, steps=6):
    xdotool("mousemove", "--window", demo.window, round(start[0]), round(start[1]), "mousedown", "1")
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        time.sleep(0.03)
        xdotool("mousemove", "--window", demo.window, round(x), round(y))
    xdotool("mouseup", "1")


def double_click(demo, point):
    xdotool("mousemove", "--window", demo.window, point[0], point[1], "click", "--repeat", "2", "--delay", "80", "1")


def key(name):
    xdotool("key", name)


def wait_for(demo, name, accept=lambda event: True, timeout=5):
    """The first `name` event that `accept` takes, skipping everything else; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        event = demo.next_event(deadline - time.monotonic())
        if event is None:
            break
        if event["event"] == name and accept(event):
            return event
        seen.append(event)
    raise Failure(f"no matching {name!r} event; saw {seen[-6:]}")


def screenshot(demo, work, name):
    time.sleep(0.3)
    path = os.path.join(work, name)
    subprocess.run(["import", "-window", demo.window, path], check=True, timeout=20)
    return path


def pixel(path, x, y):
    output = subprocess.run(["convert", path, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"], check=True,
                            capture_output=True, text=True, timeout=20).stdout
    match = re.search(r"\((\d+),(\d+),(\d+)", output.splitlines()[-1])
    if not match:
        raise Failure(f"cannot read the pixel at {x},{y}: {output!r}")
    return tuple(int(value) for value in match.groups())


def close_to(color, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(color, expected))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
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
            state["widgets"] = widgets_by_id(event)
            paragraph = state["widgets"]["truncated"]
            if not paragraph.get("words") or "text" not in paragraph:
                raise Failure("the selectable paragraph reports no words")
            time.sleep(0.3)
        run.check("ready line reports the selectable paragraph's words", ready)
        widgets = state["widgets"]
        paragraph = widgets["truncated"]

        def drag_and_copy():
            words = paragraph["words"]
            # Three consecutive Latin words on one line: part of a sentence.
            for index in range(len(words) - 2):
                three = words[index:index + 3]
                if all(word["text"].isascii() and len(word["rects"]) == 1 for word in three) \
                        and len({word["rects"][0][1] for word in three}) == 1:
                    break
            else:
                raise Failure("no three Latin words on one line")
            first, last = three[0]["rects"][0], three[2]["rects"][0]
            expected = utf16_slice(paragraph["text"], three[0]["start"],
                                   three[2]["start"] + utf16_length(three[2]["text"]))
            middle_y = first[1] + first[3] / 2
            drag(demo, (first[0] + 2, middle_y), (last[0] + last[2] - 2, middle_y))
            selection = wait_for(demo, "selection", lambda event: event["text"] == expected)
            if selection["widget"] != "truncated" or len(selection["rects"]) != 1:
                raise Failure(f"wrong selection {selection}")
            key("ctrl+c")
            copied = wait_for(demo, "copied")
            if copied["text"] != expected:
                raise Failure(f"copied {copied['text']!r}, expected {expected!r}")
            clipboard = read_clipboard()
            if clipboard != expected:
                raise Failure(f"the X clipboard holds {clipboard!r}, expected {expected!r}")
            # The highlight is drawn behind the text: blue at the top of its band, the panel beside it.
            rect = selection["rects"][0]
            shot = screenshot(demo, options.work, "selection.png")
            inside = pixel(shot, round(rect[0] + 3), round(rect[1] + 1))
            beside = pixel(shot, round(paragraph["frame"][0] + 3), round(rect[1] + 1))
            if not (inside[2] - inside[0] > 30 and beside[2] - beside[0] < 15):
                raise Failure(f"no highlight: {inside} inside the selection, {beside} beside it")
            state["copied"] = expected
        run.check("a drag over part of a sentence then ctrl+C puts exactly that substring on the X clipboard",
                  drag_and_copy)

        def double_click_japanese():
            japanese = [word for word in paragraph["words"]
                        if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", word["text"]) and len(word["text"]) >= 2]
            if not japanese:
                raise Failure("no Japanese word of two or more characters is on screen")
            word = japanese[0]
            double_click(demo, centre(word["rects"][0]))
            selection = wait_for(demo, "selection", lambda event: event["length"] > 0)
            if selection["text"] != word["text"]:
                raise Failure(f"a double click on {word['text']} selected {selection['text']!r}")
        run.check("a double click selects a Japanese word (ICU's dictionary)", double_click_japanese)

        def tab_to_terms():
            for _ in range(20):
                key("Tab")
                # One Tab may report the focus leaving one widget and entering the next: wait for where it lands.
                event = wait_for(demo, "focus", lambda event: event["rects"])
                if event["widget"] == "terms" and event.get("target") == TERMS:
                    break
            else:
                raise Failure("Tab never reached 利用規約")
            ring = event["rects"][0]
            shot = screenshot(demo, options.work, "focus.png")
            edge = pixel(shot, round(ring[0]) - 3, round(ring[1] + ring[3] / 2))
            if not close_to(edge, FOCUS_RING):
                raise Failure(f"no focus ring left of 利用規約: {edge}")
            state["terms_rects"] = event["rects"]
            key("Return")
            tap = wait_for(demo, "tap")
            if tap["widget"] != "terms" or tap["target"] != TERMS:
                raise Failure(f"Return tapped {tap}")
        run.check("Tab reaches 利用規約 with a visible focus ring and Return opens it", tab_to_terms)

        def menu_key():
            key("shift+F10")
            menu = wait_for(demo, "menu")
            items = [item["item"] for item in menu["items"]]
            if menu["widget"] != "terms" or "openLink" not in items or "copyLink" not in items:
                raise Failure(f"wrong menu {menu}")
            link = state["terms_rects"][0]
            left = min(item["frame"][0] for item in menu["items"])
            right = max(item["frame"][0] + item["frame"][2] for item in menu["items"])
            if right < link[0] or left > link[0] + link[2]:
                raise Failure(f"the menu {left}–{right} is not over the link {link}")
            key("Escape")
            wait_for(demo, "dismiss")
        run.check("shift+F10 opens the menu at the focused link; Escape closes it", menu_key)

        def tab_through_every_link():
            expected = {(widget_id, link["target"]) for widget_id, widget in widgets.items()
                        for link in widget.get("links", [])}
            visited = set()
            for _ in range(40):
                key("Tab")
                event = wait_for(demo, "focus", lambda event: "target" in event or event["rects"])
                if "target" in event:
                    visited.add((event["widget"], event["target"]))
                if visited >= expected:
                    break
            missing = expected - visited
            if missing:
                raise Failure(f"Tab never reached {sorted(missing)}")
        run.check("Tab moves through every link in the window", tab_through_every_link)

        def list_rows_selectable():
            frame = widgets["list"]["frame"]
            double_click(demo, (round(frame[0] + 40), round(frame[1] + 20)))
            selection = wait_for(demo, "selection", lambda event: event["widget"] == "list" and event["length"] > 0)
            key("ctrl+c")
            copied = wait_for(demo, "copied")
            if copied["widget"] != "list" or copied["text"] != selection["text"] or read_clipboard() != copied["text"]:
                raise Failure(f"copied {copied} after selecting {selection['text']!r}")
        run.check("a double click selects a word of a message in the list; ctrl+C copies it", list_rows_selectable)

        def terminate():
            demo.process.terminate()
            code = demo.process.wait(timeout=10)
            if code != 0:
                raise Failure(f"exit code {code} after SIGTERM")
        run.check("SIGTERM exits cleanly with code 0", terminate)
    except Failure as failure:
        print(f"not ok - {failure}", flush=True)
        print(f"selection end-to-end: {len(run.passed)} passed, 1 failed")
        return 1
    finally:
        if demo.process.poll() is None:
            demo.process.kill()
    print(f"selection end-to-end: {len(run.passed)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

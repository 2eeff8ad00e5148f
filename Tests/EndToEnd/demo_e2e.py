#!/usr/bin/env python3
"""Drives labelkit-demo under an X server (DISPLAY) with a real mouse (xdotool) and the real clipboard (xclip).

Reads the demo's JSON event lines, clicks and long-presses at points computed from the frames and link rectangles it
reports, and checks the events it answers with. Takes a screenshot and compares it loosely with a golden
(LABELKIT_RECORD_GOLDENS=1 records it). Standard library only.
"""
import argparse
import os
import shutil
import signal
import sys
import time

from e2e_support import (BACKGROUND_EVENTS, TERMS, Demo, Failure, Pixels, Run, centre, click, compare_with_golden, distance_to_rect,
                         find_window, key, long_press, read_clipboard, send_window_close, take_screenshot,
                         widgets_by_id, xdotool)

PROFILE = "https://example.com/@ana"
# Mean absolute difference per channel, as a fraction of 255, above which the screenshot differs from the golden.
GOLDEN_TOLERANCE = 0.03


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--golden", required=True)
    parser.add_argument("--screenshot-out")
    options = parser.parse_args()

    demo = Demo(options.demo, options.work)
    state = {}

    def checks(run):
        def ready():
            event = demo.ready()
            widgets = widgets_by_id(event)
            missing = {"terms", "checkbox", "detected", "truncated", "copyable", "rich", "vertical", "list"} - widgets.keys()
            if missing:
                raise Failure(f"widgets missing from ready: {missing}")
            state["widgets"] = widgets
            state["window"] = event["window"]
            state["renderer"] = event.get("renderer")
        run.check("ready line reports the window and every widget", ready)

        def software_renderer():
            # Xvfb has no GPU: its OpenGL is Mesa's llvmpipe, under which the window draws with SDL's software
            # renderer (a scrolling frame costs a third as much; Benchmarks/HISTORY.md).
            if state["renderer"] != "software":
                raise Failure(f"the window's renderer is {state['renderer']!r}, not 'software'")
        run.check("over Xvfb's llvmpipe the window draws with SDL's software renderer", software_renderer)
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
            # The checkbox's box is the sentinel: its focus and toggle must be the very next events, with no tap before.
            click(demo, centre(widgets["checkbox"]["box"]))
            event = demo.expect("focus")
            if event["widget"] != "checkbox" or "target" in event:
                raise Failure(f"box click should focus the checkbox itself: {event}")
            event = demo.expect("toggle")
            if event["checked"] is not True:
                raise Failure(f"box click should check: {event}")
        run.check("clicks beside 利用規約 tap nothing (the next events are the sentinel's focus and toggle)",
                  terms_beside)

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
            # The clicks focused the checkbox for the keyboard: Space toggles it, twice back to unchecked.
            for checked in (True, False):
                key("space")
                event = demo.expect("toggle")
                if event["widget"] != "checkbox" or event["checked"] is not checked:
                    raise Failure(f"space after a click should toggle the checkbox: {event}")
        run.check("checkbox: its link taps without toggling, its text toggles; Space then toggles it",
                  checkbox_link_versus_toggle)

        def badge_tap():
            links = [link for link in widgets["rich"]["links"] if link["target"] == PROFILE]
            if len(links) != 1 or len(links[0]["rects"]) != 1:
                raise Failure(f"the chat message should have one profile link on its badge: {widgets['rich']['links']}")
            badge = links[0]["rects"][0]
            if not 14 <= badge[2] <= 18:
                raise Failure(f"the badge's link rect should be the 16-point badge: {badge}")
            click(demo, centre(badge))
            # The click takes the keyboard focus from the checkbox first: its focus ring goes.
            event = demo.expect("focus")
            if event["widget"] != "checkbox" or event["rects"]:
                raise Failure(f"the checkbox should lose the focus: {event}")
            event = demo.expect("tap")
            if event["widget"] != "rich" or event["target"] != PROFILE:
                raise Failure(f"wrong tap {event}")
        run.check("a click on the chat message's verified badge (an inline image) opens the profile", badge_tap)

        def unsafe_link_warns():
            unsafe = [link for link in widgets["detected"]["links"] if not link["safe"]]
            if len(unsafe) != 1 or "xn--" not in unsafe[0]["target"]:
                raise Failure(f"the detected paragraph should hold one look-alike link: {widgets['detected']['links']}")
            safe = [link for link in widgets["detected"]["links"] if link["safe"]]
            if len(safe) < 5:
                raise Failure(f"the other detected links should be safe: {widgets['detected']['links']}")
            click(demo, centre(unsafe[0]["rects"][0]))
            # Only the warning: no "tap" (a focus change from the click before is no matter here).
            event = demo.expect("warning", skip=BACKGROUND_EVENTS + ("dismiss", "focus"))
            if event["widget"] != "detected" or event["target"] != unsafe[0]["target"]:
                raise Failure(f"wrong warning {event}")
            if event["warnings"] != ["mixedScriptHost"]:
                raise Failure(f"the warning should name the mixed-script host: {event}")
        run.check("a click on a look-alike link (раypal.com) shows a warning instead of opening it", unsafe_link_warns)

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
            time.sleep(0.1)
            path = take_screenshot(demo, options.work, "demo-window.png")
            if options.screenshot_out:
                shutil.copyfile(path, options.screenshot_out)
            comparison = compare_with_golden(path, options.golden, options.work, GOLDEN_TOLERANCE)
            print(f"# screenshot: {comparison}", flush=True)
        run.check("the window matches the golden screenshot (loosely)", screenshot)

        def attachments_drawn():
            pixel = Pixels(os.path.join(options.work, "demo-window.png"), options.work)
            boxes = {attachment["alt"]: attachment["rect"] for attachment in widgets["rich"]["attachments"]}
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
            event = demo.next_event(5)
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
            if event["widget"] != "button":
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

        def vertical_terms_tap():
            panel = widgets["vertical"]
            if panel["columns"] < 3 or panel["frame"][3] <= panel["frame"][2]:
                raise Failure(f"the vertical panel should be columns in a tall frame: {panel}")
            rects = panel["links"][0]["rects"]
            for rect in rects:
                if rect[3] <= rect[2]:
                    raise Failure(f"a link's rect in vertical text is a vertical band: {rect}")
                click(demo, centre(rect))
                # The widget focused before gives the focus up first.
                event = demo.expect("tap", skip=BACKGROUND_EVENTS + ("dismiss", "focus"))
                if event["widget"] != "vertical" or event["target"] != TERMS:
                    raise Failure(f"wrong tap {event}")
        run.check("a click on 利用規約 in the vertical panel's column taps the terms link", vertical_terms_tap)

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

        run.check("SIGTERM exits cleanly with code 0", demo.terminate)

        def exits_cleanly(name, stop):
            """A fresh demo, stopped by `stop(demo)` once ready, must exit with code 0."""
            fresh = Demo(options.demo, options.work)

            def check():
                fresh.expect("ready", timeout=120)
                stop(fresh)
                code = fresh.process.wait(timeout=10)
                if code != 0:
                    with open(os.path.join(options.work, "demo.stderr"), errors="replace") as stderr:
                        said = stderr.read()[-1500:]
                    raise Failure(f"exit code {code} after {name}; the demo's stderr ends: {said!r}")
            try:
                run.check(f"{name} exits cleanly with code 0", check)
            finally:
                fresh.kill()

        exits_cleanly("SIGINT", lambda fresh: fresh.process.send_signal(signal.SIGINT))
        exits_cleanly("closing the window", lambda fresh: send_window_close(find_window()))

    return Run("end-to-end").main(demo, checks)


if __name__ == "__main__":
    sys.exit(main())

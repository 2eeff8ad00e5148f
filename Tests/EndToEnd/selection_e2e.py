#!/usr/bin/env python3
"""Selection and keyboard focus in labelkit-demo, end to end under an X server (DISPLAY): a real mouse and keyboard
(xdotool), the real clipboard (xclip) and screenshots (ImageMagick).

The demo reports the words of its selectable paragraph and the rectangles of every link; the test drags over part
of a sentence and copies it with ctrl+C, double-clicks a Japanese word, Tabs to 利用規約 and opens it with Return,
opens the context menu with shift+F10, and Tabs through every link in the window, checking the events, the X
clipboard and the pixels of the selection highlight and the focus ring. Standard library only.
"""
import argparse
import re
import sys

from e2e_support import (TERMS, Demo, Failure, Pixels, Run, centre, close_to, double_click, drag, key, read_clipboard,
                         take_screenshot, widgets_by_id)

FOCUS_RING = (0x0B, 0x5F, 0xCC)


def utf16_slice(text, start, end):
    """The text between two UTF-16 offsets, as the demo counts them."""
    units = text.encode("utf-16-le")
    return units[2 * start:2 * end].decode("utf-16-le")


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", required=True)
    parser.add_argument("--work", required=True)
    options = parser.parse_args()

    demo = Demo(options.demo, options.work)
    state = {}

    def checks(run):
        def ready():
            state["widgets"] = widgets_by_id(demo.ready())
            paragraph = state["widgets"]["truncated"]
            if not paragraph.get("words") or "text" not in paragraph:
                raise Failure("the selectable paragraph reports no words")
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
            selection = demo.wait_for("selection", lambda event: event["text"] == expected)
            if selection["widget"] != "truncated" or len(selection["rects"]) != 1:
                raise Failure(f"wrong selection {selection}")
            key("ctrl+c")
            copied = demo.wait_for("copied")
            if copied["text"] != expected:
                raise Failure(f"copied {copied['text']!r}, expected {expected!r}")
            clipboard = read_clipboard()
            if clipboard != expected:
                raise Failure(f"the X clipboard holds {clipboard!r}, expected {expected!r}")
            # The highlight is drawn behind the text: blue at the top of its band, the panel beside it.
            rect = selection["rects"][0]
            pixel = Pixels(take_screenshot(demo, options.work, "selection.png"), options.work)
            inside = pixel(rect[0] + 3, rect[1] + 1)
            beside = pixel(paragraph["frame"][0] + 3, rect[1] + 1)
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
            selection = demo.wait_for("selection", lambda event: event["length"] > 0)
            if selection["text"] != word["text"]:
                raise Failure(f"a double click on {word['text']} selected {selection['text']!r}")
        run.check("a double click selects a Japanese word (ICU's dictionary)", double_click_japanese)

        def tab_to_terms():
            for _ in range(20):
                key("Tab")
                # One Tab may report the focus leaving one widget and entering the next: wait for where it lands.
                event = demo.wait_for("focus", lambda event: event["rects"])
                if event["widget"] == "terms" and event.get("target") == TERMS:
                    break
            else:
                raise Failure("Tab never reached 利用規約")
            ring = event["rects"][0]
            pixel = Pixels(take_screenshot(demo, options.work, "focus.png"), options.work)
            edge = pixel(round(ring[0]) - 3, ring[1] + ring[3] / 2)
            if not close_to(edge, FOCUS_RING):
                raise Failure(f"no focus ring left of 利用規約: {edge}")
            state["terms_rects"] = event["rects"]
            key("Return")
            tap = demo.wait_for("tap")
            if tap["widget"] != "terms" or tap["target"] != TERMS:
                raise Failure(f"Return tapped {tap}")
        run.check("Tab reaches 利用規約 with a visible focus ring and Return opens it", tab_to_terms)

        def menu_key():
            key("shift+F10")
            menu = demo.wait_for("menu")
            items = [item["item"] for item in menu["items"]]
            if menu["widget"] != "terms" or "openLink" not in items or "copyLink" not in items:
                raise Failure(f"wrong menu {menu}")
            link = state["terms_rects"][0]
            left = min(item["frame"][0] for item in menu["items"])
            right = max(item["frame"][0] + item["frame"][2] for item in menu["items"])
            if right < link[0] or left > link[0] + link[2]:
                raise Failure(f"the menu {left}–{right} is not over the link {link}")
            key("Escape")
            demo.wait_for("dismiss")
        run.check("shift+F10 opens the menu at the focused link; Escape closes it", menu_key)

        def tab_through_every_link():
            expected = {(widget_id, link["target"]) for widget_id, widget in widgets.items()
                        for link in widget.get("links", [])}
            visited = set()
            for _ in range(40):
                key("Tab")
                event = demo.wait_for("focus", lambda event: "target" in event or event["rects"])
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
            selection = demo.wait_for("selection", lambda event: event["widget"] == "list" and event["length"] > 0)
            key("ctrl+c")
            copied = demo.wait_for("copied")
            if copied["widget"] != "list" or copied["text"] != selection["text"] or read_clipboard() != copied["text"]:
                raise Failure(f"copied {copied} after selecting {selection['text']!r}")
        run.check("a double click selects a word of a message in the list; ctrl+C copies it", list_rows_selectable)

        run.check("SIGTERM exits cleanly with code 0", demo.terminate)

    return Run("selection end-to-end").main(demo, checks)


if __name__ == "__main__":
    sys.exit(main())

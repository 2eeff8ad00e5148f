#!/usr/bin/python3
"""Screen readers in labelkit-demo, end to end: the demo on an X server (DISPLAY) inside a private D-Bus session
(dbus-run-session) with the accessibility bus (at-spi-bus-launcher, started here), driven through pyatspi as Orca
drives an application: find it by process id, read the terms label and its link, compare geometry with the frames the
demo reports, click the link and the checkbox through their actions, Tab to a link and hear it focused, select text
through the Text interface. Needs Debian's python3-pyatspi: run it with /usr/bin/python3.
"""
import os
import sys

from atspi_support import (TERMS_TEXT, Atspi, descendants, find_application, fresh_states, pump, pyatspi,
                           start_accessibility_bus, stop_process, wait_pumping)
from e2e_support import TERMS, Demo, Failure, Run, click, key, parse_options, widgets_by_id, xdotool


def main():
    options = parse_options()

    launcher = start_accessibility_bus(options.work)
    demo = Demo(options.demo, options.work)
    state = {}
    heard = []

    def listener(event):
        heard.append((event.type, event.source_name if hasattr(event, "source_name") else "",
                      event.detail1, event.source))

    def checks(run):
        def ready():
            event = demo.ready()
            state["window"] = event["window"]
            state["widgets"] = widgets_by_id(event)
            with open(os.path.join(options.work, "demo.stderr")) as stderr:
                if "accessibility: on" not in stderr.read():
                    raise Failure("the demo did not turn accessibility on")
        run.check("the demo starts with accessibility on", ready)

        def application():
            app = find_application(demo.process.pid)
            if app.name != "labelkit-demo" or app.getRole() != pyatspi.ROLE_APPLICATION:
                raise Failure(f"application {app.name!r}, role {app.getRoleName()}")
            frame = app.getChildAtIndex(0)
            if frame.getRole() != pyatspi.ROLE_FRAME or frame.name != "LabelKit demo":
                raise Failure(f"frame {frame.getRoleName()} {frame.name!r}")
            state["app"], state["frame"] = app, frame
            state["all"] = list(descendants(frame))
            roles = {child.getRoleName() for child in state["all"]}
            for role in ("label", "link", "check box", "push button", "list", "list item"):
                if role not in roles:
                    raise Failure(f"no {role} in the tree: {sorted(roles)}")
        run.check("the application is found by process id: a frame titled as the window, labels, links, a check box, "
                  "a push button, a list with its visible rows", application)

        def terms_text():
            terms = next((child for child in state["all"]
                          if child.getRole() == pyatspi.ROLE_LABEL and child.name == TERMS_TEXT), None)
            if terms is None:
                raise Failure("no label named with the terms text")
            text = terms.queryText()
            if text.getText(0, -1) != TERMS_TEXT or text.characterCount != len(TERMS_TEXT):
                raise Failure(f"text {text.getText(0, -1)!r}, {text.characterCount} characters")
            state["terms"] = terms
        run.check("the terms label reads its text, counted in characters", terms_text)

        def terms_link():
            hypertext = state["terms"].queryHypertext()
            if hypertext.getNLinks() != 1:
                raise Failure(f"{hypertext.getNLinks()} links")
            link = Atspi.Hypertext.get_link(state["terms"], 0)
            found = (link.get_start_index(), link.get_end_index(), link.get_n_anchors(), link.get_uri(0))
            if found != (9, 13, 1, TERMS) or not link.is_valid():
                raise Failure(f"link (start, end, anchors, URI) {found}")
            if hypertext.getLinkIndex(10) != 0 or hypertext.getLinkIndex(3) != -1:
                raise Failure("getLinkIndex")
            anchor = link.get_object(0)
            if anchor.getRole() != pyatspi.ROLE_LINK or anchor.name != "利用規約":
                raise Failure(f"link object {anchor.getRoleName()} {anchor.name!r}")
            state["link"] = anchor
        run.check("its one link is at characters 9 to 13 with its URI and a link object named 利用規約", terms_link)

        def geometry():
            reported = state["widgets"]["terms"]
            rects = reported["links"][0]["rects"]
            text = state["terms"].queryText()
            first = rects[0]
            x, y = round(first[0] + first[2] / 2), round(first[1] + first[3] / 2)
            offset = text.getOffsetAtPoint(x, y, pyatspi.WINDOW_COORDS)
            if not 9 <= offset < 13:
                raise Failure(f"offset {offset} at the centre of the link's first rect {first}")
            extents = text.getRangeExtents(9, 13, pyatspi.WINDOW_COORDS)
            left = min(rect[0] for rect in rects)
            top = min(rect[1] for rect in rects)
            right = max(rect[0] + rect[2] for rect in rects)
            bottom = max(rect[1] + rect[3] for rect in rects)
            box = (extents[0], extents[1], extents[0] + extents[2], extents[1] + extents[3])
            if any(abs(a - b) > 1 for a, b in zip(box, (left, top, right, bottom))):
                raise Failure(f"range extents {box} against the reported link rects {(left, top, right, bottom)}")
            frame = state["terms"].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            expected = reported["frame"]
            if any(abs(a - b) > 1 for a, b in zip((frame.x, frame.y, frame.width, frame.height), expected)):
                raise Failure(f"label extents {frame} against the reported frame {expected}")
        run.check("getOffsetAtPoint and getRangeExtents agree with the frames the demo reports", geometry)

        def vertical_geometry():
            reported = state["widgets"]["vertical"]
            panel = next((child for child in state["all"] if child.getRole() == pyatspi.ROLE_LABEL
                          and child.name.startswith("お知らせ")), None)
            if panel is None:
                raise Failure("no label for the vertical panel")
            text = panel.queryText()
            link = Atspi.Hypertext.get_link(panel, 0)
            start, end = link.get_start_index(), link.get_end_index()
            if text.getText(start, end) != "利用規約":
                raise Failure(f"the panel's link reads {text.getText(start, end)!r}")
            rects = reported["links"][0]["rects"]
            for rect in rects:
                x, y = round(rect[0] + rect[2] / 2), round(rect[1] + rect[3] / 2)
                offset = text.getOffsetAtPoint(x, y, pyatspi.WINDOW_COORDS)
                if not start <= offset < end:
                    raise Failure(f"offset {offset} at the centre of the link's band {rect}")
            extents = text.getRangeExtents(start, end, pyatspi.WINDOW_COORDS)
            if extents[3] <= extents[2]:
                raise Failure(f"the link's extents in a column are a vertical band, not {extents}")
            previous = None
            for offset in range(start, end):
                cell = text.getCharacterExtents(offset, pyatspi.WINDOW_COORDS)
                if previous is not None and not (cell[1] >= previous[1] + previous[3] - 1 or cell[0] < previous[0]):
                    raise Failure(f"character {offset} at {cell} is not below or left of {previous}")
                previous = cell
        run.check("in the vertical panel, extents are vertical bands and the point at a band's centre reads the link",
                  vertical_geometry)

        def click_link():
            action = state["link"].queryAction()
            names = [action.getName(index) for index in range(action.nActions)]
            if names != ["click", "showMenu"]:
                raise Failure(f"actions {names}")
            action.doAction(0)
            tap = demo.wait_for("tap", lambda event: event["widget"] == "terms")
            if tap["target"] != TERMS:
                raise Failure(f"tap {tap}")
        run.check("the link's click action is the demo's tap event", click_link)

        def toggle_checkbox():
            checkbox = next(child for child in state["all"] if child.getRole() == pyatspi.ROLE_CHECK_BOX)
            was_checked = fresh_states(checkbox).contains(pyatspi.STATE_CHECKED)
            heard.clear()
            pyatspi.Registry.registerEventListener(listener, "object:state-changed:checked")
            pump(0.5)
            checkbox.queryAction().doAction(0)
            toggle = demo.wait_for("toggle")
            if toggle["checked"] == was_checked:
                raise Failure(f"toggle {toggle} from checked={was_checked}")
            if fresh_states(checkbox).contains(pyatspi.STATE_CHECKED) != toggle["checked"]:
                raise Failure("the checked state does not follow the toggle")
            pump(1.0)
            if not any(entry[0] == "object:state-changed:checked" and entry[2] == int(toggle["checked"])
                       and entry[3].getRole() == pyatspi.ROLE_CHECK_BOX for entry in heard):
                raise Failure(f"no state-changed:checked from the check box; heard {[(e[0], e[2]) for e in heard]}")
        run.check("the checkbox toggles through its click action; its checked state follows and "
                  "object:state-changed:checked is heard", toggle_checkbox)

        def tab_to_link():
            pyatspi.Registry.registerEventListener(listener, "object:state-changed:focused")
            pump(0.5)
            focused = None
            for _ in range(6):
                key("Tab")
                event = demo.wait_for("focus")
                if "target" in event:
                    focused = event
                    break
            if focused is None:
                raise Failure("Tab reached no link")
            pump(1.0)
            gained = [entry for entry in heard if entry[2] == 1]
            if not gained or gained[-1][3].getRole() != pyatspi.ROLE_LINK:
                raise Failure(f"no state-changed:focused on a link; heard {[(e[0], e[2]) for e in heard]}")
            link = gained[-1][3]
            if not fresh_states(link).contains(pyatspi.STATE_FOCUSED):
                raise Failure("the focused link does not report the focused state")
        run.check("Tab to a link: object:state-changed:focused on the link, which is focused", tab_to_link)

        def select_text():
            paragraph = state["widgets"]["truncated"]["text"]
            label = next(child for child in state["all"]
                         if child.getRole() == pyatspi.ROLE_LABEL and child.name.startswith("Kyoto notes"))
            if not fresh_states(label).contains(pyatspi.STATE_SELECTABLE_TEXT):
                raise Failure("the selectable paragraph is not selectable-text")
            text = label.queryText()
            start = paragraph.index("Fushimi")
            text.setSelection(0, start, start + len("Fushimi Inari"))
            selection = demo.wait_for("selection", lambda event: event["widget"] == "truncated")
            if selection["text"] != "Fushimi Inari":
                raise Failure(f"selection {selection}")
            if text.getNSelections() != 1 or tuple(text.getSelection(0)) != (start, start + 13):
                raise Failure(f"getSelection {text.getSelection(0)}")
        run.check("a selection set through Text is the demo's selection event, and reads back", select_text)

        def tab_to_button():
            heard.clear()
            pump(0.3)
            button = next(child for child in state["all"] if child.getRole() == pyatspi.ROLE_PUSH_BUTTON)
            for _ in range(40):
                key("Tab")
                event = demo.wait_for("focus", lambda event: "target" in event or event["rects"])
                if event["widget"] == "button":
                    break
            else:
                raise Failure("Tab never reached the button")
            pump(1.0)
            gained = [entry for entry in heard if entry[2] == 1]
            if not gained or gained[-1][3].getRole() != pyatspi.ROLE_PUSH_BUTTON:
                raise Failure(f"no state-changed:focused on the push button; heard {[(e[0], e[2]) for e in heard]}")
            if not fresh_states(button).contains(pyatspi.STATE_FOCUSED):
                raise Failure("the focused button does not report the focused state")
            key("space")
            demo.wait_for("button")
        run.check("Tab to the button: object:state-changed:focused on the push button; Space presses it", tab_to_button)

        def text_and_component_queries():
            paragraph = state["widgets"]["truncated"]["text"]
            label = next(child for child in state["all"]
                         if child.getRole() == pyatspi.ROLE_LABEL and child.name.startswith("Kyoto notes"))
            text = label.queryText()
            start = paragraph.index("Fushimi")
            word, word_start, _ = text.getStringAtOffset(start + 2, pyatspi.TEXT_GRANULARITY_WORD)
            if not word.startswith("Fushimi") or word_start != start:
                raise Failure(f"word at {start + 2}: {word!r} from {word_start}")
            line, line_start, line_end = text.getStringAtOffset(0, pyatspi.TEXT_GRANULARITY_LINE)
            if line_start != 0 or not 0 < line_end < text.characterCount or not paragraph.startswith(line):
                raise Failure(f"first line {line!r} {line_start}–{line_end}")
            x, y, width, height = text.getCharacterExtents(start, pyatspi.WINDOW_COORDS)
            box = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if width <= 0 or height <= 0 or not (box.x <= x < box.x + box.width and box.y <= y < box.y + box.height):
                raise Failure(f"character extents {(x, y, width, height)} outside the label {box}")
            attributes = text.getAttributeRun(start, False)[0]
            names = {attribute.split(":")[0] for attribute in attributes}
            if not {"family-name", "size", "weight", "fg-color"} <= names:
                raise Failure(f"attribute run {attributes}")
            text.setSelection(0, start, start + 7)
            demo.wait_for("selection", lambda event: event["widget"] == "truncated")
            text.removeSelection(0)
            demo.wait_for("selection", lambda event: event["widget"] == "truncated")
            if text.getNSelections() != 0:
                raise Failure(f"{text.getNSelections()} selections after removeSelection")
            # Component: the terms label contains its link's centre, and the object there is the link.
            first = state["widgets"]["terms"]["links"][0]["rects"][0]
            point = (round(first[0] + first[2] / 2), round(first[1] + first[3] / 2))
            component = state["terms"].queryComponent()
            if not component.contains(point[0], point[1], pyatspi.WINDOW_COORDS):
                raise Failure(f"the terms label does not contain {point}")
            hit = component.getAccessibleAtPoint(point[0], point[1], pyatspi.WINDOW_COORDS)
            if hit is None or hit.getRole() != pyatspi.ROLE_LINK or hit.name != "利用規約":
                raise Failure(f"the object at the link's centre: {hit and (hit.getRoleName(), hit.name)}")
            window = component.getExtents(pyatspi.WINDOW_COORDS)
            screen = component.getExtents(pyatspi.DESKTOP_COORDS)
            if (window.width, window.height) != (screen.width, screen.height):
                raise Failure(f"window extents {window} and screen extents {screen} differ in size")
        run.check("words, lines, character extents, attribute runs and removeSelection through Text; contains, "
                  "the object at a point and screen extents through Component", text_and_component_queries)

        def button_action():
            button = next(child for child in state["all"] if child.getRole() == pyatspi.ROLE_PUSH_BUTTON)
            if button.name != "Send message":
                raise Failure(f"the button is named {button.name!r}")
            action = button.queryAction()
            if action.getName(0) != "click":
                raise Failure(f"the button's action is {action.getName(0)!r}")
            action.doAction(0)
            demo.wait_for("button")
        run.check("the push button is named after its title and its click action presses it", button_action)

        def selection_signal():
            label = next(child for child in state["all"]
                         if child.getRole() == pyatspi.ROLE_LABEL and child.name.startswith("Kyoto notes"))
            heard.clear()
            pyatspi.Registry.registerEventListener(listener, "object:text-selection-changed")
            pump(0.5)
            label.queryText().setSelection(0, 0, 5)
            demo.wait_for("selection", lambda event: event["widget"] == "truncated")
            pump(1.0)
            if not any(entry[0] == "object:text-selection-changed" and entry[3].name == label.name
                       for entry in heard):
                raise Failure(f"no text-selection-changed from the label; heard {[entry[0] for entry in heard]}")
        run.check("a selection change is heard as object:text-selection-changed on its label", selection_signal)

        def show_menu():
            state["link"].queryAction().doAction(1)
            menu = demo.wait_for("menu")
            items = [item["item"] for item in menu["items"]]
            if "openLink" not in items:
                raise Failure(f"the link's menu items {items}")
            click(demo, (state["window"][0] // 4, state["window"][1] - 12))
            demo.wait_for("dismiss")
        run.check("the link's showMenu action opens the demo's long-press menu for it", show_menu)

        def copy_action():
            copyable = state["widgets"]["copyable"]
            label = next(child for child in state["all"]
                         if child.getRole() == pyatspi.ROLE_LABEL and child.name == copyable["text"])
            action = label.queryAction()
            names = [action.getName(index) for index in range(action.nActions)]
            if "copy" not in names:
                raise Failure(f"the copyable label's actions {names}")
            action.doAction(names.index("copy"))
            copied = demo.wait_for("copied")
            if copied["text"] != copyable["text"]:
                raise Failure(f"copied {copied['text']!r}")
        run.check("a copyable label's copy action copies its whole text, as the menu's Copy does", copy_action)

        def list_rows_change():
            heard.clear()
            pyatspi.Registry.registerEventListener(listener, "object:children-changed")
            pump(0.5)
            rows = state["widgets"]["list"]["frame"]
            xdotool("mousemove", "--window", demo.window, round(rows[0] + rows[2] / 2), round(rows[1] + rows[3] / 2),
                    "click", "--repeat", "8", "5")
            wait_pumping(demo, "scroll")
            pump(1.0)
            if not any(entry[0].startswith("object:children-changed") for entry in heard):
                raise Failure(f"no children-changed while the list scrolled; heard {[entry[0] for entry in heard]}")
        run.check("scrolling the list is heard as object:children-changed (rows in and out)", list_rows_change)

        def resize_bounds():
            heard.clear()
            pyatspi.Registry.registerEventListener(listener, "object:bounds-changed")
            pump(0.5)
            xdotool("windowsize", demo.window, 900, 660)
            wait_pumping(demo, "layout")
            pump(1.0)
            if not any(entry[0] == "object:bounds-changed" for entry in heard):
                raise Failure(f"no bounds-changed after the resize; heard {[entry[0] for entry in heard]}")
        run.check("a resize is heard as object:bounds-changed", resize_bounds)

        run.check("SIGTERM exits cleanly with code 0", demo.terminate)

    try:
        return Run("accessibility end-to-end").main(demo, checks)
    finally:
        stop_process(launcher)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""A GTK 3 window with the same kinds of widgets as the first screen of labelkit-demo, for orca_e2e.py to compare
Orca's speech against: a bold header, the terms label with its link (利用規約), a check box whose title holds the
same link, a paragraph of selectable text and a push button. It speaks the demo's event protocol on stdout, one JSON
object per line: `ready`, then `tap` (a link activated; GTK is told not to open it), `toggle` and `button`. Nothing
has the focus until the first Tab, as in the demo. Needs Debian's python3-gi and gir1.2-gtk-3.0 (/usr/bin/python3).
    gtk_reference_app.py [--title TITLE]
"""
import argparse
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

TERMS_TARGET = "https://example.com/terms"
HEADER = "LabelKit — touchable text in a real window"
TERMS = f'決済をしたと同時に<a href="{TERMS_TARGET}">利用規約</a>に同意したとみなします'
CHECKBOX = f'<a href="{TERMS_TARGET}">利用規約</a>を読みました'
PARAGRAPH = ("Kyoto notes — We started at Fushimi Inari before sunrise, climbed through thousands of vermilion torii "
             "and reached the summit as the city woke up.")
BUTTON = "Send message"


def emit(event, **members):
    print(json.dumps({"event": event, **members}, ensure_ascii=False), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--title", default="GTK reference")
    options = parser.parse_args()

    window = Gtk.Window(title=options.title)
    window.set_default_size(480, 360)
    window.connect("destroy", Gtk.main_quit)
    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin=16)
    window.add(column)

    header = Gtk.Label(xalign=0)
    header.set_markup(f"<b>{GLib.markup_escape_text(HEADER)}</b>")
    column.pack_start(header, False, False, 0)

    def link_activated(label, uri, widget):
        emit("tap", widget=widget, target=uri)
        return True  # handled: GTK does not open the URI

    terms = Gtk.Label(justify=Gtk.Justification.CENTER, track_visited_links=False)
    terms.set_markup(TERMS)
    terms.connect("activate-link", link_activated, "terms")
    column.pack_start(terms, False, False, 0)

    checkbox = Gtk.CheckButton()
    title = Gtk.Label(track_visited_links=False)
    title.set_markup(CHECKBOX)
    title.connect("activate-link", link_activated, "checkbox")
    checkbox.add(title)
    checkbox.connect("toggled", lambda button: emit("toggle", widget="checkbox", checked=button.get_active()))
    column.pack_start(checkbox, False, False, 0)

    paragraph = Gtk.Label(label=PARAGRAPH, wrap=True, xalign=0, selectable=True, max_width_chars=50)
    paragraph.set_can_focus(False)  # selectable, not a Tab stop, like the demo's labels without links
    column.pack_start(paragraph, False, False, 0)

    button = Gtk.Button(label=BUTTON, halign=Gtk.Align.START)
    button.connect("clicked", lambda _: emit("button", widget="button", title=BUTTON))
    column.pack_start(button, False, False, 0)

    def ready(*_):
        window.set_focus(None)  # no Tab stop until the first Tab, as in the demo
        emit("ready", title=options.title)
        return False

    window.connect("map-event", lambda *_: GLib.idle_add(ready) and False)
    window.show_all()
    Gtk.main()
    emit("exit")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface, for the end-to-end tests: owns
org.freedesktop.portal.Desktop on the session bus (run it inside dbus-run-session) and serves
org.freedesktop.portal.Settings at /org/freedesktop/portal/desktop — ReadAll, Read (the value wrapped in one more
variant, as the real portal does) and, at version 2, ReadOne — with the `version` property, and emits SettingChanged.

It prints `ready` once it owns the name, then takes commands on standard input, one a line:

    set NAMESPACE KEY VALUE    VALUE in GVariant text: `uint32 1`, `1.5`, `'dark'`; emits SettingChanged
    quit

Needs Debian's python3-gi (which python3-pyatspi brings): run it with /usr/bin/python3.
"""
import argparse
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
INTERFACE = "org.freedesktop.portal.Settings"
READ_ONE = """
    <method name='ReadOne'>
      <arg type='s' name='namespace' direction='in'/><arg type='s' name='key' direction='in'/>
      <arg type='v' name='value' direction='out'/>
    </method>"""
INTROSPECTION = """<node><interface name='org.freedesktop.portal.Settings'>
    <method name='ReadAll'>
      <arg type='as' name='namespaces' direction='in'/><arg type='a{sa{sv}}' name='value' direction='out'/>
    </method>
    <method name='Read'>
      <arg type='s' name='namespace' direction='in'/><arg type='s' name='key' direction='in'/>
      <arg type='v' name='value' direction='out'/>
    </method>%s
    <signal name='SettingChanged'>
      <arg type='s' name='namespace'/><arg type='s' name='key'/><arg type='v' name='value'/>
    </signal>
    <property name='version' type='u' access='read'/>
</interface></node>"""


class Portal:
    def __init__(self, version, settings):
        self.version = version
        self.settings = settings  # {namespace: {key: GLib.Variant}}
        self.connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        node = Gio.DBusNodeInfo.new_for_xml(INTROSPECTION % (READ_ONE if version >= 2 else ""))
        self.connection.register_object(PATH, node.interfaces[0], self.call, self.get_property, None)
        self.loop = GLib.MainLoop()
        self.pending = b""

    def call(self, connection, sender, path, interface, method, parameters, invocation):
        if method == "ReadAll":
            (patterns,) = parameters.unpack()
            wanted = {namespace: values for namespace, values in self.settings.items()
                      if not patterns or any(namespace == pattern or pattern.endswith("*")
                                             and namespace.startswith(pattern[:-1]) for pattern in patterns)}
            invocation.return_value(GLib.Variant("(a{sa{sv}})", (wanted,)))
            return
        namespace, key = parameters.unpack()
        value = self.settings.get(namespace, {}).get(key)
        if value is None:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        elif method == "ReadOne":
            invocation.return_value(GLib.Variant("(v)", (value,)))
        else:  # Read: the value in one more variant
            invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))

    def get_property(self, connection, sender, path, interface, name):
        return GLib.Variant("u", self.version)

    def command(self, fd, condition):
        data = os.read(fd, 4096)
        if not data:
            self.loop.quit()
            return False
        self.pending += data
        while b"\n" in self.pending:
            line, self.pending = self.pending.split(b"\n", 1)
            words = line.decode().split(" ", 3)
            if words[0] == "quit":
                self.loop.quit()
                return False
            if words[0] == "set" and len(words) == 4:
                _, namespace, key, text = words
                value = GLib.Variant.parse(None, text, None, None)
                self.settings.setdefault(namespace, {})[key] = value
                self.connection.emit_signal(None, PATH, INTERFACE, "SettingChanged",
                                            GLib.Variant("(ssv)", (namespace, key, value)))
                self.connection.flush_sync(None)
                print(f"set {namespace} {key}", flush=True)
        return True

    def run(self):
        def acquired(connection, name):
            print("ready", flush=True)

        def lost(connection, name):
            print(f"lost {name}", file=sys.stderr, flush=True)
            self.loop.quit()

        Gio.bus_own_name_on_connection(self.connection, NAME, Gio.BusNameOwnerFlags.NONE, acquired, lost)
        GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, self.command)
        self.loop.run()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", type=int, default=2)
    parser.add_argument("--color-scheme", type=int, default=0)
    parser.add_argument("--contrast", type=int, default=0)
    parser.add_argument("--text-scaling-factor", type=float, default=1.0)
    options = parser.parse_args()
    Portal(options.version, {
        "org.freedesktop.appearance": {"color-scheme": GLib.Variant("u", options.color_scheme),
                                       "contrast": GLib.Variant("u", options.contrast)},
        "org.gnome.desktop.interface": {"text-scaling-factor": GLib.Variant("d", options.text_scaling_factor)},
    }).run()


if __name__ == "__main__":
    main()

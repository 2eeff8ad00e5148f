#!/usr/bin/env bash
# End-to-end tests of labelkit-demo: a private Xvfb display, a real mouse and keyboard (xdotool), the real clipboard
# (xclip) and a screenshot compared loosely with Tests/EndToEnd/Goldens/demo-window.png (LABELKIT_RECORD_GOLDENS=1
# re-records it); then selection and keyboard focus (selection_e2e.py); then screen readers through AT-SPI in a
# private D-Bus session (accessibility_e2e.py, pyatspi); then dark mode, contrast and text size from a stand-in desktop
# portal on such a session (settings_e2e.py, fake_portal.py); then Debian's Orca itself reading a GTK 3 reference
# window and the demo (orca_e2e.py, orca_support.py, gtk_reference_app.py), the round trips of AT-SPI requests
# (atspi_latency_e2e.py) and hostile AT-SPI requests (atspi_hostile_e2e.py), each in a private D-Bus session; a
# failure of these three is reported at the end, after the others have run. All import e2e_support.py; those on the
# accessibility bus atspi_support.py.
#   LABELKIT_DEMO=path/to/labelkit-demo   the binary (default: the debug build)
#   LABELKIT_E2E_SCREENSHOT=path.png      also keep the screenshot there
#   LABELKIT_SYSTEM_FONTS=1               the system's fonts rather than the tests' (Tests/Fonts/fonts.conf)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The demo, and the golden screenshot, see exactly the fonts `make deps` installs, as the Swift tests do.
if [ "${LABELKIT_SYSTEM_FONTS:-}" != 1 ]; then
    export FONTCONFIG_FILE="$root/Tests/Fonts/fonts.conf"
fi
demo="${LABELKIT_DEMO:-$(cd "$root" && swift build --show-bin-path)/labelkit-demo}"

for tool in Xvfb xdotool xclip import convert python3; do
    command -v "$tool" >/dev/null || { echo "run-demo-e2e: $tool is missing (make deps installs it)" >&2; exit 1; }
done
[ -x "$demo" ] || { echo "run-demo-e2e: no demo at $demo (swift build --product labelkit-demo)" >&2; exit 1; }

work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
    if [ -s "$work/demo.pid" ]; then kill "$(cat "$work/demo.pid")" 2>/dev/null || true; fi
    # An Orca left running would keep the next one from starting (Orca allows one per user).
    if [ -s "$work/orca.pid" ]; then kill -9 "$(cat "$work/orca.pid")" 2>/dev/null || true; fi
    if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Xvfb picks a free display itself and writes its number to the descriptor given to -displayfd.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "run-demo-e2e: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -n1 "$work/display")"
echo "# Xvfb on $DISPLAY, demo $demo"
# The tests import e2e_support.py: no __pycache__ left in the source tree.
export PYTHONDONTWRITEBYTECODE=1

DISPLAY="$DISPLAY" python3 "$here/demo_e2e.py" --demo "$demo" --work "$work" \
    --golden "$here/Goldens/demo-window.png" ${LABELKIT_E2E_SCREENSHOT:+--screenshot-out "$LABELKIT_E2E_SCREENSHOT"}
# Selection and keyboard focus, in a demo of their own.
DISPLAY="$DISPLAY" python3 "$here/selection_e2e.py" --demo "$demo" --work "$work"
# Screen readers: a private D-Bus session with the accessibility bus, driven through pyatspi (Debian's python3).
for tool in dbus-run-session /usr/libexec/at-spi-bus-launcher; do
    command -v "$tool" >/dev/null || { echo "run-demo-e2e: $tool is missing (make deps installs it)" >&2; exit 1; }
done
DISPLAY="$DISPLAY" timeout 300 dbus-run-session -- /usr/bin/python3 "$here/accessibility_e2e.py" --demo "$demo" \
    --work "$work"
# Screen readers, second step (issue 45): Orca itself, how fast the demo answers, and what it does with bad requests.
# Each runs to its end even when one fails; the failures are reported once the rest has run. About 90 s in all.
for tool in orca script; do
    command -v "$tool" >/dev/null || { echo "run-demo-e2e: $tool is missing (make deps installs it)" >&2; exit 1; }
done
screen_reader_failures=""
echo "# Orca reads a GTK 3 reference window, then the demo: its speech for each key (orca_e2e.py)"
DISPLAY="$DISPLAY" timeout 180 dbus-run-session -- /usr/bin/python3 "$here/orca_e2e.py" --demo "$demo" \
    --work "$work" || screen_reader_failures="$screen_reader_failures orca_e2e.py"
echo "# Round trips of AT-SPI requests, the demo idle and scrolling (atspi_latency_e2e.py)"
DISPLAY="$DISPLAY" timeout 300 dbus-run-session -- /usr/bin/python3 "$here/atspi_latency_e2e.py" --demo "$demo" \
    --work "$work" || screen_reader_failures="$screen_reader_failures atspi_latency_e2e.py"
echo "# Malformed and hostile AT-SPI requests from four connections (atspi_hostile_e2e.py)"
DISPLAY="$DISPLAY" timeout 120 dbus-run-session -- /usr/bin/python3 "$here/atspi_hostile_e2e.py" --demo "$demo" \
    --work "$work" || screen_reader_failures="$screen_reader_failures atspi_hostile_e2e.py"
# Dark mode, contrast and text size: a stand-in desktop portal (python3-gi) and the accessibility bus on one private
# session bus.
DISPLAY="$DISPLAY" timeout 300 dbus-run-session -- /usr/bin/python3 "$here/settings_e2e.py" --demo "$demo" \
    --work "$work"
if [ -n "$screen_reader_failures" ]; then
    echo "run-demo-e2e: failed:$screen_reader_failures" >&2
    exit 1
fi

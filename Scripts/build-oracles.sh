#!/bin/sh
# Builds the test oracles (C programs over Pango) into .build/oracles/. Idempotent: rebuilds only when a source is
# newer than its program. Pango is a test and benchmark oracle, never a dependency of LabelKit's targets.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/oracles"
source="$root/Tests/Oracles/pango-oracle.c"
program="$out/pango-oracle"

if ! command -v pkg-config >/dev/null 2>&1; then
    echo "build-oracles: pkg-config is missing; install it (apt-get install pkg-config libpango1.0-dev)" >&2
    exit 1
fi
if ! pkg-config --exists pangocairo; then
    echo "build-oracles: pkg-config cannot find pangocairo; install libpango1.0-dev" >&2
    exit 1
fi
up_to_date=1
for input in "$source" "$root"/Tests/Oracles/*.h; do
    [ -x "$program" ] && [ "$program" -nt "$input" ] || up_to_date=0
done
if [ "$up_to_date" = 1 ]; then
    exit 0
fi
mkdir -p "$out"
# A temporary name of its own: suites running in parallel may build at the same time, and each moves a whole program
# into place.
temporary="$program.$$.tmp"
# shellcheck disable=SC2046 # pkg-config's flags must split into words
${CC:-gcc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -o "$temporary" "$source" \
    $(pkg-config --cflags --libs pangocairo)
mv -f "$temporary" "$program"
echo "build-oracles: built $program"

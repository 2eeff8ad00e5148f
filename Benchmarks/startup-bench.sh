#!/usr/bin/env bash
# The start-up rows of `make bench` (make bench-startup): one-shot processes, the way a script calling the tool per
# label waits for them.
#   installed     labelkit measure TEXT, the binary `make install` installs (--static-swift-stdlib)
#   development   labelkit measure TEXT, the binary `swift build -c release` makes (the toolchain's shared Swift
#                 runtime unless Package.swift links it statically), and its `measure --help`, which must not load
#                 fontconfig
#   pango-view    pango-view -q --font "DejaVu Sans 15px" -t TEXT: loads Pango and fontconfig, lays the text out and
#                 exits without drawing or writing a file: the one-shot equivalent the targets are against
# Every figure is the median over ROUNDS runs that alternate the commands (Benchmarks/startup-bench.c: spawned
# directly, output to /dev/null, one unmeasured run each first); the ratio is each command's median over
# pango-view's in the same run. Writes DIR/startup.txt.
#
# Usage: startup-bench.sh STARTUP_BENCH INSTALLED_LABELKIT DEVELOPMENT_LABELKIT DIR ROUNDS
set -euo pipefail
bench=$1
installed=$2
development=$3
dir=$4
rounds=$5
text="Measure a label of a few words, once."

"$bench" "$rounds" \
    -- installed "$installed" measure "$text" \
    -- development "$development" measure "$text" \
    -- development_help "$development" measure --help \
    -- installed_help "$installed" measure --help \
    -- pango_view pango-view -q --font "DejaVu Sans 15px" -t "$text" > "$dir/startup.txt"

awk -v rounds="$rounds" '
    { median[$1] = $2; best[$1] = $3 }
    END {
        pango = median["pango_view"]
        row("installed", "labelkit measure TEXT, installed (make install)")
        row("development", "labelkit measure TEXT, swift build -c release")
        row("development_help", "labelkit measure --help, swift build -c release")
        row("installed_help", "labelkit measure --help, installed")
        printf "%-26s pango-view -q -t TEXT %.2f ms (best %.2f); medians of %d alternating runs\n", \
            "start-up", pango, best["pango_view"], rounds
    }
    function row(name, what) {
        printf "%-26s %s %.2f ms (best %.2f): %.2f× pango-view'"'"'s time\n", "start-up", what, median[name], \
            best[name], median[name] / pango
    }' "$dir/startup.txt"

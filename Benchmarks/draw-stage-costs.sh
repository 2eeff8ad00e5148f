#!/usr/bin/env bash
# Instructions per draw, stage by stage, for every kind of the corpus: callgrind over `LabelKitBench profile-draw DIR
# COUNT KIND` (the kind's first COUNT labels laid out and drawn once uncounted, then drawn again in
# `profiledDrawPass`, the only part counted), attributed by inclusive cost to the renderer's stages. The drawing
# counterpart of Benchmarks/stage-costs.sh. Prints a Markdown table (Benchmarks/README.md, "Where a draw's
# instructions go"):
#
#   surface       the Cairo image surface and context over the pixels, made only for a label that needs Cairo
#                 (RasterCanvas.draw, less what follows)
#   background    the background filled into the pixels (lk_fill)
#   runs          each run's set-up: its style, colour segments, the link underlines' spans (paintRun and
#                 compositePlainRun, less what follows)
#   glyphs        glyphs composited from the glyph cache (compositeGlyphs; of it, `pixels` is the C loops alone)
#   decorations   underlines, strikethroughs, link underlines (Cairo)
#   overlays      the other passes: run backgrounds, links, selection, highlights, shadows, attachments, focus rings
#   copy-out      the image's bytes made and handed back (RasterCanvas.render, less RasterCanvas.draw)
#
# With Benchmarks' pango-draw-bench built (`make bench-draw` builds it into bench/), two more columns give Pango's
# instructions per draw of the same labels (`draw_label`: a new surface, the white paint, pango_cairo_show_layout) and
# Pango's count over LabelKit's. Pango's program draws every label once to warm up and then REPETITIONS times, so it is
# counted twice, over the kind's labels and over them twice over: the difference is REPETITIONS + 1 draws of each label
# with every glyph already in Cairo's cache, as LabelKit's pass draws them (its first, uncounted pass fills the cache).
#
# Usage: bash Benchmarks/draw-stage-costs.sh [LABELS_PER_KIND]   (after `make bench-draw`, which builds LabelKitBench
#        in release). LABELKIT_DRAW_CAIRO_ONLY=1 counts the same draws with every glyph drawn by Cairo instead.
set -euo pipefail
# Callgrind counts each iteration of a string instruction as one instruction, so memset's `rep stosb` over a whole
# image (the background fill) would count one per byte; glibc is told to use its vector loops instead, on both sides.
export GLIBC_TUNABLES=glibc.cpu.x86_rep_stosb_threshold=4294967295
per_kind=${1:-100}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$root" && swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$bin/LabelKitBench" "$work/LabelKitBench"
"$work/LabelKitBench" corpus "$work" $((per_kind * 5)) $((per_kind * 9)) >/dev/null
kinds=$(cut -f1 "$work/corpus.tsv" | awk '!seen[$0]++')
for kind in $kinds; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$kind.out" --collect-atstart=no \
        --toggle-collect='*profiledDrawPass*' "$work/LabelKitBench" profile-draw "$work" "$per_kind" "$kind" \
        >/dev/null 2>&1
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$kind.out" >"$work/$kind.txt" 2>/dev/null
done
pango=${PANGO_DRAW_BENCH:-$root/bench/pango-draw-bench}
repetitions=$(sed -n 's/^#define REPETITIONS \([0-9]*\)/\1/p' "$root/Benchmarks/bench-common.h")
if [ -x "$pango" ]; then
    for kind in $kinds; do
        for copies in 1 2; do
            mkdir -p "$work/pango-$kind-$copies"
            labels=$(awk -F'\t' -v kind="$kind" '$1 == kind' "$work/corpus.tsv" | head -n "$per_kind")
            for _ in $(seq 1 "$copies"); do printf '%s\n' "$labels"; done >"$work/pango-$kind-$copies/corpus.tsv"
            valgrind --tool=callgrind --callgrind-out-file="$work/pango-$kind-$copies.out" --collect-atstart=no \
                --toggle-collect=draw_label "$pango" "$work/pango-$kind-$copies" >/dev/null 2>&1
            callgrind_annotate "$work/pango-$kind-$copies.out" 2>/dev/null |
                sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d , >"$work/pango-$kind-$copies.total"
        done
    done
fi
python3 - "$work" "$per_kind" "${repetitions:-5}" $kinds <<'PY'
import os, re, sys
work, per_kind, repetitions, kinds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
def pango_per_draw(kind):
    try:
        once, twice = (int(open(f"{work}/pango-{kind}-{copies}.total").read()) for copies in (1, 2))
    except (OSError, ValueError):
        return None
    return (twice - once) / (per_kind * (repetitions + 1))
with_pango = all(pango_per_draw(kind) for kind in kinds)
def reader(text):
    def inclusive(pattern):
        values = [int(m.group(1).replace(",", "")) for m in
                  re.finditer(r"^\s*([\d,]+) \([^)]*\)\s+\S*?" + pattern, text, re.M)]
        return max(values) if values else 0
    return inclusive
pango_header = " Pango per draw | Pango ÷ LabelKit |" if with_pango else ""
print("| kind | per draw | surface | background | runs | glyphs | (pixels) | decorations | overlays | copy-out |"
      + pango_header)
print("|---|---|---|---|---|---|---|---|---|---|" + ("---|---|" if with_pango else ""))
for kind in kinds:
    inclusive = reader(open(f"{work}/{kind}.txt").read())
    total = inclusive(r"profiledDrawPass")
    render = inclusive(r"RasterCanvasO6render_4with")
    draw = inclusive(r"RasterCanvasO4draw_4with4into")
    # A label of plain runs is drawn by compositeRunsFromCache alone; one that needs Cairo goes on in draw(in:).
    painter = inclusive(r"LayoutPainterV4draw2in") + inclusive(r"LayoutPainterV22compositeRunsFromCache")
    background = inclusive(r"lk_fill")
    run = inclusive(r"LayoutPainterV8paintRun_2in") + inclusive(r"LayoutPainterV17compositePlainRun")
    glyphs = inclusive(r"LayoutPainterV15compositeGlyphs")
    pixels = inclusive(r"lk_composite_run")
    decorations = inclusive(r"LayoutPainterV16paintDecorations") + inclusive(r"LayoutPainterV18drawLinkUnderlines")
    if glyphs == 0:   # every glyph through Cairo (LABELKIT_DRAW_CAIRO_ONLY=1)
        glyphs = inclusive(r"LayoutPainterV11drawContent") - decorations
    runs = run - glyphs - decorations
    overlays = painter - run
    surface = draw - painter - background
    copy_out = (render - draw) + (total - render)
    n = per_kind
    cells = [total, surface, background, runs, glyphs, pixels, decorations, overlays, copy_out]
    def share(value):
        return f"{value / n / 1000:.1f}k ({100 * value / total:.0f} %)" if total else "—"
    pango_cells = ""
    if with_pango:
        pango = pango_per_draw(kind)
        pango_cells = f" {pango / 1000:.1f}k | {pango / (total / n):.2f}× |"
    print(f"| {kind} | {total / n / 1000:.1f}k | " + " | ".join(share(v) for v in cells[1:]) + " |" + pango_cells)
PY

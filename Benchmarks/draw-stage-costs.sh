#!/usr/bin/env bash
# Instructions per draw, stage by stage, for every kind of the corpus: callgrind over `LabelKitBench profile-draw DIR
# COUNT KIND` (the kind's first COUNT labels laid out and drawn once uncounted, then drawn again in
# `profiledDrawPass`, the only part counted), attributed by inclusive cost to the renderer's stages. The drawing
# counterpart of Benchmarks/stage-costs.sh. Prints a Markdown table (Benchmarks/README.md, "Where a draw's
# instructions go"):
#
#   surface       the Cairo image surface and context over the pixels (RasterCanvas.draw, less what follows)
#   background    the background filled into the pixels (lk_fill)
#   runs          each run's set-up: its style, colour segments, the link underlines' spans (paintRun and
#                 compositePlainRun, less what follows)
#   glyphs        glyphs composited from the glyph cache (compositeGlyphs; of it, `pixels` is the C loops alone)
#   decorations   underlines, strikethroughs, link underlines (Cairo)
#   overlays      the other passes: run backgrounds, links, selection, highlights, shadows, attachments, focus rings
#   copy-out      the image's bytes made and handed back (RasterCanvas.render, less RasterCanvas.draw)
#
# Usage: bash Benchmarks/draw-stage-costs.sh [LABELS_PER_KIND]   (after `make bench-draw`, which builds LabelKitBench
#        in release). LABELKIT_DRAW_CAIRO_ONLY=1 counts the same draws with every glyph drawn by Cairo instead.
set -euo pipefail
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
python3 - "$work" "$per_kind" $kinds <<'PY'
import re, sys
work, per_kind, kinds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def reader(text):
    def inclusive(pattern):
        values = [int(m.group(1).replace(",", "")) for m in
                  re.finditer(r"^\s*([\d,]+) \([^)]*\)\s+\S*?" + pattern, text, re.M)]
        return max(values) if values else 0
    return inclusive
print("| kind | per draw | surface | background | runs | glyphs | (pixels) | decorations | overlays | copy-out |")
print("|---|---|---|---|---|---|---|---|---|---|")
for kind in kinds:
    inclusive = reader(open(f"{work}/{kind}.txt").read())
    total = inclusive(r"profiledDrawPass")
    render = inclusive(r"RasterCanvasO6render_4with")
    draw = inclusive(r"RasterCanvasO4draw_4with4into")
    painter = inclusive(r"LayoutPainterV4draw2in")
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
    print(f"| {kind} | {total / n / 1000:.1f}k | " + " | ".join(share(v) for v in cells[1:]) + " |")
PY

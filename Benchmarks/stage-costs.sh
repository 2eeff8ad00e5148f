#!/usr/bin/env bash
# Instructions per label, stage by stage, for each classic kind: callgrind over `LabelKitBench profile DIR COUNT size
# KIND` (one counted pass of measurements after an uncounted one), attributed by inclusive cost to the typesetter's
# stages: each stage's entry point is `@inline(never)` so that it has a symbol of its own (Sources/LabelKitLayout).
# Prints a Markdown table (Benchmarks/README.md, "Where a label's instructions go").
#
# Usage: bash Benchmarks/stage-costs.sh [LABELS_PER_KIND]   (after `make bench`, which builds LabelKitBench in release)
set -euo pipefail
per_kind=${1:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$root" && swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$bin/LabelKitBench" "$work/LabelKitBench"
"$work/LabelKitBench" corpus "$work" $((per_kind * 5)) 0 >/dev/null
for kind in latin japanese vietnamese emoji mixed; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$kind.out" --collect-atstart=no \
        --toggle-collect='*profiledPass*' "$work/LabelKitBench" profile "$work" "$per_kind" size "$kind" >/dev/null 2>&1
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$kind.out" >"$work/$kind.txt" 2>/dev/null
done
python3 - "$work" "$per_kind" <<'PY'
import re, sys
work, per_kind = sys.argv[1], int(sys.argv[2])
stages = [
    ("text in (UTF-16, styles)", [r"StyledTextV5plain"]),
    ("analysis (ICU clusters, breaks, emoji; bidi)", [r"AnalysisStageV7analyze"]),
    ("itemization (font per cluster)", [r"ItemizerV7itemize_2of8analysis"]),
    ("shaping through the word cache", [r"ShaperV5shape_2of7lending", r"ShaperV21writeGraphemeAdvances"]),
    ("line breaking", [r"LineBreakerV10breakLines"]),
]
print("| kind | total | " + " | ".join(name for name, _ in stages) + " | planning, assembly, the rest |")
print("|---|---" + "|---" * (len(stages) + 1) + "|")
for kind in ["latin", "japanese", "vietnamese", "emoji", "mixed"]:
    text = open(f"{work}/{kind}.txt").read()
    def inclusive(pattern):
        values = [int(m.group(1).replace(",", "")) for m in re.finditer(r"^\s*([\d,]+) \([^)]*\)\s+\S*" + pattern, text, re.M)]
        return max(values) if values else 0
    total = inclusive(r"profiledPass")
    parts = [sum(inclusive(p) for p in patterns) for _, patterns in stages]
    rest = total - sum(parts)
    cells = [f"{total / per_kind / 1000:.1f}k"] + [f"{v / per_kind / 1000:.1f}k ({100 * v / total:.0f} %)" for v in parts + [rest]]
    print(f"| {kind} | " + " | ".join(cells) + " |")
PY

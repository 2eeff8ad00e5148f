#!/usr/bin/env bash
# `make bench-compare BASE=REV`: the working tree's LabelKit against revision REV's, in one run.
#
# Builds REV's LabelKitBench and labelkit (release) from `git archive` into DIR/base, and this tree's; then, for ROUNDS
# rounds, runs `LabelKitBench measure` of each build one after the other (base first in odd rounds, this tree first in
# even ones) and `labelkit measure --batch --jobs 1` of each over the corpus, so that load from other jobs reaches both
# alike. Prints every figure as the median over the rounds, base and this tree, and their ratio (above 1: this tree is
# faster; for bytes, above 1: it keeps fewer). Writes DIR/compare.txt.
#
# Usage: compare-builds.sh REV DIR ROUNDS
set -euo pipefail
base_rev=$1
dir=$2
rounds=$3
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
# Both revisions are built alike, with the Makefile's release flags.
read -r -a release_flags <<<"${RELEASE_FLAGS:--c release --static-swift-stdlib}"

mkdir -p "$dir/base-src" "$dir/base" "$dir/head"
if [ ! -f "$dir/base-src/.rev" ] || [ "$(cat "$dir/base-src/.rev")" != "$(git -C "$root" rev-parse "$base_rev")" ]; then
    rm -rf "$dir/base-src" && mkdir -p "$dir/base-src"
    git -C "$root" archive "$base_rev" | tar -x -C "$dir/base-src"
    git -C "$root" rev-parse "$base_rev" >"$dir/base-src/.rev"
fi
for product in LabelKitBench labelkit; do
    (cd "$dir/base-src" && "$swift" build "${release_flags[@]}" --product "$product" >/dev/null)
    (cd "$root" && "$swift" build "${release_flags[@]}" --product "$product" >/dev/null)
done
base_bin=$(cd "$dir/base-src" && "$swift" build "${release_flags[@]}" --show-bin-path)
head_bin=$(cd "$root" && "$swift" build "${release_flags[@]}" --show-bin-path)

# The classic kinds alone (no world labels): a revision from before them reads only those.
"$head_bin/LabelKitBench" corpus "$dir" 10000 0 >/dev/null
python3 "$root/Benchmarks/corpus-jsonl.py" "$dir/corpus.tsv" "$dir/corpus.jsonl"

rm -f "$dir"/base/labelkit.*.txt "$dir"/head/labelkit.*.txt
run() {   # run NAME BIN ROUND
    "$2/LabelKitBench" measure "$dir" >/dev/null
    mv "$dir/labelkit.txt" "$dir/$1/labelkit.$3.txt"
    local start end
    start=$(date +%s%N)
    "$2/labelkit" measure --batch "$dir/corpus.jsonl" --jobs 1 >/dev/null
    end=$(date +%s%N)
    awk -v ns=$((end - start)) 'BEGIN { printf "cli.seconds %.4f\n", ns / 1e9 }' >>"$dir/$1/labelkit.$3.txt"
}
for round in $(seq 1 "$rounds"); do
    echo "round $round of $rounds"
    if [ $((round % 2)) = 1 ]; then
        run base "$base_bin" "$round"
        run head "$head_bin" "$round"
    else
        run head "$head_bin" "$round"
        run base "$base_bin" "$round"
    fi
done

python3 - "$dir" "$rounds" "$base_rev" <<'PYTHON' | tee "$dir/compare.txt"
import statistics, sys
directory, rounds, rev = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def medians(name):
    values = {}
    for round in range(1, rounds + 1):
        for line in open(f"{directory}/{name}/labelkit.{round}.txt"):
            key, value = line.split()
            values.setdefault(key, []).append(float(value))
    return {key: statistics.median(found) for key, found in values.items()}
base, head = medians("base"), medians("head")
rows = [
    ("cold." + kind, "labels/s") for kind in ("latin", "japanese", "vietnamese", "emoji", "mixed", "total")
] + [
    ("warm.total", "labels/s"), ("warm_layout.total", "labels/s"), ("hit_points_per_s", "points/s"),
    ("link_hit_points_per_s", "points/s"), ("detect_mb_per_s", "MB/s"), ("bytes_per_layout", "bytes"),
    ("bytes_per_layout_50_to_70", "bytes"), ("cli.seconds", "seconds"),
]
print(f"\nthis tree against {rev}: medians of {rounds} alternating rounds; ratio > 1 is better for this tree")
print(f"{'figure':<28}{'base':>14}{'this tree':>14}{'ratio':>9}")
for key, unit in rows:
    if key not in base or key not in head:
        continue
    old, new = base[key], head[key]
    better_when_smaller = unit in ("bytes", "seconds")
    ratio = (old / new) if better_when_smaller else (new / old)
    digits = 4 if unit == "seconds" else 1
    print(f"{key:<28}{old:>14.{digits}f}{new:>14.{digits}f}{ratio:>8.3f}×   {unit}")
PYTHON

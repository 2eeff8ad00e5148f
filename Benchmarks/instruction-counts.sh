#!/usr/bin/env bash
# Instructions per kind, counted by callgrind, for this tree and optionally another revision: one counted pass of
# `LabelKitBench profile DIR COUNT MODE KIND` (after its uncounted warm-up) per kind and mode. Counts do not drift
# with the machine's load, so they show a change of 1 % that `make bench-compare` cannot (Benchmarks/README.md,
# "Instruction counts").
#
# Usage: bash Benchmarks/instruction-counts.sh [BASE_REV] [COUNT] [MODES]
#   BASE_REV  a revision to count beside this tree (built from `git archive` in .build-base/REV); empty for none
#   COUNT     labels per kind (default 500)
#   MODES     space-separated modes of `LabelKitBench profile` (default "size layout")
#   KINDS     (environment) the kinds to count, space-separated (default: all fourteen)
# Prints a Markdown table: per kind and mode, the base's count, this tree's and the change in per cent.
set -euo pipefail
base_rev=${1:-}
count=${2:-500}
modes=${3:-size layout}
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
read -r -a release_flags <<<"${RELEASE_FLAGS:--c release --static-swift-stdlib}"
kinds=${KINDS:-latin japanese vietnamese emoji mixed arabic hebrew devanagari bengali thai khmer korean chinese bidi}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Swift binary with its debug information stripped: valgrind 3.19 cannot read Swift's. Built from scratch in a
# scratch path of its own (about a minute): an incremental release build after a change to a struct's layout once
# kept a module that inlined the old layout, and its binary crashed.
build() {
    local source=$1 out=$2 scratch
    scratch="$work/build-$(basename "$out")"
    if ! (cd "$source" && "$swift" build "${release_flags[@]}" --scratch-path "$scratch" --product LabelKitBench \
        >"$work/build.log" 2>&1); then
        cat "$work/build.log" >&2
        exit 1
    fi
    objcopy --strip-debug \
        "$(cd "$source" && "$swift" build "${release_flags[@]}" --scratch-path "$scratch" --show-bin-path)/LabelKitBench" \
        "$out"
}

build "$root" "$work/head"
if [ -n "$base_rev" ]; then
    base_src="$root/.build-base/$(git -C "$root" rev-parse --short "$base_rev")"
    if [ ! -d "$base_src" ]; then
        mkdir -p "$base_src"
        git -C "$root" archive "$base_rev" | tar -x -C "$base_src"
    fi
    build "$base_src" "$work/base"
fi
"$work/head" corpus "$work" 10000 9000 >/dev/null

# The instructions of the counted pass: callgrind's total for the toggled function.
counted() {
    local binary=$1 mode=$2 kind=$3
    valgrind --tool=callgrind --callgrind-out-file="$work/out" --collect-atstart=no \
        --toggle-collect='*profiledPass*' "$binary" profile "$work" "$count" "$mode" "$kind" >/dev/null 2>&1
    callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !found { gsub(",", "", $1); print $1; found = 1 }'
}

echo "| kind | mode | base | this tree | change |"
echo "|---|---|---|---|---|"
for mode in $modes; do
    for kind in $kinds; do
        head_count=$(counted "$work/head" "$mode" "$kind")
        if [ -n "$base_rev" ]; then
            base_count=$(counted "$work/base" "$mode" "$kind")
            change=$(python3 -c "print(f'{100 * ($head_count - $base_count) / $base_count:+.2f} %')")
            printf '| %s | %s | %.2f M | %.2f M | %s |\n' "$kind" "$mode" \
                "$(python3 -c "print($base_count / 1e6)")" "$(python3 -c "print($head_count / 1e6)")" "$change"
        else
            printf '| %s | %s | | %.2f M | |\n' "$kind" "$mode" "$(python3 -c "print($head_count / 1e6)")"
        fi
    done
done

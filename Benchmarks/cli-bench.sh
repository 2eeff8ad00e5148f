#!/usr/bin/env bash
# The command-line rows of `make bench`: whole processes (start-up, reading, layout, writing) over the bench corpus.
#   command line   labelkit measure --batch --jobs 1 against pango-cli-bench (the same JSON Lines, Pango 1.50, a new
#                  PangoLayout per label), both single-threaded; and again over HELD_OUT_DIR's corpus when given (the
#                  bench's generator with another seed: `LabelKitBench corpus DIR COUNT 0 SEED`), so that a speed-up
#                  fitted to the bench corpus's words shows
#   --jobs         labelkit measure --batch with --jobs 1 against --jobs N (N = the cores), output checked equal;
#                  and, for reference, what the machine gives: N processes of --jobs 1 at once, each over the whole
#                  corpus, against one alone (independent processes share nothing but the machine, so N × one's time
#                  over theirs is as fast as N threads can go here)
# Each figure is the median wall time over ROUNDS rounds that alternate the processes, so that load from other jobs
# reaches each alike. Writes DIR/corpus.jsonl (from DIR/corpus.tsv) and DIR/cli.txt (and HELD_OUT_DIR/corpus.jsonl).
#
# Usage: cli-bench.sh LABELKIT PANGO_CLI_BENCH DIR ROUNDS [HELD_OUT_DIR]
set -euo pipefail
labelkit=$1
pango=$2
dir=$3
rounds=$4
held_out=${5:-}
cores=$(nproc)

# The corpus as JSON Lines, as `labelkit measure --batch` reads it.
# The classic kinds only, so that these figures stay comparable with runs before the world's scripts were added.
python3 "$(dirname "$0")/corpus-jsonl.py" "$dir/corpus.tsv" "$dir/corpus.jsonl" latin,japanese,vietnamese,emoji,mixed
count=$(wc -l < "$dir/corpus.jsonl")
if [ -n "$held_out" ]; then
    python3 "$(dirname "$0")/corpus-jsonl.py" "$held_out/corpus.tsv" "$held_out/corpus.jsonl" \
        latin,japanese,vietnamese,emoji,mixed
    held_out_count=$(wc -l < "$held_out/corpus.jsonl")
fi

# Seconds one run of "$@" takes, its standard output written to $output.
seconds() {
    local start=$EPOCHREALTIME
    "$@" > "$output"
    local end=$EPOCHREALTIME
    awk -v start="$start" -v end="$end" 'BEGIN { printf "%.4f\n", end - start }'
}

median() {
    sort -g | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'
}

: > "$dir/cli-times.txt"
for round in $(seq 1 "$rounds"); do
    echo "command line: round $round of $rounds"
    output="$dir/cli-labelkit-1.jsonl"
    echo "labelkit_1 $(seconds "$labelkit" measure --batch "$dir/corpus.jsonl" --jobs 1)" >> "$dir/cli-times.txt"
    output="$dir/cli-pango.jsonl"
    echo "pango $(seconds "$pango" "$dir/corpus.jsonl")" >> "$dir/cli-times.txt"
    output="$dir/cli-labelkit-n.jsonl"
    echo "labelkit_n $(seconds "$labelkit" measure --batch "$dir/corpus.jsonl" --jobs "$cores")" >> "$dir/cli-times.txt"
    start=$EPOCHREALTIME
    for copy in $(seq 1 "$cores"); do
        "$labelkit" measure --batch "$dir/corpus.jsonl" --jobs 1 > "$dir/cli-labelkit-copy-$copy.jsonl" &
    done
    wait
    end=$EPOCHREALTIME
    echo "labelkit_copies $(awk -v start="$start" -v end="$end" 'BEGIN { printf "%.4f\n", end - start }')" \
        >> "$dir/cli-times.txt"
    cmp -s "$dir/cli-labelkit-1.jsonl" "$dir/cli-labelkit-n.jsonl" ||
        { echo "cli-bench: --jobs $cores printed other results than --jobs 1" >&2; exit 1; }
    if [ -n "$held_out" ]; then
        output="$held_out/cli-pango.jsonl"
        echo "held_out_pango $(seconds "$pango" "$held_out/corpus.jsonl")" >> "$dir/cli-times.txt"
        output="$held_out/cli-labelkit-1.jsonl"
        echo "held_out_labelkit_1 $(seconds "$labelkit" measure --batch "$held_out/corpus.jsonl" --jobs 1)" \
            >> "$dir/cli-times.txt"
    fi
done

one=$(awk '$1 == "labelkit_1" { print $2 }' "$dir/cli-times.txt" | median)
pango_time=$(awk '$1 == "pango" { print $2 }' "$dir/cli-times.txt" | median)
many=$(awk '$1 == "labelkit_n" { print $2 }' "$dir/cli-times.txt" | median)
copies=$(awk '$1 == "labelkit_copies" { print $2 }' "$dir/cli-times.txt" | median)
{
    echo "labelkit_jobs_1_s $one"
    echo "labelkit_jobs_${cores}_s $many"
    echo "pango_s $pango_time"
    echo "labelkit_${cores}_processes_s $copies"
} > "$dir/cli.txt"
if [ -n "$held_out" ]; then
    held_out_one=$(awk '$1 == "held_out_labelkit_1" { print $2 }' "$dir/cli-times.txt" | median)
    held_out_pango=$(awk '$1 == "held_out_pango" { print $2 }' "$dir/cli-times.txt" | median)
    {
        echo "held_out_labelkit_jobs_1_s $held_out_one"
        echo "held_out_pango_s $held_out_pango"
    } >> "$dir/cli.txt"
fi
awk -v one="$one" -v pango="$pango_time" -v many="$many" -v copies="$copies" -v cores="$cores" -v count="$count" 'BEGIN {
    printf "%-26s labelkit measure --batch --jobs 1 %.2f s; Pango, a new layout per label, %.2f s (%.2f×); %d labels\n",
        "command line", one, pango, pango / one, count
    printf "%-26s --jobs 1 %.2f s, --jobs %d %.2f s (%.2f×; output equal byte for byte)\n",
        "command line, --jobs", one, cores, many, one / many
    printf "%-26s %d processes of --jobs 1 at once %.2f s: the machine runs %d at %.2f× one (--jobs %d gets %.0f%% of it)\n",
        "  the machine", cores, copies, cores, cores * one / copies, cores, 100 * (one / many) / (cores * one / copies)
}'
if [ -n "$held_out" ]; then
    awk -v one="$held_out_one" -v pango="$held_out_pango" -v count="$held_out_count" -v source="$held_out" 'BEGIN {
        printf "%-26s labelkit measure --batch --jobs 1 %.2f s; Pango %.2f s (%.2f×); %d labels of %s\n",
            "command line, held out", one, pango, pango / one, count, source
    }'
fi

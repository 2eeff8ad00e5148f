#!/usr/bin/env bash
# make fuzz: builds the libFuzzer programs (release, -sanitize=fuzzer,address, their own scratch path), then for each:
#   1. runs every checked-in seed whole, each under the 2-second limit;
#   2. runs the generated big seeds whole (1 MB of text, 10,000 combining marks, …; Fuzz/make-big-seeds.py) under a
#      limit of BIG_SEED_SECONDS (default 60): instrumented for ASan and coverage, LabelKit runs 10–40 times slower
#      than in release, where each of them lays out in about a second or less (CONTRIBUTING.md, "Reliability");
#   3. fuzzes for FUZZ_SECONDS from the corpus it has gathered so far (kept in the scratch path between runs), every
#      input at most 4 KB and under the 2-second limit.
# Fails on a crash, a broken invariant (an abort), a leak in LabelKit's code (LeakSanitizer; fontconfig's
# process-lifetime caches suppressed by library name), an input over its time limit, or memory beyond 4 GB. Prints
# executions, coverage (cov/ft from libFuzzer's final stats) and crashes per target, and writes them to
# $SCRATCH/fuzz-summary.txt. A failing input is saved as $SCRATCH/artifacts/<target>-crash-… (or timeout-, leak-).
set -uo pipefail

SWIFT=${SWIFT:-swift}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
BIG_SEED_SECONDS=${BIG_SEED_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"LayoutFuzzer LinkFuzzer InputFuzzer InteractionFuzzer HTMLFuzzer PangoMarkupFuzzer"}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

# Each target's checked-in seeds: its own folder and the shared texts.
corpus_of() {
    case $1 in
        LayoutFuzzer) echo "Fuzz/Corpus/layout Fuzz/Corpus/texts" ;;
        LinkFuzzer) echo "Fuzz/Corpus/links Fuzz/Corpus/texts" ;;
        InputFuzzer) echo "Fuzz/Corpus/input Fuzz/Corpus/texts" ;;
        InteractionFuzzer) echo "Fuzz/Corpus/interaction Fuzz/Corpus/texts" ;;
        HTMLFuzzer) echo "Fuzz/Corpus/html Fuzz/Corpus/texts" ;;
        PangoMarkupFuzzer) echo "Fuzz/Corpus/pango-markup Fuzz/Corpus/texts" ;;
    esac
}

# Linked with the toolchain's lld: gold stops with an internal error on the fuzzer-instrumented objects.
mkdir -p "$SCRATCH"
lld="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/ld.lld"
printf '{ "schemaVersion": "1.0", "linker": { "path": "%s" } }\n' "$lld" > "$SCRATCH/toolset.json"
build=(-c release --scratch-path "$SCRATCH" --toolset "$SCRATCH/toolset.json" -Xswiftc -sanitize=fuzzer,address)
for target in $TARGETS; do
    LABELKIT_FUZZ=1 $SWIFT build "${build[@]}" --product "$target" 2>&1 | grep -v "Cannot export local symbol"
    [ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
done
bin=$(LABELKIT_FUZZ=1 $SWIFT build "${build[@]}" --show-bin-path)
python3 Fuzz/make-big-seeds.py "$SCRATCH/big-seeds" || exit 1
mkdir -p "$SCRATCH/artifacts" "$SCRATCH/logs"

# The Swift runtime's own crash reporter reads memory ASan does not know, and buries the report: libFuzzer's is enough.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:abort_on_error=0"
export LSAN_OPTIONS="suppressions=$ROOT/Sanitizers/lsan-suppressions.txt:print_suppressions=0"
common=(-rss_limit_mb=4096 -malloc_limit_mb=4096 -print_final_stats=1)

summary="$SCRATCH/fuzz-summary.txt"
printf "%-18s %8s %12s %9s %7s %7s %7s %8s\n" target seconds executions exec/s cov ft corpus crashes > "$summary"
status=0
for target in $TARGETS; do
    work="$SCRATCH/corpus/$target"
    mkdir -p "$work"
    log="$SCRATCH/logs/$target.log"
    seeds=()
    for folder in $(corpus_of "$target"); do seeds+=("$folder"/*); done
    echo "== $target: ${#seeds[@]} checked-in seeds, whole, 2 s each"
    "$bin/$target" "${common[@]}" -timeout=2 -artifact_prefix="$SCRATCH/artifacts/$target-" "${seeds[@]}" \
        > "$log.seeds" 2>&1
    seed_status=$?
    if [ "$seed_status" -eq 0 ]; then
        echo "== $target: big seeds, whole, $BIG_SEED_SECONDS s each"
        "$bin/$target" "${common[@]}" -timeout="$BIG_SEED_SECONDS" -artifact_prefix="$SCRATCH/artifacts/$target-" \
            "$SCRATCH/big-seeds"/* >> "$log.seeds" 2>&1
        seed_status=$?
    fi
    echo "== $target: fuzzing for $SECONDS_PER_TARGET s"
    # shellcheck disable=SC2046
    "$bin/$target" "${common[@]}" -timeout=2 -max_len=4096 -max_total_time="$SECONDS_PER_TARGET" \
        -artifact_prefix="$SCRATCH/artifacts/$target-" "$work" $(corpus_of "$target") > "$log" 2>&1
    fuzz_status=$?
    executions=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
    ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
    corp=$(echo "$last" | grep -o 'corp: [0-9]*' | grep -o '[0-9]*')
    crashes=0
    for result in $seed_status $fuzz_status; do [ "$result" -ne 0 ] && crashes=$((crashes + 1)); done
    printf "%-18s %8s %12s %9s %7s %7s %7s %8s\n" "$target" "$SECONDS_PER_TARGET" "${executions:-?}" "${rate:-?}" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes" >> "$summary"
    if [ "$seed_status" -ne 0 ] || [ "$fuzz_status" -ne 0 ]; then
        status=1
        echo "!! $target failed (seeds: $seed_status, fuzzing: $fuzz_status); the report:"
        for file in "$log.seeds" "$log"; do
            grep -E -A40 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|invariant failed|Fatal error|ALARM' "$file" | head -80
        done
    fi
done
cat "$summary"
exit $status

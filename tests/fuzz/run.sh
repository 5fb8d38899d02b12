#!/usr/bin/env bash
# Runs every fuzz target for a bounded time on its seed corpus.
#   bash tests/fuzz/run.sh [BUILD_DIR] [SECONDS_PER_TARGET] [TARGET...]
# BUILD_DIR is a build of the fuzz preset (default build/fuzz). New interesting inputs go to
# BUILD_DIR/fuzz-corpus/<target> (kept between runs); crashes to BUILD_DIR/fuzz-artifacts/.
# Exits non-zero on the first target that finds a crash, leak, hang or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/fuzz}
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(trace csv profilerconfig profile db archive)

bin="$build/tests/fuzz"
seeds="$bin/corpus"
"$bin/fuzz_seeds" "$seeds" "$PWD/../shared/samples" "$PWD/tests/fuzz/seeds" >/dev/null
mkdir -p "$build/fuzz-artifacts"
status=0
for t in "${targets[@]}"; do
    work="$build/fuzz-corpus/$t"
    mkdir -p "$work" "$seeds/$t"
    # A database is useful whole (the sample ones are under 1 MB); the others stay small.
    maxlen=65536
    [ "$t" = db ] && maxlen=1048576
    dict=()
    [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
    echo "== fuzz_$t for ${seconds}s ($(ls "$seeds/$t" | wc -l) seeds)"
    # Quiet unless it fails: the last lines say what was found and where the input is.
    if ! "$bin/fuzz_$t" "${dict[@]}" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
        -max_len="$maxlen" -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$t-" \
        "$work" "$seeds/$t" >"$build/fuzz-$t.log" 2>&1; then
        tail -n 60 "$build/fuzz-$t.log"
        echo "fuzz_$t FAILED; input saved in $build/fuzz-artifacts/" >&2
        status=1
        continue
    fi
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)|cov:' "$build/fuzz-$t.log" | tail -n 3
done
exit $status

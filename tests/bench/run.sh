#!/usr/bin/env bash
# Benchmarks: generates a ~1 GB trace once into a cache folder, then measures loading it; then
# timeline frame times over a 10 M-event in-memory trace (bench_timeline).
#   bash tests/bench/run.sh [BUILD_DIR] [SIZE_EVENTS]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/dev}
events=${2:-4500000}
cache=${NPUSCOPE_BENCH_CACHE:-$HOME/.cache/npuscope-bench}
cmake --build "$build" --target npuscope bench_traceload bench_timeline
dir="$cache/gen-$events"
if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    "$build/app/npuscope" generate "$dir" --events "$events" --seed 1
    touch "$dir/.complete"
fi
trace=$(ls "$dir"/*_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json | head -1)
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
"$build/tests/bench/bench_traceload" "$trace" --runs 3
"$build/tests/bench/bench_timeline" --events 10000000

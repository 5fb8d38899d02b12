#!/usr/bin/env bash
# CI after the README's test command: the whole suite under AddressSanitizer + UBSan (gcc,
# preset asan; the benchmarks are left out: they measure, they do not test), then every libFuzzer
# target (clang, preset fuzz) for a bounded time on its seed corpus.
#   NPUSCOPE_FUZZ_SECONDS   seconds per fuzz target (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
start=$SECONDS
phase() { echo "== sanitizers.sh: $1 (after $((SECONDS - start)) s)"; }

phase "asan build"
cmake --preset asan -DNPUSCOPE_BUILD_BENCH=OFF
cmake --build --preset asan -j "$jobs"
export QT_QPA_PLATFORM=offscreen
# Undefined behaviour fails the test that hits it; any leak fails it at exit (no suppressions
# have been needed: add a documented .ci/lsan.supp only for a proven third-party one).
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1
# The translation check runs lupdate, no npuscope code: the ci pass above covers it.
phase "asan tests"
ctest --preset asan -j "$jobs" -E '^translations_'

phase "fuzz build"
cmake --preset fuzz
cmake --build --preset fuzz -j "$jobs"
phase "fuzzing"
bash tests/fuzz/run.sh build/fuzz "${NPUSCOPE_FUZZ_SECONDS:-20}"
phase "done"

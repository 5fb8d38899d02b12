#!/usr/bin/env bash
# The performance benchmark (issue "Performance at real scale"); not part of the test suite.
# Generates, once, a 1 GB and (with --big) a 4 GB trace_view.json with their kernel_details.csv
# into a cache folder, then measures in one run, on the same files:
#   trace load (1 and 2 threads) against bare simdjson passes (whole document; 16 MiB spans with
#   reads, as the loader works, on 1 and 2 threads), resident bytes per event, peak; warm and
#   cold (the file evicted from the page cache before each run) against a plain sequential read;
#   python3 json.load of the same trace (what users do today), when python3 is there;
#   kernel_details.csv load against pandas.read_csv (when pandas is importable), sort/filter;
#   Open -> first timeline paint and -> fully loaded, in the real main window (offscreen);
#   timeline frame times at 10 M events, 1920x1080, along a scripted pan/zoom path;
#   the bare SQLite scan of the kernel rows of the same profile generated as a database, and the
#   database reader against a bare scan of all its tables and against the text twin;
#   `report --json` end to end against its own load phases and against json.load (report_e2e.sh);
#   the analysis after the load at 2,000 and 20,000 steps (bench_analysis);
#   1,024 small ranks opened as the window opens them and reported, per rank (bench_cluster).
# Writes the results to tests/bench/RESULTS.md (machine, commit, command) and prints them.
#   bash tests/bench/run.sh [--build DIR] [--big] [--runs N]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build/dev
big=0
runs=3
while [ $# -gt 0 ]; do
    case "$1" in
        --build) build=$2; shift 2 ;;
        --big) big=1; shift ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "usage: bash tests/bench/run.sh [--build DIR] [--big] [--runs N]" >&2; exit 1 ;;
    esac
done
cache=${NPUSCOPE_BENCH_CACHE:-$HOME/.cache/npuscope-bench}
if [ ! -f "$build/build.ninja" ]; then
    cmake --preset dev -B "$build" # RelWithDebInfo (-O2), what the app ships as
fi
cmake --build "$build" --target npuscope bench_traceload bench_timeline bench_tables bench_firstpaint \
    bench_memtouch bench_dbscan bench_dbload bench_calltree bench_memory bench_analysis bench_cluster
export QT_QPA_PLATFORM=offscreen

# Fresh memory: on a VM that hands freed guest memory back to its host (free page reporting, as
# on the test VM), a page first touched costs a host fault: ~0.45 GB/s there, against ~13 GB/s for
# the same pages touched again at once. Each load below runs in a fresh process and pays that for
# whatever part of its new memory the host took back; the two rates are printed to tell.
touch_rate() { "$build/tests/bench/bench_memtouch" 512; }
sleep 3 # memory freed before (the build) is handed back after ~2 s
fresh=$(touch_rate)
again=$(touch_rate)
memory_note="fresh memory: first touch of 512 MB at $fresh, the same again right after at $again"
if awk -v f="$fresh" -v a="$again" 'BEGIN { exit !(f < 2 && a > 2 * f) }'; then
    memory_note="$memory_note (memory freed for more than a few seconds goes back to the VM's host: the loads below pay a host fault for part of their new pages, hence much of the spread between runs)"
fi

generate() { # events [text|db] -> profile dir
    local format=${2:-text}
    local dir="$cache/gen-$1"
    [ "$format" = text ] || dir="$dir-$format"
    if [ ! -f "$dir/.complete" ]; then
        rm -rf "$dir"
        "$build/app/npuscope" generate "$dir" --events "$1" --seed 1 --format "$format" >&2
        touch "$dir/.complete"
    fi
    ls -d "$dir"/*_ascend_pt | head -1
}
# ~187 bytes per generated event: a 1.0 GB and (--big) a 4.0 GB trace_view.json.
sizes=(5400000)
[ "$big" = 1 ] && sizes+=(21600000)

out=$(mktemp)
{
    echo "# npuscope benchmark results"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet -- . ':!tests/bench/RESULTS.md' 2>/dev/null || echo ' (with local changes)')"
    echo "- machine: $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(free -g | awk '/Mem:/ {print $2}') GB RAM, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- $memory_note"
    echo "- command: \`bash tests/bench/run.sh$([ "$big" = 1 ] && echo ' --big') --runs $runs\`"
    echo "- medians of $runs runs; each load runs in a fresh process"
    echo
    echo '```'
    for events in "${sizes[@]}"; do
        profile=$(generate "$events")
        trace="$profile/ASCEND_PROFILER_OUTPUT/trace_view.json"
        csv="$profile/ASCEND_PROFILER_OUTPUT/kernel_details.csv"
        echo "== generated profile, $events events requested"
        "$build/tests/bench/bench_traceload" "$trace" --runs "$runs"
        if [ "$(stat -c %s "$trace")" -gt 1500000000 ]; then
            # json.load holds ~6x the file: 24 GB for 4 GB would take the machine down.
            echo "python3 json.load: skipped for a file over 1.5 GB (it needs about 6x the file in memory)"
        elif command -v python3 >/dev/null; then
            python3 - "$trace" <<'PY' || echo "python3 json.load: failed (out of memory?)"
import json, resource, sys, time
t = time.time()
with open(sys.argv[1], "rb") as f:
    events = json.load(f)
s = time.time() - t
print(f"python3 json.load: {s:.2f} s, {len(events)} events, max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
PY
        fi
        # The generated profile's kernel_details.csv, then the same rows replicated (shifted in
        # time, see bench_tables --make-rows) to 1 M rows, once, into the cache.
        csv1m="$cache/kernel_details-1M-from-$events.csv"
        [ -f "$csv1m" ] || "$build/tests/bench/bench_tables" --make-rows 1000000 "$csv" "$csv1m"
        for table in "$csv" "$csv1m"; do
            echo "-- $table"
            "$build/tests/bench/bench_tables" "$table" --runs "$runs" | tee "$cache/.csvload"
            for py in /usr/bin/python3 python3; do
                if "$py" -c 'import pandas' 2>/dev/null; then
                    # Each read in a fresh interpreter, as each npuscope load runs in a fresh
                    # process: repeated reads in one process reuse its heap, which on the test VM
                    # spares them the fresh memory a first read pays for (bench_memtouch.cpp).
                    for ((i = 0; i < runs; ++i)); do
                        "$py" - "$table" <<'PY'
import sys, time
import pandas
t = time.time()
frame = pandas.read_csv(sys.argv[1])
print(f"{time.time() - t:.4f} {len(frame)}")
PY
                    done > "$cache/.pandas"
                    "$py" - "$cache/.pandas" "$cache/.csvload" <<'PY'
import re, sys
runs = [line.split() for line in open(sys.argv[1]) if line.strip()]
times = sorted(float(r[0]) for r in runs)
median = times[len(times) // 2]
print(f"pandas.read_csv: {median:.2f} s, {runs[0][1]} rows (median of {len(times)}, each in a fresh python3; fastest {times[0]:.2f} s, slowest {times[-1]:.2f} s)")
text = open(sys.argv[2]).read()
ours = re.search(r"rows: ([0-9.]+) s", text)
fastest = re.search(r"fastest ([0-9.]+) s", text)
if ours:
    print(f"npuscope csv load is {median / float(ours.group(1)):.1f}x pandas.read_csv"
          + (f" (fastest against fastest {times[0] / float(fastest.group(1)):.1f}x)" if fastest else ""))
PY
                    break
                fi
                [ "$py" = python3 ] && echo "pandas.read_csv: skipped, pandas is not installed (Debian: apt install python3-pandas)"
            done
        done
        "$build/tests/bench/bench_firstpaint" "$profile" --runs "$runs"
        bash tests/bench/report_e2e.sh "$build/app/npuscope" "$profile" "$runs"
        dbprofile=$(generate "$events" both) # the database and its text twin
        db="$dbprofile/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db"
        "$build/tests/bench/bench_dbscan" "$db" --runs "$runs"
        "$build/tests/bench/bench_dbload" "$db" "$runs" 2
        echo
    done
    echo "== timeline frames"
    "$build/tests/bench/bench_timeline" --events 10000000
    echo
    echo "== call tree and flame graph"
    "$build/tests/bench/bench_calltree" --events 1000000 --runs "$runs"
    echo "== memory: allocations alive at an instant (1 M allocations)"
    "$build/tests/bench/bench_memory" 1000000
    echo "== analysis after the load, 1x and 10x the steps and events"
    "$build/tests/bench/bench_analysis" --steps 2000 --factor 10 --runs "$runs" --cache "$cache"
    echo "== a run of 1,024 small ranks: the window's open and report --json, per rank"
    "$build/tests/bench/bench_cluster" --ranks 1024 --runs "$runs" --cache "$cache"
    echo '```'
} 2>&1 | grep -v 'XDG_RUNTIME_DIR' | tee "$out"
mv "$out" tests/bench/RESULTS.md
echo "wrote tests/bench/RESULTS.md"

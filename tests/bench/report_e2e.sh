#!/usr/bin/env bash
# The whole job (issue "The whole job at the speed of the load"): `npuscope report --json` end to
# end against the load phases it reports itself (--timings), and against python3 json.load of the
# same trace_view.json in the same run. Medians of RUNS, each in a fresh process.
#   bash tests/bench/report_e2e.sh NPUSCOPE PROFILE_DIR [RUNS]
# Called by run.sh; runs alone too.
set -euo pipefail
npuscope=$1
profile=$2
runs=${3:-3}
trace=$(ls "$profile"/ASCEND_PROFILER_OUTPUT/trace_view.json 2>/dev/null \
    || ls "$profile"/*/ASCEND_PROFILER_OUTPUT/trace_view.json | head -1)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for ((i = 0; i < runs; ++i)); do
    "$npuscope" report --json --timings "$profile" 2>&1 >/dev/null | grep '^timings:' >> "$tmp"
done
if [ "$(stat -c %s "$trace")" -le 1500000000 ] && command -v python3 >/dev/null; then
    for ((i = 0; i < runs; ++i)); do
        python3 - "$trace" <<'PY' >> "$tmp" || echo "python3 json.load: failed (out of memory?)"
import json, sys, time
t = time.time()
with open(sys.argv[1], "rb") as f:
    json.load(f)
print(f"jsonload: {time.time() - t:.3f}")
PY
    done
fi
python3 - "$tmp" "$trace" <<'PY'
import os, re, sys
lines = open(sys.argv[1]).read().splitlines()
def median(v):
    v = sorted(v)
    return v[len(v) // 2] if v else None
runs = [dict((k, float(x)) for k, x in re.findall(r"(\w+) ([0-9.]+) s", l)) for l in lines if l.startswith("timings:")]
loads = [l.split("(load average ")[1].rstrip(")") for l in lines if l.startswith("timings:")]
py = median([float(l.split()[1]) for l in lines if l.startswith("jsonload:")])
total, load = median([r["total"] for r in runs]), median([r["load"] for r in runs])
after = {k: median([r[k] for r in runs]) for k in ("analysis", "report", "output")}
size = os.path.getsize(sys.argv[2]) / 1e9
print(f"report --json end to end, {size:.2f} GB trace: {total:.2f} s (median of {len(runs)}); load {load:.2f} s, "
      f"then analysis {after['analysis']:.2f} s, report {after['report']:.2f} s, output {after['output']:.2f} s")
print(f"report --json end to end is {total / load:.2f}x its load phases (goal <= 1.3x); load averages: {'; '.join(loads)}")
if py:
    print(f"python3 json.load of the trace alone: {py:.2f} s (median of {len(runs)}): report --json end to end is "
          f"{py / total:.1f}x faster (goal >= 17x)")
else:
    print("python3 json.load: skipped (no python3, or a trace over 1.5 GB: it needs about 6x the file in memory)")
PY

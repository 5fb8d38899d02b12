#!/usr/bin/env python3
"""Builds a very large trace_view.json from a generated one, for the "20 GB trace opens on a 24 GB
machine" check of the benchmark (npuscope generate writes ~7 MB/s, far too slow for 20 GB).

Copy k of the source's events gets its own processes ("pid": N -> "pid": kN), so the copies are
separate process groups over the same time range rather than duplicates nested in each other:
tracks multiply and the strings stay as few as in the source. Flow ids are left as they are (one
pass per copy instead of three; rewriting them made a copy take minutes): a flow's end in every
copy then pairs with the start of the last copy, so the flow count stays right but the arrows
cross between copies. Fine for measuring load time and memory, not a picture to look at.
Usage: replicate_trace.py SOURCE_TRACE OUT_TRACE COPIES
"""
import sys


def main():
    source, out, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(source, "rb") as f:
        data = f.read()
    start = data.index(b"[") + 1
    end = data.rindex(b"]")
    body = data[start:end].strip().rstrip(b",")
    del data
    with open(out, "wb", buffering=16 << 20) as f:
        f.write(b"[")
        for k in range(copies):
            if k:
                f.write(b", ")
                copy = body.replace(b'"pid": ', b'"pid": %d' % k)
                f.write(copy)
                del copy
            else:
                f.write(body)
            print(f"copy {k + 1}/{copies} written", file=sys.stderr, flush=True)
        f.write(b"]\n")


if __name__ == "__main__":
    main()

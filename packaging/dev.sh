#!/usr/bin/env bash
# Sets up, builds and runs npuscope on Debian 12. Installs missing packages first.
#   bash packaging/dev.sh demo    build (preset dev) and open the app on the built-in demo profile
#   bash packaging/dev.sh test    build (preset ci, warnings as errors) and run every test
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-}
case "$what" in
    demo|test) ;;
    *) echo "usage: bash packaging/dev.sh demo|test" >&2; exit 1 ;;
esac

bash packaging/install-deps.sh

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$what" = demo ]; then
    cmake --preset dev
    # The app alone: the tests and benchmarks are hundreds of targets the demo does not need.
    cmake --build --preset dev -j "$jobs" --target npuscope
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        echo "No display found: starting the demo under Xvfb (xvfb-run)." >&2
        exec xvfb-run -a -s "-screen 0 1920x1080x24" ./build/dev/app/npuscope --demo
    fi
    exec ./build/dev/app/npuscope --demo
fi

cmake --preset ci
cmake --build --preset ci -j "$jobs"
export QT_QPA_PLATFORM=offscreen
ctest --preset ci -j "$jobs"

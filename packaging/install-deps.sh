#!/usr/bin/env bash
# Installs the Debian 12 packages npuscope needs to build, test and run, when missing.
set -euo pipefail
packages=(
    build-essential cmake ninja-build pkg-config ccache # CMakeLists.txt uses ccache when present
    clang-format # .ci/style.sh
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
    qt6-l10n-tools qt6-translations-l10n libgl-dev
    libqt6opengl6-dev # Qt6Charts' CMake package needs Qt6OpenGL; only recommended by qt6-base-dev
    libsimdjson-dev libboost-dev zlib1g-dev libsqlite3-dev
    libarchive-dev # profile archives (.zip, .tar, .tar.gz, .tar.zst)
    libisal-dev # ISA-L's igzip: gzip traces inflate 2-3x faster than with zlib (optional)
    xvfb xauth fonts-wqy-microhei
    clang libclang-rt-14-dev # the libFuzzer build of CI (.ci/sanitizers.sh)
)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

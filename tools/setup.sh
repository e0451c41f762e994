#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs (only those missing) and builds into build/.
# Sourced by tools/test.sh and tools/demo.sh. Environment: BUILD_DIR (default build),
# BUILD_TYPE (default Release), JOBS (default: number of cores).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
BUILD_TYPE="${BUILD_TYPE:-Release}"
JOBS="${JOBS:-$(nproc)}"

PACKAGES=(
  g++ cmake ninja-build pkg-config
  libboost-program-options-dev nlohmann-json3-dev
  libabsl-dev libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev
  zlib1g-dev libbz2-dev bzip2 gzip
  clang libclang-rt-14-dev
  chromium
  slurm-wlm munge
  python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
)

install_missing_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "setup: installing missing packages: ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "setup: not root and no sudo; please install: ${missing[*]}" >&2
      return 1
    fi
  fi
  if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
     ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    echo "setup: apt-get could not install: ${missing[*]} (is this Debian 12 with its package mirrors reachable?)" >&2
    return 1
  fi
}

configure_and_build() {
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" "$@" >/dev/null
  cmake --build "$BUILD_DIR" -j "$JOBS"
}

#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test with ctest.
# Usage: tools/test.sh [extra ctest arguments]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing_packages
configure_and_build
cd "$BUILD_DIR"
ctest --output-on-failure -j "$JOBS" "$@"

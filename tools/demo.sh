#!/usr/bin/env bash
# Installs what is missing, builds, and runs the project's main job on bundled defaults.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing_packages
configure_and_build
BIN="$BUILD_DIR/bin"
echo
echo "== Built programs in $BIN:"
ls "$BIN"

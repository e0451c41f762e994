# Sourced by the experiment scripts of this folder: sets `here` (this folder), `root` (the
# project) and `bin` (its programs, build/bin; the scripts take --bin DIR to change it).
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$root/build/bin"

# exp_bin_and_hands ARG...: reads `[--bin DIR] [--hands N]` into bin and hands; any other word
# fails the script (exit 1) naming it.
exp_bin_and_hands() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --bin) bin="$2"; shift 2 ;;
      --hands) hands="$2"; shift 2 ;;
      *) echo "$(basename "$0"): unknown argument $1" >&2; exit 1 ;;
    esac
  done
}

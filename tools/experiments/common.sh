# Sourced by the experiment scripts of this folder: sets `here` (this folder), `root` (the
# project) and `bin` (its programs, build/bin; the scripts take --bin DIR to change it).
# `-h` or `--help` among the script's arguments prints the script's leading comment (its usage)
# and exits 0 before anything runs (a script that ignored it started its experiment, and
# make_default_model.sh took it for the output file).
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$root/build/bin"

# exp_usage: the calling script's leading comment block, without the `#`s.
exp_usage() {
  sed -n '2,/^[^#]/p' "$0" | sed '/^[^#]/d; s/^# \{0,1\}//; s/^#$//'
}
for exp_arg in "$@"; do
  case "$exp_arg" in -h | --help) exp_usage; exit 0 ;; esac
done
unset exp_arg

# exp_bin_and_hands ARG...: reads `[--bin DIR] [--hands N]` into bin and hands; any other word
# fails the script (exit 2, a bad command line) naming it.
exp_bin_and_hands() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --bin) bin="$2"; shift 2 ;;
      --hands) hands="$2"; shift 2 ;;
      *) echo "$(basename "$0"): unknown argument $1 (--help for the usage)" >&2; exit 2 ;;
    esac
  done
}

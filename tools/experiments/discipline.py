#!/usr/bin/env python3
"""Where the `search` policy's all-in discipline was on, and which switch turned it off, from
decision logs (docs/discipline.md). Usage:

  tools/experiments/discipline.py [--stretch N] LOG.jsonl [LOG.jsonl ...]

Reads the decisions after the flop whose explanation ends with `(discipline on)` or
`(discipline off: SWITCH)` (heads-up no-limit, the discipline in use) and prints per log how many
were on and how many each switch (tilt, floor, weak continues) turned off, over the whole log and
in each stretch of N hands (by the log's hand number; 100 by default; 0: none). Decisions without
that word (preflop, limit, other policies) are left out. Exit 1 when a log cannot be read or a
line is not a decision (the message names the file and line), 2 for a bad command line."""
import argparse
import os
import re
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import decision_logs  # noqa: E402  (read_decisions)

STATES = ("on", "tilt", "floor", "weak continues")
PATTERN = re.compile(r"\(discipline (on|off: (tilt|floor|weak continues))\)")


def read_log(path):
    """[(hand, state)] of the log's decisions that say where the discipline was; exits 1 on bad
    input."""
    def read(row):
        return int(row["hand"]), PATTERN.search(str(row.get("explanation", "")))

    return [(hand, match.group(2) or "on")
            for hand, match in decision_logs.read_decisions(path, "discipline.py", read) if match]


def counts(rows):
    return " ".join("%s %d" % (state, sum(1 for _, s in rows if s == state)) for state in STATES)


def main():
    # A reader that stops early (`| head`) ends the script quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stretch", type=int, default=100, metavar="N",
                        help="also count in each stretch of N hands (0: not)")
    parser.add_argument("logs", nargs="+", metavar="LOG.jsonl",
                        help="decision logs (agent --decision-log, or log=FILE in the arena)")
    args = parser.parse_args()
    if args.stretch < 0:
        parser.error("--stretch must be 0 or more")
    for path in args.logs:
        rows = read_log(path)
        print("%s: %d decisions after the flop with the discipline in use: %s" % (
            path, len(rows), counts(rows)))
        if args.stretch == 0:
            continue
        stretches = {}
        for row in rows:
            stretches.setdefault(row[0] // args.stretch, []).append(row)
        for k in sorted(stretches):
            first = k * args.stretch
            print("  hands %d-%d: %s" % (first, first + args.stretch - 1, counts(stretches[k])))


if __name__ == "__main__":
    main()

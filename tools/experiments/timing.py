#!/usr/bin/env python3
"""Decision time of the agent, p50 / p90 / p99 / max, from decision logs (one JSON object per
decision with time_ms = wall time from seeing the state to the answer, cpu_ms = this thread's CPU
time over the same span). Usage: tools/experiments/timing.py LOG.jsonl [LOG.jsonl ...]

Exit 1 when a log cannot be read or a line is not a decision (the message names the file and
line), 2 for a bad command line."""
import argparse
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import decision_logs  # noqa: E402  (read_decisions)


def percentile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))]


def read_log(path):
    """(wall, cpu, {round: wall}) of the decisions in the log at `path`; exits 1 on bad input."""
    def read(row):
        time_ms = float(row["time_ms"])
        return time_ms, float(row.get("cpu_ms", time_ms)), int(row["round"])

    wall, cpu, by_round = [], [], {}
    for time_ms, cpu_ms, street in decision_logs.read_decisions(path, "timing.py", read):
        wall.append(time_ms)
        cpu.append(cpu_ms)
        by_round.setdefault(street, []).append(time_ms)
    return wall, cpu, by_round


def main():
    # A reader that stops early (`| head`) ends the script quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", metavar="LOG.jsonl",
                        help="decision logs (agent --decision-log, or log=FILE in the arena)")
    for path in parser.parse_args().logs:
        wall, cpu, by_round = read_log(path)
        if not wall:
            continue
        wall.sort()
        cpu.sort()
        print("%s: %d decisions" % (path, len(wall)))
        for name, values in (("wall", wall), ("cpu", cpu)):
            print("  %-4s ms: p50 %6.2f  p90 %6.2f  p99 %6.2f  max %6.2f" % (
                name, percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99),
                values[-1]))
        for r in sorted(by_round):
            values = sorted(by_round[r])
            print("  round %d wall ms: p50 %6.2f  p99 %6.2f  (%d)" % (
                r, percentile(values, 0.5), percentile(values, 0.99), len(values)))


if __name__ == "__main__":
    main()

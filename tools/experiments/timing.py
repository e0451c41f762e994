#!/usr/bin/env python3
"""Decision time of the agent, p50 / p90 / p99 / max, from decision logs (one JSON object per
decision with time_ms = wall time from seeing the state to the answer, cpu_ms = this thread's CPU
time over the same span). Usage: tools/experiments/timing.py LOG.jsonl [LOG.jsonl ...]"""
import json
import sys


def percentile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    for path in sys.argv[1:]:
        wall, cpu, by_round = [], [], {}
        for line in open(path):
            row = json.loads(line)
            wall.append(row["time_ms"])
            cpu.append(row.get("cpu_ms", row["time_ms"]))
            by_round.setdefault(row["round"], []).append(row["time_ms"])
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

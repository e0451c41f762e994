"""Batch evaluation from Python against the C++ batch, on the same 2^20 seven-card hands.

The hands are random_deals(2^20, 7, seed=77): those of poker_bench's
BM_Eval7RandomFromCardsBatch/1048576, which times the C++ batch (EvaluateSevenCardHands, 1024
hands a call). Python times poker_ai.evaluate_batch on the whole (N, 7) uint8 array at once
(input checked, ranks written into a preallocated uint16 array). Both are timed in CPU time, as
Google Benchmark's items_per_second is (wall time is printed too: on a loaded machine it mostly
measures the load). Rounds alternate C++ and Python so that both see the same machine load; each
figure is the median of its rounds. Also the cost
of one call: evaluate_batch of a single hand, and evaluate() of seven cards given as a list.

Usage: PYTHONPATH=build/python python3 python/bench/evaluate_bench.py [--rounds 5]
       [--poker-bench build/bin/poker_bench] [--json OUT.json]
Exit status: 0 done, 1 poker_bench failed, 2 bad usage.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

import poker_ai as pa

HANDS = 1 << 20


def python_rate(hands, out, min_seconds=1.0):
    """Hands per second of evaluate_batch in CPU time (as Google Benchmark counts items per
    second), repeated for at least min_seconds of CPU time; and in wall time."""
    pa.evaluate_batch(hands, out=out)  # warm the tables and the pages
    calls, cpu, wall = 0, time.process_time(), time.perf_counter()
    while True:
        pa.evaluate_batch(hands, out=out)
        calls += 1
        cpu_seconds = time.process_time() - cpu
        if cpu_seconds >= min_seconds:
            return calls * len(hands) / cpu_seconds, calls * len(hands) / (time.perf_counter() - wall)


def cpp_rate(poker_bench):
    """Hands per second of the C++ batch benchmark in CPU time (items_per_second) and in wall
    time (one run of its own timing)."""
    run = subprocess.run(
        [poker_bench, "--benchmark_filter=^BM_Eval7RandomFromCardsBatch/1048576$",
         "--benchmark_format=json", "--benchmark_min_time=1"],
        check=True, capture_output=True, text=True)
    bench = json.loads(run.stdout)["benchmarks"][0]
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[bench.get("time_unit", "ns")]
    return bench["items_per_second"], HANDS / (bench["real_time"] * scale)


def call_seconds(fn, repeat=200_000):
    """CPU seconds per call of fn() (the best of three loops)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - start) / repeat)
    return best


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--poker-bench", default=str(root / "build" / "bin" / "poker_bench"))
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    hands = pa.random_deals(HANDS, 7, seed=77)
    out = np.empty(HANDS, dtype=np.uint16)
    python_rates, cpp_rates, python_wall, cpp_wall = [], [], [], []
    for r in range(args.rounds):
        try:
            cpu, wall = cpp_rate(args.poker_bench)
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"evaluate_bench: poker_bench failed: {error}", file=sys.stderr)
            return 1
        cpp_rates.append(cpu)
        cpp_wall.append(wall)
        cpu, wall = python_rate(hands, out)
        python_rates.append(cpu)
        python_wall.append(wall)
        print(f"round {r + 1}: C++ {cpp_rates[-1] / 1e6:.0f} M hands/s, "
              f"Python {python_rates[-1] / 1e6:.0f} M hands/s (CPU time; wall "
              f"{cpp_wall[-1] / 1e6:.0f} and {python_wall[-1] / 1e6:.0f})", file=sys.stderr)
    one = hands[:1].copy()
    one_out = np.empty(1, dtype=np.uint16)
    cards = hands[0].tolist()
    figures = {
        "hands": HANDS,
        "cpp_hands_per_second": statistics.median(cpp_rates),
        "python_hands_per_second": statistics.median(python_rates),
        "cpp_wall_hands_per_second": statistics.median(cpp_wall),
        "python_wall_hands_per_second": statistics.median(python_wall),
        "batch_call_of_one_hand_us": call_seconds(lambda: pa.evaluate_batch(one, out=one_out)) * 1e6,
        "evaluate_call_us": call_seconds(lambda: pa.evaluate(cards)) * 1e6,
        "rounds": args.rounds,
    }
    figures["python_share_of_cpp"] = figures["python_hands_per_second"] / figures["cpp_hands_per_second"]
    print("medians, in CPU time (wall time in brackets):")
    print(f"C++ batch (poker_bench, 1024-hand calls): {figures['cpp_hands_per_second'] / 1e6:.0f} M hands/s"
          f" ({figures['cpp_wall_hands_per_second'] / 1e6:.0f})")
    print(f"Python evaluate_batch (one call of 2^20): {figures['python_hands_per_second'] / 1e6:.0f} M hands/s"
          f" ({figures['python_wall_hands_per_second'] / 1e6:.0f}) = {figures['python_share_of_cpp']:.0%} of C++")
    print(f"one call of evaluate_batch with 1 hand: {figures['batch_call_of_one_hand_us']:.2f} us; "
          f"evaluate(list of 7 cards): {figures['evaluate_call_us']:.2f} us")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""004's experiment: online policy optimisation (standard PSO vs BR-PSO) against LA, LP, TA, TP.

Each run is one arena match, heads-up no-limit with 20000-chip stacks reset every hand, of the
`pso` agent against one rule-based bot. The arena's log gives the agent's result hand by hand
(cumulative winnings, written as CSV every --every hands); the swarm's state file gives the
trajectory of the optimisation (one record per update: mean and best fitness of the round, the
global best). A summary CSV has one row per run, and an SVG per opponent (plus one with all four)
draws the cumulative winnings of every method.

Usage:
  tools/experiments/pso_experiments.py [--bin build/bin] [--out build/pso_results]
      [--hands 400000] [--opponents la,lp,ta,tp] [--methods standard,brpso] [--seeds 1] [--jobs 2]
      [--m 20] [--nf 1000] [--keep-logs]
  tools/experiments/pso_experiments.py --plot-only --out build/pso_results   (redraw from the CSVs)

Methods (004 §3.2): standard = standard PSO, w 0.5, c1 = c2 = 0.1; brpso = BR-PSO, w 0.5,
c1 = c2 = 1.5 (004's case 2); brpso-sincos = BR-PSO with the sin/cos schedule over the run's
updates (w 0.95 -> 0.675, c1 2.5 -> 0.5, c2 0.5 -> 2.5), no velocity limit.

Exit status: 0 all runs finished, 1 a run failed, 2 bad command line.
"""

import argparse
import concurrent.futures
import csv
import json
import math
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pso_svg  # noqa: E402

GAME = "data/games/holdem.nolimit.2p.reverse_blinds.game"
BIG_BLIND = 100

METHODS = {
    "standard": {"pso_variant": 0, "pso_w": 0.5, "pso_c1": 0.1, "pso_c2": 0.1},
    "brpso": {"pso_variant": 1, "pso_w": 0.5, "pso_c1": 1.5, "pso_c2": 1.5},
    "brpso-sincos": {"pso_variant": 1, "pso_schedule": 1},
}
OPPONENTS = ["la", "lp", "ta", "tp"]


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_name(opponent, method, seed):
    return f"pso_{opponent}_{method}_s{seed}"


def agent_spec(params):
    return "agent:" + ",".join(f"{k}={v}" for k, v in params.items())


def pso_params(method, args, seed, state_path):
    params = {"model": "none", "policy": "pso", "learn": 0, "seed": seed,
              "pso_m": args.m, "pso_nf": args.nf, "pso_seed": seed,
              "pso_equity": args.equity, "pso_state": state_path, "pso_resume": 0,
              "pso_log_swarm": 0}
    params.update(METHODS[method])
    if method == "brpso-sincos":
        params["pso_schedule_updates"] = max(1, args.hands // (args.m * args.nf))
    return params


def read_log(path):
    """The PSO player's chips per hand, in hand order, from an ACPC log."""
    chips = []
    with open(path) as log:
        for line in log:
            if not line.startswith("STATE:"):
                continue
            fields = line.rstrip("\n").split(":")
            values = fields[-2].split("|")
            names = fields[-1].split("|")
            chips.append(float(values[names.index("PSO")]))
    return chips


def read_history(path):
    """The swarm's per-update records and its final global best, from its state file."""
    history = []
    best = None
    with open(path) as state:
        for line in state:
            words = line.split()
            if not words:
                continue
            if words[0] == "history":
                history.append({
                    "hands": int(float(words[1])), "mean_fitness": float(words[2]),
                    "max_fitness": float(words[3]),
                    "global_best": [float(x) for x in words[4:9]],
                    "global_best_fitness": float(words[9]), "source": words[10]})
            elif words[0] == "global_best":
                best = [float(x) for x in words[1:6]]
    return history, best


def mbb(chips, hands):
    return 1000.0 * chips / (BIG_BLIND * hands) if hands else 0.0


def exploiting_since(chips, round_hands):
    """The first hand of the earliest round from which every full round won chips (None if the
    last round lost)."""
    rounds = [sum(chips[i:i + round_hands]) for i in range(0, len(chips) - round_hands + 1,
                                                            round_hands)]
    since = None
    for r in range(len(rounds) - 1, -1, -1):
        if rounds[r] <= 0:
            break
        since = r * round_hands
    return since


def run_one(opponent, method, seed, args):
    name = run_name(opponent, method, seed)
    log_path = os.path.join(args.out, name + ".log")
    state_path = os.path.join(args.out, name + ".swarm")
    for stale in (state_path, state_path + ".tmp"):
        if os.path.exists(stale):
            os.remove(stale)
    command = [os.path.join(args.bin, "arena"), "--game", os.path.join(repo_root(), GAME),
               "--hands", str(args.hands), "--seed", str(seed),
               "--player", "PSO=" + agent_spec(pso_params(method, args, seed, state_path)),
               "--player", f"{opponent.upper()}=bot:style={opponent},seed={seed}",
               "--log", log_path, "--json", "--quiet"]
    start = time.time()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.time() - start
    if result.returncode != 0:
        raise RuntimeError(f"{name}: arena failed ({result.returncode}): {result.stderr.strip()}\n"
                           f"command: {' '.join(command)}")
    arena = json.loads(result.stdout)
    chips = read_log(log_path)
    if not args.keep_logs:
        os.remove(log_path)
    with open(os.path.join(args.out, name + ".csv"), "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["hand", "cumulative_chips"])
        total = 0.0
        writer.writerow([0, 0])
        for h, c in enumerate(chips, 1):
            total += c
            if h % args.every == 0 or h == len(chips):
                writer.writerow([h, f"{total:.0f}"])
    history, best = read_history(state_path)
    with open(os.path.join(args.out, name + "_updates.csv"), "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["update", "hands", "mean_fitness", "max_fitness", "global_best_fitness",
                         "source", "x1", "x2", "x3", "x4", "x5"])
        for t, r in enumerate(history, 1):
            writer.writerow([t, r["hands"], f"{r['mean_fitness']:.0f}", f"{r['max_fitness']:.0f}",
                             f"{r['global_best_fitness']:.0f}", r["source"]] +
                            [f"{x:.4f}" for x in r["global_best"]])
    round_hands = args.m * args.nf
    quarter = chips[len(chips) * 3 // 4:]
    since = exploiting_since(chips, round_hands)
    player = next(p for p in arena["players"] if p["name"] == "PSO")
    return {
        "opponent": opponent.upper(), "method": method, "seed": seed, "hands": len(chips),
        "chips": f"{sum(chips):.0f}", "mbb_per_hand": f"{player['mbb_per_hand']:.1f}",
        "ci95": f"{player['ci95']:.1f}",
        "last_quarter_mbb_per_hand": f"{mbb(sum(quarter), len(quarter)):.1f}",
        "winning_rounds_since_hand": "" if since is None else since,
        "updates": len(history),
        "final_global_best": " ".join(f"{x:.4f}" for x in best) if best else "",
        "seconds": f"{seconds:.1f}",
        "hands_per_second": f"{len(chips) / arena['seconds']:.0f}" if arena["seconds"] else "",
    }


SUMMARY_FIELDS = ["opponent", "method", "seed", "hands", "chips", "mbb_per_hand", "ci95",
                  "last_quarter_mbb_per_hand", "winning_rounds_since_hand", "updates",
                  "final_global_best", "seconds", "hands_per_second"]


def plot(out_dir, opponents, methods, seeds):
    panels = []
    for opponent in opponents:
        series = []
        for method in methods:
            for seed in seeds:
                path = os.path.join(out_dir, run_name(opponent, method, seed) + ".csv")
                if not os.path.exists(path):
                    continue
                with open(path) as f:
                    rows = list(csv.DictReader(f))
                points = [(int(r["hand"]), float(r["cumulative_chips"])) for r in rows]
                label = method if len(seeds) == 1 else f"{method} s{seed}"
                series.append((label, method, points))
        if series:
            panels.append((f"PSO vs {opponent.upper()}", series))
            with open(os.path.join(out_dir, f"pso_{opponent}.svg"), "w") as f:
                f.write(pso_svg.chart([panels[-1]], columns=1))
    if panels:
        with open(os.path.join(out_dir, "pso_all.svg"), "w") as f:
            f.write(pso_svg.chart(panels, columns=2))
    return len(panels)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(repo_root(), "build", "bin"))
    parser.add_argument("--out", default=os.path.join(repo_root(), "build", "pso_results"))
    parser.add_argument("--hands", type=int, default=400000)
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--methods", default="standard,brpso")
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--m", type=int, default=20)
    parser.add_argument("--nf", type=int, default=1000)
    parser.add_argument("--equity", type=int, default=1, help="pso_equity (0 HS, 1 MC)")
    parser.add_argument("--every", type=int, default=1000, help="CSV row every this many hands")
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--plot-only", action="store_true")
    args = parser.parse_args()
    opponents = [o for o in args.opponents.split(",") if o]
    methods = [m for m in args.methods.split(",") if m]
    try:
        seeds = [int(s) for s in args.seeds.split(",") if s]
    except ValueError:
        parser.error("--seeds: whole numbers separated by commas")
    for o in opponents:
        if o not in OPPONENTS:
            parser.error(f"unknown opponent {o} (la, lp, ta, tp)")
    for m in methods:
        if m not in METHODS:
            parser.error(f"unknown method {m} ({', '.join(METHODS)})")
    if args.plot_only:
        # Nothing to draw is an error: a mistyped --out (or other seeds) would otherwise pass
        # silently with no chart written.
        if not os.path.isdir(args.out) or plot(args.out, opponents, methods, seeds) == 0:
            print(f"pso_experiments.py: no run CSV (pso_<opponent>_<method>_s<seed>.csv) of "
                  f"these opponents, methods and seeds in {args.out}", file=sys.stderr)
            return 1
        return 0
    os.makedirs(args.out, exist_ok=True)
    if not os.path.exists(os.path.join(args.bin, "arena")):
        parser.error(f"no arena program in {args.bin} (build it, or give --bin)")

    jobs = [(o, m, s) for o in opponents for m in methods for s in seeds]
    rows = []
    failed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_one, o, m, s, args): (o, m, s) for o, m, s in jobs}
        for future in concurrent.futures.as_completed(futures):
            try:
                row = future.result()
            except Exception as error:  # report every failed run, keep the others
                print(error, file=sys.stderr)
                failed = True
                continue
            rows.append(row)
            since = row["winning_rounds_since_hand"]
            print(f"{row['opponent']:>2} {row['method']:<13} seed {row['seed']}: "
                  f"{row['mbb_per_hand']:>8} mbb/hand (+-{row['ci95']}), last quarter "
                  f"{row['last_quarter_mbb_per_hand']}, winning rounds since hand "
                  f"{'-' if since == '' else since}, best X [{row['final_global_best']}], "
                  f"{row['seconds']} s", flush=True)
    # Rows of earlier invocations into the same folder stay unless this one re-ran them.
    summary = os.path.join(args.out, "pso_summary.csv")
    done = {(r["opponent"], r["method"], str(r["seed"])) for r in rows}
    if os.path.exists(summary):
        with open(summary) as f:
            rows += [r for r in csv.DictReader(f)
                     if (r["opponent"], r["method"], r["seed"]) not in done]
    opponent_order = {o.upper(): i for i, o in enumerate(OPPONENTS)}
    method_order = {m: i for i, m in enumerate(METHODS)}
    rows.sort(key=lambda r: (opponent_order[r["opponent"]], method_order[r["method"]],
                             int(r["seed"])))
    with open(summary, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=SUMMARY_FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    plot(args.out, opponents, methods, seeds)
    print(f"wrote {summary} and the SVG charts in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

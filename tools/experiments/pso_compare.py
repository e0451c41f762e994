#!/usr/bin/env python3
"""Fixed PSO policies against one bot, compared with the model agent (004 §3.2.2's last table).

Plays, in the arena with duplicate rotations (heads-up no-limit, 20000-chip stacks), each policy
vector given (--policy, repeatable; --swarm FILE adds the final global best of a saved swarm; the
paper's three TA policies with --paper) as the `pso` agent with pso_optimise=0, and the model
agent (`--policy fold` with an opponent model of the bot) against the same bot, on the same
deals. The model is --model FILE (repeatable: one model agent each), or, with --model auto (the
default), trained here: the bot plays --model-hands hands against each of the random, LA and TP
bots and `trainer train` reads those logs. The model agent also keeps learning online, as it does
by default.

Usage:
  tools/experiments/pso_compare.py [--bin build/bin] [--out build/pso_results] [--opponent ta]
      [--hands 20000] [--seed 1] [--swarm FILE]... [--policy "x1 x2 x3 x4 x5"]... [--paper]
      [--model auto|FILE|none]... [--model-hands 20000] [--jobs 2]

Writes OUT/pso_compare_<opponent>.csv (player, X, hands, chips, mbb/hand, 95% interval) and
prints it. Exit status: 0 done, 1 a match failed, 2 bad command line.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys

GAME = "data/games/holdem.nolimit.2p.reverse_blinds.game"
GAME_NAME = "holdem.nolimit.2p.reverse_blinds"
PAPER = {
    "paper m=40": [0.86, 0.85, 90.96, 0.99, 15.11],
    "paper m=20": [0.41, 0.14, 97.57, 0.99, 19.61],
    "paper case 4": [0.97, 0.22, 61.78, 0.99, 64.79],
}


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def arena(args, spec, name, hands, seed, log=None):
    command = [os.path.join(args.bin, "arena"), "--game", os.path.join(repo_root(), GAME),
               "--hands", str(hands), "--seed", str(seed), "--player", f"{name}={spec}",
               "--player", f"{args.opponent.upper()}=bot:style={args.opponent},seed={seed}",
               "--json", "--quiet"]
    if log:
        command += ["--log", log]
    else:
        command += ["--duplicate"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{name}: arena failed: {result.stderr.strip()}\n{' '.join(command)}")
    return json.loads(result.stdout)


def train_model(args):
    """Logs of the bot against three other bots, and a model trained on them."""
    folder = os.path.join(args.out, f"model_{args.opponent}")
    os.makedirs(folder, exist_ok=True)
    opponent = args.opponent.upper()
    for i, other in enumerate(["random", "la", "tp"]):
        command = [os.path.join(args.bin, "arena"), "--game", os.path.join(repo_root(), GAME),
                   "--hands", str(args.model_hands), "--seed", str(1000 + i),
                   "--player", f"{opponent}=bot:style={args.opponent},seed={1000 + i}",
                   "--player", f"X{other}=bot:style={other},seed={2000 + i}",
                   "--log", os.path.join(folder, f"{args.opponent}_vs_{other}.log"), "--quiet"]
        subprocess.run(command, check=True, capture_output=True)
    model = os.path.join(args.out, f"{args.opponent}_model.pb")
    subprocess.run([os.path.join(args.bin, "trainer"), "train", "--logs", folder, "--game",
                    GAME_NAME, "--games-dir", os.path.join(repo_root(), "data", "games"),
                    "--out", model, "-q"], check=True, capture_output=True)
    return model


def swarm_best(path):
    with open(path) as state:
        for line in state:
            words = line.split()
            if words and words[0] == "global_best":
                return [float(x) for x in words[1:6]]
    raise RuntimeError(f"{path}: no global_best line")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(repo_root(), "build", "bin"))
    parser.add_argument("--out", default=os.path.join(repo_root(), "build", "pso_results"))
    parser.add_argument("--opponent", default="ta", choices=["la", "lp", "ta", "tp"])
    parser.add_argument("--hands", type=int, default=20000, help="deals (x2 with duplicate)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--swarm", action="append", default=[])
    parser.add_argument("--policy", action="append", default=[])
    parser.add_argument("--paper", action="store_true")
    parser.add_argument("--model", action="append", default=[],
                        help="auto (default), a model file, or none; repeatable")
    parser.add_argument("--model-hands", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    policies = []
    for path in args.swarm:
        try:
            policies.append((f"best of {os.path.basename(path)}", swarm_best(path)))
        except (OSError, RuntimeError, ValueError) as error:
            # A swarm file that cannot be read is a failure (exit 1), named, not a traceback.
            sys.exit(f"pso_compare.py: --swarm {path}: "
                     f"{getattr(error, 'strerror', None) or error}")
    for text in args.policy:
        try:
            x = [float(v) for v in text.replace(",", " ").split()]
        except ValueError:
            parser.error(f"--policy '{text}': five numbers")
        if len(x) != 5:
            parser.error(f"--policy '{text}': five numbers")
        policies.append((f"X {text}", x))
    if args.paper:
        policies += list(PAPER.items())

    players = []
    for label, x in policies:
        params = {"model": "none", "policy": "pso", "learn": 0, "pso_optimise": 0,
                  "seed": args.seed}
        params.update({f"pso_x{i + 1}": v for i, v in enumerate(x)})
        spec = "agent:" + ",".join(f"{k}={v}" for k, v in params.items())
        players.append((label, " ".join(f"{v:g}" for v in x), spec))
    for choice in args.model or ["auto"]:
        if choice == "none":
            continue
        model = train_model(args) if choice == "auto" else choice
        spec = (f"agent:model={model},policy=fold,opponents={args.opponent.upper()},"
                f"seed={args.seed}")
        players.append((f"fold + {os.path.basename(model)}", "", spec))

    rows = []
    failed = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(arena, args, spec, "P", args.hands, args.seed): (label, x)
                   for label, x, spec in players}
        for future in concurrent.futures.as_completed(futures):
            label, x = futures[future]
            try:
                result = future.result()
            except Exception as error:
                print(error, file=sys.stderr)
                failed = True
                continue
            p = next(p for p in result["players"] if p["name"] == "P")
            rows.append({"player": label, "x": x, "hands": result["hands"],
                         "chips": f"{p['chips']:.0f}", "mbb_per_hand": f"{p['mbb_per_hand']:.1f}",
                         "ci95": f"{p['ci95']:.1f}", "seconds": f"{result['seconds']:.1f}"})
    order = {label: i for i, (label, _, _) in enumerate(players)}
    rows.sort(key=lambda r: order[r["player"]])
    path = os.path.join(args.out, f"pso_compare_{args.opponent}.csv")
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["player", "x", "hands", "chips", "mbb_per_hand",
                                               "ci95", "seconds"])
        writer.writeheader()
        writer.writerows(rows)
    for r in rows:
        print(f"{r['player']:<28} {r['x']:<34} {r['mbb_per_hand']:>9} mbb/hand "
              f"+-{r['ci95']:<8} ({r['hands']} hands, {r['seconds']} s)")
    print(f"wrote {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

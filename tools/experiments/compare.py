#!/usr/bin/env python3
"""Plays agent variants against rule-based bots in the arena (duplicate matches) and prints a
table of mbb/hand with 95% intervals: the tool behind docs/agent.md's experiments and tuning.

  tools/experiments/compare.py --model M.pb --hands 1000 --seed 201 \
      --variant fold=policy=fold --variant static=policy=static --opponents la,lp,ta,tp

Each variant is an `agent:` spec without the `agent:` prefix (model=M is added unless given).
Results are also appended as JSON lines to --out (default: none). Exit 0, or 1 if a match fails.
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--game",
                        default=os.path.join(ROOT, "data/games/holdem.nolimit.2p.reverse_blinds.game"))
    parser.add_argument("--model", required=True)
    parser.add_argument("--hands", type=int, default=5000, help="deals (x2 with duplicate)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="la,lp,ta,tp")
    parser.add_argument("--bot-seed", type=int, default=5)
    parser.add_argument("--variant", action="append", required=True, help="NAME=SPEC")
    parser.add_argument("--out", help="append one JSON line per match here")
    parser.add_argument("--log-dir", help="write each match's ACPC logs and decision log here")
    args = parser.parse_args()

    rows = []
    for opponent in args.opponents.split(","):
        for variant in args.variant:
            name, spec = variant.split("=", 1)
            if "model=" not in spec:
                spec = "model=%s,%s" % (args.model, spec)
            command = [os.path.join(args.bin, "arena"), "--game", args.game,
                       "--hands", str(args.hands), "--seed", str(args.seed), "--duplicate",
                       "--json", "-q"]
            if args.log_dir:
                os.makedirs(args.log_dir, exist_ok=True)
                base = os.path.join(args.log_dir, "%s_vs_%s_seed%d" % (name, opponent, args.seed))
                if os.path.exists(base + ".decisions.jsonl"):
                    os.remove(base + ".decisions.jsonl")
                spec += ",log=%s.decisions.jsonl" % base
                command += ["--log", base + ".log"]
            command += ["--player", "agent=agent:" + spec,
                        "--player", "%s=bot:style=%s,seed=%d" % (opponent, opponent, args.bot_seed)]
            start = time.time()
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                sys.stderr.write("compare.py: %s failed:\n%s" % (" ".join(command), result.stderr))
                return 1
            match = json.loads(result.stdout)
            me = match["players"][0]
            row = {"variant": name, "spec": spec, "opponent": opponent, "seed": args.seed,
                   "deals": match["deals"], "hands": match["hands"],
                   "mbb_per_hand": me["mbb_per_hand"], "ci95": me["ci95"],
                   "seconds": round(time.time() - start, 1)}
            rows.append(row)
            print("%-10s vs %-3s %9.1f +- %7.1f mbb/hand  (%d hands, %.0f s)" % (
                name, opponent, row["mbb_per_hand"], row["ci95"], row["hands"], row["seconds"]),
                flush=True)
            if args.out:
                with open(args.out, "a") as out:
                    out.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

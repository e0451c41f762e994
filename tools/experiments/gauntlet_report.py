#!/usr/bin/env python3
"""The table of tools/experiments/gauntlet.sh, from the arena results and logs it wrote.

  tools/experiments/gauntlet_report.py --game FILE --dir DIR [--dir DIR2 ...] --spec SPEC
      [--baseline SPEC2] [--luck] [--stretch N]

DIR holds opponents.tsv (name, kind, spec per line: kind `eq` for equilibrium-style blueprints,
`rule` for rule bots), spec/NAME.json (the merged duplicate result of the player seated as SPEC
against NAME) with the shards' logs spec/NAME.s<I>.log and .rot<r>.log, and with --baseline the
same under baseline/. Prints, per opponent and pooled, the player's mbb/hand with the 95% interval
paired by deal; with --baseline both runs and the difference SPEC - SPEC2 paired by deal. Pooled
figures average the opponents with equal weight deal by deal (every opponent plays the same
deals), so the interval accounts for the deals they share. Then the player's all-ins from the
logs (no-limit): per street how often it moves all-in, the median pot before the shove, how often
it is called, won and lost when called, net chips; its turn and river all-ins into pots under 10%
of its stack; and how it does facing the opponents' all-ins. With --stretch N, also those small-pot
turn and river all-ins per 1000 hands and the player's mbb/hand in each stretch of N hands of a
match (a log), per opponent: how they change as the evidence about an opponent grows. Exit 1 on
missing or inconsistent files, 2 on a bad command line.

With several --dir (runs of the same specs and seats on different seeds), every figure is over all
their deals together: each deal of each run is one sample (per opponent then from the logs, not
the arena's result files), and the all-in tables read every run's logs. Only the opponents played
in every run are read (the others are named).

With --luck (PYTHONPATH=build/python: the poker_ai package), the mbb/hand figures take out the luck
of the board cards: for each round of cards a hand reached, the change the cards made to the
player's equity against the opponent's real hole cards, times the pot already in (class Luck).
Each such term averages exactly 0, so the figures estimate the same thing with narrower intervals
(11-17% narrower against the no-limit gauntlet's blueprints, 5-7% in limit, up to 65% against
rule bots; docs/strength.md); the all-in tables stay as played.
"""
import argparse
import json
import math
import os
import signal
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paired_diff  # noqa: E402  (read_run: a player's chips per deal; rotation_logs)

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = (0, 3, 4, 5)  # board cards seen on each street
PLAYER = "SPEC"


class Failure(Exception):
    pass


def read_game(path):
    """The few fields of an ACPC .game file the replay needs."""
    game = {"nolimit": False, "stack": None, "blind": None, "first": None, "players": None}
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as error:
        raise Failure("%s: %s" % (path, error.strerror))
    for line in lines:
        words = line.split("#")[0].replace("=", " ").split()
        if not words:
            continue
        key = words[0].lower()
        if key == "nolimit":
            game["nolimit"] = True
        elif key == "stack":
            game["stack"] = [int(w) for w in words[1:]]
        elif key == "blind":
            game["blind"] = [int(w) for w in words[1:]]
        elif key == "firstplayer":
            game["first"] = [int(w) - 1 for w in words[1:]]
        elif key == "numplayers":
            game["players"] = int(words[1])
    if game["players"] != 2 or not game["blind"] or not game["first"]:
        raise Failure("%s: the gauntlet reads heads-up games with blinds and firstPlayer" % path)
    game["big_blind"] = max(game["blind"])
    return game


def log_files(directory, name):
    """The shards' logs of one opponent (each with its .rot<r>.log files, read by read_run)."""
    files = sorted(f for f in os.listdir(directory)
                   if f.startswith(name + ".s") and f.endswith(".log") and ".rot" not in f)
    if not files:
        raise Failure("%s: no logs of %s" % (directory, name))
    return [os.path.join(directory, f) for f in files]


def deal_results(directory, name, value=None):
    """{deal: SPEC's chips summed over the deal's rotations}, and the number of rotations (with
    `value`, e.g. Luck, the chips it gives per line)."""
    deals, rotations = {}, None
    for path in log_files(directory, name):
        try:
            part, rot = paired_diff.read_run(path, PLAYER, value)
        except (OSError, ValueError) as error:
            raise Failure(str(error))
        if rotations not in (None, rot):
            raise Failure("%s: %d rotations, other shards %d" % (path, rot, rotations))
        rotations = rot
        for deal, chips in part.items():
            if deal in deals:
                raise Failure("%s: deal %d is in two shards" % (path, deal))
            deals[deal] = sum(chips)
    return deals, rotations


class Luck:
    """value(line, names, position) for paired_diff.read_run: the player's chips in a STATE line
    less the luck of the board cards. For each round of cards the hand reached, the luck is
    (e1 - e0) x pot: e0 and e1 the player's equity against the opponent's hole cards (the logs
    show them) before and after the cards, the pot the chips in before them. Given the cards
    already dealt the new ones are uniform and e0 is the average of e1, so every term averages 0:
    the adjusted chips have the same expectation as the chips, with the cards' share of their
    variance taken out wherever the pot was already in (an all-in before the river counts its
    equity). Needs the poker_ai package; heads-up only."""

    def __init__(self, game, poker_ai):
        self.game = game
        self.poker_ai = poker_ai
        # (ours, theirs, board): equity, exact (preflop too). Every opponent, seating and run of
        # a gauntlet is dealt the same cards, so each is computed once.
        self.known = {}

    def equity(self, ours, theirs, board):
        key = (ours, theirs, board)
        if key not in self.known:
            e = self.poker_ai.equity(ours, board, self.poker_ai.Range(theirs),
                                     max_exact_evaluations=4000000).equity
            self.known[key] = e
            self.known[(theirs, ours, board)] = 1.0 - e
        return self.known[key]

    def __call__(self, line, names, position):
        fields = line.rstrip("\r\n").split(":")
        betting, cards = fields[2], fields[3].split("/")
        holes = cards[0].split("|")
        board = "".join(cards[1:])
        chips = float(fields[-2].split("|")[position])
        rounds = betting.count("/") + 1
        pots = [sum(self.game["blind"])] * rounds  # the chips in at the end of each round
        for street, _, _, _, after in betting_actions(self.game, betting):
            for later in range(street, rounds):
                pots[later] = sum(after)
        luck, before = 0.0, None
        for street in range(1, rounds):
            if before is None:
                before = self.equity(holes[position], holes[1 - position],
                                     board[:2 * BOARD_CARDS[street - 1]])
            after = self.equity(holes[position], holes[1 - position],
                                board[:2 * BOARD_CARDS[street]])
            luck += (after - before) * pots[street - 1]
            before = after
        return chips - luck


def mean_ci(samples, scale):
    if len(samples) < 2:
        return float("nan"), float("nan")
    return paired_diff.stats(samples, scale)


def arena_figures(directory, name):
    path = os.path.join(directory, name + ".json")
    try:
        with open(path) as f:
            result = json.load(f)
    except (OSError, ValueError) as error:
        raise Failure("%s: %s" % (path, error))
    for player in result.get("players", []):
        if player.get("name") == PLAYER:
            return player["mbb_per_hand"], player["ci95"], result["hands"]
    raise Failure("%s: no player %s" % (path, PLAYER))


def pooled(per_opponent, scale):
    """Mean and interval of the deal-by-deal average over the opponents (same deals each)."""
    deals = sorted(set.intersection(*(set(d) for d in per_opponent)))
    if any(len(d) != len(deals) for d in per_opponent):
        raise Failure("the opponents' runs do not hold the same deals")
    samples = [sum(d[h] for d in per_opponent) / len(per_opponent) for h in deals]
    return mean_ci(samples, scale)


def betting_actions(game, betting):
    """Each action of a STATE line's betting string, in order: (street, position of the actor,
    'r', 'c' or 'f', the chips each position had put in before it, and after it)."""
    spent = list(game["blind"])
    stack = game["stack"] or [1 << 62] * 2
    for street, actions in enumerate(betting.split("/")):
        actor = game["first"][street]
        i = 0
        while i < len(actions):
            kind = actions[i]
            i += 1
            amount = ""
            while i < len(actions) and actions[i].isdigit():
                amount += actions[i]
                i += 1
            before = list(spent)
            if kind == "r":
                spent[actor] = int(amount) if amount else max(spent)
            elif kind == "c":
                spent[actor] = min(max(spent), stack[actor])
            yield street, actor, kind, before, list(spent)
            actor = 1 - actor


def replay(game, line):
    """The SPEC player's all-in events in one STATE line: its position, its value, and a list of
    (kind, street, pot before in chips, answered by 'c' or 'f' or None)."""
    fields = line.rstrip("\r\n").split(":")
    betting, values, names = fields[2], fields[-2].split("|"), fields[-1].split("|")
    me = names.index(PLAYER)
    stack = game["stack"] or [1 << 62] * 2
    events, pending = [], None
    for street, actor, kind, before, after in betting_actions(game, betting):
        if pending is not None and actor != pending[3]:
            events.append(pending[:3] + (kind,))
            pending = None
        if kind == "r" and game["nolimit"] and after[actor] >= stack[actor]:
            pending = ("shove" if actor == me else "faced", street, sum(before), actor)
    if pending is not None:
        events.append(pending[:3] + (None,))
    return me, float(values[me]), events


def allin_stats(game, directories, names, stretch=0):
    """Per street and per opponent counts and sums of the player's all-in events in the logs of
    the folders `directories` (one run's, or the same run's on several seeds); with `stretch`
    hands, per opponent also [hands, turn and river shoves into small pots, the player's chips]
    in each stretch of that many hands of a match (a log: the arena makes its players afresh for
    each)."""
    by_street = [{"n": 0, "pots": [], "called": 0, "won": 0, "lost": 0, "net": 0.0,
                  "net_called": 0.0} for _ in STREETS]
    small = {"n": 0, "net": 0.0}
    faced = {"n": 0, "called": 0, "net": 0.0, "net_called": 0.0,
             "by_street": [{"n": 0, "pots": [], "called": 0, "net_called": 0.0, "net_folded": 0.0}
                           for _ in STREETS]}
    per_opponent, hands = {}, 0
    small_pot = 0.1 * (game["stack"] or [0])[0]
    for name in names:
        opp = {"hands": 0, "shoves": 0, "small": 0, "small_net": 0.0, "faced": 0,
               "faced_called": 0, "faced_net": 0.0, "stretches": []}
        for first in [f for d in directories for f in log_files(d, name)]:
            for path in paired_diff.rotation_logs(first):
                with open(path) as log:
                    in_match = 0
                    for number, line in enumerate(log, 1):
                        if not line.startswith("STATE:"):
                            continue
                        opp["hands"] += 1
                        stretches = opp["stretches"]
                        if stretch > 0:
                            k = in_match // stretch
                            while len(stretches) <= k:
                                stretches.append([0, 0, 0.0])
                            stretches[k][0] += 1
                        in_match += 1
                        try:
                            _, value, events = replay(game, line)
                        except (ValueError, IndexError):
                            raise Failure("%s:%d: a STATE line that does not replay" %
                                          (path, number))
                        if stretch > 0:
                            stretches[k][2] += value
                        for kind, street, pot, answer in events:
                            if kind == "shove":
                                s = by_street[street]
                                s["n"] += 1
                                s["pots"].append(pot)
                                s["net"] += value
                                opp["shoves"] += 1
                                if answer == "c":
                                    s["called"] += 1
                                    s["net_called"] += value
                                    s["won" if value > 0 else "lost"] += 1
                                if street >= 2 and pot < small_pot:
                                    small["n"] += 1
                                    small["net"] += value
                                    opp["small"] += 1
                                    opp["small_net"] += value
                                    if stretch > 0:
                                        stretches[k][1] += 1
                            else:
                                faced["n"] += 1
                                faced["net"] += value
                                opp["faced"] += 1
                                opp["faced_net"] += value
                                f = faced["by_street"][street]
                                f["n"] += 1
                                f["pots"].append(pot)
                                if answer == "c":
                                    faced["called"] += 1
                                    faced["net_called"] += value
                                    opp["faced_called"] += 1
                                    f["called"] += 1
                                    f["net_called"] += value
                                else:
                                    f["net_folded"] += value
        per_opponent[name] = opp
        hands += opp["hands"]
    return by_street, small, faced, per_opponent, hands


def print_allins(game, directories, names, label, stretch=0):
    bb = game["big_blind"]
    by_street, small, faced, per_opponent, hands = allin_stats(game, directories, names, stretch)
    mbb = lambda chips, n: 1000.0 * chips / (bb * n) if n else 0.0  # noqa: E731
    print()
    print("%s's all-ins over %d hands against %d opponents (pot before the shove in big blinds; "
          "net in big blinds over those hands):" % (label, hands, len(names)))
    print("%-8s %8s %9s %10s %8s %11s %10s %12s" % ("street", "all-ins", "/1000 hds", "median pot",
                                                   "called", "won-lost", "net bb", "net mbb/hand"))
    for street, s in zip(STREETS, by_street):
        median = "%.1f" % (statistics.median(s["pots"]) / bb) if s["pots"] else "-"
        print("%-8s %8d %9.1f %10s %7.0f%% %5d-%-5d %10.1f %12.1f" % (
            street, s["n"], 1000.0 * s["n"] / hands, median,
            100.0 * s["called"] / s["n"] if s["n"] else 0.0, s["won"], s["lost"], s["net"] / bb,
            mbb(s["net"], hands)))
    print("turn and river all-ins into pots under 10%% of its stack: %d (%.2f per 1000 hands), "
          "net %.1f bb = %.1f mbb/hand" % (small["n"], 1000.0 * small["n"] / hands,
                                          small["net"] / bb, mbb(small["net"], hands)))
    print("facing the opponents' all-ins: %d (%.1f per 1000 hands), called %d (%.0f%%), net %.1f "
          "bb = %.1f mbb/hand (when called: %.1f bb)" % (
              faced["n"], 1000.0 * faced["n"] / hands, faced["called"],
              100.0 * faced["called"] / faced["n"] if faced["n"] else 0.0, faced["net"] / bb,
              mbb(faced["net"], hands), faced["net_called"] / bb))
    # Where those chips go: calls that lose, or folds after putting chips into a big pot.
    print("%-8s %8s %10s %8s %14s %14s" % ("faced", "all-ins", "median pot", "called",
                                         "net called bb", "net folded bb"))
    for street, f in zip(STREETS, faced["by_street"]):
        median = "%.1f" % (statistics.median(f["pots"]) / bb) if f["pots"] else "-"
        print("%-8s %8d %10s %7.0f%% %14.1f %14.1f" % (
            street, f["n"], median, 100.0 * f["called"] / f["n"] if f["n"] else 0.0,
            f["net_called"] / bb, f["net_folded"] / bb))
    print("%-9s %10s %14s %16s %12s %8s %14s" % (
        "opponent", "all-ins/1k", "T+R small/1k", "T+R small mbb/h", "faced/1k", "called",
        "faced mbb/h"))
    for name in names:
        o = per_opponent[name]
        n = o["hands"]
        print("%-9s %10.1f %14.2f %16.1f %12.1f %7.0f%% %14.1f" % (
            name, 1000.0 * o["shoves"] / n, 1000.0 * o["small"] / n, mbb(o["small_net"], n),
            1000.0 * o["faced"] / n, 100.0 * o["faced_called"] / o["faced"] if o["faced"] else 0,
            mbb(o["faced_net"], n)))
    if stretch > 0:
        # The small-pot shoves as a match goes on: evidence about an opponent's answers grows.
        print("by stretches of %d hands of a match: turn and river all-ins into small pots per "
              "1000 hands / mbb/hand" % stretch)
        for name in names:
            print("%-9s %s" % (name, "  ".join(
                "%.1f/%+.0f" % (1000.0 * shoves / count, mbb(chips, count))
                for count, shoves, chips in per_opponent[name]["stretches"])))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--dir", required=True, action="append",
                        help="a folder written by gauntlet.sh; repeat to pool runs on other seeds")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--luck", action="store_true",
                        help="the mbb/hand figures with the board cards' luck taken out "
                             "(unbiased; narrower intervals; needs the poker_ai package)")
    parser.add_argument("--stretch", type=int, default=0,
                        help="also print the turn and river all-ins into small pots per 1000 "
                             "hands and mbb/hand in each stretch of this many hands of a match")
    args = parser.parse_args()
    # A reader that stops early (`| head`) ends the script quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        report(args)
    except Failure as error:
        sys.stderr.write("gauntlet_report.py: %s\n" % error)
        return 1
    return 0


def import_poker_ai():
    """The poker_ai package, or Failure saying how to reach it."""
    try:
        import poker_ai
    except ImportError:
        raise Failure("needs the poker_ai package: run with PYTHONPATH=build/python after a "
                      "build (docs/python.md)")
    return poker_ai


def poker_ai_and_nolimit_game(path):
    """The poker_ai package and the heads-up no-limit game at `path` (read_game), for the scripts
    that evaluate hands from a gauntlet's logs; Failure when either is missing."""
    poker_ai = import_poker_ai()
    game = read_game(path)
    if not game["nolimit"] or game["players"] != 2:
        raise Failure("%s: a heads-up no-limit game is needed" % path)
    return poker_ai, game


def read_opponents(directory):
    """The rows (name, kind, spec) of DIR/opponents.tsv."""
    manifest = os.path.join(directory, "opponents.tsv")
    try:
        with open(manifest) as f:
            return [line.rstrip("\n").split("\t") for line in f if line.strip()]
    except OSError as error:
        raise Failure("%s: %s" % (manifest, error.strerror))


def report(args):
    game = read_game(args.game)
    dirs = args.dir
    rows = read_opponents(dirs[0])
    common = set(r[0] for r in rows)
    for other in dirs[1:]:
        common &= set(r[0] for r in read_opponents(other))
    left_out = [r[0] for r in rows if r[0] not in common]
    rows = [r for r in rows if r[0] in common]
    if not rows:
        raise Failure("the folders %s have no opponent in common" % ", ".join(dirs))
    runs = ["spec"] + (["baseline"] if args.baseline else [])
    # deals[run][name]: {(folder index, deal): chips summed over the deal's rotations}
    deals = {run: {name: {} for name, _, _ in rows} for run in runs}
    rotations = None
    value = Luck(game, import_poker_ai()) if args.luck else None
    for i, directory in enumerate(dirs):
        for name, _, _ in rows:
            for run in runs:
                part, rot = deal_results(os.path.join(directory, run), name, value)
                if rotations not in (None, rot):
                    raise Failure("%s: %d seat rotations, %s %d" % (directory, rot, dirs[0],
                                                                    rotations))
                rotations = rot
                deals[run][name].update({(i, deal): chips for deal, chips in part.items()})
    scale = 1000.0 / (game["big_blind"] * rotations)
    hands = sum(arena_figures(os.path.join(d, "spec"), rows[0][0])[2] for d in dirs)
    print("SPEC  = %s" % args.spec)
    if args.baseline:
        print("SPEC2 = %s" % args.baseline)
    print("%d hands per opponent (%d deals x %d seats%s), duplicate; mbb/hand +- 95%% interval "
          "paired by deal%s" % (hands, hands // rotations, rotations,
                                ", %d runs pooled" % len(dirs) if len(dirs) > 1 else "",
                                "; the board cards' luck taken out (--luck)" if args.luck else ""))
    if left_out:
        print("left out, not played in every run: %s" % ", ".join(left_out))
    header = "%-9s %-5s %17s" % ("opponent", "kind", "SPEC")
    if args.baseline:
        header += " %17s %19s" % ("SPEC2", "SPEC - SPEC2")
    print(header)

    def row(name, kind, figures):
        line = "%-9s %-5s %8.1f +- %6.1f" % ((name, kind) + figures[0])
        for f in figures[1:]:
            line += " %8.1f +- %6.1f" % f
        print(line)

    def run_figures(run, name):
        # One run: the arena's own result; several, or with --luck: over all their deals.
        if len(dirs) == 1 and not args.luck:
            return arena_figures(os.path.join(dirs[0], run), name)[:2]
        results = deals[run][name]
        return mean_ci([results[h] for h in sorted(results)], scale)

    for name, kind, _ in rows:
        figures = [run_figures("spec", name)]
        if args.baseline:
            figures.append(run_figures("baseline", name))
            a, b = deals["spec"][name], deals["baseline"][name]
            if sorted(a) != sorted(b):
                raise Failure("%s: the two runs do not hold the same deals" % name)
            figures.append(mean_ci([a[h] - b[h] for h in sorted(a)], scale))
        row(name, kind, figures)
    pools = [("all", [r[0] for r in rows]), ("eq", [r[0] for r in rows if r[1] == "eq"])]
    for label, names in pools:
        if not names:
            continue
        figures = [pooled([deals["spec"][n] for n in names], scale)]
        if args.baseline:
            figures.append(pooled([deals["baseline"][n] for n in names], scale))
            figures.append(pooled([{h: deals["spec"][n][h] - deals["baseline"][n][h]
                                    for h in deals["spec"][n]} for n in names], scale))
        row("pooled", label, figures)
    if not game["nolimit"]:
        print("\n(limit: no all-ins to report)")
        return
    names = [r[0] for r in rows]
    print_allins(game, [os.path.join(d, "spec") for d in dirs], names, "SPEC", args.stretch)
    if args.baseline:
        print_allins(game, [os.path.join(d, "baseline") for d in dirs], names, "SPEC2",
                     args.stretch)


if __name__ == "__main__":
    sys.exit(main())

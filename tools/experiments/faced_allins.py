#!/usr/bin/env python3
"""How good a player's answers to the opponents' all-ins were, from gauntlet logs.

  PYTHONPATH=build/python tools/experiments/faced_allins.py --game FILE --dir DIR [--all]

DIR is a folder written by tools/experiments/gauntlet.sh (opponents.tsv, spec/ and, with a
baseline, baseline/). For every all-in the player seated as SPEC faced (heads-up no-limit), its
equity at that moment against the cards the shover really held (the logs show every hand's cards;
exact, from the poker_ai package), what calling asked for (the chips to call over the pot after
the call), and whether it called. Printed per run (spec, baseline), street and answer: how many,
the mean equity, how many of them were ahead (equity over one half), the mean price, and the net
chips of those hands in big blinds. Folds with equity well under the price and calls with equity
over it are good answers; many folds ahead show a calling range that is too tight. Only the
equilibrium-style opponents (kind `eq` in opponents.tsv) unless --all. Exit 1 on missing or bad
files or without the poker_ai package, 2 on a bad command line.

With --lines, a second table per run says how SPEC came to face each all-in: what it had done
last on that street before the shove (`over our bet`: it bet or raised; `after our check`;
`after our call`: preflop, its limp; `lead`: the opponent shoved first on the street), with the
pot at the street's start in big blinds (median), how often per 1,000 hands of the run, how many
it called, and the net of those hands (all of them, then the called ones) in big blinds. Set
beside the baseline's it shows where a policy builds the pots that meet shoves. Then, per
opponent, the raises over a bet on the turn and river, the opponent's and SPEC's: how many, and
the share that were all-in; and SPEC's bets into an unbet turn or river (a lead, or a bet when
checked to), how many per 1,000 hands, and how the opponent answered them: fold, call, raise,
all-in (a raise putting its stack in), as shares.
"""
import argparse
import collections
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gauntlet_report as report  # noqa: E402  (read_game, log files of a run, STREETS, BOARD_CARDS)
import paired_diff  # noqa: E402  (rotation_logs: a log and its seat rotations' logs)


Failure = report.Failure


def faced_allins(game, line):
    """(street, chips to call, final pot, answer, our hole, their hole, board so far, how we came
    to face it, pot at the street's start) for every all-in SPEC faced in one STATE line, and
    SPEC's value."""
    fields = line.rstrip("\r\n").split(":")
    betting, cards, names = fields[2], fields[3], fields[-1].split("|")
    me = names.index(report.PLAYER)
    holes = cards.split("/")[0].split("|")
    board = "".join(cards.split("/")[1:])
    stack = game["stack"]
    events, pending = [], None
    street_now, last, street_pot = -1, None, 0  # last: SPEC's last action on the street
    for street, actor, kind, before, after in report.betting_actions(game, betting):
        if street != street_now:
            street_now, last, street_pot = street, None, sum(before)
        if pending is not None and actor == me:
            events.append(pending + (kind,))
            pending = None
        if kind == "r" and actor != me and after[actor] >= stack[actor]:
            call = min(after[actor], stack[me]) - before[me]
            how = {None: "lead", "r": "over our bet", "check": "after our check",
                   "c": "after our call"}[last]
            pending = (street, call, 2 * min(after[actor], stack[me]), how, street_pot)
        if actor == me:
            last = "check" if kind == "c" and before[me] == max(before) else kind
    return [(street, call, pot, answer, holes[me], holes[1 - me],
             board[:2 * report.BOARD_CARDS[street]], how, street_pot)
            for street, call, pot, how, street_pot, answer in events], \
        float(fields[-2].split("|")[me])


def turn_river_raises(game, line):
    """(SPEC raised, all-in) for every raise over a bet on the turn or river of one STATE line."""
    fields = line.rstrip("\r\n").split(":")
    me = fields[-1].split("|").index(report.PLAYER)
    stack = game["stack"]
    raises, bet_street = [], -1  # the street on which the last action was a bet or raise
    for street, actor, kind, before, after in report.betting_actions(game, fields[2]):
        if kind == "r":
            if street >= 2 and bet_street == street:
                raises.append((actor == me, after[actor] >= stack[actor]))
            bet_street = street
    return raises


def turn_river_bets(game, line):
    """(street, the opponent's answer) for every bet SPEC made into an unbet turn or river in one
    STATE line (a lead, or a bet when checked to); the answer is fold, call, raise or all-in (a
    raise that puts the opponent's stack in)."""
    fields = line.rstrip("\r\n").split(":")
    me = fields[-1].split("|").index(report.PLAYER)
    stack = game["stack"]
    bets, pending = [], None
    for street, actor, kind, before, after in report.betting_actions(game, fields[2]):
        if pending is not None and actor != me:
            answer = {"f": "fold", "c": "call"}.get(kind)
            if answer is None:
                answer = "all-in" if after[actor] >= stack[actor] else "raise"
            bets.append((pending, answer))
            pending = None
        if actor == me:
            unbet = kind == "r" and street >= 2 and before[0] == before[1]
            pending = street if unbet else None
    return bets


ANSWERS = ("fold", "call", "raise", "all-in")


class Lines:
    """What --lines prints for one run: per (street, how SPEC came to face the all-in) [count,
    called, net chips, net chips of the called, street pots]; per (opponent, SPEC's) the raises
    over a turn or river bet [raises, all-in]; per (opponent, street) SPEC's bets into an unbet
    street [bets, then the answers in ANSWERS' order]; and the hands read per opponent."""

    def __init__(self):
        self.ways = collections.defaultdict(lambda: [0, 0, 0.0, 0.0, []])
        self.raises = collections.defaultdict(lambda: [0, 0])
        self.bets = collections.defaultdict(lambda: [0] * (1 + len(ANSWERS)))
        self.hands = collections.Counter()


def run_table(game, poker_ai, directory, names):
    """Per (street, called) [count, equity sum, ahead, price sum, net chips], and the Lines of
    the run."""
    table = collections.defaultdict(lambda: [0, 0.0, 0, 0.0, 0.0])
    lines = Lines()
    for name in names:
        for first in report.log_files(directory, name):
            for path in paired_diff.rotation_logs(first):
                with open(path) as log:
                    for number, line in enumerate(log, 1):
                        if not line.startswith("STATE:"):
                            continue
                        lines.hands[name] += 1
                        try:
                            for ours, allin in turn_river_raises(game, line):
                                counts = lines.raises[(name, ours)]
                                counts[0] += 1
                                counts[1] += allin
                            for street, answer in turn_river_bets(game, line):
                                counts = lines.bets[(name, street)]
                                counts[0] += 1
                                counts[1 + ANSWERS.index(answer)] += 1
                            events, value = faced_allins(game, line)
                        except (ValueError, IndexError):
                            raise Failure("%s:%d: a STATE line that does not replay" %
                                          (path, number))
                        for (street, call, pot, answer, ours, theirs, board, how,
                             street_pot) in events:
                            equity = poker_ai.equity(ours, board, poker_ai.Range(theirs)).equity
                            row = table[(street, answer == "c")]
                            row[0] += 1
                            row[1] += equity
                            row[2] += equity > 0.5
                            row[3] += call / pot
                            row[4] += value
                            way = lines.ways[(street, how)]
                            way[0] += 1
                            way[1] += answer == "c"
                            way[2] += value
                            way[3] += value if answer == "c" else 0.0
                            way[4].append(street_pot)
    return table, lines


def print_lines(lines, bb):
    """The --lines tables of one run."""
    print("%-8s %-16s %6s %9s %8s %7s %10s %11s" % (
        "street", "faced", "times", "per 1000", "pot bb", "called", "net bb", "called net"))
    hands = sum(lines.hands.values())
    for (street, how) in sorted(lines.ways):
        n, called, net, net_called, pots = lines.ways[(street, how)]
        print("%-8s %-16s %6d %9.2f %8.1f %7d %10.1f %11.1f" % (
            report.STREETS[street], how, n, 1000.0 * n / max(hands, 1),
            statistics.median(pots) / bb, called, net / bb, net_called / bb))
    # How big the raises over a bet are: the share that were all-in, the opponent's and SPEC's.
    print("raises over a turn or river bet: how many, all-in")
    for name in sorted(set(n for n, _ in lines.raises)):
        theirs, ours = lines.raises[(name, False)], lines.raises[(name, True)]
        print("%-9s the opponent's %6d %4.0f%%   SPEC's %6d %4.0f%%" % (
            name, theirs[0], 100.0 * theirs[1] / max(theirs[0], 1), ours[0],
            100.0 * ours[1] / max(ours[0], 1)))
    # Where SPEC bets more than its baseline, whether the opponents answer its bets alike.
    print("SPEC's bets into an unbet turn or river: per 1,000 hands, the opponent's answers")
    for (name, street) in sorted(lines.bets):
        counts = lines.bets[(name, street)]
        print("%-9s %-6s %6d %7.1f /1000   %s" % (
            name, report.STREETS[street], counts[0],
            1000.0 * counts[0] / max(lines.hands[name], 1),
            "  ".join("%s %4.1f%%" % (a, 100.0 * c / counts[0])
                      for a, c in zip(ANSWERS, counts[1:]))))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--all", action="store_true",
                        help="every opponent, not only the equilibrium-style ones")
    parser.add_argument("--lines", action="store_true",
                        help="also how SPEC came to face each all-in (its last action on the "
                        "street before the shove), per run")
    args = parser.parse_args()
    try:
        poker_ai, game = report.poker_ai_and_nolimit_game(args.game)
        rows = report.read_opponents(args.dir)
        names = [r[0] for r in rows if args.all or (len(r) > 1 and r[1] == "eq")]
        if not names:
            raise Failure("%s: no opponent to read (--all for the rule bots)" %
                          os.path.join(args.dir, "opponents.tsv"))
        bb = game["big_blind"]
        print("facing all-ins against %s: equity against the shover's cards, price = chips to "
              "call / pot after the call" % ",".join(names))
        for run in ("spec", "baseline"):
            directory = os.path.join(args.dir, run)
            if not os.path.isdir(directory):
                continue
            table, lines = run_table(game, poker_ai, directory, names)
            print("%s\n%-8s %-7s %6s %8s %7s %7s %10s" % (
                run, "street", "answer", "times", "equity", "ahead", "price", "net bb"))
            for (street, called) in sorted(table):
                n, equity, ahead, price, net = table[(street, called)]
                print("%-8s %-7s %6d %7.0f%% %6.0f%% %6.0f%% %10.1f" % (
                    report.STREETS[street], "called" if called else "folded", n,
                    100.0 * equity / n, 100.0 * ahead / n, 100.0 * price / n, net / bb))
            if args.lines:
                print_lines(lines, bb)
    except Failure as error:
        sys.stderr.write("faced_allins.py: %s\n" % error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How loosely each opponent continued against a player's bets, from gauntlet logs: the evidence
behind the `search` policy's search_loose (docs/agent.md).

  PYTHONPATH=build/python tools/experiments/shown_calls.py --game FILE --dir DIR [--run spec]
      [--loose 0.3]

DIR is a folder written by tools/experiments/gauntlet.sh (opponents.tsv, spec/ and, with a
baseline, baseline/). For every turn or river raise of the player seated as SPEC that adds at
least half the pot (after the call) and that the opponent called or re-raised and then showed its
cards, the opponent's equity against a random hand on that round's board (exact, from the poker_ai
package); a continue under one half is weak. As the policy counts them, over each log (one match:
the arena makes its players afresh for every shard and seat rotation), the share
weak / (continues + 10) is followed hand by hand. Printed per opponent: the shown
continues, the weak ones' share of them, the shrunk share at the end of each match (least and
largest), the largest it reached, and in how many matches it passed --loose (where the policy's
best response starts to give way) with the earliest hand it did. Heads-up no-limit only. Exit 1
on missing or bad files or without the poker_ai package, 2 on a bad command line.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gauntlet_report as report  # noqa: E402  (read_game, log files of a run)
import paired_diff  # noqa: E402  (rotation_logs: a log and its seat rotations' logs)

BOARD_CARDS = (0, 3, 4, 5)
PRIOR = 10  # the continues of none that shrink the share (kLoosePrior in agent/search_policy.cc)

Failure = report.Failure


def shown_continues(game, line):
    """(their hole, board of that round) for every counted continue in one STATE line."""
    fields = line.rstrip("\r\n").split(":")
    betting, cards, names = fields[2], fields[3], fields[-1].split("|")
    me = names.index(report.PLAYER)
    holes = cards.split("/")[0].split("|")
    if len(holes) != 2 or len(holes[1 - me]) != 4:
        return []
    board = "".join(cards.split("/")[1:])
    events, pending = [], None
    for street, actor, kind, before, after in report.betting_actions(game, betting):
        if actor != me:
            if pending is not None and kind != "f":
                events.append((holes[1 - me], board[:2 * BOARD_CARDS[pending]]))
            pending = None
            continue
        pending = None
        if kind == "r" and street >= 2:
            to_call = max(before) - before[me]
            if after[me] - max(before) >= 0.5 * (sum(before) + to_call):
                pending = street
    return events


def opponent_row(game, poker_ai, directory, name, loose):
    continues = weak = 0
    ends, largest, passed, first = [], 0.0, 0, None
    # One match per log: the arena makes its players afresh for every shard and seat rotation.
    matches = [path for shard in report.log_files(directory, name)
               for path in paired_diff.rotation_logs(shard)]
    for path in matches:
        shown = low = 0
        hand = 0
        crossed = False
        with open(path) as log:
            for number, line in enumerate(log, 1):
                if not line.startswith("STATE:"):
                    continue
                hand += 1
                try:
                    events = shown_continues(game, line)
                except (ValueError, IndexError):
                    raise Failure("%s:%d: a STATE line that does not replay" % (path, number))
                for theirs, board in events:
                    shown += 1
                    low += poker_ai.equity(theirs, board, 1).equity < 0.5
                share = low / (shown + PRIOR)
                largest = max(largest, share)
                if share > loose and not crossed:
                    crossed = True
                    passed += 1
                    first = hand if first is None else min(first, hand)
        continues += shown
        weak += low
        ends.append(low / (shown + PRIOR))
    return continues, weak, ends, largest, passed, first


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--run", default="spec", choices=("spec", "baseline"),
                        help="which player's logs: the spec's (default) or the baseline's")
    parser.add_argument("--loose", type=float, default=0.3,
                        help="the share the policy's search_loose starts from (default 0.3)")
    args = parser.parse_args()
    try:
        poker_ai, game = report.poker_ai_and_nolimit_game(args.game)
        rows = report.read_opponents(args.dir)
        directory = os.path.join(args.dir, args.run)
        print("%-9s %-5s %9s %6s %15s %8s %14s" % ("opponent", "kind", "continues", "weak",
                                                   "share at end", "largest",
                                                   "passed (hand)"))
        for row in rows:
            name, kind = row[0], row[1] if len(row) > 1 else ""
            continues, weak, ends, largest, passed, first = opponent_row(
                game, poker_ai, directory, name, args.loose)
            print("%-9s %-5s %9d %5.0f%% %7.2f - %5.2f %8.2f %7d/%d (%s)" % (
                name, kind, continues, 100.0 * weak / max(continues, 1), min(ends), max(ends),
                largest, passed, len(ends), "-" if first is None else first))
    except Failure as error:
        sys.stderr.write("shown_calls.py: %s\n" % error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

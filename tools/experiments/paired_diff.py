#!/usr/bin/env python3
"""Paired difference of one player's results between two arena runs on the same deals.

  tools/experiments/paired_diff.py --player me --big-blind 100 A.log B.log

A.log and B.log are the `--log` files of two arena runs with the same --game, --seed, --hands
and seating (with --duplicate, the rotations' A.rot<r>.log files are read too). For every deal
(hand number), the player's chips summed over the rotations in A minus the same in B is one
sample; the mean over the deals per hand played (divided by the rotations) is printed in
mbb/hand = 1000 x chips / big blind, with the half-width of its 95% interval (normal, the deals
being independent), and each run's own mean. This is the paired comparison of two policies in
the same seat against the same table: the cards' luck cancels in the difference. Exit 1 when
the runs do not hold the same deals or the player is missing, 2 for a bad command line. A log
that holds every deal in both seat orders itself (`lbr --log`: LBR is the player `LBR`, each deal
played twice) counts them as its rotations, as the .rot<r>.log files would be.

  tools/experiments/paired_diff.py --player me --big-blind 100 A1.log B1.log A2.log B2.log ...

With several pairs (e.g. the same two settings on several seeds), each pair is printed as above
and then the pooled A - B over all their deals (each deal one sample; the pairs must have the
same number of rotations).

  PYTHONPATH=build/python tools/experiments/paired_diff.py --player me --big-blind 100 \
      --luck GAME A.log B.log

With --luck GAME (the runs' heads-up .game file; needs the poker_ai package), every hand's chips
have the board cards' luck taken out first (gauntlet_report.py's Luck: the change each round of
cards made to the player's equity against the other's real hole cards, times the pot already in;
each term averages 0): the same estimates with narrower intervals.
"""
import argparse
import glob
import math
import os
import re
import sys


def rotation_logs(path):
    """The log at `path` (NAME.log) and its seat rotations' logs (NAME.rot<r>.log, by r)."""
    return [path] + sorted(glob.glob(glob.escape(re.sub(r"\.log$", "", path)) + ".rot*.log"),
                           key=lambda f: int(re.search(r"\.rot(\d+)\.log$", f).group(1)))


def read_run(path, player, value=None):
    """{hand number: [chips per rotation]} of `player` in the log at `path` and its rotations, and
    the rotations (the times each deal is played); with `value`, value(line, names, position)
    gives the chips of each STATE line instead."""
    files = rotation_logs(path)
    deals = {}
    for f in files:
        with open(f) as log:
            for number, line in enumerate(log, 1):
                if not line.startswith("STATE:"):
                    continue
                fields = line.rstrip("\n").split(":")
                if len(fields) < 6:
                    raise ValueError("%s:%d: a STATE line of %d fields" % (f, number, len(fields)))
                names = fields[-1].split("|")
                if player not in names:
                    raise ValueError("%s:%d: no player '%s' in %s" % (f, number, player, fields[-1]))
                position = names.index(player)
                try:
                    chips = (float(fields[-2].split("|")[position]) if value is None else
                             value(line, names, position))
                except (ValueError, IndexError):
                    raise ValueError("%s:%d: a STATE line that does not replay" % (f, number))
                deals.setdefault(int(fields[1]), []).append(chips)
    # A deal in every file once each, or (lbr --log) in one file once per seat order.
    counts = set(len(chips) for chips in deals.values())
    if len(counts) > 1:
        raise ValueError("%s: its deals are played %s times" %
                         (path, " or ".join(str(c) for c in sorted(counts))))
    return deals, counts.pop() if counts else len(files)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--player", required=True, help="the player's name in the logs")
    parser.add_argument("--big-blind", type=float, required=True)
    parser.add_argument("runs", nargs="+", metavar="A B",
                        help="pairs of logs: A1 B1 [A2 B2 ...]")
    parser.add_argument("--luck", metavar="GAME",
                        help="take the board cards' luck out of every hand (the runs' heads-up "
                             ".game file; needs the poker_ai package)")
    args = parser.parse_args()
    if len(args.runs) % 2 != 0:
        parser.error("the logs come in pairs (A B)")
    value = None
    if args.luck:
        import gauntlet_report  # the replay of a hand's betting and the Luck rule
        try:
            value = gauntlet_report.Luck(gauntlet_report.read_game(args.luck),
                                         gauntlet_report.import_poker_ai())
        except gauntlet_report.Failure as error:
            sys.stderr.write("paired_diff.py: %s\n" % error)
            return 1
        print("the board cards' luck taken out (--luck)")
    pooled, pooled_rotations = [], None
    for i in range(0, len(args.runs), 2):
        diffs, rotations = compare(args.runs[i], args.runs[i + 1], args.player, args.big_blind,
                                   value)
        if diffs is None:
            return 1
        if pooled_rotations not in (None, rotations):
            sys.stderr.write("paired_diff.py: the pairs have different rotations\n")
            return 1
        pooled += diffs
        pooled_rotations = rotations
    if len(args.runs) > 2:
        mean, half = stats(pooled, 1000.0 / (args.big_blind * pooled_rotations))
        print("pooled A - B over %d pairs, %d deals: %.1f +- %.1f mbb/hand" %
              (len(args.runs) // 2, len(pooled), mean, half))
    return 0


def stats(samples, scale):
    """Mean and 95% half-width of `samples`, times `scale`."""
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean * scale, 1.96 * math.sqrt(var / n) * scale


def compare(path_a, path_b, player, big_blind, value=None):
    """Prints one pair's comparison; returns its per-deal differences (chips) and rotations, or
    (None, None) after an error message. `value`: as read_run's."""
    try:
        a, rot_a = read_run(path_a, player, value)
        b, rot_b = read_run(path_b, player, value)
    except (OSError, ValueError) as error:
        sys.stderr.write("paired_diff.py: %s\n" % error)
        return None, None
    if sorted(a) != sorted(b) or rot_a != rot_b or any(len(a[h]) != len(b[h]) for h in a):
        sys.stderr.write("paired_diff.py: %s and %s do not hold the same deals\n" % (path_a, path_b))
        return None, None
    n = len(a)
    if n < 2:
        sys.stderr.write("paired_diff.py: fewer than 2 deals\n")
        return None, None
    scale = 1000.0 / (big_blind * rot_a)  # mbb per hand from chips per deal
    hands = sorted(a)
    diffs = [sum(a[h]) - sum(b[h]) for h in hands]
    print("%d deals x %d rotations = %d hands per run" % (n, rot_a, n * rot_a))
    print("A %s: %.1f +- %.1f mbb/hand" % (os.path.basename(path_a),
                                           *stats([sum(a[h]) for h in hands], scale)))
    print("B %s: %.1f +- %.1f mbb/hand" % (os.path.basename(path_b),
                                           *stats([sum(b[h]) for h in hands], scale)))
    print("A - B (paired by deal): %.1f +- %.1f mbb/hand" % stats(diffs, scale))
    return diffs, rot_a


if __name__ == "__main__":
    sys.exit(main())

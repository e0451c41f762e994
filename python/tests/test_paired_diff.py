"""tools/experiments/paired_diff.py on hand-made arena logs: the paired difference by deal, the
pooled pairs, refusals, and the board cards' luck taken out (--luck)."""

import subprocess
import sys

import poker_ai
from conftest import GAMES, NL2P, SOURCE

SCRIPT = SOURCE / "tools" / "experiments" / "paired_diff.py"
BOARD = "2c8d9h/Js/3c"


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def write_log(path, lines):
    path.write_text("".join(lines))
    return str(path)


def checked_down(deal, chips, names="me|X"):
    return "STATE:%d:cc/cc/cc/cc:AsKs|6d4c/%s:%d|%d:%s\n" % (deal, BOARD, chips, -chips, names)


def test_paired_by_deal_and_pooled(tmp_path):
    # Deal 0: A +100, B -100; deal 1: A +300, B +100, each in the first seat only.
    a = write_log(tmp_path / "a.log", [checked_down(0, 100), checked_down(1, 300)])
    b = write_log(tmp_path / "b.log", [checked_down(0, -100), checked_down(1, 100)])
    result = run("--player", "me", "--big-blind", "100", a, b)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "2 deals x 1 rotations = 2 hands per run"
    # Differences 200 and 200 chips: 2000 mbb/hand, no spread.
    assert lines[3] == "A - B (paired by deal): 2000.0 +- 0.0 mbb/hand"
    pooled = run("--player", "me", "--big-blind", "100", a, b, b, a)
    assert pooled.returncode == 0, pooled.stderr
    assert pooled.stdout.splitlines()[-1].startswith("pooled A - B over 2 pairs, 4 deals: 0.0 +- ")


def test_refusals(tmp_path):
    a = write_log(tmp_path / "a.log", [checked_down(0, 100), checked_down(1, 300)])
    other = write_log(tmp_path / "c.log", [checked_down(0, 100), checked_down(2, 300)])
    result = run("--player", "me", "--big-blind", "100", a, other)
    assert result.returncode == 1
    assert "do not hold the same deals" in result.stderr
    assert run("--player", "me", "--big-blind", "100", a).returncode == 2
    missing = run("--player", "you", "--big-blind", "100", a, a)
    assert missing.returncode == 1 and "no player 'you'" in missing.stderr
    bad = write_log(tmp_path / "bad.log", ["STATE:0:cc/cc/cc/cc:AsKs:100|-100:me|X\n",
                                           checked_down(1, 300)])
    luck = run("--player", "me", "--big-blind", "100", "--luck", str(GAMES / f"{NL2P}.game"),
               bad, bad)
    assert luck.returncode == 1
    assert "bad.log:1: a STATE line that does not replay" in luck.stderr
    assert "Traceback" not in luck.stderr


def test_luck_takes_the_cards_out(tmp_path):
    # A checks down AsKs against 6d4c and wins 100; B goes all-in preflop with it and wins 20000.
    # With the luck out, A's hand is worth 100 less the cards' change of its equity times the pot
    # of 200, and B's its preflop equity's share of 40000 less its 20000.
    allin = "STATE:%d:r20000c///:6d4c|AsKs/%s:-20000|20000:X|me\n"
    a = write_log(tmp_path / "a.log", [checked_down(d, 100) for d in (0, 1)])
    b = write_log(tmp_path / "b.log", [allin % (d, BOARD) for d in (0, 1)])
    e0 = poker_ai.equity("AsKs", "", poker_ai.Range("6d4c"), max_exact_evaluations=4000000).equity
    e5 = poker_ai.equity("AsKs", BOARD.replace("/", ""), poker_ai.Range("6d4c")).equity
    result = run("--player", "me", "--big-blind", "100", "--luck", str(GAMES / f"{NL2P}.game"),
                 a, b)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "the board cards' luck taken out (--luck)"
    a_value = 100 - (e5 - e0) * 200
    b_value = e0 * 40000 - 20000
    assert lines[2].startswith("A a.log: %.1f +- " % (10 * a_value))
    assert lines[3].startswith("B b.log: %.1f +- " % (10 * b_value))

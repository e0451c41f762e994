"""tools/experiments/faced_allins.py on hand-made gauntlet logs: the equity against the shover's
cards, the price and the net of each all-in SPEC faced."""

import os
import subprocess
import sys

import poker_ai
from conftest import GAMES, NL2P, SOURCE, assert_refuses_bad_logs

SCRIPT = SOURCE / "tools" / "experiments" / "faced_allins.py"


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=dict(os.environ))


def write_gauntlet(folder, first_log, second_log):
    (folder / "spec").mkdir()
    (folder / "opponents.tsv").write_text("X\teq\tbot:style=ta\nT\trule\tbot:style=ta\n")
    (folder / "spec" / "X.s0.log").write_text(first_log)
    (folder / "spec" / "X.s0.rot1.log").write_text(second_log)
    (folder / "spec" / "T.s0.log").write_text(
        "STATE:0:cc/cc/cc/cr20000c:AsKs|QhQd/2c8d9h/Js/3c:-20000|20000:SPEC|T\n")


def test_equity_price_and_net_of_each_faced_all_in(tmp_path):
    # The bundled no-limit game: position 0 posts the big blind (100) and acts first after the
    # flop; stacks 20000. X shoves the river into 2 big blinds and SPEC (ace high against queens)
    # folds; then SPEC opens to 300, X shoves and SPEC calls with AKs against QQ and loses.
    write_gauntlet(
        tmp_path,
        "STATE:0:cc/cc/cc/cr20000f:AsKs|QhQd/2c8d9h/Js/3c:-100|100:SPEC|X\n",
        "STATE:0:r300r20000c///:QhQd|AsKs/2c8d9h/Js/3c:20000|-20000:X|SPEC\n")
    result = run("--game", str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    preflop = poker_ai.equity("AsKs", "", poker_ai.Range("QhQd")).equity
    lines = result.stdout.splitlines()
    assert lines[0].startswith("facing all-ins against X:")  # the rule bot T is left out
    assert lines[1] == "spec"
    # Preflop: 19700 to call for a pot of 40000; the river: 19900, no equity against the queens.
    assert lines[3] == "preflop  called       1 %7.0f%%      0%%     49%%     -200.0" % (100 * preflop)
    assert lines[4] == "river    folded       1       0%      0%     50%       -1.0"
    assert len(lines) == 5  # no baseline folder: the spec run only
    # --all reads the rule bot too: its river shove was called and won by the queens.
    every = run("--game", str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path), "--all")
    assert every.returncode == 0, every.stderr
    assert "river    called       1       0%      0%     50%     -200.0" in every.stdout


def test_lines_say_how_each_all_in_was_met(tmp_path):
    # The same two hands: the river shove came after SPEC checked (pot 2 big blinds at the
    # river's start), the preflop one over its open (pot 1.5 big blinds: the blinds).
    write_gauntlet(
        tmp_path,
        "STATE:0:cc/cc/cc/cr20000f:AsKs|QhQd/2c8d9h/Js/3c:-100|100:SPEC|X\n",
        "STATE:0:r300r20000c///:QhQd|AsKs/2c8d9h/Js/3c:20000|-20000:X|SPEC\n")
    result = run("--game", str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path), "--lines")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[5].split() == ["street", "faced", "times", "per", "1000", "pot", "bb", "called",
                                "net", "bb", "called", "net"]
    # Two hands read: each all-in is 500 per 1,000 hands.
    assert lines[6] == "preflop  over our bet          1    500.00      1.5       1     -200.0      -200.0"
    assert lines[7] == "river    after our check       1    500.00      2.0       0       -1.0         0.0"
    # Neither hand has a raise over a turn or river bet: the table of raises has no rows.
    assert lines[8] == "raises over a turn or river bet: how many, all-in"
    # Nor a bet of SPEC's into an unbet turn or river: that table has no rows either.
    assert lines[9] == "SPEC's bets into an unbet turn or river: per 1,000 hands, the opponent's answers"
    assert len(lines) == 10
    # Without --lines the table is not printed.
    plain = run("--game", str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path))
    assert "faced" not in plain.stdout


def test_bad_input_is_named(tmp_path):
    write_gauntlet(tmp_path, "STATE:0:cc/cc/cc/cr20000f:AsKs|QhQd/2c8d9h/Js/3c:-100|100:A|X\n",
                   "")
    assert_refuses_bad_logs(run, tmp_path)


def test_turn_and_river_raises_over_a_bet():
    sys.path.insert(0, str(SOURCE / "tools" / "experiments"))
    import faced_allins
    game = faced_allins.report.read_game(str(GAMES / f"{NL2P}.game"))
    # Position 0 acts first after the flop. Turn: SPEC (0) bets, X raises to 1200, SPEC re-raises
    # all-in; river: none (the flop raise does not count, nor a bet alone).
    line = "STATE:0:cc/r200r600c/r300r1200r20000c/:AsKs|QhQd/2c8d9h/Js/3c:20000|-20000:SPEC|X\n"
    assert faced_allins.turn_river_raises(game, line) == [(False, False), (True, True)]
    # X shoves the river over SPEC's bet.
    line = "STATE:1:cc/cc/cc/r200r20000f:AsKs|QhQd/2c8d9h/Js/3c:-300|300:SPEC|X\n"
    assert faced_allins.turn_river_raises(game, line) == [(False, True)]


def test_turn_and_river_bets_and_their_answers(tmp_path):
    sys.path.insert(0, str(SOURCE / "tools" / "experiments"))
    import faced_allins
    game = faced_allins.report.read_game(str(GAMES / f"{NL2P}.game"))
    # SPEC (position 0, first to act after the flop) leads the turn, X raises, SPEC re-raises
    # all-in, X calls: one bet, answered by a raise (the re-raise is not a bet into an unbet
    # street). The flop bet does not count.
    line = "STATE:0:cc/r200r600c/r300r1200r20000c/:AsKs|QhQd/2c8d9h/Js/3c:20000|-20000:SPEC|X\n"
    assert faced_allins.turn_river_bets(game, line) == [(2, "raise")]
    # Seated second: X checks the turn, SPEC bets, X calls; X checks the river, SPEC bets and X
    # shoves; then the same, X folding the river.
    line = "STATE:1:cc/cc/cr300c/cr600r20000f:QhQd|AsKs/2c8d9h/Js/3c:900|-900:X|SPEC\n"
    assert faced_allins.turn_river_bets(game, line) == [(2, "call"), (3, "all-in")]
    line = "STATE:2:cc/cc/cr300c/cr600f:QhQd|AsKs/2c8d9h/Js/3c:-400|400:X|SPEC\n"
    assert faced_allins.turn_river_bets(game, line) == [(2, "call"), (3, "fold")]
    # Through the command line: two hands, two turn bets (1,000 per 1,000 hands), two river bets.
    (tmp_path / "spec").mkdir()
    (tmp_path / "opponents.tsv").write_text("X\teq\tbot:style=ta\n")
    (tmp_path / "spec" / "X.s0.log").write_text(
        "STATE:1:cc/cc/cr300c/cr600r20000f:QhQd|AsKs/2c8d9h/Js/3c:900|-900:X|SPEC\n"
        "STATE:2:cc/cc/cr300c/cr600f:QhQd|AsKs/2c8d9h/Js/3c:-400|400:X|SPEC\n")
    result = run("--game", str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path), "--lines")
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[-2] == ("X         turn        2  1000.0 /1000   fold  0.0%  call 100.0%  "
                       "raise  0.0%  all-in  0.0%")
    assert out[-1] == ("X         river       2  1000.0 /1000   fold 50.0%  call  0.0%  "
                       "raise  0.0%  all-in 50.0%")

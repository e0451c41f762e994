"""tools/experiments/gauntlet_report.py's all-in counts on hand-made logs: the small-pot turn and
river shoves per stretch of a match (--stretch)."""

import sys

from conftest import GAMES, NL2P, SOURCE

sys.path.insert(0, str(SOURCE / "tools" / "experiments"))
import gauntlet_report  # noqa: E402


def test_small_pot_shoves_by_stretch_of_a_match(tmp_path):
    # The bundled no-limit game (stacks 20000, the big blind 100): SPEC shoves the river into
    # 2 big blinds in the third and fourth hands of the match and in the rotation's first hand;
    # a flop shove does not count.
    (tmp_path / "X.s0.log").write_text(
        "STATE:0:cc/cc/cc/cc:AsKs|6d4c/2c8d9h/Js/3c:100|-100:SPEC|X\n"
        "STATE:1:cc/r20000f//:AsKs|6d4c/2c8d9h/Js/3c:100|-100:SPEC|X\n"
        "STATE:2:cc/cc/cc/r20000f:AsKs|6d4c/2c8d9h/Js/3c:100|-100:SPEC|X\n"
        "STATE:3:cc/cc/cc/r20000c:AsKs|6d4c/2c8d9h/Js/3c:20000|-20000:SPEC|X\n")
    (tmp_path / "X.s0.rot1.log").write_text(
        "STATE:0:cc/cc/cc/cr20000f:6d4c|AsKs/2c8d9h/Js/3c:-100|100:X|SPEC\n")
    game = gauntlet_report.read_game(str(GAMES / f"{NL2P}.game"))
    _, small, _, per_opponent, hands = gauntlet_report.allin_stats(game, [str(tmp_path)], ["X"],
                                                                   2)
    assert hands == 5
    assert small["n"] == 3
    # Stretches of 2 hands, each log a match of its own: [hands, shoves, SPEC's chips].
    assert per_opponent["X"]["stretches"] == [[3, 1, 300.0], [2, 2, 20100.0]]
    # Without --stretch nothing is split.
    assert gauntlet_report.allin_stats(game, [str(tmp_path)], ["X"])[3]["X"]["stretches"] == []


def write_run(folder, opponents, values):
    """A gauntlet.sh folder: opponents.tsv, and for X two deals in two seatings, SPEC's chips
    `values` = (deal 0, deal 1) in the first seating, then the same in the second."""
    (folder / "spec").mkdir(parents=True)
    (folder / "opponents.tsv").write_text(
        "".join("%s\teq\tbot:style=ta\n" % name for name in opponents))
    hand = "STATE:%d:cc/cc/cc/cc:AsKs|6d4c/2c8d9h/Js/3c:%d|%d:%s\n"
    (folder / "spec" / "X.s0.log").write_text(
        hand % (0, values[0], -values[0], "SPEC|X") + hand % (1, values[1], -values[1], "SPEC|X"))
    (folder / "spec" / "X.s0.rot1.log").write_text(
        hand % (0, -values[2], values[2], "X|SPEC") + hand % (1, -values[3], values[3], "X|SPEC"))
    (folder / "spec" / "X.json").write_text(
        '{"hands": 4, "players": [{"name": "SPEC", "mbb_per_hand": 0, "ci95": 0}]}')
    for name in opponents[1:]:
        (folder / "spec" / (name + ".json")).write_text("{}")


def test_several_runs_are_pooled_deal_by_deal(tmp_path):
    import subprocess
    # Run A played X and Y, run B only X: X is read from both, Y is named as left out.
    write_run(tmp_path / "A", ["X", "Y"], (100, -100, 300, 100))
    write_run(tmp_path / "B", ["X"], (-100, 100, -100, 100))
    result = subprocess.run(
        [sys.executable, str(SOURCE / "tools" / "experiments" / "gauntlet_report.py"), "--game",
         str(GAMES / f"{NL2P}.game"), "--dir", str(tmp_path / "A"), "--dir", str(tmp_path / "B"),
         "--spec", "agent"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == ("8 hands per opponent (4 deals x 2 seats, 2 runs pooled), duplicate; "
                        "mbb/hand +- 95% interval paired by deal")
    assert lines[2] == "left out, not played in every run: Y"
    # The four deals' chips over both seatings, in mbb/hand (1000 / (big blind 100 x 2 seats)):
    # 400, 0, -200, 200 -> 2000, 0, -1000, 1000; the mean 500 with its interval over four samples.
    mean, half = gauntlet_report.mean_ci([2000.0, 0.0, -1000.0, 1000.0], 1.0)
    assert mean == 500.0
    assert lines[4] == "%-9s %-5s %8.1f +- %6.1f" % ("X", "eq", mean, half)
    assert "SPEC's all-ins over 8 hands against 1 opponents" in result.stdout


def test_luck_takes_out_the_board_cards_and_averages_zero():
    import poker_ai
    game = gauntlet_report.read_game(str(GAMES / f"{NL2P}.game"))
    luck = gauntlet_report.Luck(game, poker_ai)
    ours, theirs, flop, turn = "AsKs", "QhQd", "2c8d9h", "Js"

    def equity(board):
        return poker_ai.equity(ours, board, poker_ai.Range(theirs),
                               max_exact_evaluations=4000000).equity

    # Checked to the turn (pot 200), all-in there: the river's luck is taken out at the whole pot
    # of 40000, the flop's and turn's at 200.
    expected = equity(flop + turn) * 40000 - 20000 - (equity(flop + turn) - equity("")) * 200
    total, rivers = 0.0, 0
    for rank in "23456789TJQKA":
        for suit in "cdhs":
            if (rank + suit) in [ours[:2], ours[2:], theirs[:2], theirs[2:], flop[:2], flop[2:4],
                                 flop[4:], turn]:
                continue
            wins = poker_ai.equity(ours, flop + turn + rank + suit, poker_ai.Range(theirs)).equity
            chips = round(wins * 40000 - 20000)
            line = "STATE:0:cc/cc/cr20000c/:%s|%s/%s/%s/%s:%d|%d:SPEC|X\n" % (
                ours, theirs, flop, turn, rank + suit, chips, -chips)
            adjusted = luck(line, ["SPEC", "X"], 0)
            assert abs(adjusted - expected) < 1e-6
            total += chips - adjusted
            rivers += 1
    assert rivers == 44
    # Over every river the luck taken out is only the flop's and the turn's (the river's is 0 on
    # average).
    assert abs(total / rivers - (equity(flop + turn) - equity("")) * 200) < 1e-6
    # A hand that ended before the flop has no luck to take out.
    assert luck("STATE:1:r300f:AsKs|QhQd:-100|100:X|SPEC\n", ["X", "SPEC"], 1) == 100


def test_luck_option_reads_the_logs(tmp_path):
    import subprocess
    import poker_ai
    # Two deals, each: SPEC checks down AsKs against 6d4c (pot 200) and wins 100; in the other
    # seating, SPEC holds 6d4c, goes all-in preflop and loses 20000 on this board.
    folder = tmp_path / "A"
    write_run(folder, ["X"], (0, 0, 0, 0))
    board = "2c8d9h/Js/3c"
    (folder / "spec" / "X.s0.log").write_text("".join(
        "STATE:%d:cc/cc/cc/cc:AsKs|6d4c/%s:100|-100:SPEC|X\n" % (deal, board) for deal in (0, 1)))
    (folder / "spec" / "X.s0.rot1.log").write_text("".join(
        "STATE:%d:r20000c///:AsKs|6d4c/%s:20000|-20000:X|SPEC\n" % (deal, board)
        for deal in (0, 1)))
    result = subprocess.run(
        [sys.executable, str(SOURCE / "tools" / "experiments" / "gauntlet_report.py"), "--game",
         str(GAMES / f"{NL2P}.game"), "--dir", str(folder), "--spec", "agent", "--luck"],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].endswith("; the board cards' luck taken out (--luck)")
    e = [poker_ai.equity("AsKs", board.replace("/", "")[:n], poker_ai.Range("6d4c"),
                         max_exact_evaluations=4000000).equity for n in (0, 10)]
    # Checked down: 100 less the cards' luck at a pot of 200; all-in preflop: SPEC's equity
    # with 6d4c times the pot of 40000, less its 20000 (the arena's result file is not read).
    deal = (100 - (e[1] - e[0]) * 200) + ((1 - e[0]) * 40000 - 20000)
    assert lines[3].split()[:3] == ["X", "eq", "%.1f" % (deal * 1000.0 / (100 * 2))]

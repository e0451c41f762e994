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
    _, small, _, per_opponent, hands = gauntlet_report.allin_stats(game, str(tmp_path), ["X"], 2)
    assert hands == 5
    assert small["n"] == 3
    # Stretches of 2 hands, each log a match of its own: [hands, shoves, SPEC's chips].
    assert per_opponent["X"]["stretches"] == [[3, 1, 300.0], [2, 2, 20100.0]]
    # Without --stretch nothing is split.
    assert gauntlet_report.allin_stats(game, str(tmp_path), ["X"])[3]["X"]["stretches"] == []

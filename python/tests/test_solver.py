"""Solver strategies: loading, probabilities at a state, exploitability, training with a budget."""

import subprocess

import pytest

import poker_ai as pa
from conftest import SOURCE, program

STRATEGIES = SOURCE / "data" / "strategies"


def test_bundled_leduc_strategy():
    leduc = pa.Strategy.load(str(STRATEGIES / "leduc.limit.2p.strategy"))
    assert leduc.game == pa.Game.load("leduc.limit.2p")
    assert leduc.card_abstraction == "exact:v1"
    assert leduc.iterations == 33554432 and leduc.seed == 1
    # docs/solver.md: the written file's exploitability and first player's value.
    report = leduc.exploitability()
    assert report["exploitability"] == pytest.approx(0.004815, abs=1e-6)
    assert report["values"][0] == pytest.approx(-0.086044, abs=1e-6)
    state = pa.State(leduc.game)
    state.set_hole_cards(0, "As")
    at = leduc.probabilities(state)
    assert at["node"] >= 0 and not at["off_tree"]
    actions = [str(a) for a, _, _ in at["actions"]]
    assert actions == ["c", "r3"]
    assert sum(p for _, p, _ in at["actions"]) == pytest.approx(1)
    assert sum(p for _, _, p in at["actions"]) == pytest.approx(1)
    purified = leduc.probabilities(state, play="purify")
    assert sorted(p for _, _, p in purified["actions"]) == [0, 1]
    # decide walks u through the played probabilities.
    stored = at["actions"][0][2]
    assert leduc.decide(state, u=stored / 2) == at["actions"][0][0]
    assert leduc.decide(state, u=min(0.999, stored + 1e-9)) == at["actions"][1][0]
    with pytest.raises(pa.PokerError):
        pa.Strategy.load(str(STRATEGIES / "leduc.limit.2p.strategy"), game="kuhn.limit.2p")


def test_holdem_blueprint_probabilities_for_a_hand():
    blueprint = pa.Strategy.load(str(STRATEGIES / "holdem.nolimit.2p.strategy"))
    state = pa.State(blueprint.game)
    aces = blueprint.probabilities(state, hole="AhAs")
    trash = blueprint.probabilities(state, hole="7c2d")
    fold = [p for a, _, p in trash["actions"] if a == pa.Action.fold()]
    assert fold and fold[0] > 0.5  # 7-2 offsuit folds the small blind most of the time
    assert all(a != pa.Action.fold() or p < 0.01 for a, _, p in aces["actions"])


def test_train_a_small_game_with_a_budget(tmp_path):
    kuhn = pa.Game.load("kuhn.limit.2p")
    a = pa.train_strategy(kuhn, str(tmp_path / "a.strategy"), iterations=200_000, seed=3)
    assert a.iterations == 200_192  # rounded up to chunks of 256
    report = a.exploitability()
    assert report["exploitability"] < 0.01
    assert report["values"][0] == pytest.approx(-1 / 18, abs=0.01)
    # One thread, one seed: the same strategy as `solver train` writes.
    cli = tmp_path / "cli.strategy"
    subprocess.run([str(program("solver")), "train", "--game", str(SOURCE / "data" / "games" / "kuhn.limit.2p.game"),
                    "--iterations", "200000", "--threads", "1", "--seed", "3", "--out", str(cli)],
                   check=True, capture_output=True)
    b = pa.Strategy.load(str(cli))
    for card in ("Qs", "Ks", "As"):
        state = pa.State(kuhn)
        state.set_hole_cards(0, card)
        assert a.probabilities(state)["actions"] == b.probabilities(state)["actions"]
    timed = pa.train_strategy(kuhn, str(tmp_path / "t.strategy"), seconds=0.3)
    assert timed.iterations > 0
    with pytest.raises(ValueError, match="budget"):
        pa.train_strategy(kuhn, str(tmp_path / "x.strategy"))

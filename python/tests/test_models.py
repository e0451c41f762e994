"""Opponent models: training (the trainer's bytes), files, merging, tree counts, hand reading."""

import subprocess

import numpy as np
import pytest

import poker_ai as pa
from conftest import NL2P, SOURCE, program, shared

BUNDLED = SOURCE / "data" / "models" / "default.pb"


def test_training_gives_the_trainer_programs_bytes(tmp_path):
    logs = shared("logs/deepstack_ifp")
    out = tmp_path / "cli.pb"
    subprocess.run([str(program("trainer")), "train", "-q", "--logs", str(logs), "--game", NL2P,
                    "--strip-name-suffix", "--out", str(out)], check=True, capture_output=True)
    model = pa.train_model(str(logs), NL2P, threads=2, strip_name_suffix=True)
    assert model.serialize() == out.read_bytes()
    assert model.train_summary.hands == 45037
    assert len(model.player_names) == 34
    deepstack = model.player("DeepStack")
    assert deepstack.hands == 45037
    assert deepstack.street(0).root().times == 45037
    assert model.population.hands == 2 * 45037
    assert model.player("nobody") is None


def test_save_load_and_shards_merge_to_one_run(tmp_path):
    logs = shared("logs/pluribus")
    six = "holdem.nolimit.6p.10000"
    single = pa.train_model(logs, six)
    parts = [pa.train_model(logs, six, shard=(i, 3), threads=2) for i in range(3)]
    merged = parts[0]
    merged.merge(parts[1])
    merged.merge(parts[2])
    merged.prune(0)
    assert merged.serialize() == single.serialize()
    path = tmp_path / "model.pb"
    single.save(str(path))
    loaded = pa.Model.load(str(path), game=six)
    assert loaded.serialize() == single.serialize()
    assert loaded.train_summary is None
    with pytest.raises(pa.PokerError, match="common log file|twice"):
        loaded.merge(single)
    with pytest.raises(pa.PokerError):
        pa.Model.load(str(path), game=NL2P)


def test_tree_nodes_and_counts():
    model = pa.Model.load(str(BUNDLED))
    assert model.action_names[:3] == ["fold", "check", "call"]
    assert model.game.num_players == 2
    population = model.population
    tree = population.street(0)
    root = tree.root()
    assert root.found and root.path == "root" and root.steps == []
    assert root.action_counts.dtype == np.uint64
    assert root.action_counts.shape == (len(model.action_names),)
    assert root.bucket_counts.shape == (model.num_buckets, len(model.action_names))
    # Bucket counts are the decisions with the cards known: never more than all decisions.
    assert np.all(root.bucket_counts.sum(axis=0) <= root.action_counts)
    nodes = tree.nodes()
    assert len(nodes) == tree.num_nodes and nodes[0].path == "root"
    # A child reached by the player's own action a was visited as often as a was taken there.
    call = tree.lookup([("call", True)])
    assert call.times == root.action_counts[model.action_names.index("call")]
    assert not tree.lookup([("fold", False), ("fold", False)]).found
    # The node of a state: preflop, position 1 (the small blind) acts first at the root.
    state = pa.State(NL2P)
    assert model.node(state, 1).times == root.times
    state.apply("c")
    assert model.node(state, 0).path == "other:call"


def test_hand_reader_reads_ranges():
    game = pa.Game.load(NL2P)
    reader = pa.HandReader(game, str(BUNDLED))
    view = pa.MatchState.parse(game, "MATCHSTATE:0:5:cr300r900c/cr1800:AhKs|/Td9s8h")
    ranges = reader.read(view.state, observer=0)
    assert ranges.shape == (2, 1326) and ranges.dtype == np.float32
    # Our own cards are known: every pair holding Ah or Ks has weight 0 in the villain's range.
    villain = ranges[1]
    assert villain[pa.pair_index("AhAd")] == 0 and villain[pa.pair_index("KsKd")] == 0
    assert villain.sum() == pytest.approx(1, abs=1e-5)
    # Reading the flop bet multiplies the range before it by the bet's likelihood per pair (then
    # rescales): a bet of half the pot is the abstract action 'r<0.6'.
    before = pa.MatchState.parse(game, "MATCHSTATE:0:5:cr300r900c/c:AhKs|/Td9s8h").state
    assert before.current_player == 1
    likelihood = reader.likelihoods(before, 1, "r<0.6")
    assert likelihood.shape == (1326,) and likelihood[pa.pair_index("TdTc")] == 0
    product = reader.read(before, observer=0)[1] * likelihood
    assert np.allclose(villain, product / product.sum(), rtol=1e-4, atol=1e-9)
    assert not np.allclose(villain, reader.read(before, observer=0)[1], rtol=1e-3)
    dfmodel = pa.HandReader(game)
    assert not np.array_equal(dfmodel.read(view.state, observer=0)[1], villain)
    with pytest.raises(ValueError, match="unknown hand reader option"):
        pa.HandReader(game, None, {"no_such": 1})

"""The package gives the C++ libraries' results bit for bit: equity for a seed and hand reading,
against python_reference (python/tests/reference_main.cc), which calls the libraries directly."""

import subprocess

import numpy as np
import pytest

import poker_ai as pa
from conftest import NL2P, SOURCE, program, shared

BUNDLED = SOURCE / "data" / "models" / "default.pb"


def reference(*args):
    out = subprocess.run([str(program("python_reference")), *map(str, args)], check=True,
                         capture_output=True, text=True).stdout
    return out.split("\n")


def write_weights(path, range_):
    path.write_text("\n".join(repr(float(w)) for w in range_.weights) + "\n")
    return path


@pytest.mark.parametrize("hole,board,opponents,trials,seed,max_exact", [
    ("AhAs", "", ["KK, QQ, AKs:0.5"], 50_000, 11, 2_000_000),      # Monte Carlo, weighted
    ("Th9h", "8h7c2d", ["uniform", "T9, 88:0.3, 77"], 40_000, 5, 0),  # 3-way, forced MC
    ("QcJc", "Tc9d2h", ["JJ, TT, AT, KQ:0.7"], 100_000, 1, 2_000_000),  # exact heads-up flop
    ("5d5c", "", ["uniform", "uniform", "uniform"], 30_000, 99, 2_000_000),  # 4-way preflop
])
def test_equity_is_the_libraries(tmp_path, hole, board, opponents, trials, seed, max_exact):
    ranges, args = [], []
    for i, text in enumerate(opponents):
        if text == "uniform":
            ranges.append(pa.Range())
            args.append("uniform")
        else:
            ranges.append(pa.Range(text))
            args.append(write_weights(tmp_path / f"r{i}.txt", ranges[-1]))
    mine = pa.equity(hole, board, ranges, trials=trials, seed=seed, max_exact_evaluations=max_exact)
    theirs = reference("equity", hole, board or "-", trials, seed, max_exact, *args)[0].split()
    assert repr(mine.equity) == repr(float(theirs[0]))
    assert repr(mine.std_error) == repr(float(theirs[1]))
    assert (mine.trials, int(mine.exact), mine.rejections) == tuple(int(x) for x in theirs[2:])


def read_reference(game, model, line, observer, names):
    rows = reference("read", game, model, line, observer, *names)
    return np.array([[float(x) for x in row.split()] for row in rows if row], dtype=np.float32)


def test_hand_reading_is_the_libraries_with_the_bundled_model():
    game = pa.Game.load(NL2P)
    reader = pa.HandReader(game, str(BUNDLED))
    for line in ["MATCHSTATE:0:5:cr300r900c/cr1800:AhKs|/Td9s8h",
                 "MATCHSTATE:1:8:r250c/cc/r400:|QdQh/2c7s9d/Kh",
                 "MATCHSTATE:0:9:r300c/cr600c/cc/r2000:8c8d|/8h5c2s/Jd/3c"]:
        view = pa.MatchState.parse(game, line)
        mine = reader.read(view.state, observer=view.viewer)
        theirs = read_reference(NL2P, BUNDLED, line, view.viewer, [])
        assert np.array_equal(mine, theirs), line


def test_hand_reading_of_a_logged_hand_with_player_models(tmp_path):
    logs = shared("logs/deepstack_ifp/all_hands.log")
    model_path = tmp_path / "deepstack.pb"
    model = pa.train_model(str(logs), NL2P, strip_name_suffix=True)
    model.save(str(model_path))
    reader = pa.HandReader(NL2P, model)
    checked = 0
    for hand in pa.read_hands(logs, game=NL2P, strip_name_suffix=True):
        if hand.state.round < 2:
            continue
        line = hand.to_line()
        mine = reader.read(hand.state, observer=-1, names=hand.names)
        theirs = read_reference(NL2P, model_path, line, -1, hand.names)
        assert np.array_equal(mine, theirs), line
        checked += 1
        if checked == 20:
            break
    assert checked == 20
